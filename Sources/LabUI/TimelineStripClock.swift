/// How the timeline strip's time axis maps to session time: the axis counts the session's frames
/// at the display's rate (frame n at n refresh intervals, n/60 s at 60 Hz), so each frame is one
/// step of the axis and the readout moves 1/60 s per frame, as the cells do.
///
/// Session time runs with the host's clock, waits included: a window that idles between inputs
/// logs its frames seconds apart, each stepping one refresh interval of simulated time. On a
/// session-time axis a `,` would move the playhead by the wait before the frame (0.2 s, 0.9 s…)
/// while the scenes move one frame. Between frames, a time maps linearly (an input between two
/// frames lies between them); before the first frame and after the last one the axis runs with
/// session time.
public struct TimelineStripClock: Equatable, Sendable {
    /// The frames' session times, ascending, seconds.
    public private(set) var sessionTimes: [Double]
    /// The same frames' times on the strip's axis, seconds.
    public private(set) var stripTimes: [Double]

    /// The axis is session time itself (a model that counts no frames).
    public static let identity = TimelineStripClock(sessionTimes: [], stripTimes: [])

    /// Frames at `sessionTimes` (ascending, seconds) whose axis times are given: two arrays of
    /// one length.
    public init(sessionTimes: [Double], stripTimes: [Double]) {
        precondition(sessionTimes.count == stripTimes.count, "one axis time a frame")
        self.sessionTimes = sessionTimes
        self.stripTimes = stripTimes
    }

    /// Frames at `frameTimes` (session seconds, ascending) numbered from `firstFrame` (1: the
    /// session's first frame), `interval` seconds apart on the axis. The session's opening
    /// (frame 0, at session time 0) anchors the axis when the first frame is frame 1.
    public init(frameTimes: [Double], firstFrame: Int, interval: Double) {
        var sessions: [Double] = [], strips: [Double] = []
        sessions.reserveCapacity(frameTimes.count + 1)
        strips.reserveCapacity(frameTimes.count + 1)
        if firstFrame == 1, let first = frameTimes.first, first > 0 {
            sessions.append(0)
            strips.append(0)
        }
        for (i, t) in frameTimes.enumerated() {
            sessions.append(t)
            strips.append(Double(firstFrame + i) * interval)
        }
        self.init(sessionTimes: sessions, stripTimes: strips)
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
