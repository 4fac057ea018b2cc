import Geometry
import Layout

/// Supplementary views (headers, footers, decorations a layout asks for): one data-source view
/// per visible element, placed from its attributes.
extension CollectionView {
    /// Keeps one data-source view per visible supplementary element (created when it appears,
    /// dropped when it leaves) and places it from its attributes.
    func layoutSupplementaryViews(_ attributes: [LayoutAttributes]) {
        nextSupplementary.removeAll(keepingCapacity: true)
        for a in attributes where a.representedElementCategory == .supplementaryView {
            let key = SupplementaryKey(kind: a.representedElementKind ?? "", indexPath: a.indexPath)
            guard nextSupplementary[key] == nil else { continue }
            let view: View
            if let v = supplementary.removeValue(forKey: key) {
                view = v
            } else if let v = dataSource?.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath) {
                view = v
                addSubview(v)
            } else {
                continue
            }
            view.center = a.center
            view.bounds = Rect(origin: view.bounds.origin, size: a.size)
            view.transform = a.transform
            view.alpha = a.alpha
            view.isHidden = a.isHidden
            view.zPosition = Double(a.zIndex)
            nextSupplementary[key] = view
        }
        for (_, v) in supplementary { v.removeFromSuperview() }
        swap(&supplementary, &nextSupplementary)
        nextSupplementary.removeAll(keepingCapacity: true)
    }

    /// The supplementary view of `kind` shown for `indexPath`, or nil when it is not visible.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> View? {
        supplementary[SupplementaryKey(kind: kind, indexPath: indexPath)]
    }
}
