import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
import LabUI
import Animation

/// The lab without a screen: the open scene (and its B copy while comparing), their parameters,
/// the frame clock, the overlay's state, scripted and recorded input, saving and the dump.
///
/// A host drives it frame by frame and draws what it describes; nothing here touches SDL or reads
/// a clock. The window and headless runs (`kinetic run`), the fuzzer (``SceneFuzzer``) and the
/// tests all drive this one type, so each exercises the app itself, not a copy of it.
///
/// A frame, in the host's order:
/// 1. ``now`` is set to the frame's time on the app clock (seconds since the first frame);
/// 2. input: ``dispatch(_:)`` for each event (hotkeys are handled here, the rest goes to the
///    scene, or to both halves while comparing), then ``deliverScript(upTo:)``;
/// 3. ``step(realDt:)``: the ``FrameClock`` turns real time into simulated time (slow motion,
///    pause, a single step) and every scene advances by it;
/// 4. ``drawScenes(into:)``, then the host draws the overlay from ``overlay``, ``scene``,
///    ``compareHalf`` and ``clock``.
package final class LabSession {
    /// How the session started.
    package let configuration: LabConfiguration
    /// The host's terminal, clipboard and file names.
    package let services: LabServices
    /// The open scene (A while comparing).
    package internal(set) var scene: any Scene
    /// The B half while comparing (`--compare`, key B); A is ``scene``.
    package internal(set) var compareHalf: CompareHalf?
    /// Simulated time per frame, pause and slow motion, and the frame-time figures.
    package internal(set) var clock = FrameClock()
    /// A's parameters and variants per scene (B's are in ``compareHalf``).
    package internal(set) var store = ParameterStore()
    /// The `--params` files as loaded: A's (and B's).
    let loadedStores: [ParameterStore]
    /// The HUD, help card, debug geometry, notices and a pending screenshot.
    package var overlay = OverlayState()
    /// The session's clock at this frame, seconds. The host sets it first, to its app clock
    /// (seconds since the first frame); it reads back as the session's own time, which runs
    /// ``timeShift`` behind the host's once the timeline has moved the playhead back
    /// (``scrub(to:)``). Input is retimed the same way, so the log and the scenes see one clock.
    package var now: Double {
        get { hostNow - timeShift }
        set { hostNow = newValue }
    }
    /// The host's app clock at this frame, as it last set ``now``, seconds.
    package private(set) var hostNow: Double = 0
    /// How far the session's time runs behind the host's after the timeline's scrubs, seconds
    /// (0 until the first scrub).
    package internal(set) var timeShift: Double = 0
    /// Frames stepped so far.
    package internal(set) var frame = 0
    /// The session time of the last frame stepped, seconds (the dump's `time`): after a scrub,
    /// the moment shown, while ``now`` already reads the next frame's time.
    package internal(set) var frameTime: Double = 0
    /// The window's size, points.
    package internal(set) var size = Size(width: 1280, height: 800)
    /// The content frames of the halves: A's alone, or A's and B's while comparing (window points).
    package internal(set) var halfFrames: [Rect] = []
    /// The scenes shown so far: a first visit shows the scene's help card briefly.
    var visitedScenes: Set<SceneKind> = []
    /// A's and B's trails (``LabSession+Trails``), kept while they are shown.
    var trailHistories = [TrailHistory(), TrailHistory()]
    /// The pointer's latest window position (the HUD fades while it is underneath).
    package internal(set) var pointer: Point?
    /// False once the user asked to quit (Ctrl+Q); the host ends the run after this frame.
    package var isRunning = true
    /// Measures text for the scenes' labels (the host's font; an estimate until it sets one).
    package internal(set) var textMeasurer: TextMeasuring = EstimatedTextMeasurer.shared

    /// The pointer buttons held down (from the input dispatched so far).
    var buttonsDown: Set<PointerButton> = []
    /// The half the current pointer sequence started in (its locations are relative to it).
    var sequenceHalf: Int?
    /// The half hotkeys tune when the pointer is over neither ([ chooses A, ] B).
    package internal(set) var focusedHalf = 0
    /// What the pointer or keyboard is doing to a HUD parameter row (``LabSession/handleHUDControl(_:)``).
    package internal(set) var hudControl = HUDControl.idle
    /// How the HUD writes the plotted spring under its plot (K cycles; ``LabSession/dialectParameters``).
    package internal(set) var springDialect = SpringDialect.durationBounce
    /// `.` asked for one frame's worth of time while paused.
    var pendingSingleStep = false
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
    /// The clip rendering in the background (`X`), and the file it writes.
    var clipRender: (job: BackgroundRender, path: String)?
    /// What the session did since it opened, for Ctrl+R and the timeline (nil before ``open(size:frameRate:textMeasurer:)``).
    package internal(set) var log: SessionLog?
    /// The timeline (``LabSession+Timeline``): the frames' simulated steps and the future kept
    /// while the playhead is parked in the past.
    package internal(set) var history = SessionHistory()
    /// True while the timeline rebuilds a past moment from the log: nothing is saved, recorded
    /// or written meanwhile. Always true in a checkpoint (``init(checkpointOf:)``).
    package internal(set) var isRestoring = false
    /// The timeline's checkpoints (``TimelineCheckpoint``), oldest first, and the one being
    /// replayed towards the present (``advanceCheckpoints(frames:)``).
    var checkpoints: [TimelineCheckpoint] = []
    var checkpointRunner: TimelineCheckpoint?
    /// Where the playhead's drag on the strip last moved to (session time, seconds), scrubbed to
    /// once before the next frame or other input: moves that queued up behind a slow frame
    /// rebuild one moment, not one each.
    var pendingScrub: Double?
    /// Whether this session is a checkpoint of another (``init(checkpointOf:)``): it keeps no
    /// log and no frame steps (the live session has them).
    let isCheckpoint: Bool
    /// How often and how fast checkpoints are made.
    package var checkpointPolicy = TimelineCheckpoint.Policy()
    /// Whether ``step(realDt:)`` ends with ``advanceCheckpoints()`` (true); `kinetic bench
    /// timeline` calls it apart, to time it.
    package var advancesCheckpointsInStep = true
    /// Frames the host could not draw whole (``recoverFromUndrawableFrame(skipped:)``); the
    /// terminal hears of the first only.
    package internal(set) var undrawableFrames = 0
    /// What outlives a scene (the exchange line-up) and how it is saved.
    /// (A checkpoint of the timeline brings its own, with the scenes that hold it.)
    var environment = SceneEnvironment()
    /// Saves the exchange arrangement to `--data` (nil without it) and keeps what it could not save.
    let dataSaver: ExchangeDataSaver?
    /// Where Ctrl+S saves A's parameters.
    let paramsPath: String

    /// Reads every input file of `configuration` (`--script`, `--params`, `--data`), opens
    /// `--record` and makes its scene, so a bad file is one error before the host starts anything
    /// else. Then the host calls ``open(size:frameRate:textMeasurer:)`` once.
    package init(_ configuration: LabConfiguration, services: LabServices) throws {
        self.configuration = configuration
        self.services = services
        isCheckpoint = false
        paramsPath = configuration.params.first ?? "kinetic-params.json"
        script = try configuration.script.map { try InputScript.loadLines($0) } ?? []
        scriptHasFrames = script.contains(where: \.isFrame)
        scriptLastInput = script.last(where: { $0.input != nil })?.timestamp ?? 0
        let marked = script.contains { if case .mark = $0 { return true } else { return false } }
        scriptMarkReached = !marked
        var stores: [ParameterStore] = []
        for p in configuration.params {
            var loaded = try ParameterStore.load(p, currentScene: configuration.scene.name) { name in
                SceneKind(rawValue: name).map { configuration.makeScene($0, nil, SceneEnvironment()).parameters }
            }
            AtomicFile.removeStaleTemporaries(beside: p)
            if let v = configuration.variant { loaded.setAllVariants(v) }
            stores.append(loaded)
        }
        loadedStores = stores
        store = stores.first ?? ParameterStore()
        if let v = configuration.variant { store.setAllVariants(v) }
        if let path = configuration.data {
            let data = try ExchangeDataFile.read(path)
            environment.exchangeModel = try ExchangeDataFile.model(from: data, path: path)
            // A recording's replay (a script with a mark) reads its copy of the line-up and
            // leaves it as it was, so that rendering it again starts from the same line-up.
            dataSaver = marked ? nil : ExchangeDataSaver(path: path, read: data)
            // Only once the file loaded: a leftover may hold the only complete text of a file
            // that does not (see AtomicFile.removeStaleTemporaries).
            AtomicFile.removeStaleTemporaries(beside: path)
        } else {
            environment.exchangeModel = configuration.exchangeModel
            dataSaver = nil
        }
        recorder = try configuration.record.map { try InputRecorder(path: $0) }
        environment.dynamicsDemo = configuration.demo
        scene = configuration.makeScene(configuration.scene, configuration.items, environment)
        persistExchangeModel()
        store.apply(to: scene)
        // Checkpoints where the playhead can move: a window's strip, or a script's scrub lines.
        checkpointPolicy.isEnabled = !configuration.headless || script.contains { if case .scrub = $0 { true } else { false } }
    }

    /// A checkpoint of the timeline for `live`: a session with its configuration, parameter files
    /// and text measurer, but no script, recorder or saver, that never writes or prints anything
    /// (it is always restoring). ``LabSession/makeCheckpoint()`` puts it at the log's start; the
    /// log's lines then replay into it.
    init(checkpointOf live: LabSession) {
        configuration = live.configuration
        services = .silent
        paramsPath = live.paramsPath
        script = []
        scriptHasFrames = false
        scriptLastInput = 0
        scriptMarkReached = true
        loadedStores = live.loadedStores
        store = live.store
        recorder = nil
        dataSaver = nil
        scene = live.scene  // replaced at once by the reset to the log's start
        textMeasurer = live.textMeasurer
        isRestoring = true
        isCheckpoint = true
    }

    /// Lays the session out in a window of `size` points refreshing `frameRate` times a second,
    /// with `textMeasurer` measuring the scenes' text (the host's font): the HUD starts collapsed
    /// in a narrow window, `--compare` opens B, and a window shows the help card for a few seconds.
    package func open(size: Size, frameRate: Double, textMeasurer: TextMeasuring) {
        self.size = size
        self.textMeasurer = textMeasurer
        clock = FrameClock(frameRate: frameRate)
        // Nothing has changed A's parameters or the line-up since the session was made: they are
        // what the session starts from.
        log = SessionLog(start: SessionLog.Start(
            scene: configuration.scene, items: configuration.items, demo: configuration.demo, variant: configuration.variant,
            compare: configuration.compare,
            size: size, frameRate: frameRate, stores: [store] + loadedStores.dropFirst(), exchangeModel: environment.exchangeModel,
            origin: 0, isSessionStart: true))
        overlay.hudVisible = size.width >= HUDLayout.collapseBelowWidth
        if configuration.compare { startCompare() }
        layoutScenes()
        overlay.showHelpBriefly(at: 0, headless: configuration.headless)
        visitedScenes = [scene.kind]
    }

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
    /// prelude, a paste imports its text.
    func deliver(_ line: ScriptLine) {
        switch line {
        case .input(let e): dispatch(e)
        case .resize(let s, _): resize(to: s)
        case .mark: scriptMarkReached = true
        case .paste(let text, _): paste(text)
        case .scrub(let to, _): scrub(to: to)
        case .frame: break
        }
    }

    /// Counts a frame and advances every scene by the simulated time of `realDt` real seconds
    /// (``FrameClock/advance(realDt:)``, plus one refresh interval for a pending single step).
    /// The frame goes into the session's ``log``.
    /// While the timeline's playhead rests in the past with time standing, the frame is left
    /// out (``skipsTimelineFrame``): nothing is stepped or logged.
    package func step(realDt: Double) {
        scrubToPendingMoment()
        if !isRestoring && !isCheckpoint { pollClipRender() }
        if !isRestoring {
            if skipsTimelineFrame { history.isIdle = true; return }
            reanchorAfterTimelineIdle()
            // Time runs on from a moment whose press the user let go of: it ends there.
            if history.pressLapsed { endLapsedPress(at: hostNow) }
        }
        appendToLog(.frame(now: now, realDt: realDt))
        frame += 1
        frameTime = now
        var dt = clock.advance(realDt: realDt)
        if pendingSingleStep { dt += clock.singleStep(); pendingSingleStep = false }
        if !isCheckpoint && history.recordFrame(step: dt) && !isRestoring { dropCheckpoints(after: history.parkedLines) }
        scene.update(time: now, dt: dt)
        compareHalf?.scene.update(time: now, dt: dt)
        if overlay.trailsVisible { recordTrails() }
        if advancesCheckpointsInStep { advanceCheckpoints() }
    }

    /// Whether A (or B, while comparing) may draw differently next frame.
    /// Never while the timeline's playhead rests in the past with time standing
    /// (``skipsTimelineFrame``): its frames are left out, so the window may wait for input.
    package var scenesNeedFrame: Bool {
        !skipsTimelineFrame && (scene.needsFrame || (compareHalf?.scene.needsFrame ?? false))
    }

    /// Whether the frame just stepped belongs to a gesture (`--stats`): a pointer button is down,
    /// or a scene is animating (``Scenes/Scene/needsFrame``).
    package var isGestureFrame: Bool { !buttonsDown.isEmpty || scenesNeedFrame }

    /// Whether a pointer button is down (a press, a drag).
    package var isPointerDown: Bool { !buttonsDown.isEmpty }

    /// Whether the session asked for a frame of its own: a single step (`.`) or a screenshot (P).
    package var requestPending: Bool { pendingSingleStep || overlay.pendingScreenshot }

    /// Appends the scenes' frame to `list`: A's (each half inside its own frame while comparing,
    /// so a swinging cell never crosses into the other), with their trails (N) and debug geometry
    /// (G) when shown, both cut at the scene's frame (a far cell's springs never cross the HUD).
    package func drawScenes(into list: inout DisplayList) {
        guard let b = compareHalf?.scene else {
            scene.draw(into: &list)
            guard overlay.trailsVisible || overlay.debugVisible, let frame = halfFrames.first else { return }
            list.pushClip(frame)
            if overlay.trailsVisible { drawTrails(of: 0, into: &list) }
            if overlay.debugVisible { scene.drawDebug(into: &list) }
            list.popClip()
            return
        }
        for (half, s) in [scene, b].enumerated() {
            list.pushClip(halfFrames[half])
            s.draw(into: &list)
            if overlay.trailsVisible { drawTrails(of: half, into: &list) }
            if overlay.debugVisible { s.drawDebug(into: &list) }
            list.popClip()
        }
    }

    /// The window is now `size` points: relayout.
    package func resize(to size: Size) {
        if !isRestoring { reanchorAfterTimelineIdle(); materializeHold() }
        appendToLog(.resize(size, at: now))
        self.size = size
        layoutScenes()
    }

    /// Lays the scenes out beside the HUD column (expanded or collapsed), each in its half while
    /// comparing, with ``textMeasurer`` measuring their text.
    func layoutScenes() {
        hudControl = .idle  // the rows may have moved, or gone with the scene
        let content = HUDLayout.contentFrame(in: size, expanded: overlay.hudVisible)
        halfFrames = compareHalf == nil ? [content] : CompareHalf.split(content)
        scene.textMeasurer = textMeasurer
        scene.resize(to: size, contentFrame: halfFrames[0])
        if let b = compareHalf?.scene {
            b.textMeasurer = textMeasurer
            b.resize(to: size, contentFrame: halfFrames[1])
        }
    }

    /// Opens a new scene of `kind` in both halves, each with its remembered parameters.
    func switchScene(to kind: SceneKind) {
        guard kind != scene.kind else { return }
        openScenes(kind)
        overlay.notice("scene: \(kind.name)", at: now)
        // A scene's first visit shows its help card for a few seconds, as the first scene's did.
        if visitedScenes.insert(kind).inserted { overlay.showHelpBriefly(at: now, headless: configuration.headless) }
    }

    /// Opens a new scene of `kind` in both halves, each with the parameters and variant of the
    /// one it replaces remembered, and lays them out.
    func openScenes(_ kind: SceneKind) {
        let items = items(for: kind)
        store.capture(scene)
        scene = configuration.makeScene(kind, items, environment)
        store.apply(to: scene)
        if var b = compareHalf {
            b.store.capture(b.scene)
            b.scene = configuration.makeScene(kind, items, b.environment)
            b.store.apply(to: b.scene)
            compareHalf = b
        }
        layoutScenes()
    }

    /// The item count for a new scene of `kind`: the configuration's for its own scene, within
    /// each other scene's limit where it counts items (``Scenes/SceneKind/countsItems``).
    func items(for kind: SceneKind) -> Int? {
        if kind == configuration.scene { return configuration.items }
        return kind.countsItems ? configuration.items.map { min($0, kind.maximumItems) } : nil
    }

    // MARK: Input

    /// Routes one input: recorded, then to the scene (to both halves while comparing); keys the
    /// scene does not use, and every Ctrl key, are the lab's hotkeys.
    package func dispatch(_ input: InputEvent) {
        if !isTimelineStripMove(input) { scrubToPendingMoment() }
        if !isRestoring { recorder?.record(input) }
        if !isRestoring { reanchorAfterTimelineIdle() }
        // After a scrub the session's clock runs behind the host's: its input does too.
        let hostTimestamp = input.timestamp
        let input = timeShift == 0 ? input : input.retimed(input.timestamp - timeShift)
        if handleTimelineStrip(input) || isIgnoredWhileParked(input) { return }
        // Resuming from a moment whose press the user let go of: that press is cancelled first.
        if history.pressLapsed && !isRestoring
            && (Self.resumesTimeline(input, buttonsHeld: false) || Self.isKey(input, "space") || Self.isKey(input, ".")) {
            endLapsedPress(at: hostTimestamp)
        }
        if history.isHeld, case .key(let k) = input, k.phase == .down, k.key == "space", k.modifiers.isEmpty {
            // Held by the timeline, Space runs time on from the moment shown (it was never paused).
            history.isHeld = false
            overlay.notice("running from \(Self.seconds(frameTime)) s", at: now)
            return
        }
        if history.isHeld, Self.resumesTimeline(input, buttonsHeld: !buttonsDown.isEmpty) || Self.isKey(input, ".") { materializeHold() }
        // Ctrl+R (start and stop), Ctrl+S and Ctrl+Q stay out of the log, and so out of every
        // recording: replayed, they would start another recording, write files or end the run.
        // Ctrl+V is logged as the text it pasted (``paste(_:)``), not as the key.
        let logged = !Self.actsOutsideFrames(input) && !Self.isPasteKey(input)
        if logged {
            appendToLog(.input(input))
            if Self.resumesTimeline(input, buttonsHeld: !buttonsDown.isEmpty) && history.discardFuture() {
                dropCheckpoints(after: history.parkedLines)
            }
        }
        if let p = input.location { pointer = p }
        // A press while a button is held (another button, or the same one whose release was lost)
        // that the HUD takes below ends the scenes' pointer sequence: the HUD keeps the releases
        // that follow, so the scenes would wait for one for ever.
        var pressedWhileHeld: PointerEvent?
        if case .pointer(let e) = input, e.phase == .down, !buttonsDown.isEmpty { pressedWhileHeld = e }
        switch input {
        case .pointer(let e) where e.phase == .down: buttonsDown.insert(e.button)
        case .pointer(let e) where e.phase == .up || e.phase == .cancelled: buttonsDown.remove(e.button)
        case .focusLost: buttonsDown.removeAll()
        default: break
        }
        if handleHUDControl(input) {
            if let e = pressedWhileHeld {
                let cancel = InputEvent.pointer(PointerEvent(.cancelled, location: e.location, timestamp: e.timestamp, button: e.button))
                scene.handle(cancel)
                compareHalf?.scene.handle(cancel)
            }
            return
        }
        if case .key(let k) = input {
            if k.modifiers.contains(.control) || k.modifiers.contains(.command) { handleKey(k.key, k.modifiers); return }
            var used = scene.handle(input)
            if let b = compareHalf?.scene { used = b.handle(input) || used }
            guard !used else { return }
            // The screenshot, export and clip keys change nothing a frame shows: a replay leaves them out.
            // Nor do the timeline's strip key (its pointer events never reach the log) and `,`
            // (which takes the log back a frame).
            if logged && ["p", "e", "i", "x", Self.timelineKey, ","].contains(k.key) { log?.removeLast() }
            handleKey(k.key, k.modifiers)
            return
        }
        guard let b = compareHalf?.scene else { scene.handle(input); return }
        // A/B: the same gesture in both halves, at the same place relative to each half's frame,
        // measured from the half where the pointer sequence began.
        let frames = halfFrames
        var source = sequenceHalf ?? input.location.flatMap { CompareHalf.half(of: $0, in: frames) } ?? 0
        if case .pointer(let e) = input {
            if e.phase == .down, sequenceHalf == nil {
                source = CompareHalf.half(of: e.location, in: frames) ?? 0
                sequenceHalf = source
            } else if e.phase == .up || e.phase == .cancelled, buttonsDown.isEmpty {
                sequenceHalf = nil
            }
        }
        if case .focusLost = input { sequenceHalf = nil }
        let origin = frames[source].origin
        scene.handle(input.offset(by: frames[0].origin - origin))
        b.handle(input.offset(by: frames[1].origin - origin))
    }

    /// Whether `input` is Ctrl+R, Ctrl+S or Ctrl+Q (or with Cmd): keys that record, save or
    /// quit, and change nothing a frame shows. The log leaves them out.
    static func actsOutsideFrames(_ input: InputEvent) -> Bool {
        guard case .key(let k) = input, ["r", "s", "q"].contains(k.key) else { return false }
        return k.modifiers.contains(.control) || k.modifiers.contains(.command)
    }

    /// Whether `input` is the press of `key` with no modifier.
    static func isKey(_ input: InputEvent, _ key: String) -> Bool {
        guard case .key(let k) = input else { return false }
        return k.phase == .down && k.key == key && k.modifiers.isEmpty
    }

    /// Whether `input` is Ctrl+V (or Cmd+V).
    static func isPasteKey(_ input: InputEvent) -> Bool {
        guard case .key(let k) = input, k.key == "v" else { return false }
        return k.modifiers.contains(.control) || k.modifiers.contains(.command)
    }
}
