import Geometry
import Dynamics

/// Holds an item elastically relative to a small square around a point: four
/// ``AttachmentBehavior``s from the item's centre to the square's corners (the drag scene).
///
/// Each spring's length is the distance at creation, so the item keeps its offset to the point;
/// moving the point with ``updateAttachmentLocation(_:)`` moves all four anchors.
public final class RectangleAttachmentBehavior: DynamicBehavior {
    /// The held item.
    public let item: any DynamicItem
    /// Side of the anchor square, points.
    public let squareSize: Double
    /// The four corner springs (top-left, top-right, bottom-right, bottom-left).
    public let attachments: [AttachmentBehavior]

    /// Attaches `item` to the corners of a `squareSize` square centred on `point`, with `frequency`
    /// Hz and damping ratio `damping` (defaults: ``DragTunables``' 40 pt, 8 Hz and 0.6).
    public init(item: any DynamicItem, point: Point, squareSize: Double = DragTunables().squareSize,
                frequency: Double = DragTunables().frequency, damping: Double = DragTunables().damping) {
        self.item = item
        self.squareSize = squareSize
        attachments = Self.corners(of: point, squareSize).map { corner in
            let a = AttachmentBehavior(item: item, attachedToAnchor: corner)
            a.frequency = frequency
            a.damping = damping
            return a
        }
        super.init()
        for a in attachments { addChildBehavior(a) }
    }

    /// A copy of `other` holding `item`: its four anchors, spring lengths, frequencies and
    /// damping ratios (``DragBehavior/init(copying:items:)``).
    public init(copying other: RectangleAttachmentBehavior, item: any DynamicItem) {
        self.item = item
        squareSize = other.squareSize
        attachments = other.attachments.map { o in
            let a = AttachmentBehavior(item: item, attachedToAnchor: o.anchorPoint)
            a.length = o.length
            a.frequency = o.frequency
            a.damping = o.damping
            return a
        }
        super.init()
        for a in attachments { addChildBehavior(a) }
    }

    /// Spring frequency of all four attachments, Hz.
    public var frequency: Double {
        get { attachments[0].frequency }
        set { for a in attachments { a.frequency = newValue } }
    }

    /// Damping ratio of all four attachments.
    public var damping: Double {
        get { attachments[0].damping }
        set { for a in attachments { a.damping = newValue } }
    }

    /// The single spring the four corner attachments make for an item centred on its square:
    /// `frequency` (Hz) and `damping` (ratio) per attachment give √2·f and √2·ζ.
    ///
    /// Why: each attachment is a spring of stiffness k = m·(2πf)² and damping c = 2ζ·m·2πf along
    /// its own direction n, acting on the item's centre (no torque). Along the four diagonals
    /// Σ n·nᵀ = 2·I, so the item feels 2k and 2c on every axis: ω = √(2k/m) = √2·2πf and
    /// ζ' = 2c / (2√(2k·m)) = √2·ζ. This is the motion a dragged cell follows (an exported spring
    /// must use it, not one attachment's f and ζ), and what the HUD plots ("step response · combined")
    /// beside rows that give one corner's f and ζ: 8 Hz, ζ 0.6 corners make 11.31 Hz, ζ 0.85;
    /// 1.41 Hz, ζ 0.49 make 2.00 Hz, ζ 0.70 (issue 42; `DragBehaviorTests` measures both).
    /// Exact for small motions of a cell centred on its square (the refined variant, or the
    /// seed's cell at the pointer); a seed cell far from the pointer is soft sideways instead
    /// (``Dynamics/SettlingEstimate``).
    public static func combinedSpring(frequency: Double, damping: Double) -> (frequency: Double, dampingRatio: Double) {
        (2.0.squareRoot() * frequency, 2.0.squareRoot() * damping)
    }

    /// Moves the square's centre to `point` (points); the item follows.
    public func updateAttachmentLocation(_ point: Point) {
        moveAnchors { updateAttachmentLocation(point, with: $0) }
    }

    /// ``updateAttachmentLocation(_:)`` through a `mover` a composite behavior looked up once for
    /// many squares. Corner by corner, without an array: this runs for every dragged item on every
    /// pointer move.
    public func updateAttachmentLocation(_ point: Point, with mover: borrowing AnchorMover) {
        let size = squareSize
        mover.setAnchorPoints(of: attachments) { Self.corner($0, of: point, size) }
    }

    /// Corner `k` (0 top left, 1 top right, 2 bottom right, 3 bottom left) of the square of side
    /// `size` centred on `p`.
    @inline(__always)
    static func corner(_ k: Int, of p: Point, _ size: Double) -> Point {
        let h = size / 2
        return Point(x: k == 0 || k == 3 ? p.x - h : p.x + h, y: k < 2 ? p.y - h : p.y + h)
    }

    static func corners(of p: Point, _ size: Double) -> [Point] { (0..<4).map { corner($0, of: p, size) } }
}
