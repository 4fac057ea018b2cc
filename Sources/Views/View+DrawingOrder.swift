/// The order subviews are drawn and hit-tested in: ascending ``presentationZPosition``, then
/// array order, kept from frame to frame while it holds.
extension View {
    /// Subviews in drawing order: ascending ``presentationZPosition``, then array order.
    ///
    /// The order of the previous call is kept and only checked (one pass, no allocation) while
    /// the subviews stay the same; it is sorted again when a z position moves a view out of place.
    var subviewsInDrawingOrder: [View] {
        if drawingOrder.count == subviews.count {
            var ordered = true
            var previous = -Double.infinity, previousIndex = -1
            for (k, v) in drawingOrder.enumerated() {
                let z = v.presentationZPosition, i = drawingOrderIndices[k]
                if z < previous || (z == previous && i < previousIndex) { ordered = false; break }
                previous = z; previousIndex = i
            }
            if ordered { return drawingOrder }
        }
        // Whole z positions in a small range (item z-indices: 0, and 1 for dragged items) are
        // ordered by counting, stably: a collection view re-sorts its cells whenever one enters.
        drawingZ.removeAll(keepingCapacity: true)
        var lo = 0.0, hi = 0.0, whole = true
        for v in subviews {
            let z = v.presentationZPosition
            drawingZ.append(z)
            if drawingZ.count == 1 { lo = z; hi = z } else { lo = Swift.min(lo, z); hi = Swift.max(hi, z) }
            if z != z.rounded() { whole = false }
        }
        if lo == hi && whole {
            drawingOrder = subviews
            drawingOrderIndices = Array(subviews.indices)
            return subviews
        }
        if whole && hi - lo <= 64 {
            var start = [Int](repeating: 0, count: Int(hi - lo) + 2)
            for z in drawingZ { start[Int(z - lo) + 1] += 1 }
            for b in 1..<start.count { start[b] += start[b - 1] }
            drawingOrderIndices = [Int](repeating: 0, count: subviews.count)
            for (i, z) in drawingZ.enumerated() {
                let b = Int(z - lo)
                drawingOrderIndices[start[b]] = i
                start[b] += 1
            }
            drawingOrder = drawingOrderIndices.map { subviews[$0] }
            return drawingOrder
        }
        let sorted = subviews.enumerated().sorted { a, b in
            let za = a.element.presentationZPosition, zb = b.element.presentationZPosition
            return za != zb ? za < zb : a.offset < b.offset
        }
        drawingOrder = sorted.map(\.element)
        drawingOrderIndices = sorted.map(\.offset)
        return drawingOrder
    }

    /// The subviews were added, removed or reordered: the drawing order and the content change.
    /// After any change of ``subviews``. A subview added on top or removed is noted in the
    /// retained subview drawing when it can be (cells come and go every frame while a flock
    /// swings across the edge); other changes start it over.
    func subviewsDidChange(addedOnTop added: View? = nil, removed: View? = nil) {
        drawingOrder.removeAll()
        drawingOrderIndices.removeAll()
        let noted: Bool
        if let cache = subviewDrawingCache {
            if let removed { noted = cache.remove(removed.drawingEntry, id: ObjectIdentifier(removed)) }
            else if let added { noted = cache.append(added, z: added.presentationZPosition) }
            else { noted = false }
        } else {
            noted = false
        }
        if !noted {
            subviewGeneration &+= 1
            drawingOrderMayHaveChanged = true
        }
        setNeedsDisplay()
    }
}
