/// The cards scene's tunables; the initial values are the source document's (easeInOut over
/// 0.3 s; the spring choice uses mass 1, stiffness 2, damping 0.2; the cubic choice's control
/// points are (0.17, 0.67) and (0.76, 1.0)) and the only place they are written.
public struct CardsTunables: SceneTunables, Sendable, Equatable {
    /// The timing curve, a ``TimingCurveChoice`` raw value.
    public var curve = Double(TimingCurveChoice.easeInOut.rawValue)
    /// The animator's duration, seconds (cubic curves).
    public var duration = 0.3
    /// The spring curve's mass.
    public var mass = 1.0
    /// The spring curve's stiffness.
    public var stiffness = 2.0
    /// The spring curve's damping.
    public var damping = 0.2
    /// The spring curve's initial velocity (progress per second).
    public var velocity = 0.0
    /// The cubic curve's first control point (x in 0…1; y may overshoot), set by dragging the
    /// HUD plot's handles (no hotkey, no row).
    public var x1 = 0.17, y1 = 0.67
    /// The cubic curve's second control point.
    public var x2 = 0.76, y2 = 1.0

    public init() {}

    public static var table: [Tunable<CardsTunables>] {
        [Tunable("curve", key: "c", range: 0...Double(TimingCurveChoice.allCases.count - 1), step: .cycle,
                 choices: TimingCurveChoice.allCases.map(\.name), \.curve),
         Tunable("duration", key: "u", unit: "s", range: 0.05...5, step: .add(0.05), \.duration),
         Tunable("mass", key: "m", range: 0.01...100, step: .multiply(1.1), \.mass),
         Tunable("stiffness", key: "t", range: 0.1...10_000, step: .multiply(1.1), \.stiffness),
         Tunable("damping", key: "d", range: 0.01...1000, step: .add(0.05), \.damping),
         Tunable("velocity", key: "v", range: -50...50, step: .add(1), \.velocity),
         Tunable("x1", key: "", range: 0...1, step: .add(0.01), \.x1),
         Tunable("y1", key: "", range: -2...3, step: .add(0.01), \.y1),
         Tunable("x2", key: "", range: 0...1, step: .add(0.01), \.x2),
         Tunable("y2", key: "", range: -2...3, step: .add(0.01), \.y2)]
    }
}
