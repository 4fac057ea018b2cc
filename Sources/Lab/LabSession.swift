import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
import LabUI
import Animation

/// The lab without a screen, as a shell around the moment shown: input goes through the
/// timeline's filter into the log and then to the ``LabMoment``; the shell records (`--record`,
/// Ctrl+R), saves (Ctrl+S, `--data`), replays `--script`, exports clips, and keeps the
/// ``Timeline``, which rebuilds past moments. Restoring one is replacing ``moment``.
///
/// A host drives it frame by frame and draws what it describes; nothing here touches SDL or reads
/// a clock. The window and headless runs (`kinetic run`), the fuzzer (``SceneFuzzer``) and the
/// tests all drive this one type, so each exercises the app itself, not a copy of it.
///
/// A frame, in the host's order:
/// 1. ``now`` is set to the frame's time on the app clock (seconds since the first frame);
/// 2. input: ``dispatch(_:)`` for each event (the shell's keys are handled here, the rest goes to
///    the moment), then ``deliverScript(upTo:)``;
/// 3. ``step(realDt:)``: the moment's ``FrameClock`` turns real time into simulated time (slow
///    motion, pause, a single step) and every scene advances by it;
/// 4. ``drawScenes(into:)``, then the host draws the overlay from the session.
package final class LabSession {
    /// How the session started.
    package let configuration: LabConfiguration
    /// The host's terminal, clipboard and file names.
    package let services: LabServices
    /// The moment shown: the scenes and everything a replay reproduces. The timeline replaces it
    /// when the playhead moves.
    package internal(set) var moment: LabMoment
    /// The log, the history, the checkpoints and the session's clock against the host's.
    package let timeline: Timeline
    /// The `--params` files as loaded: A's (and B's).
    let loadedStores: [ParameterStore]
    /// False once the user asked to quit (Ctrl+Q); the host ends the run after this frame.
    package var isRunning = true
    /// The `--script` lines and the next one to deliver.
    let script: [ScriptLine]
    var scriptCursor = 0
    /// Whether the script has frame lines (a Ctrl+R recording, replayed frame by frame).
    package let scriptHasFrames: Bool
    /// The time of the script's last input, seconds (0 without one).
    let scriptLastInput: Double
    /// False while a recording's prelude replays (frames before its mark line are not put into
    /// `--video`); true for a script without a mark.
    package internal(set) var scriptMarkReached: Bool
    /// `--record`'s recorder.
    let recorder: InputRecorder?
    /// Ctrl+R's recording while it runs.
    var sessionRecording: SessionRecording?
    /// The command that renders the last Ctrl+R recording (the help card names it), nil before one.
    package internal(set) var lastRecordingCommand: String?
    /// The clip rendering in the background (`X`), and the file it writes.
    var clipRender: ClipRender?
    /// Frames the host could not draw whole (``recoverFromUndrawableFrame(skipped:)``); the
    /// terminal hears of the first only.
    package internal(set) var undrawableFrames = 0
    /// Saves the exchange arrangement to `--data` (nil without it) and keeps what it could not save.
    let dataSaver: ExchangeDataSaver?
    /// Where Ctrl+S saves A's parameters.
    let paramsPath: String

    /// Reads every input file of `configuration` (`--script`, `--params`, `--data`), opens
    /// `--record` and makes its scene, so a bad file is one error before the host starts anything
    /// else. Then the host calls ``open(size:frameRate:textMeasurer:)`` once.
    package init(_ configuration: LabConfiguration, services: LabServices) throws {
        var configuration = configuration
        if let path = configuration.sceneFilePath, configuration.sceneFile == nil { configuration.sceneFile = try SceneFileSource(path: path) }
        self.configuration = configuration
        self.services = services
        paramsPath = configuration.params.first ?? "kinetic-params.json"
        script = try configuration.script.map { try InputScript.loadLines($0) } ?? []
        scriptHasFrames = script.contains(where: \.isFrame)
        scriptLastInput = script.last(where: { $0.input != nil })?.timestamp ?? 0
        let marked = script.contains { if case .mark = $0 { return true } else { return false } }
        scriptMarkReached = !marked
        var stores: [ParameterStore] = []
        for p in configuration.params {
            var loaded = try ParameterStore.load(p, currentScene: configuration.scene.name) { name in
                SceneKind(rawValue: name).map { configuration.makeScene($0, nil, configuration.sceneEnvironment).parameters }
            }
            AtomicFile.removeStaleTemporaries(beside: p)
            if let v = configuration.variant { loaded.setAllVariants(v) }
            stores.append(loaded)
        }
        loadedStores = stores
        var store = stores.first ?? ParameterStore()
        if let v = configuration.variant { store.setAllVariants(v) }
        let exchangeModel: ExchangeModel?
        if let path = configuration.data {
            let data = try ExchangeDataFile.read(path)
            exchangeModel = try ExchangeDataFile.model(from: data, path: path)
            // A recording's replay (a script with a mark) reads its copy of the line-up and
            // leaves it as it was, so that rendering it again starts from the same line-up.
            dataSaver = marked ? nil : ExchangeDataSaver(path: path, read: data)
            // Only once the file loaded: a leftover may hold the only complete text of a file
            // that does not (see AtomicFile.removeStaleTemporaries).
            AtomicFile.removeStaleTemporaries(beside: path)
        } else {
            exchangeModel = configuration.exchangeModel
            dataSaver = nil
        }
        recorder = try configuration.record.map { try InputRecorder(path: $0) }
        // The window's size and rate are the host's, set when it opens the session.
        moment = LabMoment(configuration: configuration, start: SessionLog.Start(
            opening: configuration, size: Size(width: 1280, height: 800), frameRate: 60,
            stores: [store] + stores.dropFirst(), exchangeModel: exchangeModel))
        timeline = Timeline(configuration: configuration)
        attachSaver()
        // Checkpoints where the playhead can move: a window's strip, or a script's scrub lines.
        timeline.policy.isEnabled = !configuration.headless || script.contains {
            switch $0 { case .scrub, .rerun: true; default: false }
        }
    }

    /// Lays the session out in a window of `size` points refreshing `frameRate` times a second,
    /// with `textMeasurer` measuring the scenes' text (the host's font): the HUD starts collapsed
    /// in a narrow window, `--compare` opens B, and a window shows the help card for a few seconds.
    package func open(size: Size, frameRate: Double, textMeasurer: TextMeasuring) {
        // Nothing has changed A's parameters or the line-up since the session was made: they are
        // what the session starts from.
        timeline.begin(SessionLog.Start(opening: configuration, size: size, frameRate: frameRate,
                                        stores: [moment.store] + loadedStores.dropFirst(),
                                        exchangeModel: moment.environment.exchangeModel), textMeasurer: textMeasurer)
        moment.open(size: size, frameRate: frameRate, textMeasurer: textMeasurer, compare: configuration.compare)
        moment.overlay.showHelpBriefly(at: 0, headless: configuration.headless)
        moment.visitedScenes = [moment.scene.kind]
    }

    /// The session's clock at this frame, seconds. The host sets it first, to its app clock
    /// (seconds since the first frame); it reads back as the session's own time, which runs
    /// ``Timeline/timeShift`` behind the host's once the timeline has moved the playhead back
    /// (``scrub(to:)``). Input is retimed the same way, so the log and the scenes see one clock.
    package var now: Double {
        get { timeline.now }
        set {
            timeline.hostNow = newValue
            syncMoment()
        }
    }

    /// The host's app clock at this frame, as it last set ``now``, seconds.
    package var hostNow: Double { timeline.hostNow }

    /// Gives the moment the session's time (after the host's clock or the timeline's shift moved).
    func syncMoment() { moment.now = timeline.now }

    // MARK: Frames

    /// The time of the last `--script` event (0 without a script), seconds.
    package var scriptEnd: Double { script.last?.timestamp ?? 0 }

    /// Whether a `--script` event is still to be delivered.
    package var scriptPending: Bool { scriptCursor < script.count }

    /// Delivers the `--script` events due by the host's app time `t` (seconds, ``hostNow``: a
    /// script's times are the host's, scrubs or not), in order. A recording's
    /// frame lines are passed over here (a window replays its input by time); headless runs
    /// replay them exactly (``beginReplayFrame(interval:runsOn:)``).
    package func deliverScript(upTo t: Double) {
        while scriptCursor < script.count && script[scriptCursor].timestamp <= t + 1e-9 {
            deliver(script[scriptCursor])
            scriptCursor += 1
        }
    }

    /// Acts on one script line: an input is dispatched, a resize resizes, a mark ends the
    /// prelude, a paste imports its text, a `params` line sets values, a scrub moves the
    /// playhead, a re-run plays a run again.
    func deliver(_ line: ScriptLine) {
        switch line {
        case .input(let e): dispatch(e)
        case .resize(let s, _): resize(to: s)
        case .mark: scriptMarkReached = true
        case .paste(let text, _): paste(text)
        case .scrub(let to, _): scrub(to: to)
        case .rerun(let from, _): rerun(from: from)
        case .parameters(let values, _): setParameters(values)
        case .frame: break
        }
    }

    /// Counts a frame and advances every scene by the simulated time of `realDt` real seconds
    /// (``LabMoment/step(realDt:)``). The frame goes into the log.
    /// While the timeline's playhead rests in the past with time standing, the frame is left
    /// out (``Timeline/skipsFrame(of:)``): nothing is stepped or logged.
    package func step(realDt: Double) {
        scrubToPendingMoment()
        pollClipRender()
        // The frame that rebuilt a moment shows it as it is.
        if timeline.showsRestoredMoment { timeline.showsRestoredMoment = false; return }
        if timeline.skipsFrame(of: moment) { timeline.history.isIdle = true; return }
        timeline.reanchorAfterIdle(moment)
        if timeline.playback != nil {
            // A re-run: the recorded frames due by now, not one of the host's.
            syncMoment()
            if timeline.playRerun(until: now, on: moment), timeline.advancesInStep { timeline.advanceCheckpoints() }
            return
        }
        // Time runs on from a moment whose press the user let go of: it ends there.
        if timeline.history.pressLapsed { endLapsedPress(at: hostNow) }
        appendToLog(.frame(now: now, realDt: realDt))
        syncMoment()
        timeline.recordFrame(step: moment.step(realDt: realDt))
        if timeline.advancesInStep { timeline.advanceCheckpoints() }
    }

    /// Whether A (or B, while comparing) may draw differently next frame.
    /// Never while the timeline's playhead rests in the past with time standing
    /// (``Timeline/skipsFrame(of:)``): its frames are left out, so the window may wait for input.
    package var scenesNeedFrame: Bool { !timeline.skipsFrame(of: moment) && (moment.scenesNeedFrame || timeline.playback != nil) }

    /// Whether the frame just stepped belongs to a gesture (`--stats`): a pointer button is down,
    /// or a scene is animating (``Scenes/Scene/needsFrame``).
    package var isGestureFrame: Bool { moment.isPointerDown || scenesNeedFrame }

    /// Whether the session asked for a frame of its own: a single step (`.`) or a screenshot (P).
    package var requestPending: Bool { moment.pendingSingleStep || moment.overlay.pendingScreenshot }

    /// The window is now `size` points: relayout.
    package func resize(to size: Size) {
        timeline.reanchorAfterIdle(moment)
        materializeHold()
        appendToLog(.resize(size, at: now))
        syncMoment()
        moment.resize(to: size)
    }

    // MARK: Input

    /// Routes one input: recorded, filtered by the timeline (its strip, a parked playhead),
    /// logged, then to the moment; the keys the moment hands back are the shell's
    /// (``handleShellKey(_:)``).
    package func dispatch(_ input: InputEvent) {
        if !isTimelineStripMove(input) { scrubToPendingMoment() }
        recorder?.record(input)
        timeline.reanchorAfterIdle(moment)
        syncMoment()
        // After a scrub the session's clock runs behind the host's: its input does too.
        let hostTimestamp = input.timestamp
        let shift = timeline.timeShift
        let input = shift == 0 ? input : input.retimed(input.timestamp - shift)
        if handleTimelineStrip(input) || timeline.isIgnoredWhileParked(input, buttonsHeld: moment.isPointerDown) { return }
        // Resuming from a moment whose press the user let go of: that press is cancelled first.
        if timeline.history.pressLapsed && (Timeline.resumes(input, buttonsHeld: false) || Self.isKey(input, "space") || Self.isKey(input, ".")) {
            endLapsedPress(at: hostTimestamp)
        }
        if timeline.history.isHeld, Self.isKey(input, "space") {
            // Held by the timeline, Space runs time on from the moment shown (it was never paused).
            timeline.history.isHeld = false
            moment.overlay.notice("running from \(Self.seconds(moment.frameTime)) s", at: now)
            return
        }
        if timeline.history.isHeld, Timeline.resumes(input, buttonsHeld: moment.isPointerDown) || Self.isKey(input, ".") { materializeHold() }
        // Ctrl+R (start and stop), Ctrl+S and Ctrl+Q stay out of the log, and so out of every
        // recording: replayed, they would start another recording, write files or end the run.
        // Ctrl+V is logged as the text it pasted (``paste(_:)``), not as the key.
        let logged = !Self.actsOutsideFrames(input) && !Self.isPasteKey(input)
        // A re-run plays recorded input: input that acts on the session ends it (Enter starts it again).
        if timeline.playback != nil, Self.stopsRerun(input, buttonsHeld: moment.isPointerDown), !Self.isRerunKey(input) { stopRerun() }
        let resumes = Timeline.resumes(input, buttonsHeld: moment.isPointerDown)
        let resumedFromPast = timeline.history.isParked && resumes
        if logged {
            appendToLog(.input(input))
            if resumes { timeline.leaveFuture() }
        }
        syncMoment()
        moment.codePanel.pendingCopy = nil  // a rebuilt moment's replayed click copies nothing
        let outcome = recordingUndo(input, resumedFromPast: resumedFromPast, { moment.handle(input) })
        copyCodePanelLine()
        guard case .shellKey(let k) = outcome else { return }
        let command = k.modifiers.contains(.control) || k.modifiers.contains(.command)
        // The screenshot, export and clip keys change nothing a frame shows: a replay leaves them
        // out. Nor do the timeline's strip key (its pointer events never reach the log) and `,`
        // (which takes the log back a frame).
        if logged && !command { timeline.log?.removeLast() }
        handleShellKey(k)
    }

    /// Whether `input` is Ctrl+R, Ctrl+S, Ctrl+Q, Ctrl+Z or Ctrl+Y (or with Cmd): keys that
    /// record, save, quit or undo; the first three change nothing a frame shows, and an undo logs
    /// what it does. The log leaves them out.
    static func actsOutsideFrames(_ input: InputEvent) -> Bool {
        guard case .key(let k) = input, ["r", "s", "q", "z", "y"].contains(k.key) else { return false }
        return k.modifiers.contains(.control) || k.modifiers.contains(.command)
    }

    /// Whether `input` is the press of `key` with no modifier.
    static func isKey(_ input: InputEvent, _ key: String) -> Bool {
        guard case .key(let k) = input else { return false }
        return k.phase == .down && k.key == key && k.modifiers.isEmpty
    }

    /// Whether `input` is a press of the re-run key (``rerunKeys``) with no modifier.
    static func isRerunKey(_ input: InputEvent) -> Bool {
        guard case .key(let k) = input else { return false }
        return k.phase == .down && rerunKeys.contains(k.key) && k.modifiers.isEmpty
    }

    /// Whether `input` is Ctrl+V (or Cmd+V).
    static func isPasteKey(_ input: InputEvent) -> Bool {
        guard case .key(let k) = input, k.key == "v" else { return false }
        return k.modifiers.contains(.control) || k.modifiers.contains(.command)
    }
}
