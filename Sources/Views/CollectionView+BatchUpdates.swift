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
    /// Seconds since the batch began.
    var elapsed = 0.0
    /// Seconds the animation lasts.
    var duration: Double
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
    /// The animation runs on the view's own clock (``BatchAnimation/elapsed``, advanced by dt in
    /// ``update(_:)``), not as a `PropertyAnimator` on the window's timeline: the timeline measures
    /// progress as a difference of accumulated times and finishes on its own test, which can move
    /// the last frame and the completion of a batch by one frame and the blended positions by
    /// rounding (the exchange and collection-view tests pin both), and a batch may run on a view
    /// that is not in a window. The clock is still the window's dt, ticked in the window's frame.
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
        batchAnimation = BatchAnimation(duration: max(batchUpdateAnimationDuration, 1e-9), from: from, completion: completion)
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
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
        if pendingUpdates != nil { pendingUpdates!.append(u) } else { performBatchUpdates({ pendingUpdates!.append(u) }) ; batchAnimation = nil }
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
    static func easeInOut(_ t: Double) -> Double { batchCurve.progress(at: t) }

    /// The eased progress (0…1) of the running batch animation, nil when none runs.
    var batchAnimationProgress: Double? {
        batchAnimation.map { Self.easeInOut(min(1, $0.elapsed / $0.duration)) }
    }

    /// Advances the batch animation by `dt` seconds; at its end it is dropped and its completion
    /// runs with true.
    func advanceBatchAnimation(by dt: Double) {
        guard var anim = batchAnimation else { return }
        anim.elapsed += dt
        if anim.elapsed >= anim.duration {
            batchAnimation = nil
            anim.completion?(true)
        } else {
            batchAnimation = anim
        }
    }
}
