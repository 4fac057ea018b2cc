import Geometry
import Drawing
import Dynamics

/// The catalog's "Collisions + Gravity": a square falls under gravity and comes to rest on the
/// stage's bottom edge. As in the catalog, the square's face turns lighter while it touches a
/// boundary (the collision delegate's began and ended contacts). A click drops it again.
///
/// Seed, as APLCollisionGravityViewController.m (`viewDidAppear:`) has it: one collision
/// behavior with the reference bounds as its boundary (`translatesReferenceBoundsIntoBoundary`,
/// all four edges, of which the square meets only the bottom one), and nothing else. Refined
/// (Kinetic's): a sloping barrier too (a boundary line from the collision behavior's
/// `addBoundary`): the square lands on it, turns to lie on it and slides off it to the floor.
final class CollisionDemo: DynamicsDemo, CollisionBehaviorDelegate {
    /// Gravity and the square's material.
    struct Tunables: SceneTunables, Equatable {
        /// Gravity's magnitude (1 = 1000 pt/s², down).
        var magnitude = 1.0
        /// The square's bounciness, 0…1 (UIKit's default 0).
        var elasticity = 0.0
        /// The square's Coulomb friction coefficient (UIKit's default 0: it slides freely).
        var friction = 0.0
        init() {}
        static var table: [Tunable<Tunables>] {
            [Tunable("magnitude", key: "m", range: 0...10, step: .add(0.1), \.magnitude),
             Tunable("elasticity", key: "y", range: 0...1, step: .add(0.05), \.elasticity),
             Tunable("friction", key: "t", range: 0...2, step: .add(0.05), \.friction)]
        }
    }

    static let name = "collision"
    static let instructions = "Collision + gravity: the square lands on a barrier, slides off, rests on the floor · click: again"
    static func instructions(in variant: SceneVariant) -> String {
        variant == .seed ? "Collision + gravity: the square falls and rests on the floor, lighter while it touches · click: again" : instructions
    }
    static var gestures: [HelpLine] { [HelpLine("click", "drop the square again")] }
    static var replaysOnClick: Bool { true }

    let animator: DynamicAnimator
    let square: DemoSquare
    let gravity: GravityBehavior
    let collision: CollisionBehavior
    let material: DynamicItemBehavior
    /// The barrier's ends, stage points: a slope falling to the right, from 30 pt left of the
    /// square (so the square's corner lands on the line, not the line's end in the square's face)
    /// to 190 pt before the right edge or earlier. A boundary line holds an item while its centre
    /// is within the item's own extent of the line's span, pushing at the line's end once the
    /// item is past it (``Dynamics/CollisionBehavior``), so the square tips off the lower end and
    /// tumbles down: it must be clear of the wall by then, or it wedges between the wall and the
    /// line. Nil in the seed (the catalog has none) and on a stage too narrow for that (under
    /// 296 pt): the square falls straight to the floor.
    let barrier: (from: Point, to: Point)?
    /// Boundaries the square touches now.
    private var contacts = 0
    /// The stage's width, points.
    private let width: Double
    var tunables: Tunables { didSet { apply() } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        let w = stage.size.width, h = stage.size.height
        width = w
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let half = DemoSquare.side / 2
        let end = min((w * 0.55).rounded(), w - 190)
        let x = min(max((w * 0.3).rounded(), half + 40), end - 40)
        let fits = x - half - 10 >= 5  // the line starts left of the square
        square = DemoSquare(center: Point(x: fits ? x : (w / 2).rounded(), y: 60 + half))
        stage.view.addSubview(square)
        barrier = fits && stage.variant == .refined ? (Point(x: max(5, x - half - 30), y: (h * 0.42).rounded()), Point(x: end, y: (h * 0.62).rounded())) : nil
        gravity = GravityBehavior(items: [square])
        collision = CollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        if let barrier { collision.addBoundary(withIdentifier: "barrier", from: barrier.from, to: barrier.to) }
        material = DynamicItemBehavior(items: [square])
        collision.collisionDelegate = self
        for b in [gravity, collision, material] as [DynamicBehavior] { animator.addBehavior(b) }
        apply()
    }

    private func apply() {
        gravity.magnitude = tunables.magnitude
        material.elasticity = tunables.elasticity
        material.friction = tunables.friction
    }

    var items: [DemoItem] { [DemoItem(label: "square", view: square, item: square)] }

    var decorations: [DemoDecoration] { barrier.map { [.boundary(from: $0.from, to: $0.to)] } ?? [] }

    // MARK: Contacts (the catalog lightens the square while it touches a boundary)

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: Point) {
        contacts += 1
        square.tint = DemoSquare.face.mixed(with: .white, 0.6)
    }

    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?) {
        contacts = max(0, contacts - 1)
        if contacts == 0 { square.tint = DemoSquare.face }
    }

    /// Sliding along the floor to the wall takes a few seconds on a wide stage. Without friction
    /// (UIKit's default) nothing but the far wall stops a square that tumbled off the barrier's
    /// end, however slowly it slides: only below 1 pt/s does the animator let it rest, so at
    /// 1 pt/s the stage's width takes as many seconds.
    var restAllowance: Double { tunables.friction > 0.001 ? 5 + width / 15 : 5 + width }
}
