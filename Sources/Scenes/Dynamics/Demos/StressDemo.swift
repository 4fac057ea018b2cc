import Geometry
import Drawing
import Dynamics
import Views

/// The stress demo (issue 29): the ``StressPile`` — 500 squares and circles of mixed sizes, the
/// same every time (seeded; fewer on a small stage, see ``minimumCell``) — falls into the stage, a box (the reference bounds as a boundary),
/// and piles up, every piece colliding with every other. For performance: `--stats` in a real
/// window reports its frame rate, and `kinetic bench collision` steps the same pile beside Box2D.
/// A click drops the pile again.
final class StressDemo: DynamicsDemo {
    /// Gravity and the pieces' material (the defaults are the benchmark's).
    struct Tunables: FallTunables, Equatable {
        /// Gravity's magnitude (1 = 1000 pt/s², down).
        var magnitude = 1.0
        /// Every piece's bounciness, 0…1.
        var elasticity = 0.0
        /// Every piece's Coulomb friction coefficient.
        var friction = StressPile.friction
        init() {}
    }

    /// One piece: a plain view (one rounded fill: a square, or a circle) that the animator moves.
    final class Piece: View, DynamicItem {
        let collisionBoundsType: DynamicItemCollisionBoundsType
        /// A piece of the pile, coloured by its size (small pale, large dark).
        init(_ piece: StressPile.Piece, largest: Double) {
            collisionBoundsType = piece.isCircle ? .ellipse : .rectangle
            super.init(frame: Rect(center: piece.center, size: Size(width: piece.size, height: piece.size)))
            let t = largest > 0 ? piece.size / largest : 1
            backgroundColor = (piece.isCircle ? Color(hex: 0xE8B86B) : DemoSquare.face).mixed(with: DemoSquare.rim, 0.2 + 0.6 * t)
            cornerRadius = piece.isCircle ? piece.size / 2 : min(3, piece.size / 6)
        }
    }

    /// The smallest cell a piece gets, points: 500 pieces fill any stage of about 600 × 450 pt or
    /// more (the 1280 × 800 window's); a smaller stage (half of a compare) gets fewer, of pieces
    /// still 7 pt or more across, so the pile comes to rest.
    static let minimumCell = 16.0

    static let name = "stress"
    static let instructions = "Stress: 500 squares and circles fall into the box and pile up · click: again"
    static var gestures: [HelpLine] { [HelpLine("click", "drop the pile again")] }
    static var replaysOnClick: Bool { true }

    let animator: DynamicAnimator
    let pieces: [Piece]
    /// Gravity, the collision in the box and the material.
    let fall: BoxedFall
    var tunables: Tunables { didSet { fall.apply(tunables) } }

    init(stage: DemoStage, tunables: Tunables) {
        self.tunables = tunables
        animator = DynamicAnimator(referenceBounds: stage.bounds)
        let pile = StressPile(box: stage.size, minimumCell: Self.minimumCell)
        let largest = pile.pieces.map(\.size).max() ?? 1
        pieces = pile.pieces.map { Piece($0, largest: largest) }
        for p in pieces { stage.view.addSubview(p) }
        fall = BoxedFall(items: pieces, resistance: StressPile.resistance, angularResistance: StressPile.angularResistance, in: animator)
        fall.apply(tunables)
    }

    var items: [DemoItem] {
        pieces.enumerated().map { DemoItem(label: "\($0.element.collisionBoundsType == .ellipse ? "circle" : "square") \($0.offset + 1)",
                                           view: $0.element, item: $0.element) }
    }

    /// A pile of 500 settles as one island: it sleeps once every piece has stayed slow for 0.2 s
    /// at once. Measured from the drop: 3.3 s on a 612 × 450 pt stage, 4.0 s on the 1280 × 800
    /// window's, 5.2 s at 1620 × 1050 and 7.5 s at 2260 × 1410 (a last piece rolling off the top
    /// decides it); the allowance is generous because that last roll is chaotic.
    var restAllowance: Double { 90 }
}
