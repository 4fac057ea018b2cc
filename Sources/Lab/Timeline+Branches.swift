/// The timeline's branches (issue 39, ``TimelineBranch``): resuming from the past, re-running
/// and undoing never drop a run; they keep it as a branch the user can go back to.
extension Timeline {
    /// The most branches kept (the oldest go first): 64.
    static let maximumBranches = 64

    /// The current timeline: the log (up to a parked playhead) then the future, with each
    /// frame's simulated step.
    var current: (lines: [ScriptLine], steps: [Double]) { history.timeline(of: log?.lines ?? []) }

    /// The branch named `id`, if it is still kept.
    package func branch(_ id: Int) -> TimelineBranch? { branches.first { $0.id == id } }

    /// Keeps the lines of `all` (with `steps`) after its first `forkLines` lines (`forkFrames`
    /// frames) as a new branch, the newest; branches that forked later take the lines between
    /// as their own, as the current timeline is about to leave them. Returns the new branch's id.
    @discardableResult
    func pushBranch(from all: [ScriptLine], steps: [Double], forkLines: Int, forkFrames: Int) -> Int {
        let forkTime = SessionHistory.lastFrameTime(in: all[..<min(forkLines, all.count)]) ?? 0
        for i in branches.indices where branches[i].forkLines > forkLines {
            let b = branches[i]
            branches[i].lines = Array(all[forkLines..<min(b.forkLines, all.count)]) + b.lines
            branches[i].steps = Array(steps[min(forkFrames, steps.count)..<min(b.forkFrames, steps.count)]) + b.steps
            branches[i].forkLines = forkLines
            branches[i].forkFrames = forkFrames
            branches[i].forkTime = forkTime
        }
        nextBranchID += 1
        branches.append(TimelineBranch(id: nextBranchID, forkLines: forkLines, forkFrames: forkFrames, forkTime: forkTime,
                                       lines: Array(all[min(forkLines, all.count)...]),
                                       steps: Array(steps[min(forkFrames, steps.count)...])))
        // The oldest go first, but never the run a re-run plays from.
        while branches.count > Self.maximumBranches,
              let i = branches.firstIndex(where: { $0.id != rerunPoint?.branch }) {
            branches.remove(at: i)
        }
        return nextBranchID
    }

    /// Resuming from a parked playhead (time runs, or input acts on a scene): the future becomes
    /// a branch instead of being dropped, the re-run key will play it again from the moment
    /// resumed (``rerunPoint``), and Ctrl+Z returns to it. Nothing happens at the live end.
    func leaveFuture() {
        guard history.isParked else { return }
        let fork = history.parkedLines, forkFrames = history.parkedFrames
        let (all, steps) = current
        let id = pushBranch(from: all, steps: steps, forkLines: fork, forkFrames: forkFrames)
        history.discardFuture()
        dropCheckpoints(after: fork)
        rerunPoint = (id, SessionHistory.lastFrameTime(in: all[..<fork]) ?? 0)
        record(.timeline(branch: id, frames: forkFrames))
    }

    /// Makes branch `id` the current timeline, showing it after its first `frames` frames (a
    /// parked playhead when that is before its end), and keeps the run being left as a branch.
    /// Returns the moment rebuilt and the id of the branch left, or nil when `id` is gone.
    func switchToBranch(_ id: Int, frames: Int, shown: LabMoment) -> (moment: LabMoment, left: Int)? {
        guard let log, let i = branches.firstIndex(where: { $0.id == id }) else { return nil }
        let b = branches.remove(at: i)
        let (all, steps) = current
        let left = pushBranch(from: all, steps: steps, forkLines: b.forkLines, forkFrames: b.forkFrames)
        let (lines, newSteps) = b.timeline(sharing: all, steps: steps)
        self.log = SessionLog(start: log.start, lines: lines)
        history.discardFuture()
        history.steps = newSteps
        dropCheckpoints(after: b.forkLines)
        playback = nil
        return (restore(keepingFrames: frames, shown: shown, keepingShown: false), left)
    }
}
