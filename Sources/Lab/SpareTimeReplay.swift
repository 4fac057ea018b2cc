/// How the window replays the timeline's checkpoint (``LabSession/advanceCheckpoints(frames:)``)
/// in time no frame needs, one replayed frame at a time while the longest one lately still fits:
///
/// - **After presenting**, until ``margin`` before the next frame is due: where a present
///   returns as soon as it has drawn (no vsync); not while a pointer button is down (the window
///   system needs the machine for the next frame then: it raised latency at 144 Hz).
/// - **Before presenting**, for as long as the last present waited: a display that holds each
///   present until its blank (vsync) leaves no time after it, but waits there anyway. (Where
///   Kinetic paces a window itself, ``FramePacer``, the spare time is before each frame starts:
///   the replay after presenting runs until then.) A present's wait is its
///   duration less its own work, which is at most the process's CPU time during it (Mesa's
///   llvmpipe rasterizes on threads of this process; waiting costs none). The replay also ends
///   that work and ``margin`` before the next blank (a refresh interval after the last present
///   returned), however long this frame took so far. A late frame stops it for ``holdFrames``.
/// - While the window waits for input, a quarter of a refresh interval at a time (``App``).
///
/// A fixed number of frames per frame costs that many scene steps: eight steps of a pile of 500
/// colliding items made the stress demo's frames 30–80 ms. Budgeting by time keeps the frame
/// rate and lets a heavy scene's checkpoints arrive later instead (a scrub before they do replays
/// from an older one). Time comes in as arguments (seconds on one clock).
package struct SpareTimeReplay {
    /// What one replayed frame is expected to cost, seconds: the longest lately (each new one
    /// shorter than it lowers it by a tenth), 2 ms before any is measured.
    package private(set) var frameCost: Double
    /// Seconds the next frame may replay before presenting (see the type's note).
    package private(set) var beforePresent = 0.0
    /// When the last present returned and its own work, seconds; the frames' interval.
    private var lastPresentEnd = -Double.infinity, lastPresentWork = 0.0, interval = 1.0 / 60
    /// Frames left before replay before presenting may start again.
    private var hold = 0
    /// Time kept free before the next frame is due, and before a present's own work, seconds.
    package static let margin = 0.002
    /// Frames without replay before presenting after a late frame.
    package static let holdFrames = 30

    /// A budget that expects `frameCost` seconds per replayed frame until it measures one.
    package init(frameCost: Double = 0.002) {
        self.frameCost = frameCost
    }

    /// The deadline for replay after presenting, in a frame that started at `frameStart` with
    /// `interval` seconds between frames: ``margin`` before the next is due.
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

    /// The deadline for replay before presenting, for replay starting at `now` (seconds): the
    /// lesser of ``beforePresent`` from now and the present's own work and ``margin`` before
    /// the next blank; `now` when there is no time.
    package func beforePresentDeadline(now: Double) -> Double {
        guard beforePresent > 0 else { return now }
        return Swift.max(now, Swift.min(now + beforePresent, lastPresentEnd + interval - lastPresentWork - Self.margin))
    }

    /// Records a frame's present, which ran from `start` to `end` (seconds) while the process
    /// used `cpu` seconds of CPU time, after `replayed` seconds of replay before it, `period`
    /// seconds after the previous present (nil: none to measure from), with frames `interval`
    /// seconds apart; sets ``beforePresent`` for the next frame.
    package mutating func recordPresent(start: Double, end: Double, cpu: Double, replayed: Double, period: Double?, interval: Double) {
        let duration = Swift.max(0, end - start)
        lastPresentEnd = end
        lastPresentWork = Swift.min(duration, Swift.max(0, cpu))
        self.interval = interval
        if let period, period > interval * 1.25 { hold = Self.holdFrames }
        if hold > 0 {
            hold -= 1
            beforePresent = 0
            return
        }
        // What this present would have waited with no replay before it.
        beforePresent = Swift.max(0, duration - lastPresentWork + replayed - Self.margin)
    }
}
