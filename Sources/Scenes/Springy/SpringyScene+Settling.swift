import Geometry
import Gestures
import Dynamics
import Layout

/// After every scroll (a wheel notch, or a drag let go) the HUD gives the list's settling time,
/// predicted and then measured: until the scrolling has stopped and every row is within 0.5 pt
/// and 1 pt/s of its place. The prediction is the later of the scroll's own remaining motion
/// (momentum or wheel smoothing, ``Views/ScrollView/remainingScroll``) and the slowest row's
/// spring decay from where it lags now (``Dynamics/SettlingEstimate``): a row's lag follows the
/// scroll's speed, so it dies away with the scroll, or by its spring when that is slower (adding
/// the two over-predicted a burst of wheel notches by half: 0.57 s for 0.37 s).
extension SpringyScene {
    /// Routes `input` to the list, then starts timing when it ended a scroll: a wheel notch, or
    /// the release of a drag.
    public func handle(_ input: InputEvent) -> Bool {
        let used = host.handle(input)
        switch input {
        case .scroll: if used { startSettlingWatch() }
        case .pointer(let e) where e.phase == .up: if collectionView.remainingScroll.time > 0 || !rowsAtRest { startSettlingWatch() }
        default: break
        }
        return used
    }

    /// Starts timing from now: the prediction is the row that rests last among those still on
    /// screen when the scroll stops (rows scrolled away lose their springs), which the HUD then
    /// plots. Ties go to the lower row index, so a replay tracks the same row.
    func startSettlingWatch() {
        let scroll = collectionView.remainingScroll
        let bounds = collectionView.bounds
        let shown = Rect(origin: scroll.contentOffset, size: bounds.size)
        var worst: (decay: SettlingEstimate.Decay, item: LayoutAttributes, spring: AttachmentBehavior)?
        if let animator = layout.dynamicAnimator {
            for b in layout.springs.values {
                guard let a = b.items.first as? LayoutAttributes, shown.contains(b.anchorPoint) else { continue }
                let d = SettlingEstimate.slowestDecay(position: a.center, velocity: animator.linearVelocity(for: a), rest: b.anchorPoint,
                                                      springs: [SettlingEstimate.Spring(b)],
                                                      positionTolerance: SettlingWatch.positionTolerance,
                                                      speedTolerance: SettlingWatch.speedTolerance)
                if let w = worst, d.time < w.decay.time || (d.time == w.decay.time && a.indexPath.item > w.item.indexPath.item) { continue }
                worst = (d, a, b)
            }
        }
        tracked = worst.map { ($0.item, $0.spring) }
        let decay = worst?.decay
        settling.release(predicted: max(scroll.time, decay?.time ?? 0), item: worst.map { "row \($0.item.indexPath.item)" },
                         envelope: decay.flatMap { $0.rate > 0 ? SettlingReport.Envelope(amplitude: $0.amplitude, rate: $0.rate) : nil })
    }

    /// Whether the list has stopped scrolling and every row is within 0.5 pt and 1 pt/s of its place.
    var rowsAtRest: Bool {
        guard collectionView.isAtRest else { return false }
        guard let animator = layout.dynamicAnimator else { return true }
        for b in layout.springs.values {
            guard let a = b.items.first as? LayoutAttributes else { continue }
            if (a.center - b.anchorPoint).length > SettlingWatch.positionTolerance
                || animator.linearVelocity(for: a).length > SettlingWatch.speedTolerance { return false }
        }
        return true
    }

    /// The tracked row's distance from its place and speed, nil once its spring is gone (it left the screen).
    var trackedMotion: (distance: Double, speed: Double)? {
        guard let (a, b) = tracked, let animator = layout.dynamicAnimator, layout.springs[a.indexPath] === b else { return nil }
        return ((a.center - b.anchorPoint).length, animator.linearVelocity(for: a).length)
    }
}
