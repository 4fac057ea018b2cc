/// Layout passes (``setNeedsLayout()``, ``layoutIfNeeded()``) and the window's per-frame
/// ``update(_:)`` registration. The flags live in ``View``.
extension View {
    /// Asks for ``layoutSubviews()`` before the next frame is drawn.
    public func setNeedsLayout() {
        needsLayout = true
        superview?.descendantNeedsLayoutDidChange()
    }

    /// Marks this view and its ancestors as having a descendant that waits for layout.
    func descendantNeedsLayoutDidChange() {
        var v: View? = self
        while let c = v { c.descendantNeedsLayout = true; v = c.superview }
    }

    /// Runs ``layoutSubviews()`` now if needed, then does the same for the subviews that wait for
    /// layout or have a descendant that does (checked as each is reached, so a layout that asks a
    /// later sibling for layout is served in the same pass).
    public func layoutIfNeeded() {
        if needsLayout { needsLayout = false; layoutSubviews() }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        for s in subviews where s.subtreeNeedsLayout { s.layoutIfNeeded() }
        // A layout in this pass asked a view already passed for layout (a cell's new size): that
        // view waits for the next pass, as it always did, and the flag must say so exactly.
        if descendantNeedsLayout { descendantNeedsLayout = subviews.contains { $0.subtreeNeedsLayout } }
    }

    /// Whether this view or a descendant waits for a layout pass.
    var subtreeNeedsLayout: Bool { needsLayout || descendantNeedsLayout }

    /// Moves the ``wantsFrameUpdates`` registration to the window the view is in now, if any.
    func updateFrameUpdateRegistration() {
        let target = wantsFrameUpdates ? window : nil
        guard target !== updatingWindow else { return }
        updatingWindow?.removeUpdatingView(self)
        target?.addUpdatingView(self)
        updatingWindow = target
    }
}
