import Geometry
import Dynamics
import Layout

/// A flow layout whose selected items can be dragged as an elastic flock (a port of the source
/// document's `DraggableLayout`).
///
/// `startDragging(indexPaths:from:)` makes a ``DynamicAnimator`` for the layout, copies the items'
/// attributes (`zIndex = 1`) and attaches each copy by a ``RectangleAttachmentBehavior`` (four
/// springs from its centre to the corners of a square around the pointer) inside one
/// ``DragBehavior``. `layoutAttributesForElements(in:)` returns the flow attributes of the other
/// items plus `animator.items(in:)`. When the animator comes to rest after ``endDragging()``, the
/// drag state clears.
public final class DraggableLayout: FlowLayout, DynamicAnimatorDelegate {
    /// The items being dragged (or flying home).
    public private(set) var draggedIndexPaths: Set<IndexPath> = []
    /// The composite behavior of the current drag, nil when nothing is dragged.
    public private(set) var dragBehavior: DragBehavior?
    /// Where the current drag started (content coordinates, points).
    public private(set) var startPoint: Point?
    /// Whether the pointer has been released and the items are flying home.
    public private(set) var isReturning = false

    /// Spring frequency of the corner attachments, Hz. Default 8; applies to a live drag at once.
    public var frequency = DragTunables().frequency { didSet { dragBehavior?.frequency = frequency } }
    /// Damping ratio of the corner attachments. Default 0.6; applies to a live drag at once.
    public var damping = DragTunables().damping { didSet { dragBehavior?.damping = damping } }
    /// Side of the square around the pointer whose corners the springs reach, points. Default 40.
    /// Applies from the next drag: the springs' rest lengths are measured when a drag starts.
    public var squareSize = DragTunables().squareSize
    /// Where each dragged item's square sits: per item at the pointer plus the item's offset
    /// (``DragBehavior/Anchoring/keepingOffsets``, the default) or one square around the pointer
    /// shared by all (``DragBehavior/Anchoring/sharedSquare``, the source document's layout).
    /// Applies from the next drag.
    public var anchoring = DragBehavior.Anchoring.keepingOffsets

    /// Called when the drag state clears after the items came to rest.
    public var onDragStateCleared: (() -> Void)?

    /// Starts dragging `indexPaths` from `point` (content coordinates). Does nothing for an empty set.
    public func startDragging(indexPaths: [IndexPath], from point: Point) {
        clearDraggedIndexPaths()
        guard !indexPaths.isEmpty else { return }
        prepareIfNeeded()
        let animator = DynamicAnimator(collectionViewLayout: self)
        animator.delegate = self
        var items: [LayoutAttributes] = []
        for ip in indexPaths {
            guard let a = super.layoutAttributesForItem(at: ip)?.copy() else { continue }
            a.zIndex = 1
            items.append(a)
        }
        let drag = DragBehavior(items: items, point: point, squareSize: squareSize, anchoring: anchoring)
        drag.frequency = frequency
        drag.damping = damping
        animator.addBehavior(drag)
        dragBehavior = drag
        draggedIndexPaths = Set(items.map(\.indexPath))
        startPoint = point
        isReturning = false
        invalidateLayout()
    }

    /// Moves every dragged item's square of anchors to `point` (content coordinates).
    public func updateDragLocation(_ point: Point) {
        guard !isReturning else { return }
        dragBehavior?.updateDragLocation(point)
    }

    /// Sends the anchors back to where the drag started; the items fly home and, once the animator
    /// pauses, the drag state clears.
    public func endDragging() {
        guard let start = startPoint, dragBehavior != nil, !isReturning else { return }
        isReturning = true
        dragBehavior?.updateDragLocation(start)
    }

    /// Forgets the drag: removes the animator and shows every item at its flow position again.
    public func clearDraggedIndexPaths() {
        dynamicAnimator?.removeAllBehaviors()
        dynamicAnimator = nil
        dragBehavior = nil
        draggedIndexPaths.removeAll()
        startPoint = nil
        isReturning = false
        invalidateLayout()
    }

    /// The dragged copies (for dumps and tests), or an empty array.
    public var draggedAttributes: [LayoutAttributes] {
        dragBehavior?.items.compactMap { $0 as? LayoutAttributes } ?? []
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let flow = super.layoutAttributesForElements(in: rect)
        guard let animator = dynamicAnimator, !draggedIndexPaths.isEmpty else { return flow }
        var out = flow.filter { !draggedIndexPaths.contains($0.indexPath) }
        for case let a as LayoutAttributes in animator.items(in: rect) { out.append(a) }
        return out
    }

    /// The animator moves only the dragged items, and every other change (a drag starting or
    /// clearing, the flow's settings) invalidates the whole layout.
    public override var reportsEveryChange: Bool { true }

    /// Only the dragged items moved: the collection view updates their cells alone, not the
    /// hundreds of cells resting in the grid.
    public override func dynamicAnimatorItemsDidMove() { invalidateItems(at: draggedIndexPaths) }

    /// The dragged items among `indexPaths` in `rect`, in ``layoutAttributesForElements(in:)``'s
    /// order (`animator.items(in:)`); other items through the flow query.
    public override func layoutAttributesForItems(at indexPaths: Set<IndexPath>, in rect: Rect) -> [LayoutAttributes] {
        guard let animator = dynamicAnimator, !draggedIndexPaths.isEmpty else {
            return super.layoutAttributesForItems(at: indexPaths, in: rect)
        }
        // The set this layout invalidates comes back as it was (same storage: `==` answers at
        // once), and the animator holds only dragged items, so nothing needs filtering then.
        let everyDragged = indexPaths == draggedIndexPaths
        guard everyDragged || indexPaths.isSubset(of: draggedIndexPaths) else {
            return super.layoutAttributesForItems(at: indexPaths, in: rect)
        }
        var out: [LayoutAttributes] = []
        out.reserveCapacity(indexPaths.count)
        for case let a as LayoutAttributes in animator.items(in: rect) where everyDragged || indexPaths.contains(a.indexPath) {
            out.append(a)
        }
        return out
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        if draggedIndexPaths.contains(indexPath), let a = draggedAttributes.first(where: { $0.indexPath == indexPath }) { return a }
        return super.layoutAttributesForItem(at: indexPath)
    }

    /// Where `indexPath` rests in the grid (its flow frame), dragged or not; nil when it does not exist.
    public func restingFrame(for indexPath: IndexPath) -> Rect? { flowFrame(ofItemAt: indexPath) }

    // MARK: DynamicAnimatorDelegate

    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}

    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
        // Only a pause after the release ends the drag: a flock held still also comes to rest.
        guard isReturning else { return }
        clearDraggedIndexPaths()
        onDragStateCleared?()
    }
}
