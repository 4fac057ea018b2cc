/// The tunables of a demo that drops things into the box (``BoxedFall``: shapes, group, stress):
/// gravity and the items' material. Each demo's struct writes its own defaults; the table and
/// how they apply are written here once.
protocol FallTunables: SceneTunables {
    /// Gravity's magnitude (1 = 1000 pt/s², down).
    var magnitude: Double { get set }
    /// Every item's bounciness, 0…1.
    var elasticity: Double { get set }
    /// Every item's Coulomb friction coefficient.
    var friction: Double { get set }
}

extension FallTunables {
    /// `magnitude` (key M, 0…10), `elasticity` (key Y, 0…1), `friction` (key T, 0…2).
    static var table: [Tunable<Self>] {
        [Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
         Tunable("elasticity", key: "y", range: 0...1, step: .add(0.05), \.elasticity),
         Tunable("friction", key: "t", range: 0...2, step: .add(0.05), \.friction)]
    }
}
