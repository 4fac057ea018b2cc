import Geometry
import Layout

/// Cell registration, reuse and lookup (UIKit's `dequeueReusableCell(withReuseIdentifier:for:)`,
/// `visibleCells`, `indexPathForItem(at:)` and friends). The pools live in ``CollectionView``.
extension CollectionView {
    /// Makes ``dequeueReusableCell(withReuseIdentifier:for:)`` create `cellClass` cells for `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass
    }

    /// A recycled cell for `identifier` (after its ``CollectionViewCell/prepareForReuse()``), or a
    /// new one of the registered class (plain ``CollectionViewCell`` when none is registered).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        if let cell = pool[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        let cell = (registered[identifier] ?? CollectionViewCell.self).init(frame: .zero)
        cell.reuseIdentifier = identifier
        return cell
    }

    /// Moves `cell` off screen into the reuse pool of its identifier.
    func enqueue(_ cell: CollectionViewCell) {
        cell.removeFromSuperview()
        cell.indexPath = nil
        pool[cell.reuseIdentifier ?? "", default: []].append(cell)
    }

    /// The cells on screen (one per visible item), in no particular order.
    public var visibleCells: [CollectionViewCell] { Array(cells.values) }
    /// The number of cells on screen (``visibleCells``' count without building the array).
    public var visibleCellCount: Int { cells.count }
    /// The number of cells waiting in the reuse pools. A cell is made only when its pool is
    /// empty, so this plus ``visibleCellCount`` never exceeds the most cells shown at once: the
    /// fuzzer checks it stays bounded over a long run.
    public var reusableCellCount: Int { pool.values.reduce(0) { $0 + $1.count } }
    /// The index paths of the visible items, sorted.
    public var indexPathsForVisibleItems: [IndexPath] { cells.keys.sorted() }
    /// The cell showing the item at `indexPath`, or nil when that item is not visible.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { cells[indexPath] }
    /// The item a visible `cell` shows.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? { cell.superview === self ? cell.indexPath : nil }
    /// The attributes a visible item is shown with now (content coordinates), including batch
    /// animation; nil when it is not visible.
    public func displayedAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { displayed[indexPath] }

    /// The item at `point` (content coordinates): the top-most visible, unhidden item whose
    /// transformed frame contains it, else what the layout places there; nil for empty space.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        var best: LayoutAttributes?
        for (_, a) in displayed where !a.isHidden && a.transformedFrame.contains(point) {
            if best == nil || a.zIndex > best!.zIndex || (a.zIndex == best!.zIndex && a.indexPath < best!.indexPath) { best = a }
        }
        if let best { return best.indexPath }
        collectionViewLayout.prepareIfNeeded()
        let probe = Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        return collectionViewLayout.layoutAttributesForElements(in: probe)
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.transformedFrame.contains(point) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }
}
