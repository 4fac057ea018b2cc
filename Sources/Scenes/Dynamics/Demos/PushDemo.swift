import Geometry
import Dynamics

/// The catalog's "Instantaneous Push": a click gives the square one push (a `UIPushBehavior` in
/// instantaneous mode, made active again for each click), and a red arrow shows the push for a
/// second; the stage's edges stop it. Magnitude 1 on the square (100 × 100 pt, density 1: mass 1)
/// sets it moving at 100 pt/s.
///
/// Seed, as `handlePushGesture:` (APLInstantaneousPushViewController.m) has it: the push points
/// from the stage's centre (not the square) to the click, with magnitude `min(distance, 100) /
/// 100` of the click's distance from the centre (times ``Tunables/magnitude``, 1 by default), and
/// the arrow starts at the centre, as long as that distance. Refined (Kinetic's): the click aims
/// from the square and ``Tunables/magnitude`` alone sizes the push.
///
/// Kinetic adds ``Tunables/resistance`` (0.5/s by default; UIKit's is 0), so the square glides to
/// a stop instead of sliding along an edge for as long as it takes.
final class PushDemo: DynamicsDemo {
    /// The push and the square's resistance.
    struct Tunables: PushTunables, Equatable {
        /// Refined: the push's magnitude (1: 100 pt/s on the square). Seed: a scale on the
        /// catalog's magnitude from the click's distance (1, the default, is the catalog's).
        var magnitude = 1.0
        /// The square's linear resistance, 1/s.
        var resistance = 0.5
        init() {}
    }

    static let name = "push"
    static let instructions = "Instantaneous push: click and the square gets one push toward the click"
    static var gestures: [HelpLine] { [HelpLine("click", "push the square toward the click, once")] }
    static func instructions(in variant: SceneVariant) -> String {
        variant == .seed ? "Instantaneous push: click and the square gets one push, from the centre toward the click" : instructions
    }
    static func gestures(in variant: SceneVariant) -> [HelpLine] {
        variant == .seed ? [HelpLine("click", "push once: from the centre, 1 per 100 pt (max 1)")] : gestures
    }
    /// How long the arrow shows after a push, seconds.
    static let arrowTime = 1.0

    let animator: DynamicAnimator
    let square: DemoSquare
    let push: PushBehavior
    let material: DynamicItemBehavior
    /// Where the arrow starts in the seed (the stage's centre); nil in the refined variant, whose
    /// arrow starts at the square.
    var origin: Point? { stage.pushOrigin }
    /// The stage: its centre and the catalog push measured from it (seed).
    private let stage: DemoStage
    /// The last push (direction and magnitude) and its age, seconds, for the arrow.
    private var shown: (direction: Vector, age: Double)?
    var tunables: Tunables { didSet { material.resistance = tunables.resistance } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        self.stage = stage
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

    /// Pushes once: seed, from the stage's centre toward `point`, sized by its distance;
    /// refined, from the square toward `point`, with the tunable magnitude.
    func click(at point: Point) {
        guard let aim = stage.pushAim(toward: point, from: square.center, cap: 100) else { return }
        push.pushDirection = aim * tunables.magnitude
        // An instantaneous push deactivates itself after its impulse: each click reactivates it.
        push.active = true
        shown = (push.pushDirection, 0)
    }

    func advance(_ dt: Double) {
        guard var s = shown else { return }
        s.age += dt
        shown = s.age < Self.arrowTime ? s : nil
    }

    var isAtRest: Bool { animator.isAtRest && shown == nil }

    /// The push as an arrow (100 pt per unit of magnitude, as the catalog's arrow is as long as
    /// the tap's capped distance) from the stage's centre (seed, marked by a dot as the catalog
    /// marks it with a cross) or the square's (refined), fading out.
    var decorations: [DemoDecoration] {
        DemoDecoration.push(shown?.direction, from: origin, square: square.center, alpha: 1 - (shown?.age ?? 0) / Self.arrowTime)
    }

    /// The last push's magnitude, while its arrow shows.
    var statusNote: String? { shown.map { "push " + fixed($0.direction.length, decimals: 2) } }

    var restAllowance: Double { DemoExport.resistanceTime(tunables.resistance) }
}
