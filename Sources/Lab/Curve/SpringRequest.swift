import Animation

/// The spring `kinetic curve spring` is asked for: the values given by option name, a preset's
/// name, or neither, checked into one ``SpringConversion`` in one of the ways platforms write a
/// spring (``SpringDialect``), with a one-line message naming what is missing, what does not go
/// together, or the value out of range.
package struct SpringRequest {
    /// The values given, by option name ("mass", "damping-ratio"), in the help's order.
    package var given: [(option: String, value: Double)]
    /// `--preset`: a named spring (``SpringPreset``), which takes no other values.
    package var preset: String?
    /// `--velocity`: the initial velocity, unit distances per second (default 0).
    package var velocity: Double

    /// A request as given.
    package init(given: [(option: String, value: Double)], preset: String? = nil, velocity: Double = 0) {
        self.given = given; self.preset = preset; self.velocity = velocity
    }

    /// The option names of each dialect's values, in the dialect's order ("damping-ratio" for
    /// `dampingRatio`).
    package static let dialects: [(dialect: SpringDialect, options: [String])] = SpringDialect.allCases.map { dialect in
        (dialect, dialect.parameters.map { kebabCase($0.name) })
    }

    /// The presets' names, a few to a line, indented under the help's table (39 spaces).
    package static var presetList: String {
        var lines: [String] = [], line = ""
        for name in SpringPreset.all.map(\.name) {
            if !line.isEmpty, line.count + name.count + 2 > 36 { lines.append(line + ","); line = "" }
            line += (line.isEmpty ? "" : ", ") + name
        }
        lines.append(line)
        return lines.map { String(repeating: " ", count: 39) + $0 }.joined(separator: "\n")
    }

    /// The placeholder of an option's value in messages: M, K, C, D, B, R, Z, F.
    package static func placeholder(_ option: String) -> String {
        ["mass": "M", "stiffness": "K", "damping": "C", "duration": "D", "bounce": "B", "response": "R", "frequency": "F"][option] ?? "Z"
    }

    /// The spring asked for.
    /// - Throws: ``KineticError`` with the one-line message, or the dialect's
    ///   ``TimingParametersError`` for values it cannot convert.
    package func spring() throws -> SpringConversion {
        guard velocity.isFinite, abs(velocity) <= 1e6 else {
            throw KineticError("--velocity must be within ±1000000 unit distances per second, got \(velocity)")
        }
        let sets = Self.dialects.map { set in set.options.map { "--\($0) \(Self.placeholder($0))" }.joined(separator: " ") }
        let choices = sets.joined(separator: ", ") + " or --preset NAME"
        if let name = preset {
            if let other = given.first { throw KineticError("--preset takes no other spring values, got --\(other.option)") }
            guard let preset = SpringPreset.named(name) else {
                throw KineticError("unknown spring preset '\(name)' (choose \(SpringPreset.all.map(\.name).joined(separator: ", ")))")
            }
            return try preset.dialect.spring(from: preset.values, initialVelocity: velocity)
        }
        guard !given.isEmpty else { throw KineticError("curve spring needs one spring: \(choices)") }
        let names = Set(given.map(\.option))
        let fitting = Self.dialects.filter { names.isSubset(of: $0.options) }
        guard !fitting.isEmpty else {
            let first = given[0].option
            let other = given.first { g in !Self.dialects.contains { $0.options.contains(first) && $0.options.contains(g.option) } }!.option
            throw KineticError("--\(first) and --\(other) do not describe one spring; give one of \(choices)")
        }
        guard let (dialect, options) = fitting.first(where: { Set($0.options) == names }) else {
            let ways = fitting.map { set in
                set.options.filter { !names.contains($0) }.map { "--" + $0 }.joined(separator: " and ") + " (\(set.dialect.title))"
            }
            throw KineticError("incomplete spring: with \(given.map { "--" + $0.option }.joined(separator: " and ")) give \(ways.joined(separator: ", or "))")
        }
        let values = options.map { option in given.first { $0.option == option }!.value }
        for (parameter, (option, value)) in zip(dialect.parameters, zip(options, values)) where !parameter.contains(value) {
            throw KineticError("--\(option) must be \(parameter.rangeDescription), got \(fmt(value))")
        }
        let spring = try dialect.spring(from: values, initialVelocity: velocity)
        guard spring.damping > 0 else {
            throw KineticError("the spring has no damping (damping ratio 0): it never settles")
        }
        return spring
    }
}

/// "dampingRatio" → "damping-ratio": a Swift name as a command-line option.
package func kebabCase(_ name: String) -> String {
    var out = ""
    for c in name {
        if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
    }
    return out
}
