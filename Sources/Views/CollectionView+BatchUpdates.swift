import Geometry
import Animation
import Layout

/// One recorded batch operation of ``CollectionView/performBatchUpdates(_:completion:)``.
enum BatchUpdate {
    /// Move the item at the first index path to the second (the items between shift by one).
    case move(IndexPath, IndexPath)
    /// Swap the items at the two index paths.
    case exchange(IndexPath, IndexPath)
}

/// A running batch-update animation: visible items glide from `from` to their new attributes.
struct BatchAnimation {
    /// Runs on the window's timeline; its progress (0…1, eased) is how far items have glided.
    let animator: PropertyAnimator
    /// The attributes each item was shown with when the batch began (by its new index path).
    var from: [IndexPath: LayoutAttributes]
    /// Runs with true at the end, with false when a newer batch interrupts.
    var completion: ((Bool) -> Void)?
}

/// Moves and exchanges of items, animated (UIKit's `performBatchUpdates(_:completion:)`,
/// `moveItem(at:to:)`; `exchangeItem(at:withItemAt:)` is UIKit's exchange of two items).
extension CollectionView {
    /// Whether a batch-update animation is running.
    public var isAnimatingBatchUpdates: Bool { batchAnimation != nil }

    /// Performs the moves and exchanges that `updates` records (update your model inside it too),
    /// then animates visible items from where they are shown to their new places over
    /// ``batchUpdateAnimationDuration`` (ease-in-out). Operations apply in order, each to the
    /// result of the previous one. `completion` runs when the animation ends (true) or when a newer
    /// batch interrupts it (false).
    ///
    /// The animation is a `PropertyAnimator` on the window's ``Window/timeline`` (advanced first in
    /// ``Window/tick(at:dt:)``): its eased progress blends the items' old attributes into the
    /// layout's in ``layoutSubviews()``, and its completion runs `completion`. It sums each frame's
    /// dt (``PropertyAnimator/accumulatesFrameTime``), so a batch begun before a frame shows that
    /// frame's dt already and ends on the frame whose summed dt reaches the duration, as the view's
    /// own clock did before (tests pin the frames and the blended positions). A view outside a
    /// window has no timeline: its updates apply at once and `completion` runs at once with true.
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let snapshot = displayed
        pendingUpdates = []
        updates()
        let ops = pendingUpdates ?? []
        pendingUpdates = nil
        countsValid = false
        func map(_ ip: IndexPath) -> IndexPath { ops.reduce(ip) { Self.apply($1, to: $0) } }
        var remapped: [IndexPath: CollectionViewCell] = [:]
        var from: [IndexPath: LayoutAttributes] = [:]
        for (ip, cell) in cells {
            let n = map(ip)
            cell.indexPath = n
            remapped[n] = cell
            if let a = snapshot[ip] { from[n] = a }
        }
        cells = remapped
        selected = Set(selected.map(map))
        for (ip, cell) in cells { cell.isSelected = selected.contains(ip) }
        batchAnimation?.completion?(false)
        cancelBatchAnimation()
        if let timeline = window?.timeline {
            let animator = PropertyAnimator(duration: max(batchUpdateAnimationDuration, 1e-9),
                                            timingParameters: Self.batchCurve, timeline: timeline)
            animator.accumulatesFrameTime = true
            animator.addCompletion { [weak self, weak animator] _ in
                guard let self, let animator else { return }
                self.batchAnimationDidEnd(animator)
            }
            batchAnimation = BatchAnimation(animator: animator, from: from, completion: completion)
            animator.startAnimation()
        }
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
        if batchAnimation == nil { completion?(true) }
    }

    /// Moves the item at `indexPath` to `newIndexPath` (the items between shift by one). Inside
    /// ``performBatchUpdates(_:completion:)`` it animates; outside, it applies at once.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record(.move(indexPath, newIndexPath))
    }
    /// Swaps the items at `a` and `b` (no other item moves). Animated inside a batch.
    public func exchangeItem(at a: IndexPath, withItemAt b: IndexPath) {
        record(.exchange(a, b))
    }
    private func record(_ u: BatchUpdate) {
        if pendingUpdates != nil { pendingUpdates!.append(u) } else { performBatchUpdates({ pendingUpdates!.append(u) }) ; cancelBatchAnimation() }
    }

    private static func apply(_ u: BatchUpdate, to p: IndexPath) -> IndexPath {
        switch u {
        case let .exchange(a, b):
            return p == a ? b : p == b ? a : p
        case let .move(a, b):
            if p == a { return b }
            var q = p
            if q.section == a.section && q.item > a.item { q.item -= 1 }
            if q.section == b.section && q.item >= b.item { q.item += 1 }
            return q
        }
    }

    /// Core Animation's ease-in-out (0.42, 0, 0.58, 1), the curve of batch-update animations.
    static let batchCurve = CubicTimingParameters(animationCurve: .easeInOut)

    /// The eased progress (0…1) of the running batch animation, nil when none runs.
    var batchAnimationProgress: Double? {
        batchAnimation.map { $0.animator.progress }
    }

    /// The batch's animator reached its end: the animation is dropped and its completion runs
    /// with true (an interrupted batch's animator ends without completions).
    private func batchAnimationDidEnd(_ animator: PropertyAnimator) {
        guard let anim = batchAnimation, anim.animator === animator else { return }
        batchAnimation = nil
        anim.completion?(true)
    }

    /// Drops the running batch animation, if any, without running its completion (the items
    /// show their layout attributes at the next layout).
    func cancelBatchAnimation() {
        guard let anim = batchAnimation else { return }
        batchAnimation = nil
        anim.animator.stopAnimation(true)
    }
}
