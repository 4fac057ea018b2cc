/// How the window replays the timeline's checkpoint (``LabSession/advanceCheckpoints(frames:)``)
/// in the time a frame leaves over, and while it waits for input, never in the time a frame needs:
/// one replayed frame at a time, while the longest one lately still fits before the deadline.
///
/// A fixed number of frames per frame costs that many scene steps: eight steps of a pile of 500
/// colliding items (some 2–10 ms each) made the stress demo's frames 30–80 ms. Budgeting by time
/// keeps the frame rate and lets a heavy scene's checkpoints arrive later instead (a scrub before
/// they do replays from an older one). Time comes in as arguments (seconds on one clock).
package struct SpareTimeReplay {
    /// What one replayed frame is expected to cost, seconds: the longest lately (each new one
    /// shorter than it lowers it by a tenth), 2 ms before any is measured.
    package private(set) var frameCost: Double
    /// Time kept free before the next frame is due, seconds (the pacer's own 2 ms margin).
    package static let margin = 0.002

    /// A budget that expects `frameCost` seconds per replayed frame until it measures one.
    package init(frameCost: Double = 0.002) {
        self.frameCost = frameCost
    }

    /// The deadline for replay in a frame that started at `frameStart` with `interval` seconds
    /// between frames: ``margin`` before the next is due.
    package static func deadline(frameStart: Double, interval: Double) -> Double {
        frameStart + interval - margin
    }

    /// Whether one more replayed frame, started at `now`, is expected to end by `deadline`.
    package func fits(now: Double, deadline: Double) -> Bool {
        now + frameCost <= deadline
    }

    /// Records a replayed frame that ran from `start` to `end` (seconds).
    package mutating func record(start: Double, end: Double) {
        frameCost = Swift.max(end - start, frameCost * 0.9)
    }
}
