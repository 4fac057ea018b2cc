/// How the timeline strip's time axis maps to session time. A session's axis is its time with
/// the window's waits taken out: each frame counts the time it took (one refresh interval after
/// the window waited for input, as it simulates), so the axis moves 1/60 s per frame at 60 Hz and
/// a `,` moves the readout by one frame, as the cells move.
///
/// Session time runs with the host's clock, waits included: a window that idles between inputs
/// logs its frames seconds apart, each stepping one refresh interval. On a session-time axis a
/// `,` moved the playhead by the wait before the frame (0.03 to 0.9 s measured) while the scenes
/// moved one frame. Between frames a time maps linearly (an input between two frames lies
/// between them); before the first frame and after the last one the axis runs with session time.
public struct TimelineStripClock: Equatable, Sendable {
    /// The frames' session times, ascending, seconds.
    public private(set) var sessionTimes: [Double]
    /// The same frames' times on the strip's axis, seconds.
    public private(set) var stripTimes: [Double]

    /// The axis is session time itself (a model that counts no frames).
    public static let identity = TimelineStripClock(sessionTimes: [], stripTimes: [])

    /// Frames at `sessionTimes` (ascending, seconds) at axis times `stripTimes` (ascending,
    /// seconds): two arrays of one length.
    public init(sessionTimes: [Double], stripTimes: [Double]) {
        precondition(sessionTimes.count == stripTimes.count, "one axis time a frame")
        self.sessionTimes = sessionTimes
        self.stripTimes = stripTimes
    }

    /// The axis time of session time `t`, seconds.
    public func stripTime(ofSessionTime t: Double) -> Double {
        Self.map(t, from: sessionTimes, to: stripTimes)
    }

    /// The session time of axis time `s`, seconds: the frame's own time for a frame's axis time.
    public func sessionTime(ofStripTime s: Double) -> Double {
        Self.map(s, from: stripTimes, to: sessionTimes)
    }

    /// `v` on the polyline through (`from`[i], `to`[i]): linear between neighbours, slope 1
    /// beyond the ends, exact at each point.
    private static func map(_ v: Double, from: [Double], to: [Double]) -> Double {
        guard let first = from.first, let last = from.last else { return v }
        if v <= first { return to[0] - (first - v) }
        if v >= last { return to[to.count - 1] + (v - last) }
        // The first point after v (binary search: the strip reads it for every line it marks).
        var lo = 0, hi = from.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if from[mid] <= v { lo = mid } else { hi = mid }
        }
        if from[lo] == v { return to[lo] }
        let f = (v - from[lo]) / (from[hi] - from[lo])
        return to[lo] + f * (to[hi] - to[lo])
    }
}
