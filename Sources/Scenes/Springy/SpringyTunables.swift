/// The springy scene's tunables; the initial values are the source document's (length 0,
/// 6.8 Hz, damping 1, resistance 0.002) and the only place they are written.
public struct SpringyTunables: SceneTunables, Sendable, Equatable {
    /// Frequency of every row's spring, Hz.
    public var frequency = 6.8
    /// Damping ratio of every row's spring.
    public var damping = 1.0
    /// How much farther rows lag per point of distance from the pointer (1/pt).
    public var resistance = 0.002

    public init() {}

    public static var table: [Tunable<SpringyTunables>] {
        [Tunable("frequency", key: "f", unit: "Hz", range: 0.1...100, step: .multiply(1.1), \.frequency),
         Tunable("damping", key: "d", range: 0...5, step: .add(0.05), \.damping),
         Tunable("resistance", key: "r", range: 0...0.02, step: .add(0.0005), \.resistance)]
    }
}
