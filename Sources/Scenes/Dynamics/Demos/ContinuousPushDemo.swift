import Geometry
import Dynamics

/// The catalog's "Continuous Push": a click sets a steady push on the square (a `UIPushBehavior`
/// in continuous mode), shown as a red arrow for as long as it pushes; the stage's edges stop
/// it, so it ends pressed against one. Magnitude 1 on the square (100 × 100 pt, density 1: mass
/// 1) accelerates it at 100 pt/s². Nothing pushes before the first click (the catalog's push
/// starts with magnitude 0).
///
/// Seed, as `handlePushContinousGesture:` (APLContinuousPushViewController.m) has it: the push
/// points from the stage's centre to the click, with magnitude `min(distance, 200) / 100` of the
/// click's distance from the centre (times ``Tunables/magnitude``, 1 by default), and the arrow
/// starts at the centre, as long as that distance. Refined (Kinetic's): the click aims from the
/// square and ``Tunables/magnitude`` alone sizes the push. In both, magnitude 0 stops pushing.
final class ContinuousPushDemo: DynamicsDemo {
    /// The push and the square's resistance.
    struct Tunables: PushTunables, Equatable {
        /// Refined: the push's magnitude (1: 100 pt/s² on the square). Seed: a scale on the
        /// catalog's magnitude from the click's distance (1, the default, is the catalog's).
        var magnitude = 1.0
        /// The square's linear resistance, 1/s (UIKit's default 0; with r the push's top speed is
        /// 100 × magnitude / r pt/s).
        var resistance = 0.0
        init() {}
    }

    static let name = "continuous-push"
    static let instructions = "Continuous push: click and the square is pushed toward the click, steadily"
    static var gestures: [HelpLine] { [HelpLine("click", "push the square toward the click, steadily")] }
    static func instructions(in variant: SceneVariant) -> String {
        variant == .seed ? "Continuous push: click and the square is pushed steadily, from the centre toward the click" : instructions
    }
    static func gestures(in variant: SceneVariant) -> [HelpLine] {
        variant == .seed ? [HelpLine("click", "push steadily: from the centre, 1 per 100 pt (max 2)")] : gestures
    }

    let animator: DynamicAnimator
    let square: DemoSquare
    let push: PushBehavior
    let material: DynamicItemBehavior
    /// The stage: its centre and the catalog push measured from it (seed).
    private let stage: DemoStage
    /// Where the arrow starts in the seed (the stage's centre); nil in the refined variant, whose
    /// arrow starts at the square.
    var origin: Point? { stage.pushOrigin }
    /// The push per unit of ``Tunables/magnitude``, nil before the first click: seed, the
    /// catalog's push for the click (up to 2 long); refined, a unit vector toward the click.
    private(set) var aim: Vector?
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        self.stage = stage
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
        if let a = aim { push.pushDirection = a * tunables.magnitude }
    }

    var items: [DemoItem] { [DemoItem(label: "square", view: square, item: square)] }

    /// Sets the push for a click at `point`: seed, from the stage's centre, sized by the click's
    /// distance; refined, from the square's centre.
    func click(at point: Point) {
        guard let a = stage.pushAim(toward: point, from: square.center, cap: 200) else { return }
        aim = a
        apply()
    }

    /// The push as an arrow, 100 pt per unit of magnitude, from the stage's centre (seed, marked
    /// by a dot as the catalog marks it with a cross) or the square's (refined).
    var decorations: [DemoDecoration] {
        DemoDecoration.push(aim != nil && tunables.magnitude > 0 ? push.pushDirection : nil, from: origin, square: square.center)
    }

    /// The push's magnitude once a click set it.
    var statusNote: String? { aim.map { _ in "push " + fixed(push.pushDirection.length, decimals: 2) } }

    /// Pushed into a wall nearly head-on, the square creeps along it to a corner: under a minute.
    var restAllowance: Double { 60 }
}
