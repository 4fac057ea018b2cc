import Scenes

/// The timeline's snapshots (``TimelineCheckpoint``): whole sessions kept at moments of the last
/// minute, so that a scrub replays seconds of the log, not the session since it opened.
///
/// One checkpoint at a time is replayed towards the present (headless, at most
/// ``TimelineCheckpoint/Policy/framesPerFrame`` frames of the log per frame the live session
/// steps; in a window, in its spare time: ``SpareTimeReplay``), starting
/// from the oldest checkpoint once it has left the minute (or from the session's start); when it
/// reaches the present it is kept, and the next starts ``TimelineCheckpoint/Policy/spacing`` frames later. A
/// scrub uses one up; going on from a past moment drops those after it.
extension LabSession {
    /// The checkpoints kept (the one under way counted).
    package var checkpointCount: Int { checkpoints.count + (checkpointRunner == nil ? 0 : 1) }

    /// A checkpoint at the log's start: a session opened as this one opened, no line replayed.
    func makeCheckpoint() -> TimelineCheckpoint? {
        guard let start = log?.start else { return nil }
        let s = LabSession(checkpointOf: self)
        s.reset(to: start)
        s.log = nil
        return TimelineCheckpoint(session: s, frames: 0, lines: 0)
    }

    /// Whether a checkpoint is under way or due, and could be replayed now (the session is at the
    /// present, not parked, held or rebuilding a moment): the window replays it in each frame's
    /// spare time and while it waits for input (``advanceCheckpoints(frames:)``).
    package var checkpointWorkPending: Bool {
        guard !isRestoring, canScrub, log != nil, checkpointsMayAdvance else { return false }
        return checkpointRunner != nil || nextCheckpointIsDue
    }

    /// Whether checkpoints may be replayed now: made at all, and the session at the present.
    private var checkpointsMayAdvance: Bool { checkpointPolicy.isEnabled && !history.isParked && !history.isHeld }

    /// Whether the newest checkpoint is ``TimelineCheckpoint/Policy/spacing`` frames old (or
    /// there is none that many frames into the session): the next one is due.
    private var nextCheckpointIsDue: Bool { history.steps.count - (checkpoints.last?.frames ?? 0) >= checkpointPolicy.spacing }

    /// After a frame the live session stepped at the present (not parked, not rebuilding a
    /// moment): ``advanceCheckpoints(frames:)`` by ``TimelineCheckpoint/Policy/framesPerFrame``
    /// frames (what ``step(realDt:)`` does in a headless run).
    package func advanceCheckpoints() {
        advanceCheckpoints(frames: checkpointPolicy.framesPerFrame)
    }

    /// Replays the checkpoint under way by up to `frames` frames of the log, keeps it when it
    /// reaches the present, or starts the next one when the newest is
    /// ``TimelineCheckpoint/Policy/spacing`` frames old. Returns the frames replayed.
    @discardableResult
    package func advanceCheckpoints(frames: Int) -> Int {
        guard !isRestoring else { return 0 }
        guard canScrub, let lines = log?.lines else {
            checkpoints = []
            checkpointRunner = nil
            return 0
        }
        guard checkpointsMayAdvance else { return 0 }
        if checkpointRunner == nil {
            guard nextCheckpointIsDue else { return 0 }
            // The oldest checkpoint is the seed once the next one also lies before the minute
            // (it is then needed no more), or when there are too many; else the session's start.
            let windowStart = SessionHistory.frames(in: lines, atOrBefore: timelineStart)
            if checkpoints.count >= 2 && checkpoints[1].frames <= windowStart || checkpoints.count >= checkpointPolicy.maximum {
                checkpointRunner = checkpoints.removeFirst()
            } else {
                checkpointRunner = makeCheckpoint()
            }
        }
        guard var r = checkpointRunner else { return 0 }
        var stepped = 0
        while stepped < frames && r.lines < lines.count {
            let line = lines[r.lines]
            r.session.replay(lines[r.lines...r.lines])
            r.lines += 1
            if line.isFrame { r.frames += 1; stepped += 1 }
        }
        if r.lines >= lines.count {
            checkpoints.append(r)
            evictCheckpoints()
            checkpointRunner = nil
        } else {
            checkpointRunner = r
        }
        return stepped
    }

    /// Before a scrub: when the session shows a moment of the timeline `timeline` exactly (at
    /// the present, or parked and untouched, right after a frame), it moves into a checkpoint of
    /// its own, so that a later scrub back to it, or past it, starts there. Returns whether it
    /// did: the session's scenes are then the checkpoint's, and must be replaced, not stepped.
    func keepShownMomentAsCheckpoint(timeline: [ScriptLine]) -> Bool {
        guard !isRestoring, canScrub, let log else { return false }
        let lines = history.isParked ? history.parkedLines : log.lines.count
        guard lines > 0, log.lines.count == lines, lines <= timeline.count, timeline[lines - 1].isFrame else { return false }
        let frames = history.isParked ? history.parkedFrames : history.steps.count
        guard !checkpoints.contains(where: { $0.frames == frames }) else { return false }
        let c = LabSession(checkpointOf: self)
        c.adopt(self, log: nil, steps: [])
        let i = checkpoints.firstIndex { $0.frames > frames } ?? checkpoints.endIndex
        checkpoints.insert(TimelineCheckpoint(session: c, frames: frames, lines: lines), at: i)
        evictCheckpoints()
        return true
    }

    /// Past ``TimelineCheckpoint/Policy/maximum``, drops the checkpoint whose neighbours are
    /// closest together (it saves the least replaying), never the first or the last.
    func evictCheckpoints() {
        while checkpoints.count > max(checkpointPolicy.maximum, 2) {
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
        if let r = checkpointRunner, r.lines > lines { checkpointRunner = nil }
    }

    /// Takes over the state of checkpoint session `s`: its scenes and their environment, clock,
    /// parameters, window, pointer and HUD state; `log` and `steps` are the moment's lines and
    /// frame steps (a checkpoint keeps neither). The timeline strip, the REC mark and the notices
    /// stay this session's (``restore(keepingFrames:)`` keeps the help card too).
    func adopt(_ s: LabSession, log: SessionLog?, steps: [Double]) {
        scene = s.scene
        compareHalf = s.compareHalf
        environment = s.environment
        persistExchangeModel()
        clock = s.clock
        store = s.store
        frame = s.frame
        frameTime = s.frameTime
        size = s.size
        halfFrames = s.halfFrames
        pointer = s.pointer
        buttonsDown = s.buttonsDown
        sequenceHalf = s.sequenceHalf
        focusedHalf = s.focusedHalf
        hudControl = s.hudControl
        springDialect = s.springDialect
        pendingSingleStep = s.pendingSingleStep
        var o = s.overlay
        o.recordingSince = overlay.recordingSince
        o.timelineVisible = overlay.timelineVisible
        o.timelineScrubbing = overlay.timelineScrubbing
        overlay = o
        trailHistories = [TrailHistory(), TrailHistory()]
        self.log = log
        history.steps = steps
    }
}
