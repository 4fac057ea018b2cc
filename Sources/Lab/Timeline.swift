import Gestures
import Drawing
import Scenes

/// The timeline (issue 27 part 2, issue 38): the session's log and history, the moments kept as
/// checkpoints, and the one place that knows a moment can be rebuilt.
///
/// A moment is rebuilt from the session's ``SessionLog``: a ``LabMoment`` is made as the session
/// opened and the log's lines up to the moment are applied to it (inputs, resizes, pastes and
/// frames, with their own `now` and `realDt`), starting from the nearest checkpoint — a moment
/// kept from earlier (``TimelineCheckpoint``). The log is what a Ctrl+R recording replays, so the
/// moment shown after a scrub is, by construction, the state a straight replay of the same input
/// shows at that time: `--dump` identical byte for byte. Moving back keeps the lines after the
/// moment as the history's future while the playhead is parked; resuming keeps them as a branch
/// (``TimelineBranch``), which undo returns to and a re-run plays again on new values
/// (``Timeline+Rerun``, ``Timeline+Undo``). The session's clock then runs ``timeShift`` behind
/// the host's, so the input that follows continues from the moment.
package final class Timeline {
    /// How the session started: what a rebuilt moment is made from.
    let configuration: LabConfiguration
    /// Measures the rebuilt moments' text (the host's font, once the session opens).
    var textMeasurer: TextMeasuring = EstimatedTextMeasurer.shared
    /// What the session did since it opened, for Ctrl+R and the playhead (nil before the session opens).
    package internal(set) var log: SessionLog?
    /// The frames' simulated steps and the future kept while the playhead is parked in the past.
    package internal(set) var history = SessionHistory()
    /// The checkpoints kept, oldest first, and the one being replayed towards the present
    /// (``advanceCheckpoints(frames:)``).
    var checkpoints: [TimelineCheckpoint] = []
    var runner: TimelineCheckpoint?
    /// How often and how fast checkpoints are made.
    package var policy = TimelineCheckpoint.Policy()
    /// Whether ``LabSession/step(realDt:)`` ends with ``advanceCheckpoints()`` (true); a window
    /// replays them in its spare time instead (``replayInSpareTime(until:atLeastOne:clock:)``),
    /// and `kinetic bench timeline` calls it apart, to time it.
    package var advancesInStep = true
    /// The host's app clock at this frame, as it last set the session's time, seconds.
    package internal(set) var hostNow: Double = 0
    /// How far the session's time runs behind the host's after the timeline's scrubs, seconds
    /// (0 until the first scrub).
    package internal(set) var timeShift: Double = 0
    /// Where the playhead's drag on the strip last moved to (session time, seconds), scrubbed to
    /// once before the next frame or other input: moves that queued up behind a slow frame
    /// rebuild one moment, not one each.
    var pendingScrub: Double?
    /// How long a checkpoint's frame takes to replay, and the present's wait it may fill.
    package var spareTime = SpareTimeReplay()
    /// The runs left behind, oldest first (``TimelineBranch``, ``Timeline+Branches``).
    package internal(set) var branches: [TimelineBranch] = []
    var nextBranchID = 0
    /// What the re-run key plays again: the branch a resume from the past left and the session
    /// time it was left at (nil before the first resume from the past).
    package internal(set) var rerunPoint: (branch: Int, from: Double)?
    /// The re-run playing (``Timeline+Rerun``), nil when none is.
    package internal(set) var playback: RerunPlayback?
    /// What Ctrl+Z and Ctrl+Shift+Z take back and do again, newest last (``Timeline+Undo``).
    package internal(set) var undoSteps: [TimelineUndoStep] = [], redoSteps: [TimelineUndoStep] = []
    /// Set when a moment was rebuilt: the host's frame that rebuilt it shows it as it is (the
    /// moment at the time scrubbed to), and the next frame steps on from it.
    var showsRestoredMoment = false
    /// Numbers the pointer presses, so that one drag of a HUD field is one undo step.
    var undoPress = 0

    /// A timeline for a session started as `configuration` says; it has no log until the
    /// session opens (``begin(_:textMeasurer:)``).
    init(configuration: LabConfiguration) {
        self.configuration = configuration
    }

    /// Starts the log at `start`, the moment the session opened on.
    func begin(_ start: SessionLog.Start, textMeasurer: TextMeasuring) {
        log = SessionLog(start: start)
        self.textMeasurer = textMeasurer
    }

    /// The session's time at the host's current frame, seconds.
    package var now: Double { hostNow - timeShift }

    // MARK: The playhead

    /// The session time the playhead can reach back to, seconds: ``SessionHistory/span`` before
    /// the end of the history (the live end, or the end of the future while parked).
    package var start: Double { max(0, end - SessionHistory.span) }

    /// The time of the history's last frame (the live end, beyond a parked playhead), seconds.
    package var end: Double {
        SessionHistory.lastFrameTime(in: history.future) ?? SessionHistory.lastFrameTime(in: log?.lines ?? []) ?? 0
    }

    /// The playhead: the time of the moment shown (the last frame of the log, or the moment a
    /// parked playhead rests on), seconds.
    package var playhead: Double {
        let lines = log?.lines ?? []
        return SessionHistory.lastFrameTime(in: history.isParked ? lines[..<min(history.parkedLines, lines.count)] : lines[...]) ?? 0
    }

    /// The frames of the moment shown (the playhead's).
    var playheadFrames: Int { history.isParked ? history.parkedFrames : history.steps.count }

    /// Whether the log reaches back to the session's start, so a moment can be rebuilt exactly.
    package var canScrub: Bool { (log?.isComplete ?? false) && (log?.start.isSessionStart ?? false) }

    /// The frames up to session time `t` (clamped to the last minute) on the timeline shown.
    func frames(atOrBefore t: Double) -> Int {
        guard let log else { return 0 }
        return SessionHistory.frames(in: history.timeline(of: log.lines).lines, atOrBefore: min(max(t, start), end))
    }

    /// The frames of the moment one step back: before the last frame shown that advanced
    /// simulated time (paused frames advance none), or nil when that lies before the minute.
    func framesOneStepBack() -> Int? {
        guard let log else { return nil }
        let (lines, steps) = history.timeline(of: log.lines)
        guard let last = steps[..<min(playheadFrames, steps.count)].lastIndex(where: { $0 > 0 }),
              SessionHistory.lastFrameTime(in: lines[..<SessionHistory.end(ofFrames: last, in: lines)]) ?? 0 >= start
        else { return nil }
        return last
    }

    // MARK: Moments

    /// The moment after the first `count` frames of the log and its future, rebuilt from the
    /// nearest base before it — the newest checkpoint at or before it (used up), `shown` when the
    /// playhead is parked on it untouched, or a moment made as the session opened — by applying
    /// the lines from there to that frame. `shown` (the moment on screen, which must carry no
    /// hooks of the shell) is kept as a checkpoint when it is one (unless `keepingShown` is
    /// false: it is not a moment of this timeline). The lines after the moment become the
    /// future; the session's clock is shifted so that the host's frame shows the moment itself
    /// (``showsRestoredMoment``) and its next frame comes right after it.
    func restore(keepingFrames count: Int, shown: LabMoment, keepingShown: Bool = true) -> LabMoment {
        guard let log else { return shown }
        let (all, allSteps) = history.timeline(of: log.lines)
        let cut = SessionHistory.end(ofFrames: count, in: all)
        history.pressLapsed = false
        // The moment shown is kept as a checkpoint (the way back to it), when it is one; a later
        // moment then starts from that checkpoint instead.
        let kept = keepingShown && keep(shown, asCheckpointOf: all)
        // Parked and untouched, the moment shown is exactly the replay of the lines up to the
        // parked moment: a later moment replays on from it.
        var from = 0
        var base: LabMoment?
        if keepingShown && !kept && history.isParked && log.lines.count == history.parkedLines && cut >= history.parkedLines {
            from = history.parkedLines
            base = shown
        }
        if let i = checkpoints.lastIndex(where: { $0.lines <= cut }), checkpoints[i].lines > from || from == 0 {
            (base, from) = takeCheckpoint(i)
            history.checkpointsUsed += 1
        }
        let moment = base ?? openingMoment(log.start)
        // Replayed, the lines meet no parked playhead.
        history.discardFuture()
        history.isHeld = false
        playback = nil
        history.isIdle = false
        history.lastReplayedLines = cut - from
        for line in all[from..<cut] { moment.apply(line) }
        self.log = SessionLog(start: log.start, lines: Array(all[..<cut]))
        let frames = min(count, allSteps.count)
        history.steps = Array(allSteps[..<frames])
        history.future = Array(all[cut...])
        history.futureSteps = Array(allSteps[frames...])
        history.parkedLines = cut
        history.parkedFrames = frames
        // The host's frame that rebuilt the moment shows it (a scrub to T shows T); its next
        // frame steps on from it.
        timeShift = hostNow - (SessionHistory.lastFrameTime(in: all[..<cut]) ?? 0)
        showsRestoredMoment = true
        return moment
    }

    /// Whether the frame the host is about to step is left out: while the playhead is parked in
    /// the past and time stands (paused, held by the timeline, or the playhead being dragged),
    /// nothing is stepped or logged, so the moment shown stays exactly the replay of its lines.
    func skipsFrame(of moment: LabMoment) -> Bool {
        (history.isParked || history.isHeld) && (moment.clock.isPaused || history.isHeld || moment.overlay.timelineScrubbing)
            && !moment.pendingSingleStep
    }

    /// After frames left out (``skipsFrame(of:)``), shifts the session's clock so that what
    /// comes next comes one refresh interval after `moment`, the moment shown.
    func reanchorAfterIdle(_ moment: LabMoment) {
        guard history.isIdle else { return }
        history.isIdle = false
        timeShift = hostNow - (moment.frameTime + moment.clock.refreshInterval)
    }

    /// Whether `input` is left out while the playhead is parked in the past (or held): the
    /// pointer moving or leaving with no button held (or with a press the user let go of,
    /// ``SessionHistory/pressLapsed``), and key releases, which change nothing a
    /// frame shows; applied, they would be the first lines of a new future.
    func isIgnoredWhileParked(_ input: InputEvent, buttonsHeld: Bool) -> Bool {
        guard history.isParked || history.isHeld else { return false }
        let held = buttonsHeld && !history.pressLapsed
        switch input {
        case .pointer(let e): return e.phase == .moved && !held
        case .pointerExited: return !held
        case .key(let k): return k.phase == .up
        default: return false
        }
    }

    /// Whether `input`, logged while the playhead is parked in the past, resumes the session
    /// from there (discarding the future): a press, release, wheel turn or key that acts on a
    /// scene does; moving the pointer with no button held, key releases, `.`, Space and the
    /// shell's keys (``LabMoment/shellKeys``: the timeline's, Enter, screenshot, export, clips)
    /// do not (a frame that advances time does).
    static func resumes(_ input: InputEvent, buttonsHeld: Bool) -> Bool {
        switch input {
        case .pointer(let e): return e.phase != .moved || buttonsHeld
        case .scroll: return true
        case .key(let k):
            let command = k.modifiers.contains(.control) || k.modifiers.contains(.command)
            return k.phase == .down && !command && ![".", "space"].contains(k.key) && !LabMoment.shellKeys.contains(k.key)
        case .focusLost: return true
        case .pointerExited: return buttonsHeld
        }
    }

    /// Appends `line` to the log; a resize, a paste or a `params` line acts on the scenes, so the
    /// session goes on from a parked playhead (its future kept as a branch: ``leaveFuture()``).
    func append(_ line: ScriptLine) {
        guard log != nil else { return }
        log?.append(line)
        switch line {
        case .resize, .paste, .parameters: leaveFuture()
        default: break
        }
    }

    /// Counts a frame the live session stepped by `step` simulated seconds: a frame that advances
    /// time from a parked playhead goes on from there (its future kept as a branch).
    func recordFrame(step: Double) {
        if step > 0 { leaveFuture() }
        history.recordFrame(step: step)
    }
}
