import Geometry

/// One run of ``CornerBenchmark``: a scene (and for the dynamics scene a demo) with some of its
/// parameters set to the ends of their documented ranges.
///
/// Which corners (all 2ⁿ combinations of n parameters is too many for the dynamics demos' four
/// or five): for n ≤ 3, every combination of each parameter at its minimum or maximum; for more,
/// a covering set: all at their minimum, all at their maximum, and each alone at its minimum and
/// at its maximum (the others at their defaults). The cards scene's parameters apply by curve: its
/// spring (mass, stiffness, damping, velocity) runs all 16 combinations with the spring chosen
/// (heavy + soft + fast, light + stiff + undamped and the rest); its cubic curve runs with the
/// shortest and the longest duration, its control points all at their minimum, all at their
/// maximum, overshooting both ways (y1 at its maximum and y2 at its minimum, and the reverse);
/// and the linear curve at both durations.
public struct CornerCase: Sendable, Equatable {
    /// The scene.
    public let kind: SceneKind
    /// The dynamics scene's demo (nil for the other scenes).
    public let demo: String?
    /// The corner's name: "defaults", "all min", "mass max", "mass max stiffness min damping min velocity max"…
    public let name: String
    /// The parameters set, by the scene's names (the dynamics scene's as `demo.tunable`), in order.
    public let values: [Value]

    /// One parameter set to a value.
    public struct Value: Sendable, Equatable {
        /// The scene's name of the parameter.
        public let name: String
        /// Its value, in the parameter's unit.
        public let value: Double
    }

    /// A case as given.
    public init(kind: SceneKind, demo: String? = nil, name: String, values: [(String, Double)]) {
        self.kind = kind; self.demo = demo; self.name = name
        self.values = values.map { Value(name: $0.0, value: $0.1) }
    }

    /// The scene and demo, "cards" or "dynamics/gravity".
    public var scene: String { kind.rawValue + (demo.map { "/" + $0 } ?? "") }

    /// Whether this is the scene's (or demo's) defaults, which its corners are measured against.
    public var isDefault: Bool { values.isEmpty }

    /// A new scene of the case's kind at `size` points (its default item count; the dynamics
    /// scene on the case's demo), its parameters at their defaults.
    public func makeScene(size: Size) -> any Scene {
        switch kind {
        case .drag: DragScene(items: kind.defaultItems, size: size)
        case .springy: SpringyScene(items: kind.defaultItems, size: size)
        case .cards: CardsScene(size: size)
        case .exchange: ExchangeScene(model: .sample, size: size)
        case .dynamics: DynamicsScene(demo: demo, size: size)
        case .file: FileScene(model: FileScene.emptyModel, size: size)   // no corner cases of its own: `cases(kinds:)` skips it
        }
    }

    /// The defaults, then the corners, of `kind` (the dynamics scene's `demo`).
    public static func cases(for kind: SceneKind, demo: String?) -> [CornerCase] {
        let all = kind == .dynamics ? DynamicsScene(demo: demo).parameters.filter { $0.name.hasPrefix((demo ?? "") + ".") }
                                    : CornerCase(kind: kind, demo: demo, name: "", values: []).makeScene(size: Size(width: 1280, height: 800)).parameters
        let defaults = CornerCase(kind: kind, demo: demo, name: "defaults", values: [])
        if kind == .cards { return [defaults] + cardsCorners(all) }
        return [defaults] + corners(of: all).map { CornerCase(kind: kind, demo: demo, name: $0.name, values: $0.values) }
    }

    /// The corners of `parameters`: every combination for up to three, the covering set beyond.
    static func corners(of parameters: [SceneParameter]) -> [(name: String, values: [(String, Double)])] {
        func label(_ p: SceneParameter) -> String { p.label.isEmpty ? p.name : p.label }
        let n = parameters.count
        guard n > 0 else { return [] }
        if n <= 3 {
            return (0..<(1 << n)).map { bits in
                let values = parameters.enumerated().map { i, p in
                    (p.name, bits & (1 << i) == 0 ? p.range.lowerBound : p.range.upperBound)
                }
                let name = parameters.enumerated().map { i, p in label(p) + (bits & (1 << i) == 0 ? " min" : " max") }
                return (name.joined(separator: " "), values)
            }
        }
        var out: [(name: String, values: [(String, Double)])] = [
            ("all min", parameters.map { ($0.name, $0.range.lowerBound) }),
            ("all max", parameters.map { ($0.name, $0.range.upperBound) }),
        ]
        for p in parameters {
            out.append((label(p) + " min", [(p.name, p.range.lowerBound)]))
            out.append((label(p) + " max", [(p.name, p.range.upperBound)]))
        }
        return out
    }

    /// The cards scene's corners (see the type's notes): by curve.
    static func cardsCorners(_ parameters: [SceneParameter]) -> [CornerCase] {
        func range(_ name: String) -> ClosedRange<Double> {
            parameters.first { $0.name == name }?.range ?? 0...0
        }
        var out: [CornerCase] = []
        let spring = Double(TimingCurveChoice.spring.rawValue)
        let springNames = ["mass", "stiffness", "damping", "velocity"]
        for bits in 0..<(1 << springNames.count) {
            var values: [(String, Double)] = [("curve", spring)]
            var name: [String] = ["spring"]
            for (i, p) in springNames.enumerated() {
                let high = bits & (1 << i) != 0
                values.append((p, high ? range(p).upperBound : range(p).lowerBound))
                name.append(p + (high ? " max" : " min"))
            }
            out.append(CornerCase(kind: .cards, name: name.joined(separator: " "), values: values))
        }
        let cubic = Double(TimingCurveChoice.cubic.rawValue), linear = Double(TimingCurveChoice.linear.rawValue)
        let x = range("x1"), y = range("y1")
        let points: [(String, [Double])] = [
            ("points min", [x.lowerBound, y.lowerBound, x.lowerBound, y.lowerBound]),
            ("points max", [x.upperBound, y.upperBound, x.upperBound, y.upperBound]),
            ("y1 max y2 min", [0.17, y.upperBound, 0.76, y.lowerBound]),
            ("y1 min y2 max", [0.17, y.lowerBound, 0.76, y.upperBound]),
        ]
        for duration in [range("duration").lowerBound, range("duration").upperBound] {
            let d = "duration \(duration == range("duration").lowerBound ? "min" : "max")"
            for (label, v) in points {
                out.append(CornerCase(kind: .cards, name: "cubic \(d) \(label)",
                                      values: [("curve", cubic), ("duration", duration), ("x1", v[0]), ("y1", v[1]), ("x2", v[2]), ("y2", v[3])]))
            }
            out.append(CornerCase(kind: .cards, name: "linear \(d)", values: [("curve", linear), ("duration", duration)]))
        }
        return out
    }
}
