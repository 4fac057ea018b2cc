import Geometry
import Dynamics
import Animation

/// The catalog's "Attachments": a square hangs by a rigid attachment (frequency 0) from a fixed
/// anchor 110 pt above its centre, attached at an offset of (−25, −25) pt from its centre, so
/// it turns as it swings; the stage's edges hold it. There is no gravity: it stays where it is
/// put. Seed (the catalog's): a drag anywhere moves the anchor to the pointer and the square
/// follows on its rod (``AnchorMovingDemo``). Refined: drag the square around the fixed anchor.
///
/// Kinetic adds ``Tunables/resistance`` (linear and angular, 2/s), so a released square comes to
/// rest; 0 is UIKit's default, with which it circles the anchor for ever. It takes 2/s: spun
/// fast (a fling can reach 100 rad/s), the solver's rigid rod at an offset gives back energy at
/// about 1/s, and at 1/s a third of violent flings kept spinning at 5000 pt/s for minutes.
final class AttachmentsDemo: AnchorMovingDemo {
    /// The catalog's offset of the attach point from the square's centre, points.
    static let offset = Vector(dx: -25, dy: -25)
    /// How far above the square's centre the anchor is, points (the catalog's 110).
    static let anchorHeight = 110.0
    /// The attachment's length at creation: from the attach point to the anchor.
    static let restLength = (offset.dx * offset.dx + (anchorHeight + offset.dy) * (anchorHeight + offset.dy)).squareRoot()

    /// The attachment and the square's resistance.
    struct Tunables: SceneTunables, Equatable {
        /// The attachment's frequency, Hz: 0 (the catalog's) is a rigid rod.
        var frequency = 0.0
        /// The attachment's damping ratio (UIKit's default 0).
        var damping = 0.0
        /// The attachment's length, points (its distance at creation, 88.6).
        var length = AttachmentsDemo.restLength
        /// Linear and angular resistance of the square, 1/s (Kinetic's 2; UIKit's default 0).
        var resistance = 2.0
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("frequency", key: "f", unit: "Hz", range: 0...50, step: .add(0.5), \.frequency),
             Tunable("damping", key: "d", range: 0...5, step: .add(0.05), \.damping),
             Tunable("length", key: "l", unit: "pt", range: 0...600, step: .add(10), \.length),
             Tunable("resistance", key: "r", range: 0...10, step: .add(0.1), \.resistance)]
        }
    }

    static let name = "attachments"
    static let instructions = "Attachments: a square hangs by an offset rod from a fixed anchor · drag it around"
    static var gestures: [HelpLine] { [HelpLine("drag the square", "swing it around the anchor (it turns)")] }
    static func instructions(in variant: SceneVariant) -> String {
        variant == .seed ? "Attachments: a square hangs by an offset rod from an anchor · drag: the anchor follows" : instructions
    }
    static func gestures(in variant: SceneVariant) -> [HelpLine] {
        variant == .seed ? [HelpLine("drag", "move the anchor; the square follows (it turns)")] : gestures
    }
    /// Only a pan moves the anchor (the catalog has no tap recognizer here).
    static let pressMovesAnchor = false

    let animator: DynamicAnimator
    let square: DemoSquare
    let attachment: AttachmentBehavior
    let material: DynamicItemBehavior
    let pointer = PointerAttachment()
    let movesAnchor: Bool
    var anchored: AttachmentBehavior { attachment }
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        movesAnchor = stage.variant == .seed
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let c = Point(x: (stage.size.width / 2).rounded(), y: (max(stage.size.height / 2, Self.anchorHeight + 80)).rounded())
        let (square, collision) = stage.boxedSquare(at: c)
        self.square = square
        attachment = AttachmentBehavior(item: square, offsetFromCenter: Self.offset,
                                        attachedToAnchor: Point(x: c.x, y: c.y - Self.anchorHeight))
        material = DynamicItemBehavior(items: [square])
        for b in [collision, attachment, material] as [DynamicBehavior] { animator.addBehavior(b) }
        apply()
    }

    private func apply() {
        attachment.frequency = tunables.frequency
        attachment.damping = tunables.damping
        attachment.length = tunables.length
        material.resistance = tunables.resistance
        material.angularResistance = tunables.resistance
    }

    var items: [DemoItem] { [DemoItem(label: "square", view: square, item: square)] }


    /// The attach point on the square now, stage points.
    var attachPoint: Point { square.center + Self.offset.applying(AffineTransform(rotationAngle: square.transform.rotationAngle)) }

    var decorations: [DemoDecoration] {
        DemoDecoration.attachment(from: attachment.anchorPoint, to: attachPoint) + (pointer.decoration.map { [$0] } ?? [])
    }

    /// A spring once the attachment has a frequency; a rigid rod has none to plot.
    var plot: ScenePlot? {
        tunables.frequency > 0 ? .spring(frequency: tunables.frequency, dampingRatio: tunables.damping) : nil
    }

    func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        [ParameterAssignment("frequency", frequency), ParameterAssignment("damping", dampingRatio)]
    }

    var motionExport: MotionExport? {
        guard tunables.frequency > 0 else { return nil }
        return DemoExport.attachment(frequency: tunables.frequency, dampingRatio: tunables.damping,
                                     arrangement: "one attachment from a point 25 pt left of and above the square's centre to a fixed anchor",
                                     demo: Self.name)
    }

    var restAllowance: Double {
        let spring = tunables.frequency > 0 ? DemoExport.decayTime(frequency: tunables.frequency, dampingRatio: tunables.damping) : 600
        // The rod's energy gain (about 1/s) halves the resistance's net effect: twice the time.
        return min(spring, 2 * DemoExport.resistanceTime(tunables.resistance))
    }
}
