/// A re-run playing (issue 39): the input of a previous run after the moment re-run from, fed
/// to the session at its own times, and that run itself replayed beside it as the ghost.
package struct RerunPlayback {
    /// The previous run's lines after the moment re-run from.
    let lines: [ScriptLine]
    /// The next line to play.
    var next = 0
    /// Whether a frame has played: `params` lines before the first are the previous run's
    /// values at the moment, which the values set there replace.
    var playedFrame = false
    /// The session time re-run from, seconds.
    package let from: Double
    /// The session time of the previous run's last frame: where the re-run ends, seconds.
    package let end: Double
    /// The previous run, replayed frame for frame beside the re-run (drawn as outlines); nil
    /// when it could not be rebuilt.
    let ghost: LabMoment?

    /// Whether every line has played.
    package var isFinished: Bool { next >= lines.count }
}

/// Re-running (issue 39): the moment a previous run passed at session time `from` is rebuilt,
/// the values the user has now are set on it, and that run's input after it plays again.
extension Timeline {
    /// The run a re-run plays: while parked, the timeline shown (its future is what followed);
    /// after a resume from the past, the branch it left (``rerunPoint``); else the session itself.
    /// Returns its lines, frame steps and branch (nil for the current timeline).
    func rerunSource() -> (lines: [ScriptLine], steps: [Double], branch: TimelineBranch?) {
        let (all, steps) = current
        if !history.isParked, let p = rerunPoint, let b = branch(p.branch) {
            let (lines, branchSteps) = b.timeline(sharing: all, steps: steps)
            return (lines, branchSteps, b)
        }
        return (all, steps, nil)
    }

    /// Starts a re-run from session time `from` (the last frame at or before it): the current
    /// run after what it shares with the new one is kept as a branch, the moment at `from` of the
    /// run played (``rerunSource()``) is rebuilt and returned, and the playback of its input after
    /// it is set up, with a second rebuilt moment as its ghost. Nil when that run has nothing
    /// after `from`. The caller sets the values on the moment returned.
    func beginRerun(from: Double, shown: LabMoment) -> LabMoment? {
        guard canScrub, let log else { return nil }
        let before = playheadFrames
        let (all, steps) = current
        let source = rerunSource()
        let cutFrames = SessionHistory.frames(in: source.lines, atOrBefore: from)
        let cut = SessionHistory.end(ofFrames: cutFrames, in: source.lines)
        guard source.lines[cut...].contains(where: \.isFrame) else { return nil }
        // The run being replaced is kept (a run played again from itself is then the previous run).
        let shared = min(source.branch?.forkLines ?? cut, cut)
        let sharedFrames = min(source.branch?.forkFrames ?? cutFrames, cutFrames)
        let left = pushBranch(from: all, steps: steps, forkLines: shared, forkFrames: sharedFrames)
        self.log = SessionLog(start: log.start, lines: Array(source.lines[..<cut]))
        history.discardFuture()
        history.steps = Array(source.steps[..<min(cutFrames, source.steps.count)])
        dropCheckpoints(after: shared)
        let from = SessionHistory.lastFrameTime(in: source.lines[..<cut]) ?? 0
        // The ghost first: the moment for the re-run may take the newest checkpoint.
        let ghost = rebuiltMoment(lines: source.lines, upTo: cut)
        let moment = restore(keepingFrames: cutFrames, shown: shown, keepingShown: false)
        let suffix = Array(source.lines[cut...])
        playback = RerunPlayback(lines: suffix, from: from, end: SessionHistory.lastFrameTime(in: suffix) ?? from, ghost: ghost)
        rerunPoint = (source.branch?.id ?? left, from)
        record(.timeline(branch: left, frames: before))
        return moment
    }

    /// A moment made by replaying `lines` up to `cut` from a checkpoint at or before it (the
    /// second newest, used up: the newest is left for the moment shown) or the session's start.
    func rebuiltMoment(lines: [ScriptLine], upTo cut: Int) -> LabMoment? {
        guard let log else { return nil }
        let usable = checkpoints.indices.filter { checkpoints[$0].lines <= cut }
        let (moment, from) = usable.count >= 2 ? takeCheckpoint(usable[usable.count - 2]) : (openingMoment(log.start), 0)
        for line in lines[from..<cut] { moment.apply(line) }
        return moment
    }

    /// Plays the re-run's lines due by session time `now` (seconds): each is logged and applied
    /// to `moment` as the live session did (frames with their own `realDt`), and to the ghost;
    /// `params` lines before the first frame are left to the values set at the start. Returns
    /// whether a frame played; the playback ends after its last line.
    func playRerun(until now: Double, on moment: LabMoment) -> Bool {
        guard var p = playback else { return false }
        var stepped = false
        while p.next < p.lines.count {
            let line = p.lines[p.next]
            if case .frame(let t, _) = line, t > now + 1e-9 { break }
            p.next += 1
            p.ghost?.apply(line)
            if case .parameters = line, !p.playedFrame { continue }
            log?.append(line)
            if case .frame(let t, let dt) = line {
                moment.now = t
                history.recordFrame(step: moment.step(realDt: dt))
                p.playedFrame = true
                stepped = true
            } else {
                moment.apply(line)
            }
        }
        playback = p.isFinished ? nil : p
        return stepped
    }
}
