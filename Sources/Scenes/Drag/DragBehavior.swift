import Geometry
import Dynamics

/// Drags several items at once: one ``RectangleAttachmentBehavior`` per item (four springs from
/// the item's centre to the corners of a square), all moved together by ``updateDragLocation(_:)``
/// (the drag scene's composite behavior).
///
/// Where each item's square sits is the ``Anchoring``:
/// - ``Anchoring/keepingOffsets`` (default): each item's square is centred on the pointer plus the
///   item's offset from where the drag started. The four springs are short and symmetric, so every
///   item is held equally in all directions and the flock keeps its shape at any size.
/// - ``Anchoring/sharedSquare``: every item hangs from the same square around the pointer, as the
///   source document's `DraggableLayout` does. An item far from the pointer is then held by four
///   nearly parallel springs: stiff along the line to the pointer but soft across it (stiffness
///   falls as (squareSize / distance)²), so distant items swing sideways for a long time.
public final class DragBehavior: DynamicBehavior {
    /// Where the anchor squares sit relative to the pointer.
    public enum Anchoring: Sendable, Hashable {
        /// One square per item at pointer + the item's starting offset (the default).
        case keepingOffsets
        /// One square around the pointer shared by every item (the source document's layout).
        case sharedSquare
    }

    /// The dragged items.
    public let items: [any DynamicItem]
    /// One rectangle attachment per item, in the order of ``items``.
    public let rectangleAttachments: [RectangleAttachmentBehavior]
    /// Side of each anchor square, points (default ``DragTunables/squareSize``: 40).
    public let squareSize: Double
    /// Where the squares sit (default ``Anchoring/keepingOffsets``).
    public let anchoring: Anchoring
    /// Each item's offset from the drag's start point (zero for ``Anchoring/sharedSquare``).
    private let offsets: [Vector]

    /// Starts a drag of `items` at pointer location `point` (points).
    public init(items: [any DynamicItem], point: Point, squareSize: Double = DragTunables().squareSize,
                anchoring: Anchoring = .keepingOffsets) {
        self.items = items
        self.squareSize = squareSize
        self.anchoring = anchoring
        let offsets = items.map { anchoring == .keepingOffsets ? $0.center - point : Vector.zero }
        self.offsets = offsets
        rectangleAttachments = zip(items, offsets).map {
            RectangleAttachmentBehavior(item: $0.0, point: point + $0.1, squareSize: squareSize)
        }
        super.init()
        for r in rectangleAttachments { addChildBehavior(r) }
    }

    /// A copy of `other` holding `items` (copies of its items, in its order): the same anchor
    /// squares, spring lengths, frequency and damping, offsets and anchoring. The A/B compare's B
    /// takes over A's drag with it.
    public init(copying other: DragBehavior, items: [any DynamicItem]) {
        self.items = items
        squareSize = other.squareSize
        anchoring = other.anchoring
        offsets = other.offsets
        rectangleAttachments = zip(other.rectangleAttachments, items).map { RectangleAttachmentBehavior(copying: $0.0, item: $0.1) }
        super.init()
        for r in rectangleAttachments { addChildBehavior(r) }
    }

    /// Moves every anchor square with the pointer, now at `p` (points): one ``AnchorMover`` pass
    /// for all the items' springs.
    public func updateDragLocation(_ p: Point) {
        moveAnchors { mover in
            for k in rectangleAttachments.indices { rectangleAttachments[k].updateAttachmentLocation(p + offsets[k], with: mover) }
        }
    }

    /// Sends every anchor square home: where it sat when the drag started at `start` (points),
    /// moved by `shifts[k]` for item `k` (how far its place in the grid moved since: a relayout
    /// mid-flight), so each item comes to rest at its place now. One ``AnchorMover`` pass.
    public func updateReturnLocation(_ start: Point, shifts: [Vector]) {
        moveAnchors { mover in
            for k in rectangleAttachments.indices {
                rectangleAttachments[k].updateAttachmentLocation(start + offsets[k] + shifts[k], with: mover)
            }
        }
    }

    /// Spring frequency of every attachment, Hz (default ``DragTunables/frequency``: 8).
    public var frequency: Double {
        get { rectangleAttachments.first?.frequency ?? DragTunables().frequency }
        set { for r in rectangleAttachments { r.frequency = newValue } }
    }

    /// Damping ratio of every attachment (default ``DragTunables/damping``: 0.6).
    public var damping: Double {
        get { rectangleAttachments.first?.damping ?? DragTunables().damping }
        set { for r in rectangleAttachments { r.damping = newValue } }
    }
}
