/// Turns variable frame times into whole physics substeps and keeps frame-time statistics.
///
/// Real frame time, scaled by ``timeScale`` (slow motion) and zero while ``isPaused``, fills an
/// accumulator that is emptied in steps of ``step`` seconds; a frame never simulates more than
/// ``maximumCatchUp`` seconds, so a stall (a dragged window, a debugger) does not fast-forward the
/// scene. The same frame times always give the same steps, so runs are deterministic.
///
/// Smoothness: the step divides the display's refresh interval exactly (1/240 s at 60 or 120 Hz,
/// 1/288 s at 144 Hz), and frame times within 10 % of a whole number of refresh intervals count as
/// exactly that, so vsync jitter never turns into alternating 3- and 5-step frames (judder).
struct FrameClock {
    /// The display's refresh interval, seconds (or the headless frame interval).
    let refreshInterval: Double
    /// The physics substep: the refresh interval divided into whole steps of at most 1/240 s.
    let step: Double

    /// A clock for a display refreshing `frameRate` times a second (default 60 Hz).
    init(frameRate: Double = 60) {
        let rate = frameRate > 0 && frameRate.isFinite ? frameRate : 60
        refreshInterval = 1 / rate
        step = refreshInterval / (240 / rate).rounded(.up)
    }
    /// The most simulated time one frame may catch up: 0.25 s.
    let maximumCatchUp: Double = 0.25
    /// Simulated seconds per real second: 1, or 0.1 in slow motion.
    var timeScale: Double = 1
    /// While paused no simulated time passes (single steps still work).
    var isPaused = false
    private var accumulator: Double = 0
    /// Total simulated seconds so far.
    private(set) var simulatedTime: Double = 0

    /// Frame durations of the last frames (seconds), oldest first after ``frameTimes``; ring buffer.
    private var ring = [Double](repeating: 0, count: 240)
    private var ringCount = 0
    private var ringHead = 0

    /// Accounts one frame of `realDt` seconds; returns the simulated seconds to advance (a whole
    /// number of substeps).
    mutating func advance(realDt: Double) -> Double {
        record(realDt)
        guard !isPaused, realDt > 0 else { return 0 }
        let frames = (realDt / refreshInterval).rounded()
        let snapped = frames >= 1 && abs(realDt - frames * refreshInterval) < 0.1 * refreshInterval ? frames * refreshInterval : realDt
        accumulator = min(accumulator + snapped * timeScale, maximumCatchUp)
        // Slow motion shrinks the step with the time, so every frame still moves (×0.1 at 60 Hz:
        // four steps of 1/2400 s per frame, not one 1/240 s step every 2.5 frames).
        let h = step * timeScale
        let n = (accumulator / h + 1e-9).rounded(.down)
        let dt = n * h
        accumulator -= dt
        if accumulator < 0 { accumulator = 0 }
        simulatedTime += dt
        return dt
    }

    /// One frame's worth of simulation while paused (the `.` key): one refresh interval.
    mutating func singleStep() -> Double {
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
    func frameTimes(last seconds: Double = 2) -> [Double] {
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
    var medianFrameTime: Double {
        let t = frameTimes(last: 1).sorted()
        return t.isEmpty ? 0 : t[(t.count - 1) / 2]
    }

    /// Frames per second, 1 / ``medianFrameTime`` (as `--stats`' `fps_median`; 0 before the first frame).
    var framesPerSecond: Double {
        let m = medianFrameTime
        return m > 0 ? 1 / m : 0
    }
}
