import Geometry
import Drawing
import Animation
import Gestures
import Layout
import Views

/// What the HUD shows of the exchange scene: its state line, the plotted step curve, and what E exports.
extension ExchangeScene {
    /// Whether the snapshot, an exchange or scrolling is animating.
    public var status: SceneStatus {
        // The batch-update animator runs on the timeline too; only the snapshot's and the fade's fly.
        let swaps = collectionView.isAnimatingBatchUpdates
        let flying = timeline.runningAnimatorCount > (swaps ? 1 : 0) ? 1 : 0, swapping = swaps ? 2 : 0
        return SceneStatus(animatorRunning: flying + swapping > 0 || collectionView.isDecelerating,
                           itemsInMotion: flying + swapping, behaviors: 0, detail: statusDetail(flying: flying > 0, swapping: swaps))
    }

    /// The HUD plots the curve of the snapshot's steps (catch blink, release flight, blink,
    /// fade): UIKit's ease-in-out over `animationDuration` each, with the running step's place.
    public var plot: ScenePlot? {
        let curve = TimingParameters.cubic(CubicTimingParameters(animationCurve: ExchangeSnapshotAnimator.segmentCurve))
        let position = snapshots.running.map { Point(x: $0.timeFraction, y: $0.progress) }
        return .timing(curve, position: position)
    }

    /// E: the snapshot's step curve over `animationDuration` (the keyboard's glide uses ease-out).
    public var motionExport: MotionExport? {
        MotionExport(curve: CubicTimingParameters(animationCurve: ExchangeSnapshotAnimator.segmentCurve), duration: animationDuration,
                     origin: "Kinetic exchange scene: each step of the snapshot's catch and release (blink, flight, fade) "
                        + "runs UIKit's easeInOut over animationDuration; the keyboard's glide runs easeOut")
    }

    /// The exchange controller's state in the HUD: "holding Ana over Ben" (exchanged), "holding
    /// Ana", "reloading in 0.3 s", with the animators that run ("flying": the snapshot,
    /// "swapping": the cells), or "exchange idle · nothing moving". This scene has no dynamic animator: its motion
    /// is property animators of ``ExchangeTunables`` `animationDuration`.
    func statusDetail(flying: Bool, swapping: Bool) -> String {
        var parts: [String] = []
        if let from = controller.originalIndexPathForDraggedItem {
            if let over = controller.indexPathForDisplacedItem, over != from {
                // The model exchanges as the name hovers: the held name sits in the displaced
                // one's place now, and the displaced name in the held one's.
                parts.append("holding \(model.name(at: over) ?? "a name") over \(model.name(at: from) ?? "a name")")
            } else {
                parts.append("holding \(model.name(at: from) ?? "a name")")
            }
        } else if let delay = controller.pendingReloadDelay {
            parts.append("reloading in \((max(0, delay) * 10).rounded() / 10) s")
        }
        if flying { parts.append("flying") }
        if swapping { parts.append("swapping") }
        if collectionView.isDecelerating { parts.append("scrolling") }
        return parts.isEmpty ? "exchange idle · nothing moving" : parts.joined(separator: " · ")
    }
}
