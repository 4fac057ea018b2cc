import Geometry
import Dynamics
import Layout

/// After a release the HUD gives the flock's settling time, predicted and then measured. In the
/// seed's shared square a cell far from the pointer hangs on four nearly parallel springs and
/// swings sideways for tens of seconds, while one at the pointer settles in a tenth of one: the
/// prediction is the slowest cell's slowest mode (``Dynamics/SettlingEstimate``), from each cell's
/// place, velocity and springs at the release.
extension DragScene {
    /// Seconds from now until every dragged cell is within 0.5 pt and 1 pt/s of its place.
    func predictedSettling() -> Double {
        guard let behavior = layout.dragBehavior, let animator = layout.dynamicAnimator else { return 0 }
        var worst = 0.0
        for r in behavior.rectangleAttachments {
            guard let a = r.item as? LayoutAttributes, let home = layout.restingFrame(for: a.indexPath) else { continue }
            let t = SettlingEstimate.time(position: a.center, velocity: animator.linearVelocity(for: a), rest: home.center,
                                          springs: r.attachments.map(SettlingEstimate.Spring.init),
                                          positionTolerance: SettlingWatch.positionTolerance, speedTolerance: SettlingWatch.speedTolerance)
            worst = max(worst, t)
        }
        return worst
    }

    /// Whether every cell of the drag is at rest: within 0.5 pt and 1 pt/s of its place, or
    /// home for good (the drag state cleared when the animator paused).
    var flockIsAtRest: Bool {
        guard let behavior = layout.dragBehavior, let animator = layout.dynamicAnimator else { return true }
        guard layout.isReturning else { return false }
        for case let a as LayoutAttributes in behavior.items {
            guard let home = layout.restingFrame(for: a.indexPath) else { continue }
            if (a.center - home.center).length > SettlingWatch.positionTolerance
                || animator.linearVelocity(for: a).length > SettlingWatch.speedTolerance { return false }
        }
        return true
    }
}
