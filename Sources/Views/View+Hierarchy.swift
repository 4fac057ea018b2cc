import Geometry

/// Adding, removing and reordering subviews, and finding views in the tree. The storage
/// (``subviews``, the unretained superview) lives in ``View``.
extension View {
    /// Adds `view` on top of the other subviews, removing it from its old superview first.
    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` in ``subviews`` (clamped), removing it from its old superview first.
    public func insertSubview(_ view: View, at index: Int) {
        guard view !== self else { return }
        view.removeFromSuperview()
        let onTop = index >= subviews.count
        subviews.insert(view, at: clamp(index, 0, subviews.count))
        view.superviewRef = Unmanaged.passUnretained(self)
        if view.needsLayout || view.descendantNeedsLayout { descendantNeedsLayoutDidChange() }
        subviewsDidChange(addedOnTop: onTop ? view : nil)
        view.didMoveToSuperview()
        view.windowMayHaveChanged()
    }

    /// Detaches the view from its superview (no effect without one).
    public func removeFromSuperview() {
        guard let s = superview else { return }
        s.subviews.removeAll { $0 === self }
        s.subviewsDidChange(removed: self)
        superviewRef = nil
        drawingEntry = -1
        didMoveToSuperview()
        windowMayHaveChanged()
    }

    /// Moves `view` (a subview) to the front.
    public func bringSubviewToFront(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
        subviewsDidChange()
    }
    /// Moves `view` (a subview) to the back.
    public func sendSubviewToBack(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
        subviewsDidChange()
    }

    private func windowMayHaveChanged() {
        if wantsFrameUpdates || updatingWindow != nil { updateFrameUpdateRegistration() }
        didMoveToWindow()
        for s in subviews { s.windowMayHaveChanged() }
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let c = v { if c === view { return true }; v = c.superview }
        return false
    }

    /// This view or the first descendant (depth first) whose ``tag`` is `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for s in subviews { if let v = s.viewWithTag(tag) { return v } }
        return nil
    }
}
