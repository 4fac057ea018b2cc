import Geometry

/// Estimates pointer velocity from timestamped positions, as a least-squares linear fit over a
/// recent window (default the last 100 ms), separately in x and y.
///
/// Samples live in a fixed-capacity ring buffer allocated once at creation, so adding a sample never
/// allocates. Used by ``PanGestureRecognizer`` and by scroll views for flings.
public struct VelocityTracker: Sendable {
    /// How far back samples count, in seconds. Default 0.1 (100 ms).
    public var window: Double
    private var times: [Double]
    private var xs: [Double]
    private var ys: [Double]
    /// Index of the oldest sample.
    private var head = 0
    /// Number of stored samples (≤ capacity).
    public private(set) var count = 0

    /// Creates an empty tracker keeping at most `capacity` samples (default 128, enough for a
    /// 1000 Hz mouse over ~100 ms) and fitting over the last `window` seconds (default 0.1).
    public init(window: Double = 0.1, capacity: Int = 128) {
        precondition(capacity >= 2, "a velocity fit needs room for two samples")
        self.window = window
        times = Array(repeating: 0, count: capacity)
        xs = times
        ys = times
    }

    /// The most samples kept; older ones are overwritten.
    public var capacity: Int { times.count }

    /// The time of the newest sample, in seconds, or `nil` when empty.
    public var latestTime: Double? { count == 0 ? nil : times[(head + count - 1) % capacity] }

    /// The newest sample's position, or `nil` when empty.
    public var latestPosition: Point? {
        guard count > 0 else { return nil }
        let i = (head + count - 1) % capacity
        return Point(x: xs[i], y: ys[i])
    }

    /// Forgets every sample (keeps the storage).
    public mutating func reset() { head = 0; count = 0 }

    /// Records `position` (points) at `time` (seconds). A sample older than the newest one restarts
    /// the tracker (time went backwards, e.g. a new sequence).
    public mutating func addSample(_ position: Point, at time: Double) {
        if let last = latestTime, time < last { reset() }
        let cap = capacity
        let i: Int
        if count < cap { i = (head + count) % cap; count += 1 } else { i = head; head = (head + 1) % cap }
        times[i] = time; xs[i] = position.x; ys[i] = position.y
    }

    /// The velocity in points per second as of the newest sample: the least-squares slope of
    /// position against time over samples no older than ``window`` before it. `.zero` with fewer
    /// than two such samples, or when they all share one timestamp.
    public var velocity: Vector {
        guard let last = latestTime else { return .zero }
        return velocity(at: last)
    }

    /// The velocity in points per second as seen at `time` (seconds): only samples in
    /// `[time − window, time]` count, so a pointer that stopped sending moves reads as still.
    public func velocity(at time: Double) -> Vector {
        let cap = capacity
        let cutoff = time - window - 1e-9 // tolerate frame-time rounding at the window's edge
        // Pass 1: means, with times relative to `time` for numerical stability.
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0
        for k in 0..<count {
            let i = (head + k) % cap
            let t = times[i]
            guard t >= cutoff, t <= time + 1e-9 else { continue }
            n += 1; st += t - time; sx += xs[i]; sy += ys[i]
        }
        guard n >= 2 else { return .zero }
        let mt = st / n, mx = sx / n, my = sy / n
        // Pass 2: centred sums (covariance over variance).
        var stt = 0.0, stx = 0.0, sty = 0.0
        for k in 0..<count {
            let i = (head + k) % cap
            let t = times[i]
            guard t >= cutoff, t <= time + 1e-9 else { continue }
            let dt = t - time - mt
            stt += dt * dt; stx += dt * (xs[i] - mx); sty += dt * (ys[i] - my)
        }
        guard stt > 1e-18 else { return .zero }
        return Vector(dx: stx / stt, dy: sty / stt)
    }
}
