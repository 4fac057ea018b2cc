import Geometry
import Gestures
import Scenes
import LabUI

/// The timeline (issue 27 part 2): the playhead moves to any moment of the last minute and the
/// session shows it exactly, then goes on from there.
///
/// A moment is rebuilt from the session's ``SessionLog``: the scenes are made again as the
/// session opened them and the log's lines up to the moment are replayed headless (inputs,
/// resizes, pastes and frames, with their own `now` and `realDt`; nothing is drawn, saved or
/// recorded meanwhile). The log is what a Ctrl+R recording replays, so the state shown after a
/// scrub is, by construction, the state a straight replay of the same input shows at that time:
/// `--dump` identical byte for byte. Moving back keeps the lines after the moment as the
/// history's future while the playhead is parked; resuming discards them
/// (``SessionHistory``). The session's clock then runs ``timeShift`` behind the host's, so the
/// input that follows continues from the moment.
extension LabSession {
    /// The session time the playhead can reach back to, seconds: ``SessionHistory/span`` before
    /// the end of the history (the live end, or the end of the future while parked).
    package var timelineStart: Double { max(0, timelineEnd - SessionHistory.span) }

    /// The time of the history's last frame (the live end, beyond a parked playhead), seconds.
    package var timelineEnd: Double {
        SessionHistory.lastFrameTime(in: history.future) ?? SessionHistory.lastFrameTime(in: log?.lines ?? []) ?? 0
    }

    /// The playhead: the time of the moment shown (the last frame of the log, or the moment a
    /// parked playhead rests on), seconds.
    package var playhead: Double {
        let lines = log?.lines ?? []
        return SessionHistory.lastFrameTime(in: history.isParked ? lines[..<min(history.parkedLines, lines.count)] : lines[...]) ?? 0
    }

    /// The frames of the moment shown (the playhead's).
    private var playheadFrames: Int { history.isParked ? history.parkedFrames : history.steps.count }

    /// Whether the log reaches back to the session's start, so a moment can be rebuilt exactly.
    package var canScrub: Bool { (log?.isComplete ?? false) && (log?.start.isSessionStart ?? false) }

    /// Moves the playhead to session time `t` (seconds, clamped to the last minute): the session
    /// shows the last frame at or before `t` exactly, as a straight replay of the same input
    /// would, and goes on from it. Going back keeps what came after (``SessionHistory/future``)
    /// until time runs or input acts on a scene. While paused the session stays paused.
    package func scrub(to t: Double) {
        guard canScrub, let log else {
            overlay.notice("the timeline needs the session's log from its start (the session ran too long)", at: now)
            return
        }
        let target = min(max(t, timelineStart), timelineEnd)
        let count = SessionHistory.frames(in: history.timeline(of: log.lines).lines, atOrBefore: target)
        // The moment shown already (a playhead dragged within one frame, or a scrub to now).
        if count == playheadFrames { return }
        restore(keepingFrames: count)
    }

    /// `,` while paused: one frame back — the state before the last frame that advanced
    /// simulated time (paused frames advance none).
    func stepBack() {
        guard clock.isPaused || history.isHeld else { overlay.notice("press Space to pause first", at: now); return }
        guard canScrub, let log else { scrub(to: 0); return }
        let (lines, steps) = history.timeline(of: log.lines)
        guard let last = steps[..<min(playheadFrames, steps.count)].lastIndex(where: { $0 > 0 }),
              SessionHistory.lastFrameTime(in: lines[..<SessionHistory.end(ofFrames: last, in: lines)]) ?? 0 >= timelineStart
        else {
            overlay.notice("the timeline reaches back \(Int(SessionHistory.span)) s", at: now)
            return
        }
        restore(keepingFrames: last)
        // `,` is a key: no button is down, whatever the moment holds.
        history.pressLapsed = !buttonsDown.isEmpty
    }

    /// Ends the press the moment shown holds but the user does not (``SessionHistory/pressLapsed``):
    /// a cancel for each held button at the pointer, dispatched and logged like any input (so a
    /// replay cancels there too), at `timestamp` on the host's clock.
    func endLapsedPress(at timestamp: Double) {
        history.pressLapsed = false
        let location = pointer ?? .zero
        for button in [PointerButton.left, .right, .middle] where buttonsDown.contains(button) {
            dispatch(.pointer(PointerEvent(.cancelled, location: location, timestamp: timestamp, button: button)))
        }
    }

    /// Rebuilds the moment after the first `count` frames of the log and its future from the
    /// nearest base before it — the newest checkpoint at or before it (``TimelineCheckpoint``,
    /// used up), a parked moment that nothing has touched since, or the scenes as the session
    /// opened them — then replays the lines from there to that frame. The lines
    /// after it become the future; the session's clock is shifted so that this frame of the
    /// host's comes right after the restored one.
    private func restore(keepingFrames count: Int) {
        guard let log else { return }
        let (all, allSteps) = history.timeline(of: log.lines)
        let cut = SessionHistory.end(ofFrames: count, in: all)
        let host = hostNow, wasPaused = clock.isPaused || history.isHeld
        // The help card is the user's now, not the moment's: the replay below goes through H presses.
        let liveOverlay = overlay
        history.pressLapsed = false
        // The moment shown is kept as a checkpoint (the way back to it), when it is one; its
        // scenes are then the checkpoint's, which a later moment starts from instead.
        let kept = keepShownMomentAsCheckpoint(timeline: all)
        // Parked and untouched, the session is exactly the replay of the lines up to the parked
        // moment: a later moment replays on from it.
        var from = 0
        if !kept && history.isParked && log.lines.count == history.parkedLines && cut >= history.parkedLines {
            from = history.parkedLines
        }
        if let i = checkpoints.lastIndex(where: { $0.lines <= cut }), checkpoints[i].lines > from || from == 0 {
            let c = checkpoints.remove(at: i)
            adopt(c.session, log: SessionLog(start: log.start, lines: Array(all[..<c.lines])),
                  steps: Array(allSteps[..<min(c.frames, allSteps.count)]))
            from = c.lines
            history.checkpointsUsed += 1
        } else if from == 0 {
            reset(to: log.start)
        }
        // Replayed, the lines meet no parked playhead.
        history.discardFuture()
        history.isHeld = false
        history.isIdle = false
        history.lastReplayedLines = cut - from
        isRestoring = true
        timeShift = 0
        replay(all[from..<cut])
        isRestoring = false
        overlay.keepHelp(of: liveOverlay)
        history.future = Array(all[cut...])
        history.futureSteps = Array(allSteps[min(count, allSteps.count)...])
        history.parkedLines = cut
        history.parkedFrames = min(count, allSteps.count)
        let restored = SessionHistory.lastFrameTime(in: all[..<cut]) ?? 0
        now = host
        timeShift = host - (restored + clock.refreshInterval)
        if var r = sessionRecording {
            r = SessionRecording(stem: r.stem, startLine: min(r.startLine, self.log?.lines.count ?? 0), startedAt: r.startedAt)
            sessionRecording = r
        }
        // Paused, the session stays paused: held by the timeline until input acts on it, which
        // then logs a Space first (``materializeHold()``), so that a replay pauses there too.
        history.isHeld = wasPaused && !clock.isPaused
        overlay.notice("timeline: \(Self.seconds(restored)) s" + (history.isParked ? " — , . step · Space resumes from here" : ""), at: now)
    }

    /// Replays `lines` of the log (or its future) into the session: a frame line is a step at its
    /// `now` with its `realDt`, any other line is delivered as the live session delivered it.
    func replay(_ lines: ArraySlice<ScriptLine>) {
        for line in lines {
            if case .frame(let t, let realDt) = line {
                now = t
                step(realDt: realDt)
            } else {
                deliver(line)
            }
        }
    }

    /// Puts the session back as it opened from `start`: its scene (and B) made again with the
    /// parameters and line-up it started from, the window's size, a fresh clock and overlay, an
    /// empty log.
    func reset(to start: SessionLog.Start) {
        // A new environment: the old one may be a checkpoint's now, with the scenes it holds.
        environment = SceneEnvironment(exchangeModel: start.exchangeModel, dynamicsDemo: start.demo ?? configuration.demo)
        persistExchangeModel()
        store = start.stores.first ?? ParameterStore()
        scene = configuration.makeScene(start.scene, start.items, environment)
        store.apply(to: scene)
        compareHalf = nil
        focusedHalf = 0
        sequenceHalf = nil
        buttonsDown = []
        pointer = nil
        hudControl = .idle
        springDialect = .durationBounce
        pendingSingleStep = false
        frame = 0
        frameTime = 0
        size = start.size
        clock = FrameClock(frameRate: start.frameRate)
        var fresh = OverlayState()
        fresh.recordingSince = overlay.recordingSince
        fresh.timelineVisible = overlay.timelineVisible
        fresh.timelineScrubbing = overlay.timelineScrubbing
        fresh.hudVisible = size.width >= HUDLayout.collapseBelowWidth
        overlay = fresh
        trailHistories = [TrailHistory(), TrailHistory()]
        self.log = SessionLog(start: start)
        history.removeAllSteps()
        if start.compare { startCompare() }
        layoutScenes()
    }

    /// Whether the frame the host is about to step is left out: while the playhead is parked in
    /// the past and time stands (paused, held by the timeline, or the playhead being dragged),
    /// nothing is stepped or logged, so the moment shown stays exactly the replay of its lines.
    var skipsTimelineFrame: Bool {
        (history.isParked || history.isHeld) && (clock.isPaused || history.isHeld || overlay.timelineScrubbing) && !pendingSingleStep
    }

    /// After frames left out (``skipsTimelineFrame``), shifts the session's clock so that what
    /// comes next comes one refresh interval after the moment shown.
    func reanchorAfterTimelineIdle() {
        guard history.isIdle else { return }
        history.isIdle = false
        timeShift = hostNow - (frameTime + clock.refreshInterval)
    }

    /// Held by the timeline (the session was paused when the playhead moved to a moment that was
    /// not), input that acts on the session makes the pause real first: a Space through
    /// ``dispatch(_:)``, logged, so a replay pauses there too.
    func materializeHold() {
        guard history.isHeld else { return }
        history.isHeld = false
        dispatch(.key(KeyEvent(.down, key: "space", timestamp: hostNow)))
    }

    /// Whether `input` is left out while the playhead is parked in the past (or held): the
    /// pointer moving or leaving with no button held (or with a press the user let go of,
    /// ``SessionHistory/pressLapsed``), and key releases, which change nothing a
    /// frame shows; applied, they would be the first lines of a new future.
    func isIgnoredWhileParked(_ input: InputEvent) -> Bool {
        guard history.isParked || history.isHeld else { return false }
        let held = !buttonsDown.isEmpty && !history.pressLapsed
        switch input {
        case .pointer(let e): return e.phase == .moved && !held
        case .pointerExited: return !held
        case .key(let k): return k.phase == .up
        default: return false
        }
    }

    /// Whether `input`, logged while the playhead is parked in the past, resumes the session
    /// from there (discarding the future): a press, release, wheel turn or key that acts on a
    /// scene does; moving the pointer with no button held, key releases and the timeline's own
    /// keys (`,`, `.`, Space, the strip's key) do not (a frame that advances time does).
    static func resumesTimeline(_ input: InputEvent, buttonsHeld: Bool) -> Bool {
        switch input {
        case .pointer(let e): return e.phase != .moved || buttonsHeld
        case .scroll: return true
        case .key(let k):
            let command = k.modifiers.contains(.control) || k.modifiers.contains(.command)
            return k.phase == .down && !command && ![",", ".", "space", timelineKey].contains(k.key)
        case .focusLost: return true
        case .pointerExited: return buttonsHeld
        }
    }

    /// Seconds with two decimals, for notices.
    static func seconds(_ t: Double) -> String {
        let c = Int(saturating: (t * 100).rounded())
        return "\(c / 100).\(String(c % 100).count == 1 ? "0" : "")\(c % 100)"
    }
}
