import Geometry

/// Moves the anchors of many anchor attachments in one pass, as a composite behavior does on every
/// pointer move (the drag scene moves four anchors for each of up to 1,000 cells).
///
/// Get one from ``DynamicBehavior/moveAnchors(_:)``: it looks the animator's compiled solver up
/// once for the whole pass, and each ``setAnchorPoint(_:of:)`` (or ``setAnchorPoints(of:to:)``
/// for a group) then writes anchors straight into the compiled springs, without allocating. The
/// effect is exactly that of setting each ``AttachmentBehavior/anchorPoint``. The mover is
/// noncopyable and only lent to the closure, so it cannot outlive the pass; and each attachment
/// writes only rows it compiled into the mover's own solver, so an attachment in another
/// animator, or one not compiled yet, is set as its own ``AttachmentBehavior/anchorPoint`` would be.
public struct AnchorMover: ~Copyable {
    /// The compiled solver of the behavior's animator, nil when there is none or it waits for a
    /// rebuild (then only the attachments' ``AttachmentBehavior/anchorPoint`` values change, and
    /// the rebuild reads them).
    let solver: SolverContext?

    /// Sets `attachment`'s ``AttachmentBehavior/anchorPoint`` to `point` (reference coordinates,
    /// points) and wakes its item. An attachment in another animator (or in none) is set through
    /// its own ``AttachmentBehavior/anchorPoint``; item-to-item attachments ignore anchors.
    public func setAnchorPoint(_ point: Point, of attachment: AttachmentBehavior) {
        attachment.setAnchorPoint(point, solver: solver)
    }

    /// Sets the anchor point of each of `attachments` to `point(k)` for its index `k` (reference
    /// coordinates, points), as ``setAnchorPoint(_:of:)`` does one by one. Prefer it for a group of
    /// attachments (a rectangle's four corners): the loop runs inside `Dynamics`, where moving an
    /// anchor inlines, instead of paying a call per anchor.
    public func setAnchorPoints(of attachments: [AttachmentBehavior], to point: (Int) -> Point) {
        for k in attachments.indices { attachments[k].setAnchorPoint(point(k), solver: solver) }
    }
}
