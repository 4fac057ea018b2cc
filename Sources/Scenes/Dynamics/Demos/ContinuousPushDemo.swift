import Geometry
import Dynamics

/// The catalog's "Continuous Push": a click sets a steady push on the square toward the click (a
/// `UIPushBehavior` in continuous mode), shown as a red arrow from its centre for as long as it
/// pushes; the stage's edges stop it, so it ends pressed against one. Magnitude 1 on the square
/// (100 × 100 pt, density 1: mass 1) accelerates it at 100 pt/s². The catalog takes the magnitude
/// from the click's distance to the view's centre; here the click aims and ``Tunables/magnitude``
/// sizes (0 stops pushing).
final class ContinuousPushDemo: DynamicsDemo {
    /// The push and the square's resistance.
    struct Tunables: PushTunables, Equatable {
        /// The push's magnitude (1: 100 pt/s² on the square).
        var magnitude = 1.0
        /// The square's linear resistance, 1/s (UIKit's default 0; with r the push's top speed is
        /// 100 × magnitude / r pt/s).
        var resistance = 0.0
        init() {}
    }

    static let name = "continuous-push"
    static let instructions = "Continuous push: click and the square is pushed toward the click, steadily"
    static var gestures: [HelpLine] { [HelpLine("click", "push the square toward the click, steadily")] }

    let animator: DynamicAnimator
    let square: DemoSquare
    let push: PushBehavior
    let material: DynamicItemBehavior
    /// The push's direction (unit vector), nil before the first click.
    private(set) var direction: Vector?
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let (square, collision) = stage.boxedSquare(at: stage.center)
        self.square = square
        push = PushBehavior(items: [square], mode: .continuous)
        material = DynamicItemBehavior(items: [square])
        for b in [collision, push, material] as [DynamicBehavior] { animator.addBehavior(b) }
        apply()
    }

    private func apply() {
        material.resistance = tunables.resistance
        if let d = direction { push.pushDirection = d * tunables.magnitude }
    }

    var items: [DemoItem] { [DemoItem(label: "square", view: square, item: square)] }

    /// Aims the push at `point` (from the square's centre).
    func click(at point: Point) {
        let d = point - square.center
        guard d.length > 0.5 else { return }
        direction = d.normalized
        apply()
    }

    /// The push as an arrow from the square's centre, 100 pt per unit of magnitude.
    var decorations: [DemoDecoration] {
        guard let d = direction, tunables.magnitude > 0 else { return [] }
        return [.arrow(from: square.center, vector: d * tunables.magnitude * 100, color: DemoDecoration.arrowColor, alpha: 1)]
    }

    /// Pushed into a wall nearly head-on, the square creeps along it to a corner: under a minute.
    var restAllowance: Double { 60 }
}
