import Geometry

/// The reader's objects (`{ type: "spring", … }`), names (`.snappy`, `Spring.StiffnessLow`),
/// assignments (`spring.mass = 1`) and the numbers values stand for.
extension MotionImport.Reader {
    func object(_ e: [Entry], duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let labels = Set(e.compactMap(\.label))
        let form = MotionImport.clip("{ " + e.compactMap(\.label).joined(separator: ", ") + " }")
        func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
        let isSpring: Bool
        if case .name("spring")? = e.entry("type")?.values.first { isSpring = true } else { isSpring = false }
        if let web = try webObject(e, duration: duration, order: order) { return web }
        if !labels.isDisjoint(with: ["tension", "friction"]) {
            // react-spring: mass 1, tension 170, friction 26 unless given.
            return try Candidate(.physical, [number("mass") ?? 1, number("tension") ?? 170, number("friction") ?? 26], names: ["mass", "tension", "friction"],
                                 velocity: number("velocity") ?? 0, velocityName: "velocity", rank: .exactWithMass, form: form, order: order)
        }
        if labels.contains("frequency") {
            throw TimingParametersError("\(form): react-spring's { frequency, damping } config is not read; give mass, tension and friction")
        }
        if isSpring || !labels.isDisjoint(with: ["stiffness", "damping"]) {
            // framer-motion: stiffness 100, damping 10, mass 1 unless given.
            return try Candidate(.physical, [number("mass") ?? 1, number("stiffness") ?? 100, number("damping") ?? 10],
                                 velocity: number("velocity") ?? 0, velocityName: "velocity", rank: .exactWithMass, form: form, order: order)
        }
        if let ease = e.entry("ease") {
            let seconds = Self.number(e.entry("duration")?.values) ?? duration ?? textDuration ?? FramerMotionSpring.defaultTweenDuration
            switch ease.values.first {
            case .list(let points)?:
                let numbers = try Self.positionalNumbers(points, form: "ease: […]")
                guard numbers.count == 4 else { throw TimingParametersError("ease: […] takes 4 numbers x1, y1, x2, y2 (got \(numbers.count))") }
                return try Candidate(Self.cubic(numbers, form: "ease: […]"), duration: seconds, form: form, order: order)
            case .name(let name)?:
                guard let named = MotionImport.namedCurve(name) else { return nil }
                return try Candidate(named, duration: seconds, form: form, order: order)
            default:
                return nil
            }
        }
        return nil
    }

    func name(_ name: String, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        if let apple = try appleName(name, order: order) { return apple }
        if let c = try googleName(name, duration: duration, order: order) { return c }
        if let preset = MotionImport.preset(name, order: order) { return preset }
        if name == "step-start" || name == "step-end" { throw MotionImport.staircase(name) }
        // CSS keywords stand alone; the others are written `.easeInOut`, `FastOutSlowInEasing`, "easeInOut".
        guard let curve = MotionImport.namedCurve(name) else { return nil }
        return try Candidate(curve, duration: duration ?? textDuration, form: name, order: order)
    }

    /// `receiver.key = value` statements grouped by receiver: Core Animation's
    /// `spring.mass = …`, UIKit Dynamics' `attachment.frequency = …`, or bare `stiffness: 200`
    /// lines (receiver ""). A key assigned again replaces its value, as when the code runs.
    /// (Flat: statements hold no nested assignments, so nothing here recurses.)
    mutating func readAssignments() {
        var groups: [(receiver: String, order: Int, entries: [Entry])] = []
        var groupOf: [String: Int] = [:]
        var position = -1
        for statement in syntax.statements {
            for entry in statement {
                position += 1
                guard let label = entry.label else { continue }
                let dot = label.lastIndex(of: ".")
                let receiver = dot.map { String(label[..<$0]) } ?? ""
                let key = dot.map { String(label[label.index(after: $0)...]) } ?? label
                let renamed = Entry(label: key, values: entry.values)
                if let k = groupOf[receiver] {
                    if let j = groups[k].entries.firstIndex(where: { $0.label == key }) { groups[k].entries[j] = renamed }
                    else { groups[k].entries.append(renamed) }
                } else {
                    groupOf[receiver] = groups.count
                    groups.append((receiver, entryOrders[position], [renamed]))
                }
            }
        }
        let coreAnimation = coreAnimationReceivers
        for group in groups {
            let e = group.entries, labels = Set(e.compactMap(\.label))
            let form = group.receiver.isEmpty ? "assignments" : MotionImport.clip(group.receiver)
            func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
            do {
                let velocity = try number("velocity")
                if labels.contains("frequency"), labels.contains("damping") {
                    candidates.append(try Candidate(.attachment, [number("frequency") ?? 0, number("damping") ?? 0], names: ["frequency", "damping"],
                                                    rank: .exact, form: form, order: group.order))
                } else if !labels.isDisjoint(with: ["stiffness", "dampingRatio"]), !labels.contains("damping"), !labels.contains("mass"),
                          springForce != nil || (labels.contains("stiffness") && labels.contains("dampingRatio")) {
                    // Kotlin's properties of a SpringForce: force.stiffness = 400f; force.dampingRatio = 0.5f.
                    var force = springForce ?? (group.order, nil, nil)
                    force.stiffness = try number("stiffness") ?? force.stiffness
                    force.dampingRatio = try number("dampingRatio") ?? force.dampingRatio
                    springForce = force
                } else if labels.intersection(["mass", "stiffness", "damping"]).count >= 2 || coreAnimation.contains(group.receiver) {
                    // CASpringAnimation: mass 1, stiffness 100, damping 10 unless set.
                    let initial = try number("initialVelocity")
                    let values = [try number("mass") ?? 1, try number("stiffness") ?? 100, try number("damping") ?? 10]
                    candidates.append(try Candidate(.physical, coreAnimation.contains(group.receiver) ? Self.coreAnimationRuns(values, entries: e) : values,
                                                    velocity: initial ?? velocity ?? 0, velocityName: initial == nil && velocity != nil ? "velocity" : "initialVelocity",
                                                    rank: .exactWithMass, form: form, order: group.order))
                }
            } catch { note(error) }
        }
    }

    // MARK: Numbers

    /// The number a value list stands for: its first value as a number, a named constant
    /// (`Spring.StiffnessLow`), `.zero`, or the `dx` of a `CGVector(dx:dy:)`.
    static func number(_ values: [Value]?) -> Double? {
        guard let values, let first = values.first else { return nil }
        switch first {
        case .number(let v, _): return v
        case .name(let name):
            // `.zero` (CGVector.zero, a velocity at rest) or a named constant.
            return MotionImport.base(name) == "zero" ? 0 : SpringPreset.constants[MotionImport.base(name)]
        case .call(let call) where MotionImport.base(call.name) == "CGVector":
            return number(call.entries.entry("dx")?.values ?? call.entries.first?.values)
        default: return nil
        }
    }

    /// The number labelled `label`, nil when there is none; a label whose value is no number is an error.
    static func number(in entries: [Entry], _ label: String, form: String) throws(TimingParametersError) -> Double? {
        guard let entry = entries.entry(label) else { return nil }
        guard let value = number(entry.values) else {
            throw TimingParametersError("\(form): cannot read \(label) '\(describe(entry.values))' as a number")
        }
        return value
    }

    /// The numbers of the entries without a label (and `controlPoints:`, Core Animation's first).
    static func positionalNumbers(_ entries: [Entry], form: String) throws(TimingParametersError) -> [Double] {
        var numbers: [Double] = []
        for entry in entries where entry.label == nil || entry.label == "controlPoints" {
            guard let value = number(entry.values) else {
                throw TimingParametersError("\(form): cannot read '\(describe(entry.values))' as a number")
            }
            numbers.append(value)
        }
        return numbers
    }

    /// x and y of a `CGPoint(x:y:)`.
    static func point(_ values: [Value], form: String) throws(TimingParametersError) -> [Double] {
        guard case .call(let point)? = values.first, let x = number(point.entries.entry("x")?.values),
              let y = number(point.entries.entry("y")?.values) else {
            throw TimingParametersError("\(form): cannot read the control point '\(describe(values))'")
        }
        return [x, y]
    }

    /// The curve through control points (x1, y1), (x2, y2), or an error naming the bad value.
    static func cubic(_ p: [Double], form: String) throws(TimingParametersError) -> CubicTimingParameters {
        do {
            return try CubicTimingParameters(validatingControlPoint1: Point(x: p[0], y: p[1]), controlPoint2: Point(x: p[2], y: p[3]))
        } catch {
            throw TimingParametersError("\(form): \(error.message)")
        }
    }

    /// Values as text, for messages (cut to 60 characters).
    static func describe(_ values: [Value]) -> String {
        MotionImport.clip(values.prefix(8).map { value -> String in
            switch value {
            case .number(let v, let unit): SpringDialect.spell(v) + unit
            case .name(let name): name
            case .call(let call): MotionImport.clip(call.name) + "(…)"
            case .list: "[…]"
            case .object: "{…}"
            case .symbol(let s): String(s)
            }
        }.joined(separator: " "), length: 60)
    }
}
