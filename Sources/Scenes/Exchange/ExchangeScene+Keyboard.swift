import Geometry
import Drawing
import Animation
import Gestures
import Layout
import Views

/// The keyboard exchange: arrows move a focus ring, Space catches and drops the focused name,
/// Escape cancels (Kinetic's, beyond the reference controller, which had none).
extension ExchangeScene {

    func keyboardSpace() {
        if controller.isExchangeTransactionInProgress {
            if isKeyboardTransaction { release() }
            return
        }
        guard let ip = focusedIndexPath ?? firstItem() else { return }
        focusedIndexPath = ip
        guard controller.beginExchangeTransaction(at: ip) else { return }
        isKeyboardTransaction = true
        guard let a = layout.layoutAttributesForItem(at: ip) else { return }
        catchItem(at: ip, pointer: a.center)
        scrollToVisible(ip)
    }

    func keyboardArrow(_ key: String) {
        if isPointerTransaction { return }
        guard let current = focusedIndexPath, model.contains(current) else {
            focusedIndexPath = firstItem()
            if let f = focusedIndexPath { scrollToVisible(f) }
            return
        }
        guard let next = neighbour(of: current, key) else { return }
        focusedIndexPath = next
        if isKeyboardTransaction {
            controller.hover(over: next)
            if let a = layout.layoutAttributesForItem(at: next) { snapshots.glide(to: a.center) }
        }
        scrollToVisible(next)
    }

    func firstItem() -> IndexPath? {
        (0..<model.numberOfSections).first { model.numberOfItems(inSection: $0) > 0 }.map { IndexPath(item: 0, section: $0) }
    }

    /// The item an arrow `key` leads to from `ip` (``ExchangeLayout/indexPath(neighbouring:toward:)``).
    func neighbour(of ip: IndexPath, _ key: String) -> IndexPath? {
        let direction: ExchangeLayout.Direction
        switch key {
        case "left": direction = .left
        case "right": direction = .right
        case "up": direction = .up
        case "down": direction = .down
        default: return nil
        }
        return layout.indexPath(neighbouring: ip, toward: direction)
    }

    /// Scrolls (gliding) just enough to show the item at `ip` with a margin; while a name is
    /// held, only where the variant scrolls then (``ExchangeScene/scrollsDuringTransactions``).
    func scrollToVisible(_ ip: IndexPath) {
        if controller.isExchangeTransactionInProgress && !scrollsDuringTransactions { return }
        guard let f = layout.layoutAttributesForItem(at: ip)?.frame else { return }
        let b = collectionView.bounds, margin = 12.0
        let maxY = max(0, collectionView.contentSize.height - b.height)
        var y = b.minY
        if f.minY - margin < b.minY { y = f.minY - margin - layout.headerReferenceSize.height }
        else if f.maxY + margin > b.maxY { y = f.maxY + margin - b.height }
        y = clamp(y, 0, maxY)
        if y != b.minY { collectionView.setContentOffset(Point(x: b.minX, y: y), animated: true) }
    }
}
