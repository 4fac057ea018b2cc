import Geometry
import Animation
import Drawing

/// Retained subview drawing (``retainsSubviewDrawing``): the parent side of
/// ``SubviewDrawingCache``, which copies the items of subviews that did not change instead of
/// walking them again.
extension View {
    /// Called by the superview's ``SubviewDrawingCache`` when it gives this view an entry.
    func drawingEntryDidChange(to index: Int) { drawingEntry = index }

    /// Marks this view's items in its superview's retained drawing as out of date (it moved, or
    /// it or something in it changed).
    func markDrawingDirty() {
        guard drawingEntry >= 0, let parent = superviewRef else { return }
        let index = drawingEntry, id = ObjectIdentifier(self)
        parent._withUnsafeGuaranteedRef { $0.subviewDrawingCache?.markDirty(index, id: id) }
    }

    /// Whether the items this view drew in this frame can be replayed next frame unless it is
    /// marked dirty: a rasterized layer whose content is settled (drawn, neither stale, nor
    /// changing frame after frame, nor animating).
    /// `animating`: whether any property animates anywhere (then this view's are looked at).
    private func drawingIsReplayable(animating: Bool) -> Bool {
        guard shouldRasterize, let state = layerState else { return false }
        guard !state.isStale && !state.wasAnimating && state.changeStreak == 0 && !state.content.isVolatile else { return false }
        return !animating || !isInFlight
    }

    /// Whether an animation is changing what this view draws within its superview: its
    /// position, size, transform, opacity, z, shadow, or anything in its content.
    var isInFlight: Bool { contentIsAnimating(asRoot: false) }


    /// Draws the subviews through the retained drawing: the whole pass copied when no subview
    /// changed, clean subviews copied and the others drawn when the order and the context are
    /// the same as last frame, every subview drawn (and recorded) otherwise.
    func renderSubviews(into list: inout DisplayList, context ctx: DrawingContext, cache: SubviewDrawingCache) {
        #if DEBUG
        cache.checkInvariants(subviews: subviews, generation: subviewGeneration)
        #endif
        let key = SubviewDrawingCache.Key(context: ctx, clip: list.currentClip, generation: subviewGeneration)
        // Animations change presentation values without setters: while any property animates,
        // subviews in flight are drawn, and an animated z position (the order) redraws all.
        let animating = PropertyAnimationActivity.isAnyPropertyAnimating
        var replayable = cache.key == key && !drawingOrderMayHaveChanged
        if replayable && animating { replayable = cache.markAnimatingEntriesDirty() }
        guard replayable else {
            // A context that changed since last frame (scrolling) usually changes again next
            // frame: draw without recording, and record once it holds still.
            let record = cache.key?.context == ctx && cache.key?.clip == key.clip
            cache.invalidate()
            cache.lastReplayed = 0
            cache.lastDrawn = subviews.count
            if record { renderSubviewsRecording(into: &list, context: ctx, cache: cache, key: key) }
            else {
                for s in subviewsInDrawingOrder { s.render(into: &list, parent: ctx) }
                cache.restart(context: ctx, clip: key.clip)
            }
            return
        }
        #if DEBUG
        defer { verifyReplayedSubviews(cache, context: ctx, clip: key.clip) }
        #endif
        if cache.dirtyCount == 0 {
            list.appendItems(cache.items)
            cache.lastReplayed = cache.entries.count - cache.removedCount
            cache.lastDrawn = 0
            return
        }
        // Clean runs are copied in one piece; a dirty subview is drawn and, while its number of
        // items stays the same, written over its old items.
        var runStart = 0, reshaped = false, dirty = 0, drawn = 0
        let passStart = list.count
        for k in cache.entries.indices {
            let e = cache.entries[k]
            if e.isClean { continue }
            if runStart < e.start { list.appendItems(cache.items[runStart ..< e.start]) }
            runStart = e.start + e.count
            if e.isRemoved {
                // Gone: its items go, and it stays as an empty clean entry until the next record.
                cache.entries[k].isClean = true
                if e.count > 0 { cache.entries[k].count = 0; reshaped = true }
                continue
            }
            let first = list.count
            e.view.render(into: &list, parent: ctx)
            drawn += 1
            let n = list.count - first
            if n == e.count {
                for i in 0..<n { cache.items[e.start + i] = list.items[first + i] }
            } else {
                cache.entries[k].count = n
                reshaped = true
            }
            let clean = e.view.drawingIsReplayable(animating: animating)
            cache.entries[k].isClean = clean
            if !clean { dirty += 1 }
        }
        if runStart < cache.items.count { list.appendItems(cache.items[runStart...]) }
        cache.dirtyCount = dirty
        cache.lastDrawn = drawn
        cache.lastReplayed = cache.entries.count - drawn - cache.removedCount
        if reshaped {
            cache.items.removeAll(keepingCapacity: true)
            cache.items.append(contentsOf: list.items[passStart...])
            var start = 0
            for k in cache.entries.indices {
                cache.entries[k].start = start
                start += cache.entries[k].count
            }
        }
    }

    /// Draws every subview in drawing order and records each one's items.
    private func renderSubviewsRecording(into list: inout DisplayList, context ctx: DrawingContext,
                                         cache: SubviewDrawingCache, key: SubviewDrawingCache.Key) {
        let passStart = list.count
        let animating = PropertyAnimationActivity.isAnyPropertyAnimating
        var dirty = 0, zInFlight = false
        for (k, s) in subviewsInDrawingOrder.enumerated() {
            let first = list.count
            s.render(into: &list, parent: ctx)
            let clean = s.drawingIsReplayable(animating: animating)
            if !clean { dirty += 1 }
            if animating && s.zPositionIsAnimating { zInFlight = true }
            cache.entries.append(SubviewDrawingCache.Entry(view: s, id: ObjectIdentifier(s), start: first - passStart,
                                                           count: list.count - first, isClean: clean,
                                                           z: s.presentationZPosition))
            s.drawingEntry = k
        }
        cache.items.append(contentsOf: list.items[passStart...])
        cache.dirtyCount = dirty
        cache.topZ = cache.entries.last?.z ?? -.infinity
        cache.key = key
        cache.records += 1
        drawingOrderMayHaveChanged = false
        if zInFlight {
            // The order is still moving: this recording cannot be replayed; record again.
            cache.restart(context: ctx, clip: key.clip)
        }
    }

    #if DEBUG
    /// Debug builds: every subview replayed this frame draws the same items when drawn afresh
    /// (a setter that forgot ``markDrawingDirty()`` would show here, in every test).
    private func verifyReplayedSubviews(_ cache: SubviewDrawingCache, context ctx: DrawingContext, clip: Rect?) {
        var fresh = DisplayList()
        for e in cache.entries where e.isClean && !e.isRemoved {
            fresh.removeAll()
            if let clip { fresh.pushClip(clip) }
            e.view.render(into: &fresh, parent: ctx, replaying: false)
            assert(fresh.items[...] == cache.items[e.start ..< e.start + e.count],
                   "a retained subview drew differently without being marked dirty: \(type(of: e.view))")
        }
        let replayedOrder = cache.entries.lazy.filter { !$0.isRemoved }.map(\.id)
        assert(replayedOrder.elementsEqual(subviewsInDrawingOrder.lazy.map { ObjectIdentifier($0) }),
               "retained subview drawing out of drawing order")
    }
    #endif
}
