import Geometry
import Gestures

/// Selection by click and by code (UIKit's `selectItem(at:…)`, `indexPathsForSelectedItems`).
/// The selection and its switches live in ``CollectionView``.
extension CollectionView {
    /// The selected items, sorted.
    public var indexPathsForSelectedItems: [IndexPath] { selected.sorted() }

    /// Selects the item at `indexPath` (deselecting the others unless ``allowsMultipleSelection``).
    /// Does not call the delegate, as in UIKit.
    public func selectItem(at indexPath: IndexPath) {
        if !allowsMultipleSelection { for ip in selected where ip != indexPath { deselectItem(at: ip) } }
        selected.insert(indexPath)
        cells[indexPath]?.isSelected = true
    }
    /// Deselects the item at `indexPath`; does not call the delegate.
    public func deselectItem(at indexPath: IndexPath) {
        selected.remove(indexPath)
        cells[indexPath]?.isSelected = false
    }

    /// The selection tap's action: selects (or toggles) the clicked item and tells the delegate.
    func handleTap(_ r: GestureRecognizer) {
        guard r.state == .ended, allowsSelection, let ip = indexPathForItem(at: r.location(in: self)) else { return }
        if selected.contains(ip) && allowsMultipleSelection {
            deselectItem(at: ip)
            delegate?.collectionView(self, didDeselectItemAt: ip)
            return
        }
        guard !selected.contains(ip), delegate?.collectionView(self, shouldSelectItemAt: ip) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selected { deselectItem(at: old); delegate?.collectionView(self, didDeselectItemAt: old) }
        }
        selectItem(at: ip)
        delegate?.collectionView(self, didSelectItemAt: ip)
    }
}
