/// The tunables of the two push demos (``PushDemo``, ``ContinuousPushDemo``): the push's
/// magnitude and the square's linear resistance. Each demo's struct writes its own defaults; the
/// table is written here once.
protocol PushTunables: SceneTunables {
    /// The push's magnitude (1 on the catalog square: 100 pt/s at once, or 100 pt/s² steadily).
    var magnitude: Double { get set }
    /// The square's linear resistance, 1/s.
    var resistance: Double { get set }
}

extension PushTunables {
    /// `magnitude` (key M, 0…10), `resistance` (key R, 0…10, 1/s).
    static var table: [Tunable<Self>] {
        [Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
         Tunable("resistance", key: "r", range: 0...10, step: .add(0.1), \.resistance)]
    }
}
