import Geometry
import Views

/// The drag scene's answers to a fuzzer's probe (``SceneProbing``): the flock is let go after the
/// pointer goes up and no behaviors stay without a drag; a seed flock may swing for
/// ``SceneProbe/swingingFlockAllowance``.
extension DragScene {
    /// The scene's window.
    public var probedWindow: Window? { host.window }
    /// The grid.
    public var probedCollectionView: CollectionView? { collectionView }

    /// Whether a seed drag flock (every cell on one shared square, the source document's layout)
    /// is held or swinging home.
    public var holdsSeedFlock: Bool {
        guard let b = layout.dragBehavior else { return false }
        return b.anchoring == .sharedSquare
    }

    /// Whether a drag flock is still held or swinging home.
    public var holdsFlock: Bool { layout.dragBehavior != nil }

    /// What tiles `area` (cells at least 40×40 with 10 pt gaps), twice over for cells in flight,
    /// plus every item the flock carries.
    public func cellBound(for area: Size) -> Int {
        let w = max(area.width, 1), h = max(area.height, 1)
        return 2 * Int(saturating: (w / 50 + 2) * (h / 50 + 2)) + layout.draggedIndexPaths.count + 16
    }

    /// At rest no drag; after the pointer went up the flock is returning, and without a drag the
    /// drag animator holds no behaviors.
    public func restProblem(resting: Bool, largestContent: Size) -> String? {
        if resting && isDragging { return "at rest, a drag is still in progress" }
        if layout.dragBehavior != nil && !layout.isReturning { return "after the pointer went up, the flock is still held" }
        if let a = layout.dynamicAnimator, layout.dragBehavior == nil, !a.behaviors.isEmpty {
            return "no drag, but the drag animator still holds \(a.behaviors.count) behaviors"
        }
        return nil
    }

    /// The drag animator's items and springs, while it exists.
    public var busyReasons: [String] {
        guard let a = layout.dynamicAnimator else { return [] }
        let fastest = a.dynamicItems.map { a.linearVelocity(for: $0).length }.max() ?? 0
        let spin = a.dynamicItems.map { abs(a.angularVelocity(for: $0)) }.max() ?? 0
        return ["drag: dragging \(isDragging), returning \(layout.isReturning), \(a.awakeItemCount) of "
                + "\(a.dynamicItems.count) items awake, fastest \(fastest) pt/s, \(spin) rad/s, "
                + "frequency \(layout.frequency) Hz, damping \(layout.damping)"]
    }
}
