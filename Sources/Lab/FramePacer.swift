/// How long the windowed frame loop sleeps after presenting a frame, so frames come at the
/// display's refresh rate when nothing else holds them to it.
///
/// - **Kinetic paces alone** (``init(interval:pacesAlone:)`` with `pacesAlone`: `--refresh` on a
///   display that reports no rate, where vsync is off): frames start on a grid of refresh
///   intervals. A wake-up that comes late is made up by the next, shorter sleep, so the rate is
///   the refresh rate and never above it; a frame that overran its slot starts the grid again
///   from when it ended (no burst of short frames to catch up).
/// - **Vsync may pace** (the default): the loop sleeps to a millisecond short of the interval,
///   and only when a frame took 2 ms less than it, so presenting still waits for the blank when
///   the display has one, and a display without vsync (a software renderer) is held near it.
///
/// Time comes in as arguments (seconds on one clock), so the rule is tested without sleeping.
package struct FramePacer {
    /// One refresh interval, seconds.
    package let interval: Double
    /// Whether nothing but this pacer holds frames to the refresh rate.
    package let pacesAlone: Bool
    /// The start of the next frame on the grid (pacing alone); nil until a frame has started.
    private var nextStart: Double?

    /// A pacer for frames `interval` seconds apart.
    package init(interval: Double, pacesAlone: Bool) {
        self.interval = interval
        self.pacesAlone = pacesAlone
    }

    /// Forgets the grid: the next frame starts it again (after an idle wait, when frames stopped).
    package mutating func restart() { nextStart = nil }

    /// Seconds to sleep now, `now` seconds into the frame that started at `frameStart` (0 when
    /// the next frame is due already). Call once per frame, after presenting.
    package mutating func sleep(frameStart: Double, now: Double) -> Double {
        guard pacesAlone else {
            let spent = now - frameStart
            return spent < interval - 0.002 ? interval - spent - 0.001 : 0
        }
        let due = (nextStart ?? frameStart) + interval
        if due > now {
            nextStart = due
            return due - now
        }
        nextStart = now
        return 0
    }
}
