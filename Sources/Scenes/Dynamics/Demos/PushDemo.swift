import Geometry
import Dynamics

/// The catalog's "Instantaneous Push": a click gives the square one push toward the click (a
/// `UIPushBehavior` in instantaneous mode, made active again for each click), and a red arrow
/// shows the push for a second; the stage's edges stop it. Magnitude 1 on the square (100 × 100
/// pt, density 1: mass 1) sets it moving at 100 pt/s. The catalog takes the magnitude from the
/// click's distance to the view's centre; here the click aims and ``Tunables/magnitude`` sizes.
///
/// Kinetic adds ``Tunables/resistance`` (0.5/s by default; UIKit's is 0), so the square glides to
/// a stop instead of sliding along an edge for as long as it takes.
final class PushDemo: DynamicsDemo {
    /// The push and the square's resistance.
    struct Tunables: PushTunables, Equatable {
        /// The push's magnitude (1: 100 pt/s on the square).
        var magnitude = 1.0
        /// The square's linear resistance, 1/s.
        var resistance = 0.5
        init() {}
    }

    static let name = "push"
    static let instructions = "Instantaneous push: click and the square gets one push toward the click"
    static var gestures: [HelpLine] { [HelpLine("click", "push the square toward the click, once")] }
    /// How long the arrow shows after a push, seconds.
    static let arrowTime = 1.0

    let animator: DynamicAnimator
    let square: DemoSquare
    let push: PushBehavior
    let material: DynamicItemBehavior
    /// The last push (direction and magnitude) and its age, seconds, for the arrow.
    private var shown: (direction: Vector, age: Double)?
    var tunables: Tunables { didSet { material.resistance = tunables.resistance } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let (square, collision) = stage.boxedSquare(at: stage.center)
        self.square = square
        push = PushBehavior(items: [square], mode: .instantaneous)
        push.active = false
        material = DynamicItemBehavior(items: [square])
        material.resistance = tunables.resistance
        for b in [collision, push, material] as [DynamicBehavior] { animator.addBehavior(b) }
    }

    var items: [DemoItem] { [DemoItem(label: "square", view: square, item: square)] }

    /// Pushes once toward `point`, with the tunable magnitude.
    func click(at point: Point) {
        let d = point - square.center
        guard d.length > 0.5 else { return }
        push.setAngle(d.angle, magnitude: tunables.magnitude)
        push.active = true
        shown = (push.pushDirection, 0)
    }

    func advance(_ dt: Double) {
        guard var s = shown else { return }
        s.age += dt
        shown = s.age < Self.arrowTime ? s : nil
    }

    var isAtRest: Bool { animator.isAtRest && shown == nil }

    /// The push as an arrow from the square's centre (100 pt per unit of magnitude, as the
    /// catalog's arrow is as long as the tap's distance), fading out.
    var decorations: [DemoDecoration] {
        guard let s = shown else { return [] }
        return [.arrow(from: square.center, vector: s.direction * 100, color: DemoDecoration.arrowColor,
                       alpha: 1 - s.age / Self.arrowTime)]
    }

    var restAllowance: Double { DemoExport.resistanceTime(tunables.resistance) }
}
