/// A run of the timeline left behind (issue 39): the future a resume from the past left, the run
/// a re-run replaced, or the run an undo stepped out of. Nothing the user did is lost: the strip
/// shows the branch being left, and Ctrl+Z, Ctrl+Shift+Z or a click on it goes back to it
/// (``Timeline/switchToBranch(_:frames:shown:)``).
///
/// A branch shares the current timeline's first ``forkLines`` lines and holds only its own lines
/// after them, so fifty branches of a long session cost fifty minutes' worth of lines at most,
/// not fifty sessions. When the current timeline leaves those lines too (an earlier resume), the
/// branch takes the lines it no longer shares as its own (``Timeline/pushBranch(from:steps:forkLines:forkFrames:)``).
package struct TimelineBranch {
    /// Names the branch while the branches around it come and go.
    package let id: Int
    /// The lines and frames of the current timeline the branch starts with.
    package internal(set) var forkLines: Int, forkFrames: Int
    /// Session time of the branch's fork: the last frame it shares, seconds (0 at the start).
    package internal(set) var forkTime: Double
    /// The branch's own lines after the fork, and the simulated step of each frame in them.
    var lines: [ScriptLine]
    var steps: [Double]

    /// Session time of the branch's last frame, seconds (its fork when it has none).
    package var endTime: Double { SessionHistory.lastFrameTime(in: lines) ?? forkTime }

    /// The branch's whole timeline, given the current one's lines and frame steps (it shares
    /// their first ``forkLines`` lines and ``forkFrames`` frames).
    func timeline(sharing all: [ScriptLine], steps allSteps: [Double]) -> (lines: [ScriptLine], steps: [Double]) {
        (Array(all[..<min(forkLines, all.count)]) + lines, Array(allSteps[..<min(forkFrames, allSteps.count)]) + steps)
    }
}
