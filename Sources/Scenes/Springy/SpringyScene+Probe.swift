import Geometry
import Views

/// The springy scene's answers to a fuzzer's probe (``SceneProbing``): springs stay under the
/// tiling bound, the list is not dragged after the pointer goes up.
extension SpringyScene {
    /// The scene's window.
    public var probedWindow: Window? { host.window }
    /// The message list.
    public var probedCollectionView: CollectionView? { collectionView }

    /// What tiles `area`'s height (rows of at least 44 pt), twice over for rows in flight.
    public func cellBound(for area: Size) -> Int {
        let h = max(area.height, 1)
        return 2 * Int(saturating: h / 50 + 8) + 16
    }

    /// Springs only for the rows within the tiling margin of the largest content area; no drag
    /// after the pointer went up.
    public func restProblem(resting: Bool, largestContent: Size) -> String? {
        let bound = Int(saturating: (largestContent.height + 2 * layout.tilingMargin) / 50 + 8)
        if layout.springs.count > bound { return "\(layout.springs.count) springs, more than the tiling bound \(bound)" }
        if collectionView.isDragging { return "after the pointer went up, the list is still being dragged" }
        return nil
    }
}
