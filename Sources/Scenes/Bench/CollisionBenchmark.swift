import Geometry
import Dynamics

/// The collision benchmark (issue 29): the ``StressPile`` in its bench box, built once and stepped
/// on demand; `kinetic bench collision` times ``run(steps:dt:)`` and `bench/box2d_baseline.cpp`
/// builds the same box in Box2D (library code never reads a clock).
///
/// 500 squares and circles (``StressPile``) under gravity of 1000 pt/s², colliding with each other
/// and with the box's four sides (the animator's reference bounds as a boundary), friction
/// ``StressPile/friction``, angular resistance ``StressPile/angularResistance``, no bounce.
public final class CollisionBenchmark {
    /// A piece: a square or circle whose centre and rotation live in private storage (see
    /// ``DynamicItem``'s note on write-back cost).
    private final class Piece: DynamicItem {
        private var storedCenter: Point
        private var storedTransform = AffineTransform.identity
        var center: Point {
            get { storedCenter }
            set { storedCenter = newValue }
        }
        let bounds: Rect
        var transform: AffineTransform {
            get { storedTransform }
            set { storedTransform = newValue }
        }
        let collisionBoundsType: DynamicItemCollisionBoundsType
        init(_ piece: StressPile.Piece) {
            storedCenter = piece.center
            bounds = Rect(x: 0, y: 0, width: piece.size, height: piece.size)
            collisionBoundsType = piece.isCircle ? .ellipse : .rectangle
        }
    }

    /// The number of pieces.
    public var itemCount: Int { items.count }
    private let animator: DynamicAnimator
    private let items: [Piece]

    /// Builds the pile in ``StressPile/benchBox`` and compiles it (building is not timed with the steps).
    public init() {
        let pile = StressPile(box: StressPile.benchBox)
        animator = DynamicAnimator(referenceBounds: Rect(origin: .zero, size: pile.box))
        items = pile.pieces.map(Piece.init)
        // The stress demo's behaviors at its defaults.
        let fall = BoxedFall(items: items, resistance: StressPile.resistance, angularResistance: StressPile.angularResistance, in: animator)
        fall.material.friction = StressPile.friction
        _ = animator.awakeItemCount  // compiles the behaviour tree
    }

    /// Steps the animator `steps` times by `dt` seconds (default 1/60) and returns a checksum of
    /// the piece positions (the sum of every centre's x + y, points).
    @discardableResult
    public func run(steps: Int, dt: Double = 1.0 / 60) -> Double {
        for _ in 0..<steps { animator.step(dt) }
        var sum = 0.0
        for item in items { sum += item.center.x + item.center.y }
        return sum
    }

    /// How many pieces are awake.
    public var awakeItemCount: Int { animator.awakeItemCount }

    /// The pile's height, points: from the box's floor to the highest top edge of any piece (how
    /// high the settled pile stands; compared with Box2D's in `make bench`).
    public var pileHeight: Double {
        StressPile.benchBox.height - (items.map { $0.center.y - $0.bounds.height / 2 }.min() ?? StressPile.benchBox.height)
    }
}
