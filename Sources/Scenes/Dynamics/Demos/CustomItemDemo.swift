import Geometry
import Dynamics
import Animation
import Drawing

/// The catalog's "Custom Dynamic Item": click the button and it grows and bounces back to its
/// size. The animator moves a ``PositionToBoundsMapping`` (an item whose position is the button's
/// width and height) on an attachment to its resting "position" (2 Hz, damping 0.3), after an
/// instantaneous push of magnitude 2 at 45°; as in the catalog, each click starts again from the
/// button's own size. The item is 100 × 100 (mass 1), so the push starts the size moving at
/// 200 pt/s and it grows by about 11 pt before the spring brings it back.
final class CustomItemDemo: DynamicsDemo {
    /// The attachment and the push.
    struct Tunables: SceneTunables, Equatable {
        /// The attachment's frequency, Hz (the catalog's 2).
        var frequency = 2.0
        /// The attachment's damping ratio (the catalog's 0.3).
        var damping = 0.3
        /// The push's magnitude (the catalog's 2: 200 pt/s of growth on a mass-1 item).
        var magnitude = 2.0
        /// The push's direction, degrees clockwise from +x: 45 grows width and height alike.
        var angle = 45.0
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("frequency", key: "f", unit: "Hz", range: 0.1...100, step: .multiply(1.1), \.frequency),
             Tunable("damping", key: "d", range: 0...5, step: .add(0.05), \.damping),
             Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
             Tunable("angle", key: "a", unit: "°", range: 0...360, step: .add(15), \.angle)]
        }
    }

    static let name = "custom-item"
    static let instructions = "Custom dynamic item: click the button, a spring on its size makes it grow and bounce"
    static var gestures: [HelpLine] { [HelpLine("click the button", "it grows and bounces back")] }
    /// The button's size at rest, points.
    static let side = DemoSquare.side

    let animator: DynamicAnimator
    let button: DemoSquare
    /// The item the animator moves (its position is the button's size), new for each click.
    private(set) var mapping: PositionToBoundsMapping
    private(set) var attachment: AttachmentBehavior?
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        button = DemoSquare(center: stage.center, text: "Tap")
        button.tint = Color(hex: 0xF2C14E)
        stage.view.addSubview(button)
        mapping = PositionToBoundsMapping(target: button)
    }

    private func apply() {
        attachment?.frequency = tunables.frequency
        attachment?.damping = tunables.damping
    }

    var items: [DemoItem] { [DemoItem(label: "button", view: button, item: mapping)] }

    /// A click on the button: back to its own size, then the catalog's attachment and push, in
    /// the same animator (the catalog makes a new one).
    func click(at point: Point) {
        guard button.contains(stagePoint: point) else { return }
        animator.removeAllBehaviors()
        button.bounds = Rect(x: 0, y: 0, width: Self.side, height: Self.side)
        mapping = PositionToBoundsMapping(target: button)
        let a = AttachmentBehavior(item: mapping, attachedToAnchor: mapping.center)
        attachment = a
        apply()
        animator.addBehavior(a)
        let push = PushBehavior(items: [mapping], mode: .instantaneous)
        push.setAngle(tunables.angle * .pi / 180, magnitude: tunables.magnitude)
        animator.addBehavior(push)
    }

    var plot: ScenePlot? { .spring(frequency: tunables.frequency, dampingRatio: tunables.damping, note: "size") }

    func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        [ParameterAssignment("frequency", frequency), ParameterAssignment("damping", dampingRatio)]
    }

    var motionExport: MotionExport? {
        DemoExport.attachment(frequency: tunables.frequency, dampingRatio: tunables.damping,
                              arrangement: "one length-0 attachment from an item whose position is the button's size to that size at rest",
                              demo: Self.name)
    }

    var restAllowance: Double { DemoExport.decayTime(frequency: tunables.frequency, dampingRatio: tunables.damping) }
}
