import Geometry
import Dynamics

/// The catalog's "Pendulum" (its composite-behavior demo): a square swings as the weight of a
/// ``PendulumBehavior`` hung from a fixed point at the top of the stage; it starts 45° out. Drag
/// the weight and let go. For small swings the period is 2π√(L / g): 3.14 s for the default
/// 250 pt rod under g = 1000 pt/s².
///
/// Kinetic adds ``Tunables/resistance`` (0.5/s; UIKit's default 0, with which it swings for ever)
/// so the pendulum comes to rest; at 0.5/s a small swing's period is 0.8 % longer.
final class PendulumDemo: DynamicsDemo {
    /// Gravity, the rod and the weight's resistance.
    struct Tunables: SceneTunables, Equatable {
        /// Gravity's magnitude (1 = 1000 pt/s², down).
        var magnitude = 1.0
        /// The rod's length, points.
        var length = 250.0
        /// The weight's linear resistance, 1/s.
        var resistance = 0.5
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
             Tunable("length", key: "l", unit: "pt", range: 20...1000, step: .add(10), \.length),
             Tunable("resistance", key: "r", range: 0...10, step: .add(0.1), \.resistance)]
        }
    }

    static let name = "pendulum"
    static let instructions = "Pendulum: a composite behavior (gravity + a rod) swings a square · drag it, let go"
    static var gestures: [HelpLine] { [HelpLine("drag the square", "hold the weight; release: it swings on")] }
    /// Where the rod hangs from, points below the stage's top.
    static let suspensionHeight = 60.0

    let animator: DynamicAnimator
    let square: DemoSquare
    let pendulum: PendulumBehavior
    let material: DynamicItemBehavior
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let top = Point(x: (stage.size.width / 2).rounded(), y: Self.suspensionHeight)
        let out = Double.pi / 4
        square = DemoSquare(center: Point(x: top.x + tunables.length * sin(out), y: top.y + tunables.length * cos(out)))
        stage.view.addSubview(square)
        pendulum = PendulumBehavior(weight: square, suspendedFrom: top)
        material = DynamicItemBehavior(items: [square])
        animator.addBehavior(pendulum)
        animator.addBehavior(material)
        apply()
    }

    private func apply() {
        pendulum.gravity.magnitude = tunables.magnitude
        pendulum.rod.length = tunables.length
        material.resistance = tunables.resistance
    }

    var items: [DemoItem] { [DemoItem(label: "weight", view: square, item: square)] }

    func beginDrag(at point: Point) -> Bool {
        guard square.contains(stagePoint: point) else { return false }
        pendulum.beginDraggingWeight(at: point, in: animator)
        return true
    }
    func drag(to point: Point) { pendulum.dragWeight(to: point) }
    func endDrag(velocity: Vector) { pendulum.endDraggingWeight(velocity: velocity, in: animator) }

    /// The rod, to the middle of the weight's top edge as the catalog draws it (the weight does
    /// not turn: the rod holds its centre), and the suspension point.
    var decorations: [DemoDecoration] {
        let top = Point(x: square.center.x, y: square.center.y - 0.95 * DemoSquare.side / 2)
        var d: [DemoDecoration] = [.line(from: pendulum.rod.anchorPoint, to: top, color: DemoDecoration.lineColor),
                                   .dot(pendulum.rod.anchorPoint, color: DemoDecoration.anchorColor)]
        if let line = pendulum.dragging.decoration { d.append(line) }
        return d
    }

    var restAllowance: Double { DemoExport.resistanceTime(tunables.resistance) }
}
