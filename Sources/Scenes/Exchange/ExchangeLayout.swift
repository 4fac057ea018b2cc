import Geometry
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
            a.alpha = alphaForDisplacedItem
        }
    }
}
