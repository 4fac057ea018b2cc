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
        startHomes = items.map(\.center)
        returnShifts = items.map { _ in Vector.zero }
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
        guard let start = startPoint, let drag = dragBehavior, !isReturning else { return }
        isReturning = true
        returnShifts = homeShifts(of: drag)
        drag.updateReturnLocation(start, shifts: returnShifts)
    }

    /// Where each dragged item's place was when the drag started (centres, content points), in
    /// the drag's item order.
    private var startHomes: [Point] = []
    /// How far each item's place had moved since the drag started when its square was last sent
    /// home (points): the grid relaid out (a compare's split, a resize) while the flock flew.
    private var returnShifts: [Vector] = []

    /// How far each item of `drag` has to land from where its place was when the drag started.
    private func homeShifts(of drag: DragBehavior) -> [Vector] {
        drag.items.indices.map { k in
            guard k < startHomes.count, let a = drag.items[k] as? LayoutAttributes,
                  let home = flowFrame(ofItemAt: a.indexPath) else { return .zero }
            return home.center - startHomes[k]
        }
    }

    /// The flow's places, recomputed; a flock flying home whose places moved (the grid was laid
    /// out anew at another width) is sent to its new places, so no cell lands where its place
    /// was, leaving a hole where it is now.
    public override func prepare() {
        super.prepare()
        guard isReturning, let start = startPoint, let drag = dragBehavior else { return }
        let shifts = homeShifts(of: drag)
        guard shifts != returnShifts else { return }
        returnShifts = shifts
        drag.updateReturnLocation(start, shifts: shifts)
    }

    /// Takes over `other`'s drag (the A/B compare's B copying A): the same items, at `other`'s
    /// places with its velocities (``Dynamics/DynamicAnimator/adoptMotion(of:)``), on copies of its
    /// springs and anchors, held or flying home as there, with this layout's frequency and damping;
    /// no drag when `other` has none. One pass over the dragged items.
    public func adoptDrag(of other: DraggableLayout) {
        clearDraggedIndexPaths()
        guard let behavior = other.dragBehavior, let otherAnimator = other.dynamicAnimator else { return }
        prepareIfNeeded()
        let animator = DynamicAnimator(collectionViewLayout: self)
        animator.delegate = self
        let items: [any DynamicItem] = behavior.items.compactMap { ($0 as? LayoutAttributes)?.copy() }
        let drag = DragBehavior(copying: behavior, items: items)
        drag.frequency = frequency
        drag.damping = damping
        animator.addBehavior(drag)
        animator.adoptMotion(of: otherAnimator)
        dragBehavior = drag
        startHomes = other.startHomes
        returnShifts = other.returnShifts
        draggedIndexPaths = other.draggedIndexPaths
        startPoint = other.startPoint
        isReturning = other.isReturning
        invalidateLayout()
    }

    /// Forgets the drag: removes the animator and shows every item at its flow position again.
    public func clearDraggedIndexPaths() {
        dynamicAnimator?.removeAllBehaviors()
        dynamicAnimator = nil
        dragBehavior = nil
        startHomes = []
        returnShifts = []
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
