import Geometry
import Drawing

/// The display-list items a view's subviews drew in the last frame, one entry per subview in
/// drawing order, kept by a view whose ``View/retainsSubviewDrawing`` is on (a collection view).
///
/// Core Animation composites a retained layer tree and visits only the layers that changed; this
/// is Kinetic's form of it. A subview that rasterizes (``View/shouldRasterize``) and has not
/// changed since it last drew (no property set on it or in its subtree, no animation running,
/// its layer neither stale nor volatile) is *clean*: its items are copied from here instead of
/// being worked out again. Setters mark a subview's entry dirty (``View/markDrawingDirty()``);
/// a change of the parent's drawing context or clip, of its subviews or of their drawing order
/// redraws every subview. Debug builds draw every replayed subview again and check that the
/// items are the same.
final class SubviewDrawingCache {
    /// One subview's items: `items[start ..< start + count]`.
    struct Entry {
        /// The subview, unretained: valid while ``key``'s generation is the parent's (every
        /// change of the subviews but a noted removal bumps it) and the entry is not removed;
        /// debug builds check this before each pass (``checkInvariants(subviews:generation:)``).
        /// Not `unowned` (checked): its retain and release on every recorded, copied and dropped
        /// entry cost the drag scene 3% of its frame logic (85 → 88 µs).
        unowned(unsafe) let view: View
        /// The subview's identity, compared without touching the object.
        let id: ObjectIdentifier
        var start: Int
        var count: Int
        /// Whether the subview may be replayed next frame.
        var isClean: Bool
        /// The subview's z position when it was recorded (drawing order: z, then subview index).
        var z: Double
        /// Whether the subview has left (its items are dropped at the next pass; ``view`` must
        /// not be touched).
        var isRemoved = false
    }

    /// Entries in drawing order.
    @exclusivity(unchecked) var entries: [Entry] = []
    /// Every entry's items, back to back, in drawing order.
    @exclusivity(unchecked) var items: [DisplayList.Item] = []
    /// How many entries are not clean (0: the whole pass is one copy).
    var dirtyCount = 0
    /// The parent's context, clip and subview generation the entries were drawn with; nil when
    /// there are no entries to replay.
    var key: Key?

    /// What the entries depend on beyond the subviews themselves.
    struct Key: Equatable {
        var context: View.DrawingContext
        var clip: Rect?
        var generation: Int
    }

    /// Subviews copied and drawn in the last pass, and passes that recorded every subview (for
    /// tests). Removed-subview entries count as neither.
    var lastReplayed = 0, lastDrawn = 0, records = 0

    /// Forgets every entry but remembers the parent's context and clip, so that the next pass
    /// records if they are the same then (a scroll in progress is drawn without recording).
    func restart(context: View.DrawingContext, clip: Rect?) {
        invalidate()
        key = Key(context: context, clip: clip, generation: -1)
    }

    /// Forgets every entry (the next pass draws all subviews).
    func invalidate() {
        entries.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        dirtyCount = 0
        removedCount = 0
        topZ = -.infinity
        key = nil
    }

    /// Marks entry `index` dirty if it belongs to the view with identity `id`.
    func markDirty(_ index: Int, id: ObjectIdentifier) {
        guard index >= 0, index < entries.count, entries[index].id == id else { return }
        markDirtyAt(index)
    }

    /// While some property animates somewhere: marks the entries of subviews in flight dirty.
    /// Returns false when one's z position animates (the order may change: record again).
    func markAnimatingEntriesDirty() -> Bool {
        for k in entries.indices where !entries[k].isRemoved {
            let view = entries[k].view
            if view.zPositionIsAnimating { return false }
            if view.isInFlight { markDirtyAt(k) }
        }
        return true
    }

    /// Notes that the subview of entry `index` (identity `id`) left; false when the entries
    /// cannot follow (they must be recorded again). Too many departed entries also start over.
    func remove(_ index: Int, id: ObjectIdentifier) -> Bool {
        guard key != nil, index >= 0, index < entries.count, entries[index].id == id, !entries[index].isRemoved else { return false }
        removedCount += 1
        guard removedCount * 4 <= entries.count else { return false }
        entries[index].isRemoved = true
        markDirtyAt(index)
        return true
    }

    /// Notes a subview added on top with z position `z`: it draws last when no entry has a
    /// higher z, and joins the end of the entries (dirty, so it is drawn next pass); false
    /// otherwise (the entries must be recorded again).
    func append(_ view: View, z: Double) -> Bool {
        guard key != nil, z >= topZ else { return false }
        entries.append(Entry(view: view, id: ObjectIdentifier(view), start: items.count, count: 0, isClean: false, z: z))
        dirtyCount += 1
        topZ = z
        view.drawingEntryDidChange(to: entries.count - 1)
        return true
    }

    /// The highest z position among the entries (recorded or appended).
    var topZ = -Double.infinity
    /// Entries of subviews that left since the last record.
    private(set) var removedCount = 0

    #if DEBUG
    /// Debug builds: checks what the unretained ``Entry/view`` relies on, before a pass touches
    /// any entry's view, and the bookkeeping (swift-collections' `_checkInvariants()` habit).
    /// `subviews` and `generation` are the parent's. While the entries are current (their
    /// generation is the parent's), every entry not removed is one of `subviews`, which retain
    /// it, so its view is alive; a stale generation means the next pass records afresh without
    /// touching them.
    func checkInvariants(subviews: [View], generation: Int) {
        precondition(key != nil || entries.isEmpty, "SubviewDrawingCache: entries without a key")
        precondition(dirtyCount == entries.count { !$0.isClean }, "SubviewDrawingCache: dirtyCount is off")
        precondition(topZ == entries.last?.z ?? -.infinity, "SubviewDrawingCache: topZ is not the last entry's")
        var start = 0
        for e in entries {
            precondition(e.start == start && e.count >= 0, "SubviewDrawingCache: entries do not tile the items")
            start += e.count
        }
        precondition(start == items.count, "SubviewDrawingCache: entries do not cover the items")
        guard key?.generation == generation else { return }
        // (A refused removal counts too, but bumps the generation: exact only while current.)
        precondition(removedCount == entries.count { $0.isRemoved }, "SubviewDrawingCache: removedCount is off")
        let alive = Set(subviews.lazy.map { ObjectIdentifier($0) })
        for (k, e) in entries.enumerated() where !e.isRemoved {
            // Comparing identities reads the reference's bits, never the object.
            precondition(alive.contains(e.id) && ObjectIdentifier(e.view) == e.id,
                         "SubviewDrawingCache: an entry outlived its subview")
            // Alive, so the view may be read: it has this one entry, and knows it.
            precondition(e.view.drawingEntry == k, "SubviewDrawingCache: a subview has two entries, or lost its own")
        }
    }
    #endif

    private func markDirtyAt(_ index: Int) {
        guard entries[index].isClean else { return }
        entries[index].isClean = false
        dirtyCount += 1
    }
}
