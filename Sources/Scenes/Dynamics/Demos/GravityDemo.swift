import Geometry
import Dynamics

/// The catalog's "Gravity": a square falls out of view under a `UIGravityBehavior` (magnitude 1 =
/// 1000 pt/s², straight down). Nothing stops it; once it is out of sight (past the stage's edge
/// by half its size) the demo lets it go: an empty animator takes the place of the one that held
/// it, so nothing moves any more. A click drops it again.
final class GravityDemo: DynamicsDemo {
    /// Gravity's strength and direction.
    struct Tunables: SceneTunables, Equatable {
        /// Gravity's magnitude (1 = 1000 pt/s²).
        var magnitude = 1.0
        /// Gravity's direction, degrees clockwise from the +x axis on screen (90: down).
        var angle = 90.0
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
             Tunable("angle", key: "a", unit: "°", range: 0...360, step: .add(15), \.angle)]
        }
    }

    static let name = "gravity"
    static let instructions = "Gravity: a square falls (magnitude 1 = 1000 pt/s²) · click: drop it again"
    static var gestures: [HelpLine] { [HelpLine("click", "drop the square again")] }
    static var replaysOnClick: Bool { true }

    private(set) var animator: DynamicAnimator
    let square: DemoSquare
    let gravity: GravityBehavior
    private let stage: DemoStage
    /// Whether the square fell out of view and was let go.
    private(set) var isOutOfView = false
    var tunables: Tunables { didSet { apply() } }

    /// Where the square starts, stage points: centred, 60 pt from the top.
    static func start(in stage: DemoStage) -> Point { Point(x: stage.size.width / 2, y: 60 + DemoSquare.side / 2) }

    init(stage: DemoStage, tunables: Tunables) {
        self.stage = stage
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        square = DemoSquare(center: Self.start(in: stage))
        stage.view.addSubview(square)
        gravity = GravityBehavior(items: [square])
        animator.addBehavior(gravity)
        apply()
    }

    private func apply() { gravity.setAngle(tunables.angle * .pi / 180, magnitude: tunables.magnitude) }

    var items: [DemoItem] { [DemoItem(label: "square", view: square, item: square)] }

    /// Lets the square go once it is out of sight: a new animator without behaviors replaces the
    /// one holding it (an animator emptied by `removeAllBehaviors` reports itself running until
    /// its next step, which a resting window never takes).
    func advance(_ dt: Double) {
        guard !isOutOfView else { return }
        let margin = DemoSquare.side / 2
        if !stage.bounds.insetBy(dx: -margin, dy: -margin).intersects(square.frame) {
            animator.removeAllBehaviors()
            animator = DynamicAnimator(referenceBounds: stage.bounds)
            isOutOfView = true
        }
    }

    var statusNote: String? { isOutOfView ? "out of view" : nil }
}
