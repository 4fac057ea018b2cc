import Geometry
import Animation
import Layout

/// A flow layout (sections with headers) that shows an exchange in progress (a port of the
/// reference `SSCollectionViewExchangeLayout`): the item at ``hiddenIndexPath`` (P, where the
/// dragged item now sits under its snapshot) is hidden, and the item at ``dimmedIndexPath`` (D,
/// where the displaced item now sits) is drawn at ``alphaForDisplacedItem``. When both are the
/// same item (nothing displaced yet), it is hidden. Section headers sit one layer below the
/// cells (`zIndex = -1`), so cells flying across a header during an exchange pass over its title.
public final class ExchangeLayout: FlowLayout {
    /// The item to hide (P), or nil.
    public var hiddenIndexPath: IndexPath? { didSet { if hiddenIndexPath != oldValue { invalidateLayout() } } }
    /// The item to dim (D), or nil.
    public var dimmedIndexPath: IndexPath? { didSet { if dimmedIndexPath != oldValue { invalidateLayout() } } }
    /// The opacity of the displaced item, 0…1. Default 0.6.
    public var alphaForDisplacedItem = ExchangeTunables().alphaForDisplacedItem { didSet { invalidateLayout() } }
    /// How far the dimmed item has faded back to full opacity, 0…1 (the release animates it while
    /// the snapshot flies into place). Default 0; its presentation value is what the layout shows.
    public let dimmedRecovery = AnimatableProperty<Double>(0)

    /// Flow attributes with the hidden and dimmed items marked and the headers below the cells.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let attributes = super.layoutAttributesForElements(in: rect)
        for a in attributes {
            if a.representedElementCategory == .cell { mark(a) } else { a.zIndex = -1 }
        }
        return attributes
    }

    /// The flow attributes of the header or footer, one layer below the cells.
    public override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        let a = super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        a?.zIndex = -1
        return a
    }

    /// The flow attributes of the item, marked hidden or dimmed.
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let a = super.layoutAttributesForItem(at: indexPath) else { return nil }
        mark(a)
        return a
    }

    private func mark(_ a: LayoutAttributes) {
        if a.indexPath == hiddenIndexPath {
            a.isHidden = true
        } else if a.indexPath == dimmedIndexPath {
            let k = min(1, max(0, dimmedRecovery.presentationValue))
            a.alpha = alphaForDisplacedItem + (1 - alphaForDisplacedItem) * k
        }
    }

    // MARK: Keyboard geometry

    /// A direction an arrow key moves the focus in.
    public enum Direction: Sendable, Equatable {
        /// The previous item (across sections).
        case left
        /// The next item (across sections).
        case right
        /// One line up, keeping the column (across sections).
        case up
        /// One line down, keeping the column (across sections).
        case down
    }

    /// The number of items on the first line of `section` (the flow wraps every line alike); 1
    /// for an empty section or without a collection view.
    public func itemsPerLine(inSection section: Int) -> Int {
        let count = collectionView?.numberOfItems(inSection: section) ?? 0
        guard count > 0, let y0 = layoutAttributesForItem(at: IndexPath(item: 0, section: section))?.frame.minY else { return 1 }
        var k = 1
        while k < count, layoutAttributesForItem(at: IndexPath(item: k, section: section))?.frame.minY == y0 { k += 1 }
        return k
    }

    /// The item an arrow key leads to from `ip`: left/right step through the items (across
    /// sections), up/down move a line keeping the column (across sections); nil at the ends.
    /// Counts come from the collection view.
    public func indexPath(neighbouring ip: IndexPath, toward direction: Direction) -> IndexPath? {
        guard let cv = collectionView else { return nil }
        let count = cv.numberOfItems(inSection: ip.section)
        let previous = (0..<ip.section).last { cv.numberOfItems(inSection: $0) > 0 }
        let next = (ip.section + 1..<max(ip.section + 1, cv.numberOfSections)).first { cv.numberOfItems(inSection: $0) > 0 }
        switch direction {
        case .left:
            if ip.item > 0 { return IndexPath(item: ip.item - 1, section: ip.section) }
            return previous.map { IndexPath(item: cv.numberOfItems(inSection: $0) - 1, section: $0) }
        case .right:
            if ip.item + 1 < count { return IndexPath(item: ip.item + 1, section: ip.section) }
            return next.map { IndexPath(item: 0, section: $0) }
        case .up:
            let perLine = itemsPerLine(inSection: ip.section), column = ip.item % perLine
            if ip.item >= perLine { return IndexPath(item: ip.item - perLine, section: ip.section) }
            return previous.map { s in
                let n = cv.numberOfItems(inSection: s), pl = itemsPerLine(inSection: s)
                return IndexPath(item: min((n - 1) / pl * pl + column, n - 1), section: s)
            }
        case .down:
            let perLine = itemsPerLine(inSection: ip.section), column = ip.item % perLine
            if (ip.item / perLine + 1) * perLine < count { return IndexPath(item: min(ip.item + perLine, count - 1), section: ip.section) }
            return next.map { s in IndexPath(item: min(column, cv.numberOfItems(inSection: s) - 1), section: s) }
        }
    }
}
