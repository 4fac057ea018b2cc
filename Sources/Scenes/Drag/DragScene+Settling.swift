import Geometry
import Dynamics
import Layout

/// After a release the HUD gives the flock's settling time, predicted and then measured. In the
/// seed's shared square a cell far from the pointer hangs on four nearly parallel springs and
/// swings sideways for tens of seconds, while one at the pointer settles in a tenth of one: the
/// prediction is the slowest cell's slowest mode (``Dynamics/SettlingEstimate``), from each cell's
/// place, velocity and springs at the release.
extension DragScene {
    /// Starts timing a release: the prediction is the cell that rests last, whose distance and
    /// speed the HUD then plots against its predicted envelope.
    func startSettlingWatch() {
        guard let behavior = layout.dragBehavior, let animator = layout.dynamicAnimator else {
            settling.release(predicted: 0)
            return
        }
        var worst: (decay: SettlingEstimate.Decay, item: LayoutAttributes)?
        for r in behavior.rectangleAttachments {
            guard let a = r.item as? LayoutAttributes, let home = layout.restingFrame(for: a.indexPath) else { continue }
            let d = SettlingEstimate.slowestDecay(position: a.center, velocity: animator.linearVelocity(for: a), rest: home.center,
                                                  springs: r.attachments.map(SettlingEstimate.Spring.init),
                                                  positionTolerance: SettlingWatch.positionTolerance,
                                                  speedTolerance: SettlingWatch.speedTolerance)
            if worst == nil || d.time > worst!.decay.time { worst = (d, a) }
        }
        guard let (decay, item) = worst else { settling.release(predicted: 0); return }
        tracked = item
        settling.release(predicted: decay.time, item: "cell \(item.indexPath.item)",
                         envelope: decay.rate > 0 ? SettlingReport.Envelope(amplitude: decay.amplitude, rate: decay.rate) : nil)
    }

    /// The tracked cell's distance from its place and speed, nil when it is home.
    var trackedMotion: (distance: Double, speed: Double)? {
        guard let a = tracked, layout.dragBehavior != nil, let animator = layout.dynamicAnimator,
              let home = layout.restingFrame(for: a.indexPath) else { return nil }
        return ((a.center - home.center).length, animator.linearVelocity(for: a).length)
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
