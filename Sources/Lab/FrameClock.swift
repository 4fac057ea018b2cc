import Dynamics

/// Turns variable frame times into the simulated time of each frame and keeps frame-time
/// statistics.
///
/// Real frame time, scaled by ``timeScale`` (slow motion) and zero while ``isPaused``, is handed
/// down whole, one frame at a time; a frame never simulates more than ``maximumCatchUp`` seconds,
/// so a stall (a dragged window, a debugger) does not fast-forward the scene. The clock is about
/// frame time only: how a frame is cut into physics substeps is the solver's decision
/// (``DynamicAnimator/step(_:)``), made in that one place. The same frame times always give the
/// same frames, and so the same substeps: runs are deterministic.
///
/// Smoothness: frame times within 10 % of a whole number of refresh intervals count as exactly
/// that, so vsync jitter never reaches the solver as frames of varying length (which it would cut
/// into alternating 3- and 5-substep frames: judder). A 60 Hz frame is then 1/60 s exactly, which
/// the solver takes as four 1/240 s substeps.
package struct FrameClock {
    /// The display's refresh interval, seconds (or the headless frame interval).
    package let refreshInterval: Double
    /// The substep the solver takes for one refresh interval when no spring stiffer than 4 Hz
    /// shortens it (1/240 s at 60 or 120 Hz, 1/288 s at 144 Hz), from
    /// ``DynamicAnimator/substepCount(forStep:)``. Reported for diagnostics and tests; the clock
    /// does not cut time into it.
    package let step: Double

    /// A clock for a display refreshing `frameRate` times a second (default 60 Hz).
    package init(frameRate: Double = 60) {
        let rate = frameRate > 0 && frameRate.isFinite ? frameRate : 60
        refreshInterval = 1 / rate
        step = refreshInterval / Double(DynamicAnimator.substepCount(forStep: refreshInterval))
    }
    /// The most simulated time one frame may catch up: 0.25 s.
    package let maximumCatchUp: Double = 0.25
    /// Simulated seconds per real second: 1, or 0.1 in slow motion.
    package var timeScale: Double = 1
    /// While paused no simulated time passes (single steps still work).
    package var isPaused = false
    /// Total simulated seconds so far.
    private(set) var simulatedTime: Double = 0

    /// Frame durations of the last frames (seconds), oldest first after ``frameTimes``; ring buffer.
    private var ring = [Double](repeating: 0, count: 240)
    private var ringCount = 0
    private var ringHead = 0

    /// Accounts one frame of `realDt` seconds; returns the simulated seconds to advance: the frame
    /// (snapped to whole refresh intervals), times ``timeScale``, at most ``maximumCatchUp``.
    /// Slow motion scales the frame, so every frame still moves (a tenth of a frame at ×0.1).
    package mutating func advance(realDt: Double) -> Double {
        record(realDt)
        guard !isPaused, realDt > 0 else { return 0 }
        let dt = min(Self.snapped(realDt, interval: refreshInterval) * timeScale, maximumCatchUp)
        simulatedTime += dt
        return dt
    }

    /// `realDt` seconds snapped to a whole number of refresh intervals of `interval` seconds
    /// when within 10 % of one (vsync jitter), else as it is.
    package static func snapped(_ realDt: Double, interval: Double) -> Double {
        let frames = (realDt / interval).rounded()
        return frames >= 1 && abs(realDt - frames * interval) < 0.1 * interval ? frames * interval : realDt
    }

    /// One frame's worth of simulation while paused (the `.` key): one refresh interval.
    package mutating func singleStep() -> Double {
        let dt = refreshInterval
        simulatedTime += dt
        return dt
    }

    private mutating func record(_ dt: Double) {
        ring[ringHead] = dt
        ringHead = (ringHead + 1) % ring.count
        ringCount = min(ringCount + 1, ring.count)
    }

    /// Frame durations covering about the last `seconds` (most recent last).
    package func frameTimes(last seconds: Double = 2) -> [Double] {
        var out: [Double] = []
        var total = 0.0
        var i = 0
        while i < ringCount && total < seconds {
            let v = ring[(ringHead - 1 - i + ring.count) % ring.count]
            out.append(v)
            total += v
            i += 1
        }
        return out.reversed()
    }

    /// The median frame time of the last second's frames, seconds (0 before the first frame): one
    /// long frame, such as the one before the window went idle, does not drag the figure down.
    package var medianFrameTime: Double {
        let t = frameTimes(last: 1).sorted()
        return t.isEmpty ? 0 : t[(t.count - 1) / 2]
    }

    /// Frames per second, 1 / ``medianFrameTime`` (as `--stats`' `fps_median`; 0 before the first frame).
    package var framesPerSecond: Double {
        let m = medianFrameTime
        return m > 0 ? 1 / m : 0
    }
}
