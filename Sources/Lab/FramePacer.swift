/// When the windowed frame loop starts a frame and presents it, so frames come at the display's
/// refresh rate when nothing else holds them to it.
///
/// - **Kinetic paces alone** (``init(interval:pacesAlone:)`` with `pacesAlone`: a display that
///   reports no refresh rate, such as Xvfb, where vsync is off). SDL's own stand-in for vsync
///   there counts whole milliseconds: 16 ms frames (62.5 fps) on an assumed 60 Hz display, each
///   up to a millisecond early or late. Instead, presents land on a grid of refresh intervals,
///   as a display's blank would show them:
///   - a frame starts as late as it can and still be drawn before its slot, with room for a
///     slower frame than lately (``drawCost`` × ``drawMargin`` + ``presentCost`` + ``guardTime``
///     before it), so the input it reads is fresh;
///   - once drawn, it waits until ``presentCost`` before the slot (``presentWait(frameStart:now:)``), so
///     presents come a refresh interval apart however long each frame took to draw;
///   - a present that ends more than a quarter of an interval late starts the grid again from
///     when it ended (no burst of short frames to catch up).
///   The costs are the longest lately: each frame's own (at most an interval: the first frame's
///   shader compiles are no guide) raises them at once, and they fall by ``costDecay`` of an
///   interval a frame, so a slow frame moves the starts earlier for a few seconds rather than
///   making the next slow frame late too (the stress demo's frames at 2560 × 1440 vary from
///   9 to 13 ms and back within a second).
/// - **Vsync may pace** (the default): the loop sleeps to a millisecond short of the interval,
///   and only when a frame took 2 ms less than it, so presenting still waits for the blank when
///   the display has one.
///
/// Time comes in as arguments (seconds on one clock), so the rule is tested without sleeping.
package struct FramePacer {
    /// One refresh interval, seconds.
    package let interval: Double
    /// Whether nothing but this pacer holds frames to the refresh rate.
    package let pacesAlone: Bool
    /// When the next present is due to end (pacing alone): a point of the grid; nil until a
    /// frame has presented, and after ``restart()``.
    package private(set) var slot: Double?
    /// Seconds from a frame's start until it is drawn, the longest lately (pacing alone); an
    /// interval until one is measured, so the first frames start at once.
    package private(set) var drawCost: Double
    /// Seconds a present of a drawn frame takes, the longest lately (pacing alone).
    package private(set) var presentCost = 0.0
    /// Whether a frame on the grid has been measured (its costs replace the starting guess).
    private var measured = false
    /// What the costs fall by each frame, in intervals (a 4 ms fall takes 2 s at 60 Hz).
    package static let costDecay = 0.002
    /// Seconds kept spare between a frame's expected end of drawing and its present.
    package static let guardTime = 0.0005
    /// How much longer than ``drawCost`` a frame is given to draw: on a busy machine a frame
    /// takes up to half again the longest lately (the stress demo at 2560 × 1440: p50 9.6 ms,
    /// p99 14.3–14.7 ms, with its costliest frames lately about 11).
    package static let drawMargin = 1.5

    /// A pacer for frames `interval` seconds apart.
    package init(interval: Double, pacesAlone: Bool) {
        self.interval = interval
        self.pacesAlone = pacesAlone
        drawCost = interval
    }

    /// Forgets the grid: the next frame presents as soon as it is drawn and starts a grid of its
    /// own (after an idle wait, when frames stopped). The costs are kept.
    package mutating func restart() { slot = nil }

    /// Pacing alone: records that the frame that started at `frameStart` is drawn at `now`, and
    /// returns the seconds to wait before presenting it (0: present now).
    package mutating func presentWait(frameStart: Double, now: Double) -> Double {
        // The first frame after a start or restart is no guide (shaders compile, caches fill).
        guard pacesAlone, let slot else { return 0 }
        drawCost = Self.longest(now - frameStart, measured ? drawCost : 0, interval: interval)
        return Swift.max(0, slot - presentCost - now)
    }

    /// Pacing alone, before presenting the frame that started at `frameStart`: draws it to the
    /// last pixel (`finish`), then sleeps (`sleep`, seconds) until its slot's present time
    /// (``presentWait(frameStart:now:)``). Returns the seconds slept; does nothing (0) with vsync.
    package mutating func holdForSlot(frameStart: Double, finish: () -> Void, clock: () -> Double, sleep: (Double) -> Void) -> Double {
        guard pacesAlone else { return 0 }
        finish()
        let wait = presentWait(frameStart: frameStart, now: clock())
        sleep(wait)
        return wait
    }

    /// The deadline for replaying the timeline after presenting the frame that started at
    /// `frameStart`: ``SpareTimeReplay/margin`` before the next frame starts.
    package func replayDeadline(frameStart: Double) -> Double {
        pacesAlone ? nextFrameStart - SpareTimeReplay.margin : SpareTimeReplay.deadline(frameStart: frameStart, interval: interval)
    }

    /// Pacing alone: records a present that ran from `start` to `end` and moves on to the next
    /// slot of the grid (or starts the grid again from `end` when it was late).
    package mutating func presented(start: Double, end: Double) {
        guard pacesAlone else { return }
        // A present longer than a quarter interval stalled in the window system (a screenshot
        // being taken): no start time could plan for it, and it is not taken as the cost.
        presentCost = Self.longest(Swift.min(end - start, interval / 4), presentCost, interval: interval)
        guard let s = slot else {
            slot = end + interval
            return
        }
        measured = true
        slot = end <= s + interval / 4 ? s + interval : end + interval
    }

    /// Seconds to sleep now, `now` seconds into the frame that started at `frameStart` (0 when
    /// the next frame is due already). Call once per frame, after presenting (and, pacing
    /// alone, after ``presented(start:end:)``).
    package func sleep(frameStart: Double, now: Double) -> Double {
        guard pacesAlone else {
            let spent = now - frameStart
            return spent < interval - 0.002 ? interval - spent - 0.001 : 0
        }
        return Swift.max(0, nextFrameStart - now)
    }

    /// When the next frame should start (pacing alone, after ``presented(start:end:)``): its
    /// drawing, given ``drawMargin`` times the longest lately, and its present end at the next
    /// slot (at most an interval before it).
    package var nextFrameStart: Double {
        guard let slot else { return -Double.infinity }
        return slot - Swift.min(interval, drawCost * Self.drawMargin + presentCost + Self.guardTime)
    }

    /// A cost that is `sample` (within 0…`interval`) now, or `previous` fallen by ``costDecay``
    /// of `interval` if that is longer.
    static func longest(_ sample: Double, _ previous: Double, interval: Double) -> Double {
        Swift.max(Swift.min(Swift.max(0, sample), interval), previous - costDecay * interval)
    }
}
