import Geometry
import Dynamics
import Animation

/// The catalog's "Snap": a click anywhere snaps the square there with a new `UISnapBehavior`
/// (the previous one removed first); it turns back upright on the way. The snap is a spring of
/// 3 Hz whose damping ratio is 0.2 + 0.8 × ``Tunables/damping`` (``Dynamics/SnapBehavior``), which
/// the HUD plots.
final class SnapDemo: DynamicsDemo {
    /// The snap's damping.
    struct Tunables: SceneTunables, Equatable {
        /// The snap's damping, 0…1 (UIKit's default 0.5).
        var damping = 0.5
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("damping", key: "d", range: 0...1, step: .add(0.05), \.damping)]
        }
    }

    static let name = "snap"
    static let instructions = "Snap: click anywhere and the square snaps there"
    static var gestures: [HelpLine] { [HelpLine("click", "snap the square to the click")] }

    let animator: DynamicAnimator
    let square: DemoSquare
    private let stage: DemoStage
    /// The snap last added, nil before the first click.
    private(set) var snap: SnapBehavior?
    var tunables: Tunables { didSet { snap?.damping = tunables.damping } }

    init(stage: DemoStage, tunables: Tunables) {
        self.stage = stage
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        square = DemoSquare(center: stage.center)
        stage.view.addSubview(square)
    }

    var items: [DemoItem] { [DemoItem(label: "square", view: square, item: square)] }

    func click(at point: Point) {
        if let snap { animator.removeBehavior(snap) }
        let s = SnapBehavior(item: square, snapTo: stage.clamped(point))
        s.damping = tunables.damping
        animator.addBehavior(s)
        snap = s
    }

    var decorations: [DemoDecoration] { snap.map { [.ring($0.snapPoint, color: DemoDecoration.anchorColor)] } ?? [] }

    /// The snap's damping ratio for ``Tunables/damping`` (UIKit's 0…1 mapped to 0.2…1).
    var dampingRatio: Double { 0.2 + 0.8 * min(max(tunables.damping, 0), 1) }

    var plot: ScenePlot? { .spring(frequency: SnapBehavior.frequency, dampingRatio: dampingRatio, note: "snap") }

    /// The snap's frequency is fixed (3 Hz): only its damping follows the plot.
    func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        [ParameterAssignment("damping", (dampingRatio - 0.2) / 0.8)]
    }

    /// A pasted spring must have the snap's fixed frequency (within 0.5 %, the import's own
    /// rounding); its damping ratio then sets ``Tunables/damping``.
    func importedSpringAssignments(_ spring: SpringConversion) throws(ParameterRefusal) -> [ParameterAssignment]? {
        let f = SnapBehavior.frequency
        guard abs(spring.frequency - f) <= 0.005 * f else {
            throw ParameterRefusal("the snap's spring is \(ExportNumber.significant(f, digits: 3)) Hz, fixed as UIKit's snap behavior's "
                                   + "(got \(ParameterAssignment.spell(spring.frequency, unit: "Hz"))); only its damping ratio can be set")
        }
        return plottedSpringAssignments(frequency: spring.frequency, dampingRatio: spring.dampingRatio)
    }

    var motionExport: MotionExport? {
        DemoExport.attachment(frequency: SnapBehavior.frequency, dampingRatio: dampingRatio,
                              arrangement: "a snap behavior (one length-0 attachment to the snap point, damping \(ExportNumber.significant(tunables.damping, digits: 3)))",
                              demo: Self.name)
    }

    var restAllowance: Double { DemoExport.decayTime(frequency: SnapBehavior.frequency, dampingRatio: dampingRatio) }
}
