/// The timeline's memory beside the session's ``SessionLog`` (issue 27 part 2): the simulated
/// seconds each logged frame advanced, and the lines after the playhead while it is parked in
/// the past.
///
/// The log is the history itself: a moment is rebuilt by replaying the log's lines up to it
/// (``LabSession/scrub(to:)``). Scrubbing back keeps what came after as the ``future``, so the
/// playhead can move forward again; resuming from the past (time runs, or input that acts on a
/// scene) leaves it here, and the ``Timeline`` keeps it as a branch (``Timeline/leaveFuture()``).
///
/// The playhead reaches the last ``span`` seconds of session time.
package struct SessionHistory {
    /// How far back the playhead reaches: 60 s of session time.
    package static let span = 60.0

    /// The simulated seconds each frame of the log advanced, in order (0 for a paused frame).
    package internal(set) var steps: [Double] = []
    /// The log's lines after the playhead, kept while it is parked in the past (empty when the
    /// playhead is at the live end).
    package internal(set) var future: [ScriptLine] = []
    /// The simulated seconds of each frame in ``future``.
    package internal(set) var futureSteps: [Double] = []
    /// While parked: how many of the log's lines and frames the playhead's moment holds. Lines
    /// logged after them while parked (paused frames, a pointer moving with no button held) are
    /// not part of the history a later scrub moves through: it rebuilds its moment from the
    /// moment's lines and the future.
    package internal(set) var parkedLines = 0, parkedFrames = 0
    /// Whether the timeline holds time still: the session was paused when the playhead moved to
    /// a moment that was not paused, and nothing has acted on it since
    /// (``LabSession/materializeHold()``).
    package internal(set) var isHeld = false
    /// The clip's in-point (`I`), session time, seconds; nil when none is set. `X` exports the
    /// span from it to the playhead.
    package internal(set) var clipIn: Double?
    /// Whether the moment shown holds a press the user no longer holds: the playhead was moved in
    /// the window (the strip, `,`) to a moment in the middle of a press, and the mouse button is
    /// up. Pointer moves are then hover, not drag, and whatever resumes the session first ends
    /// that press with a cancel (``LabSession/endLapsedPress(at:)``), as UIKit cancels an
    /// interrupted touch. A script's `scrub` line leaves presses held: its next lines go on.
    package internal(set) var pressLapsed = false
    /// Whether frames were left out while parked (``LabSession/skipsTimelineFrame``): the next
    /// thing logged re-anchors the session's clock to the moment shown.
    package internal(set) var isIdle = false
    /// How many log lines the last scrub replayed (all of them up to its moment, or only those
    /// after a parked moment it moved forward from).
    package internal(set) var lastReplayedLines = 0
    /// How many scrubs started from a checkpoint (``TimelineCheckpoint``).
    package internal(set) var checkpointsUsed = 0

    /// An empty history.
    package init() {}

    /// Whether the playhead is parked in the past with a future to go back to.
    package var isParked: Bool { !future.isEmpty }

    /// The history a scrub moves through, given the session's `log` lines: the log (up to the
    /// parked moment while parked) then the future, and the simulated step of each frame in it.
    package func timeline(of lines: [ScriptLine]) -> (lines: [ScriptLine], steps: [Double]) {
        guard isParked else { return (lines, steps) }
        return (Array(lines[..<min(parkedLines, lines.count)]) + future, Array(steps[..<min(parkedFrames, steps.count)]) + futureSteps)
    }

    /// Notes a frame just logged that advanced simulated time by `step` seconds (0 while paused).
    /// Going on from a parked playhead is the ``Timeline``'s: it keeps the future as a branch
    /// first (``Timeline/leaveFuture()``).
    package mutating func recordFrame(step: Double) {
        steps.append(step)
    }

    /// Drops the lines after the playhead: the session goes on from here. Returns whether there
    /// was a future to drop.
    @discardableResult
    package mutating func discardFuture() -> Bool {
        guard !future.isEmpty else { return false }
        future = []
        futureSteps = []
        return true
    }

    /// Forgets every frame (the log starts again from its start).
    package mutating func removeAllSteps() {
        steps.removeAll(keepingCapacity: true)
    }

    /// The number of frame lines in `lines` whose time is at or before `t` (seconds), so that
    /// replaying that many frames shows the moment `t`. Frame times only grow, so this is the
    /// count before the first later one.
    package static func frames(in lines: [ScriptLine], atOrBefore t: Double) -> Int {
        var n = 0
        for line in lines {
            guard case .frame(let now, _) = line else { continue }
            if now > t + 1e-9 { break }
            n += 1
        }
        return n
    }

    /// The index in `lines` just after its `count`-th frame line (0 for no frame): the lines a
    /// replay of `count` frames delivers.
    package static func end(ofFrames count: Int, in lines: [ScriptLine]) -> Int {
        guard count > 0 else { return 0 }
        var seen = 0
        for (i, line) in lines.enumerated() where line.isFrame {
            seen += 1
            if seen == count { return i + 1 }
        }
        return lines.count
    }

    /// The time of the last frame line in `lines`, or nil without one.
    package static func lastFrameTime(in lines: some BidirectionalCollection<ScriptLine>) -> Double? {
        for line in lines.reversed() { if case .frame(let now, _) = line { return now } }
        return nil
    }
}
