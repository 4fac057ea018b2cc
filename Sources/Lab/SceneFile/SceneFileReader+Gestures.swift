import Geometry
import Scenes

/// Gestures: tap, long-press and pan on a layer, each with the keys of what it can do (a pan's
/// attachment to the pointer, limits, rubber band and release; pushes on tap and long-press).
extension SceneFileReader {
    /// Every gesture's keys.
    static let gestureKeys = ["layer", "type", "animations"]
    /// Keys only some gestures have: which, and what messages call them.
    static let typedGestureKeys: [String: (types: Set<String>, owner: String)] = [
        "pushes": (["tap", "longPress"], "tap and longPress gestures"),
        "minimumDuration": (["longPress"], "longPress gestures"),
        // A long press fires animations and pushes; dragging after one is not built yet, so its
        // "attach" is refused rather than read and ignored.
        "attach": (["pan"], "pan gestures"),
        "axis": (["pan"], "pan gestures"), "limits": (["pan"], "pan gestures"),
        "rubberBand": (["pan"], "pan gestures"), "release": (["pan"], "pan gestures"),
    ]
    /// How long a press may have to be held, seconds: 0…10.
    static let pressDuration = SceneFileRange(lower: 0, upper: 10)

    func readGestures(_ node: LocatedJSON?) throws -> [SceneFileGesture] {
        try items(node, "gestures", "an array of gestures").enumerated().map { i, item in
            let context = "gesture \(i + 1)"
            let first = try object(item, context, known: nil)
            let kinds = ["tap", "longPress", "pan"]
            let type = try first.choice(first.required("type", kinds.joined(separator: ", ")), "\"type\"", kinds)
            let ownKeys = Self.typedGestureKeys.filter { $0.value.types.contains(type) }.keys.sorted()
            let o = try object(item, context, known: Self.gestureKeys + ownKeys, elsewhere: Self.typedGestureKeys.mapValues(\.owner))
            var g = SceneFileGesture(layer: try o.requiredLayer("layer"), kind: SceneFileGesture.Kind(rawValue: type) ?? .tap)
            g.minimumDuration = try o.number("minimumDuration", Self.pressDuration, default: 0.5)
            g.axis = try o["axis"].map { SceneFileGesture.Axis(rawValue: try o.choice($0, "\"axis\"", ["x", "y"])) ?? .x }
            if let attach = try o.object("attach", context: context + " attach", known: ["frequency", "damping"]) {
                g.attachFrequency = try attach.tunableNumber("frequency", .nonNegative, default: 0)
                g.attachDamping = try attach.tunableNumber("damping", .nonNegative, default: 1)
            }
            g.limits = try o.rect("limits")
            g.rubberBandCoefficient = try o.tunableNumber("rubberBand", .unit, default: 0.55)
            if let release = try o.object("release", context: context + " release",
                                          known: ["detents", "decelerationRate", "frequency", "damping", "snap"]) {
                g.release = try readRelease(release)
            }
            if let node = o["animations"] {
                g.animations = try o.array(node, "\"animations\"", "an array of animations").enumerated().map { k, item in
                    try readAnimation(item, context: "\(context) animation \(k + 1)")
                }
            }
            if let node = o["pushes"] { g.pushes = try readPushes(node, o) }
            return g
        }
    }

    private func readRelease(_ o: SceneFileObject) throws -> SceneFileRelease {
        let node = try o.required("detents", "an array of points [[x, y], …]")
        let detents = try o.array(node, "\"detents\"", "an array of points [[x, y], …]").enumerated().map { i, item in
            try o.point(item, "\"detents\" item \(i + 1)")
        }
        guard !detents.isEmpty else { throw o.problem(node, "\"detents\" must hold at least one point") }
        var r = SceneFileRelease(detents: detents)
        if let rate = o["decelerationRate"] {
            switch rate.value {
            case .string("normal"): r.decelerationRate = .value(0.998)
            case .string("fast"): r.decelerationRate = .value(0.99)
            case .string(let s) where !s.hasPrefix("$"):
                throw o.expected("\"normal\", \"fast\", \(SceneFileRange.rate.expectation) or \"$name\" of a tunable", rate, "\"decelerationRate\"")
            default: r.decelerationRate = try o.tunableNumber(rate, "\"decelerationRate\"", .rate)
            }
        }
        r.frequency = try o.tunableNumber("frequency", .nonNegative, default: 3)
        r.damping = try o.tunableNumber("damping", .nonNegative, default: 0.8)
        r.snap = try o.optionalTunableNumber("snap", .unit)
        return r
    }

    /// Indices (from 0) into the behaviours, each an instantaneous push.
    private func readPushes(_ node: LocatedJSON, _ o: SceneFileObject) throws -> [Int] {
        let pushes = scope.behaviors.indices.filter {
            if case .push(items: _, continuous: false, magnitude: _, angle: _) = scope.behaviors[$0] { return true } else { return false }
        }
        let known = pushes.isEmpty ? "the file declares no instantaneous push" : "instantaneous pushes: \(SceneFileScope.list(pushes.map(String.init)))"
        return try o.array(node, "\"pushes\"", "an array of behaviour indices (from 0)").enumerated().map { i, item in
            let label = "\"pushes\" item \(i + 1)"
            let index = try o.integer(item, label, SceneFileRange(lower: 0))
            guard pushes.contains(index) else {
                let what = index < scope.behaviors.count ? "behavior \(index) (counting from 0) is not an instantaneous push"
                    : "there is no behavior \(index) (counting from 0; the file has \(scope.behaviors.count))"
                throw o.problem(item, "\(label): \(what) (\(known))")
            }
            return index
        }
    }
}
