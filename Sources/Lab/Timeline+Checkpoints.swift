/// The timeline's checkpoints (``TimelineCheckpoint``): moments kept from the last minute, so
/// that a scrub replays seconds of the log, not the session since it opened.
///
/// One checkpoint at a time is replayed towards the present (headless, at most
/// ``TimelineCheckpoint/Policy/framesPerFrame`` frames of the log per frame the live session
/// steps; in a window, in its spare time: ``replayInSpareTime(until:atLeastOne:clock:)``),
/// starting from the oldest checkpoint once it has left the minute (or from the session's start);
/// when it reaches the present it is kept, and the next starts
/// ``TimelineCheckpoint/Policy/spacing`` frames later. A scrub uses one up; going on from a past
/// moment drops those after it.
extension Timeline {
    /// The checkpoints kept (the one under way counted).
    package var checkpointCount: Int { checkpoints.count + (runner == nil ? 0 : 1) }

    /// Whether a checkpoint is under way or due, and could be replayed now (the session is at the
    /// present, not parked or held): the window replays it in each frame's spare time and while
    /// it waits for input.
    package var checkpointWorkPending: Bool {
        guard canScrub, log != nil, checkpointsMayAdvance else { return false }
        return runner != nil || nextCheckpointIsDue
    }

    /// Whether checkpoints may be replayed now: made at all, and the session at the present.
    private var checkpointsMayAdvance: Bool { policy.isEnabled && !history.isParked && !history.isHeld }

    /// Whether the newest checkpoint is ``TimelineCheckpoint/Policy/spacing`` frames old (or
    /// there is none that many frames into the session): the next one is due.
    private var nextCheckpointIsDue: Bool { history.steps.count - (checkpoints.last?.frames ?? 0) >= policy.spacing }

    /// After a frame the live session stepped at the present: ``advanceCheckpoints(frames:)`` by
    /// ``TimelineCheckpoint/Policy/framesPerFrame`` frames (what a headless run does each frame).
    package func advanceCheckpoints() {
        advanceCheckpoints(frames: policy.framesPerFrame)
    }

    /// Replays the checkpoint under way by up to `frames` frames of the log, keeps it when it
    /// reaches the present, or starts the next one when the newest is
    /// ``TimelineCheckpoint/Policy/spacing`` frames old. Returns the frames replayed.
    @discardableResult
    package func advanceCheckpoints(frames: Int) -> Int {
        guard canScrub, let log else {
            checkpoints = []
            runner = nil
            return 0
        }
        guard checkpointsMayAdvance else { return 0 }
        let lines = log.lines
        if runner == nil {
            guard nextCheckpointIsDue else { return 0 }
            // The oldest checkpoint is the seed once the next one also lies before the minute
            // (it is then needed no more), or when there are too many; else the session's start.
            let windowStart = SessionHistory.frames(in: lines, atOrBefore: start)
            if checkpoints.count >= 2 && checkpoints[1].frames <= windowStart || checkpoints.count >= policy.maximum {
                runner = checkpoints.removeFirst()
            } else {
                runner = TimelineCheckpoint(moment: openingMoment(log.start), frames: 0, lines: 0)
            }
        }
        guard var r = runner else { return 0 }
        var stepped = 0
        while stepped < frames && r.lines < lines.count {
            let line = lines[r.lines]
            r.moment.apply(line)
            r.lines += 1
            if line.isFrame { r.frames += 1; stepped += 1 }
        }
        if r.lines >= lines.count {
            checkpoints.append(r)
            evictCheckpoints()
            runner = nil
        } else {
            runner = r
        }
        return stepped
    }

    /// Replays the checkpoint under way a frame at a time while the next frame of it is expected
    /// to end by `deadline` (seconds on `clock`, the host's), or one frame anyway (`atLeastOne`:
    /// while idle). `clock` is read around each frame replayed, to learn what one costs
    /// (``SpareTimeReplay``). Returns the frames replayed.
    @discardableResult
    package func replayInSpareTime(until deadline: Double, atLeastOne: Bool = false, clock: () -> Double) -> Int {
        var replayed = 0
        while checkpointWorkPending {
            let start = clock()
            guard spareTime.fits(now: start, deadline: deadline) || (atLeastOne && replayed == 0),
                  advanceCheckpoints(frames: 1) > 0 else { break }
            spareTime.record(start: start, end: clock())
            replayed += 1
        }
        return replayed
    }

    /// Replays in the time the present about to happen would wait for the display's blank
    /// (``SpareTimeReplay/beforePresentDeadline(now:)``), with the frame handed to the GPU
    /// first (`submit`: it draws while the replay runs). Returns the seconds it took.
    package func replayBeforePresent(submit: () -> Void, clock: () -> Double) -> Double {
        var start = clock()
        if spareTime.beforePresentDeadline(now: start) > start && checkpointWorkPending {
            submit()
            start = clock()
        }
        replayInSpareTime(until: spareTime.beforePresentDeadline(now: start), clock: clock)
        return clock() - start
    }

    /// Before a scrub: when `shown` is a moment of the timeline `timeline` exactly (at the
    /// present, or parked and untouched, right after a frame), it becomes a checkpoint, so that a
    /// later scrub back to it, or past it, starts there. Returns whether it did: `shown` must
    /// then be replaced, not stepped.
    func keep(_ shown: LabMoment, asCheckpointOf timeline: [ScriptLine]) -> Bool {
        guard canScrub, let log else { return false }
        let lines = history.isParked ? history.parkedLines : log.lines.count
        guard lines > 0, log.lines.count == lines, lines <= timeline.count, timeline[lines - 1].isFrame else { return false }
        let frames = history.isParked ? history.parkedFrames : history.steps.count
        guard !checkpoints.contains(where: { $0.frames == frames }) else { return false }
        let i = checkpoints.firstIndex { $0.frames > frames } ?? checkpoints.endIndex
        checkpoints.insert(TimelineCheckpoint(moment: shown, frames: frames, lines: lines), at: i)
        evictCheckpoints()
        return true
    }

    /// Takes checkpoint `i` off the list to rebuild a moment from (its trails start again there).
    /// Returns its moment and how many lines of the log it holds.
    func takeCheckpoint(_ i: Int) -> (moment: LabMoment, lines: Int) {
        let c = checkpoints.remove(at: i)
        c.moment.restartTrails()
        return (c.moment, c.lines)
    }

    /// A moment as the session opened, no line applied: what a replay starts from without a checkpoint.
    func openingMoment(_ start: SessionLog.Start) -> LabMoment {
        LabMoment(configuration: configuration, start: start, textMeasurer: textMeasurer)
    }

    /// Past ``TimelineCheckpoint/Policy/maximum``, drops the checkpoint whose neighbours are
    /// closest together (it saves the least replaying), never the first or the last.
    func evictCheckpoints() {
        while checkpoints.count > max(policy.maximum, 2) {
            var best = 1, gap = Int.max
            for i in 1..<(checkpoints.count - 1) where checkpoints[i + 1].frames - checkpoints[i - 1].frames < gap {
                gap = checkpoints[i + 1].frames - checkpoints[i - 1].frames
                best = i
            }
            checkpoints.remove(at: best)
        }
    }

    /// Going on from a past moment (the future discarded): the checkpoints and the replay under
    /// way beyond the moment's `lines` lines of the log are dropped.
    func dropCheckpoints(after lines: Int) {
        checkpoints.removeAll { $0.lines > lines }
        if let r = runner, r.lines > lines { runner = nil }
    }
}
