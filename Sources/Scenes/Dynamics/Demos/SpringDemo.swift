import Geometry
import Dynamics
import Animation

/// The catalog's "Collisions + Gravity + Spring": a square hangs under gravity from a fixed
/// anchor 110 pt above it on a spring (a `UIAttachmentBehavior` with frequency 1 Hz and damping
/// 0.1, the catalog's), inside the stage's edges; it starts at the spring's rest length, so it
/// drops and bounces about its rest position, `g / (2πf)²` (25 pt) lower. Seed (the
/// catalog's): a press, a click and every drag update move the anchor to the pointer and the
/// square follows on the spring (``AnchorMovingDemo``). Refined: drag the square and let go.
///
/// The spring damps only along its length: thrown sideways the square swings like a pendulum,
/// and grabbed off its centre it spins, and nothing slows either. Kinetic adds
/// ``Tunables/resistance`` (linear and angular, 0.5/s; UIKit's default 0) so it comes to rest.
final class SpringDemo: AnchorMovingDemo {
    /// The spring and gravity.
    struct Tunables: SceneTunables, Equatable {
        /// The spring's frequency, Hz (the catalog's 1).
        var frequency = 1.0
        /// The spring's damping ratio (the catalog's 0.1).
        var damping = 0.1
        /// The spring's rest length, points (the distance at creation: 110).
        var length = 110.0
        /// Gravity's magnitude (1 = 1000 pt/s², down).
        var magnitude = 1.0
        /// The square's linear and angular resistance, 1/s.
        var resistance = 0.5
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("frequency", key: "f", unit: "Hz", range: 0.1...100, step: .multiply(1.1), \.frequency),
             Tunable("damping", key: "d", range: 0...5, step: .add(0.05), \.damping),
             Tunable("length", key: "l", unit: "pt", range: 0...600, step: .add(10), \.length),
             Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
             Tunable("resistance", key: "r", range: 0...10, step: .add(0.1), \.resistance)]
        }
    }

    static let name = "spring"
    static let instructions = "Collision + gravity + spring: the square hangs from an anchor on a spring · drag it"
    static var gestures: [HelpLine] { [HelpLine("drag the square", "pull it on the spring; release: it bounces")] }
    static func instructions(in variant: SceneVariant) -> String {
        variant == .seed ? "Collision + gravity + spring: the square hangs from an anchor on a spring · press or drag: the anchor follows" : instructions
    }
    static func gestures(in variant: SceneVariant) -> [HelpLine] {
        variant == .seed ? [HelpLine("press, drag", "move the anchor; the square follows on the spring")] : gestures
    }
    /// The catalog's tap recognizer beside its pan: a touch moves the anchor at once.
    static let pressMovesAnchor = true

    let animator: DynamicAnimator
    let square: DemoSquare
    let spring: AttachmentBehavior
    let gravity: GravityBehavior
    let material: DynamicItemBehavior
    let pointer = PointerAttachment()
    let movesAnchor: Bool
    var anchored: AttachmentBehavior { spring }
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        movesAnchor = stage.variant == .seed
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let anchor = Point(x: (stage.size.width / 2).rounded(), y: max(60, (stage.size.height * 0.15).rounded()))
        let (square, collision) = stage.boxedSquare(at: Point(x: anchor.x, y: anchor.y + tunables.length))
        self.square = square
        spring = AttachmentBehavior(item: square, attachedToAnchor: anchor)
        gravity = GravityBehavior(items: [square])
        material = DynamicItemBehavior(items: [square])
        for b in [spring, collision, gravity, material] as [DynamicBehavior] { animator.addBehavior(b) }
        apply()
    }

    private func apply() {
        spring.frequency = tunables.frequency
        spring.damping = tunables.damping
        spring.length = tunables.length
        gravity.magnitude = tunables.magnitude
        material.resistance = tunables.resistance
        material.angularResistance = tunables.resistance
    }

    var items: [DemoItem] { [DemoItem(label: "square", view: square, item: square)] }


    var decorations: [DemoDecoration] {
        DemoDecoration.attachment(from: spring.anchorPoint, to: square.center) + (pointer.decoration.map { [$0] } ?? [])
    }

    var plot: ScenePlot? { .spring(frequency: tunables.frequency, dampingRatio: tunables.damping) }

    func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        [ParameterAssignment("frequency", frequency), ParameterAssignment("damping", dampingRatio)]
    }

    var motionExport: MotionExport? {
        DemoExport.attachment(frequency: tunables.frequency, dampingRatio: tunables.damping,
                              arrangement: "one attachment of length \(Int(saturating: tunables.length.rounded())) pt from the square's centre to a fixed anchor, under gravity",
                              demo: Self.name)
    }

    /// The slower of the spring's own decay and the sideways swing's, which only resistance slows.
    var restAllowance: Double { DemoExport.resistanceTime(tunables.resistance) }
}
