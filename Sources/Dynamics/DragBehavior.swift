import Geometry

/// Drags several items at once: one ``RectangleAttachmentBehavior`` per item, all anchored to
/// squares around the same pointer location (the drag scene's composite behavior).
public final class DragBehavior: DynamicBehavior {
    /// The dragged items.
    public let items: [any DynamicItem]
    /// One rectangle attachment per item, in the order of ``items``.
    public let rectangleAttachments: [RectangleAttachmentBehavior]
    /// Side of each anchor square, points (default 40).
    public let squareSize: Double

    /// Starts a drag of `items` at pointer location `point` (points).
    public init(items: [any DynamicItem], point: Point, squareSize: Double = 40) {
        self.items = items
        self.squareSize = squareSize
        rectangleAttachments = items.map { RectangleAttachmentBehavior(item: $0, point: point, squareSize: squareSize) }
        super.init()
        for r in rectangleAttachments { addChildBehavior(r) }
    }

    /// Moves every anchor square to the pointer location `p` (points).
    public func updateDragLocation(_ p: Point) {
        for r in rectangleAttachments { r.updateAttachmentLocation(p) }
    }

    /// Spring frequency of every attachment, Hz (default 8).
    public var frequency: Double {
        get { rectangleAttachments.first?.frequency ?? 8 }
        set { for r in rectangleAttachments { r.frequency = newValue } }
    }

    /// Damping ratio of every attachment (default 0.6).
    public var damping: Double {
        get { rectangleAttachments.first?.damping ?? 0.6 }
        set { for r in rectangleAttachments { r.damping = newValue } }
    }
}
