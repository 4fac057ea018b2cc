import LabUI

/// The timeline strip's axis times of the history's frames (``LabSession/timelineStripClock``),
/// kept from frame to frame so that each frame only adds its own: the history only grows at its
/// end, and a scrub or a resume keeps the frames before the playhead.
///
/// A frame's axis time is the previous one's plus the real time the frame took, snapped to whole
/// refresh intervals as the frame clock snaps it (``FrameClock/snapped(_:interval:)``) and at
/// most 0.25 s, which is what the frame simulated unless paused or in slow motion: a frame after
/// the window waited for input counts one interval (the wait is not the session's), so the axis
/// is session time with the waits taken out.
package final class TimelineAxisMemo {
    /// The session time of frame n at index n (index 0: the session's opening, at 0), seconds.
    private(set) var sessionTimes: [Double] = [0]
    /// The axis time of frame n at index n, seconds.
    private(set) var axisTimes: [Double] = [0]

    /// The most axis time one frame takes: a stall spreads the axis no more than the frame
    /// clock lets it catch up (``FrameClock/maximumCatchUp``).
    static let longestFrame = 0.25

    /// A memo holding only the session's opening.
    package init() {}

    /// Brings the memo up to the history whose lines are `past` then `future`, `frames` frames
    /// in all, at refresh interval `interval` seconds; returns the strip's clock over it.
    func clock(past: ArraySlice<ScriptLine>, future: ArraySlice<ScriptLine>, frames: Int, interval: Double) -> TimelineStripClock {
        // Walk back from the end to the newest frame the memo holds, collecting the newer ones.
        var newer: [(time: Double, realDt: Double)] = []
        var n = frames
        var matched = 0
        func walk(_ lines: ArraySlice<ScriptLine>) -> Bool {
            var i = lines.endIndex
            while i > lines.startIndex {
                i -= 1
                guard case .frame(let t, let dt) = lines[i] else { continue }
                if n < sessionTimes.count && n >= 1 && sessionTimes[n] == t { matched = n; return true }
                newer.append((t, dt))
                n -= 1
            }
            return false
        }
        if !walk(future) && !walk(past) { matched = 0 }
        // Only when there is something to drop: the arrays may still be shared with a clock handed out.
        if matched + 1 < sessionTimes.count {
            sessionTimes.removeSubrange((matched + 1)...)
            axisTimes.removeSubrange((matched + 1)...)
        }
        for (t, dt) in newer.reversed() {
            sessionTimes.append(t)
            axisTimes.append(axisTimes[axisTimes.count - 1] + min(FrameClock.snapped(dt, interval: interval), Self.longestFrame))
        }
        return TimelineStripClock(sessionTimes: sessionTimes, stripTimes: axisTimes)
    }
}
