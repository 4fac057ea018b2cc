import Geometry

/// The stress pile (issue 29): 500 squares and circles of mixed sizes in rows across the top of a
/// box, which fall and pile up on its floor. The dynamics scene's `stress` demo shows it;
/// `kinetic bench collision` and `bench/box2d_baseline.cpp` step it, the C++ drawing the same
/// pieces from the same generator, so both sides simulate the same box.
///
/// Layout: cells of side `cell` = √(0.55 × box area / count), as many columns as fit the box's
/// width (each `width / columns` wide), row by row from the top. Each piece takes a fraction
/// 0.45…0.85 of `cell` (uniform), sits in its cell's middle row, shifted sideways by up to 0.8 of
/// the free room, and is a circle or a square with even odds — so no two start overlapping. The
/// random numbers are a 64-bit linear congruential generator (Knuth's MMIX constants), three
/// draws per piece in the order size, shift, kind, each the top 53 bits over 2⁵³.
public struct StressPile: Sendable, Equatable {
    /// One piece: its centre (points), its side or diameter (points) and whether it is a circle.
    public struct Piece: Sendable, Equatable {
        public let center: Point
        public let size: Double
        public let isCircle: Bool
    }

    /// The number of pieces (500).
    public static let count = 500
    /// The generator's seed.
    public static let seed: UInt64 = 29
    /// The benchmark's box: the stage of a 1280 × 800 window under the 30-pt title line, points.
    public static let benchBox = Size(width: 1280, height: 770)
    /// Every piece's Coulomb friction coefficient (with each other and with the walls).
    public static let friction = 0.4
    /// Every piece's linear and angular resistance, 1/s (Box2D's `linearDamping` and
    /// `angularDamping`, the same implicit law): enough that the pile's last slides and rolls
    /// die out and it falls asleep within seconds of landing.
    public static let resistance = 1.0, angularResistance = 4.0
    /// Gravity, points/s² downward (magnitude 1).
    public static let gravity = 1000.0

    /// The box, points (its origin at the top left).
    public let box: Size
    /// The pieces, row by row from the top left.
    public let pieces: [Piece]

    /// The pile for a box of `box` points with `count` pieces, or fewer where they would need
    /// cells smaller than `minimumCell` points (the cell is then that, and as many pieces as
    /// fill 0.55 of the box are laid out).
    public init(box: Size, count wanted: Int = StressPile.count, minimumCell: Double = 0) {
        self.box = box
        let area = 0.55 * box.width * box.height
        var cell = (area / Double(Swift.max(wanted, 1))).squareRoot(), count = wanted
        if cell < minimumCell {
            cell = minimumCell
            count = Swift.min(wanted, Int(saturating: area / (cell * cell)))
        }
        var state = Self.seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / 9_007_199_254_740_992
        }
        let columns = max(1, Int(saturating: (box.width / cell).rounded(.down)))
        let cellWidth = box.width / Double(columns)
        var list: [Piece] = []
        list.reserveCapacity(count)
        for k in 0..<count {
            let size = cell * (0.45 + 0.4 * next())
            let shift = (2 * next() - 1) * 0.8 * (cellWidth - size) / 2
            let isCircle = next() < 0.5
            let x = (Double(k % columns) + 0.5) * cellWidth + shift
            let y = (Double(k / columns) + 0.5) * cell
            list.append(Piece(center: Point(x: x, y: y), size: size, isCircle: isCircle))
        }
        pieces = list
    }
}
