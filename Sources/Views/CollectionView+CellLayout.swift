import Geometry
import Layout

/// Making and placing cells during layout: a new cell for an item that enters, and the partial
/// layout pass that updates only the items the layout invalidated. ``layoutSubviews()`` (an
/// override, so in ``CollectionView`` itself) runs the full pass.
extension CollectionView {
    /// A new (or recycled) cell for `ip` from the data source, placed among the subviews; nil
    /// without a data source.
    func makeCell(for ip: IndexPath) -> CollectionViewCell? {
        guard let ds = dataSource else { return nil }
        let cell = ds.collectionView(self, cellForItemAt: ip)
        cell.indexPath = ip
        cell.isSelected = selected.contains(ip)
        if cell.superview !== self {
            if keepsCellsInIndexPathOrder { insertCellInIndexPathOrder(cell, at: ip) } else { addSubview(cell) }
        }
        return cell
    }

    /// The layout pass for invalidated `items` alone, with the same outcome for them as a full
    /// pass: the ones still in the bounds get their new attributes (their cell kept, or made, in
    /// the layout's order), the others leave and their cells are recycled first, so that cells
    /// entering in the same pass reuse them. Every other item keeps its cell and attributes.
    func updateCells(forItems items: Set<IndexPath>) {
        guard !items.isEmpty else { return }
        let fresh = collectionViewLayout.layoutAttributesForItems(at: items, in: bounds)
        // Kept cells are stamped with this pass (first wins without a set lookup per item);
        // items entering (no cell yet) are collected and made after the leavers are recycled.
        partialPass &+= 1
        let pass = partialPass
        var shownCount = 0
        shownOrder.removeAll(keepingCapacity: true)
        partialShown.removeAll(keepingCapacity: true)
        for a in fresh where a.representedElementCategory == .cell {
            let ip = a.indexPath
            guard items.contains(ip) else { continue }          // only those the layout was asked for
            if let cell = cells[ip] {
                guard cell.layoutPass != pass else { continue }  // a layout may list an item twice
                cell.layoutPass = pass
                displayed.updateValue(a, forKey: ip)
                cell.apply(a)
                shownCount += 1
            } else if partialShown.insert(ip).inserted {
                shownOrder.append(a)
                shownCount += 1
            }
        }
        // Invalidated items the layout no longer shows leave; their cells are recycled before
        // the entering items' cells are made, so that those reuse them.
        if shownCount < items.count {
            for ip in items {
                if let cell = cells[ip] {
                    guard cell.layoutPass != pass else { continue }
                    cells.removeValue(forKey: ip)
                    enqueue(cell)
                    displayed[ip] = nil
                } else if !partialShown.contains(ip) {
                    displayed[ip] = nil
                }
            }
        }
        for shown in shownOrder {
            let ip = shown.indexPath
            if let cell = makeCell(for: ip) {
                displayed[ip] = shown
                cell.apply(shown)
                cells[ip] = cell
            } else {
                displayed[ip] = nil
            }
        }
    }

    private func insertCellInIndexPathOrder(_ cell: CollectionViewCell, at ip: IndexPath) {
        let later = subviews.firstIndex { view in
            guard let other = (view as? CollectionViewCell)?.indexPath else { return false }
            return other > ip
        }
        insertSubview(cell, at: later ?? subviews.count)
    }
}
