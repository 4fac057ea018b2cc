import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
import SDLBackend
internal import CSDL2

/// The running lab: one render target, the current scene, the frame clock and the overlays.
///
/// A frame: input (SDL events or script lines) → app hotkeys or the scene → `FrameClock` turns
/// elapsed time into whole substeps → `scene.update` → display list → renderer → present.
///
/// In a window, frames are drawn only while something may change the picture (``IdlePolicy``);
/// otherwise the loop sleeps until an event. Every presented frame goes into ``statistics``.
final class App {
    let options: RunCommand
    let target: any RenderTarget
    let window: AppWindow?
    var scene: any Scene
    var clock: FrameClock
    var store = ParameterStore()
    let paramsPath: String
    var overlay = Overlay()
    private var list = DisplayList()
    private var script: [InputEvent] = []
    private var scriptCursor = 0
    private let recorder: InputRecorder?
    private var running = true
    /// Frames rendered so far.
    private(set) var frame = 0
    /// The app clock (seconds since the first frame) at the last frame.
    private(set) var now: Double = 0
    private var pendingSingleStep = false
    /// The exchange scene's arrangement: from `--data` (or the sample), updated after every
    /// completed transaction, so switching scenes and back keeps it.
    /// What outlives a scene (the exchange line-up) and how it is saved.
    private let environment = SceneEnvironment()
    /// Saves the exchange arrangement to `--data` (nil without it) and keeps what it could not save.
    private var dataSaver: ExchangeDataSaver?
    /// The pointer's latest window position (the HUD fades while it is underneath).
    private(set) var pointer: Point?
    private var lastParameterNotice: String?
    /// The pointer buttons held down (from the input dispatched so far).
    private var buttonsDown: Set<PointerButton> = []
    /// Frame counts and times of the presented frames (`--stats`).
    private(set) var statistics = FrameStatistics()
    /// The B half while comparing (`--compare`, key B); A is ``scene``.
    private(set) var compareHalf: CompareHalf?
    /// The half hotkeys tune when the pointer is over neither ([ chooses A, ] B).
    private(set) var focusedHalf = 0
    /// The half the current pointer sequence started in (its locations are relative to it).
    private var sequenceHalf: Int?
    /// The live session being recorded with Ctrl+R: its script, and the command that renders it.
    private var sessionRecording: (recorder: InputRecorder, script: String, command: String)?
    /// Encodes the headless run's frames (`--video`), or nil.
    private var video: VideoEncoder?
    /// Why the video stopped (ffmpeg failed); the run ends and reports it.
    private var videoError: Error?
    /// `--params` files: A's (and B's).
    private var loadedStores: [ParameterStore] = []

    /// Owns every SDL object of the run (SDL itself, the window or canvas, its renderer, the
    /// cached text); ``close()`` releases them in dependency order.
    private let sdl: SDLSession

    init(options: RunCommand, size: Size) throws {
        self.options = options
        paramsPath = options.params.first ?? "kinetic-params.json"
        // Everything that reads files or may fail without SDL comes first, so a bad argument
        // never leaves SDL half started.
        if let s = options.script { script = try InputScript.load(s) }
        if options.video != nil, VideoEncoder.locate() == nil {
            throw KineticError("--video needs ffmpeg, which is not installed: \(VideoEncoder.installHint)")
        }
        for p in options.params {
            var loaded = try ParameterStore.load(p, currentScene: options.scene) { name in
                SceneKind(rawValue: name).map { SceneCatalog.make($0, items: nil).parameters }
            }
            AtomicFile.removeStaleTemporaries(beside: p)
            if let v = options.variant.flatMap(SceneVariant.init(rawValue:)) { loaded.setAllVariants(v) }
            loadedStores.append(loaded)
        }
        store = loadedStores.first ?? ParameterStore()
        if let v = options.variant.flatMap(SceneVariant.init(rawValue:)) { store.setAllVariants(v) }
        if let path = options.data {
            let data = try ExchangeDataFile.read(path)
            environment.exchangeModel = try ExchangeDataFile.model(from: data, path: path)
            dataSaver = ExchangeDataSaver(path: path, read: data)
            // Only once the file loaded: a leftover may hold the only complete text of a file
            // that does not (see AtomicFile.removeStaleTemporaries).
            AtomicFile.removeStaleTemporaries(beside: path)
        }
        scene = SceneCatalog.make(options.sceneKind, items: options.items, environment: environment)

        let session: SDLSession
        do {
            session = try SDLSession(options.headless ? .headless : .windowed)
        } catch let e as SDLError where e.operation == "display" {
            throw KineticError(e.message)
        }
        do {
            if options.headless {
                target = try session.makeCanvas(size: size, scale: Double(options.scale))
                window = nil
            } else {
                let w = try session.makeWindow(title: "Kinetic", size: size)
                target = w
                window = w
            }
            recorder = try options.record.map { try InputRecorder(path: $0) }
            if let path = options.video, let canvas = target as? HeadlessCanvas {
                let (w, h) = try canvas.withPixels { _, _, w, h in (w, h) }
                video = try VideoEncoder(path: path, width: w, height: h, fps: options.fps)
            }
        } catch {
            session.close()
            throw error
        }
        sdl = session
        clock = FrameClock(frameRate: options.headless ? Double(options.fps) : Double(window?.refreshRate ?? 60))
        persistExchangeModel()
        store.apply(to: scene)
        overlay.hudVisible = target.size.width >= HUD.collapseBelowWidth
        if options.compare { startCompare() }
        layoutScene()
        overlay.showHelpBriefly(at: 0, headless: options.headless)
        window?.setTitle("Kinetic — \(scene.name)")
    }

    /// Releases every SDL object in dependency order and quits SDL. Call on every exit path
    /// (``RunCommand`` does, before it may `exit`); the app draws nothing afterwards.
    func close() {
        video?.abandon()  // a run that ended by an error leaves no partial video
        video = nil
        sdl.close()
    }

    // MARK: Loops

    func run() throws {
        if options.headless { try runHeadless() } else { try runWindowed() }
        try finish()
    }

    /// Fixed frame interval, script events by their timestamps: the same input gives the same frames.
    /// Script times are at most ``InputScript/maximumTime``, so the frame count cannot overflow.
    private func runHeadless() throws {
        let interval = 1.0 / Double(options.fps)
        let lastEvent = script.last?.timestamp ?? 0
        // With a script and no --frames: run until one second after the last event.
        let total = options.frames ?? Int(((lastEvent + 1) / interval).rounded(.up))
        while running && frame < total {
            // SIGINT / SIGTERM (which SDL turns into a quit request) end the run like closing the
            // window does: this frame is the last one, then the dump and recording are written.
            let quitting = SDLSystem.quitRequested()
            // The frame time headless is the real time spent producing the frame (logic + render).
            let started = SDLSystem.seconds()
            frame += 1
            now = Double(frame) * interval
            deliverScript(upTo: now)
            step(realDt: interval)
            let gesture = isGestureFrame
            render(last: frame == total || quitting)
            statistics.record(frameTime: SDLSystem.seconds() - started, gesture: gesture)
            if quitting { running = false }
        }
    }

    /// Whether the frame just updated belongs to a gesture for ``statistics``: a pointer button is
    /// down, or the scene is animating (its ``Scenes/Scene/needsFrame``).
    private var isGestureFrame: Bool { !buttonsDown.isEmpty || scenesNeedFrame }

    /// Whether A (or B, while comparing) may draw differently next frame.
    private var scenesNeedFrame: Bool { scene.needsFrame || (compareHalf?.scene.needsFrame ?? false) }

    /// Draws while ``IdlePolicy`` says something may change, otherwise sleeps until input. The
    /// first frame, and the first after an idle wait, simulate one refresh interval; their frame
    /// time is not counted in ``statistics`` (an idle wait is not a slow frame).
    private func runWindowed() throws {
        let start = SDLSystem.seconds()
        eventClockOrigin = SDLSystem.eventSeconds()
        var previous = 0.0
        let interval = 1.0 / Double(window?.refreshRate ?? 60)
        var resumed = true                  // first frame, or first after an idle wait
        var lastPresent: Double?            // nil: no present to measure the next frame from
        var reasons = IdlePolicy.Reasons(inputArrived: true)
        var woken: [BackendEvent] = []
        while running {
            if !reasons.any {
                woken = waitForInput(start: start)
                resumed = true
                lastPresent = nil
            }
            let frameStart = SDLSystem.seconds()
            now = frameStart - start
            let events = woken + EventTranslator.poll()
            woken = []
            for e in events { handleBackend(e) }
            deliverScript(upTo: now)
            frame += 1
            step(realDt: resumed ? interval : now - previous)
            resumed = false
            previous = now
            earliestEventTime = now
            let gesture = isGestureFrame
            let last = options.frames.map { frame >= $0 } ?? false
            render(last: last || !running)
            let presented = SDLSystem.seconds()
            statistics.record(frameTime: lastPresent.map { presented - $0 }, gesture: gesture)
            lastPresent = presented
            if last { running = false }
            reasons = IdlePolicy.Reasons(inputArrived: !events.isEmpty, countingFrames: options.frames != nil,
                                         scriptPending: scriptCursor < script.count,
                                         appRequestPending: pendingSingleStep || overlay.pendingScreenshot,
                                         sceneNeedsFrame: scenesNeedFrame)
            // Pace to the display when vsync did not (e.g. a software renderer under Xvfb).
            let spent = SDLSystem.seconds() - frameStart
            if spent < interval - 0.002 { SDLSystem.delay(interval - spent - 0.001) }
        }
    }

    /// Sleeps in ``EventTranslator/wait(timeout:pointScale:)`` until an event Kinetic uses
    /// arrives (returned, to be handled in the next frame) or the overlay's next timed change is
    /// due (returns no events). Draws nothing.
    private func waitForInput(start: Double) -> [BackendEvent] {
        while true {
            let t = SDLSystem.seconds() - start
            guard let timeout = IdlePolicy.waitTimeout(now: t, nextChange: overlay.nextChange(after: now)) else { return [] }
            let events = EventTranslator.wait(timeout: timeout)
            if !events.isEmpty { return events }
        }
    }

    private func step(realDt: Double) {
        var dt = clock.advance(realDt: realDt)
        if pendingSingleStep { dt += clock.singleStep(); pendingSingleStep = false }
        scene.update(time: now, dt: dt)
        compareHalf?.scene.update(time: now, dt: dt)
    }

    private func render(last: Bool) {
        list.removeAll()
        if let b = compareHalf?.scene {
            // Each half drawn inside its own frame, so a swinging cell never crosses into the other.
            let frames = halfFrames
            for (half, s) in [scene, b].enumerated() {
                list.pushClip(frames[half])
                s.draw(into: &list)
                if overlay.debugVisible { s.drawDebug(into: &list) }
                list.popClip()
            }
        } else {
            scene.draw(into: &list)
            if overlay.debugVisible { scene.drawDebug(into: &list) }
        }
        overlay.draw(app: self, into: &list)
        target.renderer.draw(list)
        if let v = video, let canvas = target as? HeadlessCanvas {
            do { try canvas.withPixels { pixels, pitch, _, _ in try v.write(pixels, pitch: pitch) } } catch {
                videoError = error
                running = false
            }
        }
        if last, let path = options.screenshot {
            do { try target.savePNG(to: path) } catch { overlay.notice("screenshot failed: \(error)", at: now) }
        }
        if overlay.pendingScreenshot {
            overlay.pendingScreenshot = false
            saveScreenshot()
        }
        target.present()
    }

    /// Writes what the run leaves behind. An exchange arrangement that could not be saved during
    /// the session gets one more try first; if that fails too, the recording, dump and statistics
    /// are still written, then the run ends with exit status 1 and the arrangement on stderr.
    private func finish() throws {
        if let v = video {
            video = nil
            if let e = videoError { v.abandon(); throw e }
            try v.finish()
        }
        if sessionRecording != nil { toggleSessionRecording() }  // a recording still running at exit is kept
        let failure = dataSaver?.saveUnsaved()
        try recorder?.finish()
        if let path = options.dump { try AtomicFile.write(dumpJSON().text(pretty: true) + "\n", to: path) }
        if let path = options.stats { try AtomicFile.write(statistics.json.text(pretty: true) + "\n", to: path) }
        if let failure, let model = dataSaver?.unsaved { throw KineticError(failure.exitMessage(unsaved: model)) }
    }

    // MARK: Input

    private func deliverScript(upTo t: Double) {
        while scriptCursor < script.count && script[scriptCursor].timestamp <= t + 1e-9 {
            dispatch(script[scriptCursor])
            scriptCursor += 1
        }
    }

    private func handleBackend(_ e: BackendEvent) {
        switch e {
        case .resized:
            window?.updateSize()
            layoutScene()
        case .quit: running = false
        default:
            if let input = App.inputEvent(from: e, time: liveEventTime) { dispatch(input) }
        }
    }

    /// SDL's event clock (``SDLSystem/eventSeconds()``) at the first windowed frame.
    private var eventClockOrigin = 0.0
    /// Live events are stamped no earlier than this (the previous frame, or the previous event).
    private var earliestEventTime = 0.0

    /// A live event's SDL timestamp on the app clock (seconds since the first frame), kept between
    /// the previous frame (or event) and this frame, so times never run backwards.
    private func liveEventTime(_ sdlTime: Double) -> Double {
        let t = min(now, max(earliestEventTime, sdlTime - eventClockOrigin))
        earliestEventTime = t
        return t
    }

    /// The one translation from the backend's SDL event to the library's ``InputEvent``, with
    /// `time` putting SDL's timestamp on the app clock. Nil for events that are not input (resize,
    /// focus gained, expose, quit) and for key releases, which no scene uses.
    static func inputEvent(from e: BackendEvent, time: (Double) -> Double) -> InputEvent? {
        func button(_ b: MouseButton) -> PointerButton {
            switch b {
            case .left: .left
            case .middle: .middle
            case .right: .right
            }
        }
        func modifiers(_ state: UInt16) -> KeyModifiers {
            let m = UInt32(state)
            var mods: KeyModifiers = []
            if m & KMOD_SHIFT.rawValue != 0 { mods.insert(.shift) }
            if m & KMOD_CTRL.rawValue != 0 { mods.insert(.control) }
            if m & KMOD_ALT.rawValue != 0 { mods.insert(.alt) }
            if m & KMOD_GUI.rawValue != 0 { mods.insert(.command) }
            return mods
        }
        switch e {
        case let .mouseDown(x, y, b, m, t):
            return .pointer(.down(Point(x: x, y: y), at: time(t), button: button(b), modifiers: modifiers(m)))
        case let .mouseUp(x, y, b, m, t):
            return .pointer(.up(Point(x: x, y: y), at: time(t), button: button(b), modifiers: modifiers(m)))
        case let .mouseMoved(x, y, m, t):
            return .pointer(.moved(Point(x: x, y: y), at: time(t), modifiers: modifiers(m)))
        case let .wheel(x, y, dx, dy, m, t):
            return .scroll(ScrollEvent(location: Point(x: x, y: y), delta: Vector(dx: dx, dy: dy), timestamp: time(t), modifiers: modifiers(m)))
        case let .key(key, state, down, isRepeat, t):
            guard down else { return nil }
            return .key(KeyEvent(.down, key: key, modifiers: modifiers(state), timestamp: time(t), isRepeat: isRepeat))
        case let .focusLost(t): return .focusLost(timestamp: time(t))
        case let .pointerLeft(t): return .pointerExited(timestamp: time(t))
        case .resized, .focusGained, .exposed, .quit: return nil
        }
    }

    /// Routes one input: recorded, then to the scene; keys the scene does not use are app hotkeys.
    func dispatch(_ input: InputEvent) {
        recorder?.record(input)
        sessionRecording?.recorder.record(input)
        if let p = input.location { pointer = p }
        switch input {
        case .pointer(let e) where e.phase == .down: buttonsDown.insert(e.button)
        case .pointer(let e) where e.phase == .up || e.phase == .cancelled: buttonsDown.remove(e.button)
        case .focusLost: buttonsDown.removeAll()
        default: break
        }
        if case .key(let k) = input {
            if k.modifiers.contains(.control) || k.modifiers.contains(.command) { handleAppKey(k.key, k.modifiers); return }
            var used = scene.handle(input)
            if let b = compareHalf?.scene { used = b.handle(input) || used }
            if used { return }
            handleAppKey(k.key, k.modifiers)
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

    /// The content frames of the halves: A's alone, or A's and B's while comparing. Set by
    /// ``layoutScene()`` (the overlay reads it while it draws, so it is not computed from the overlay).
    private(set) var halfFrames: [Rect] = []

    /// The half the hotkeys tune: the one under the pointer, else the focused one (0 without a compare).
    var tunedHalf: Int {
        guard compareHalf != nil else { return 0 }
        return pointer.flatMap { CompareHalf.half(of: $0, in: halfFrames) } ?? focusedHalf
    }

    /// The scene of `half` (0: A, 1: B).
    func scene(ofHalf half: Int) -> any Scene { half == 1 ? (compareHalf?.scene ?? scene) : scene }

    /// Records `half`'s current parameters in its store.
    private func capture(half: Int) {
        if half == 1, var b = compareHalf { b.store.capture(b.scene); compareHalf = b } else { store.capture(scene) }
    }

    /// Starts an A/B compare: B is a new copy of the current scene with B's parameters (the
    /// second `--params` file, else A's current ones).
    private func startCompare() {
        store.capture(scene)
        let bStore = loadedStores.count > 1 ? loadedStores[1] : store
        let env = SceneEnvironment(exchangeModel: environment.exchangeModel)
        let b = SceneCatalog.make(scene.kind, items: options.items.map { min($0, scene.kind.maximumItems) }, environment: env)
        bStore.apply(to: b)
        compareHalf = CompareHalf(scene: b, store: bStore, paramsPath: options.params.count > 1 ? options.params[1] : "kinetic-params-b.json",
                                  environment: env)
        sequenceHalf = nil
    }

    // MARK: Hotkeys

    private func handleAppKey(_ key: String, _ mods: KeyModifiers) {
        let ctrl = mods.contains(.control) || mods.contains(.command)
        let shift = mods.contains(.shift)
        switch (key, ctrl) {
        case ("q", true): running = false
        case ("s", true): saveParameters()
        case ("r", true): toggleSessionRecording()
        case ("h", false), ("?", false): overlay.toggleHelp(at: now)
        case ("/", false) where shift: overlay.toggleHelp(at: now)
        case ("tab", false):
            overlay.hudVisible.toggle()
            layoutScene()
        case ("b", false):
            if compareHalf == nil { startCompare() } else { compareHalf = nil; focusedHalf = 0 }
            layoutScene()
            overlay.notice(compareHalf == nil ? "compare off" : "A/B compare: one gesture drives both · [ ] choose the half keys tune", at: now)
        case ("[", false), ("]", false):
            guard compareHalf != nil else { overlay.notice("press B to compare two copies first", at: now); break }
            focusedHalf = key == "[" ? 0 : 1
            overlay.notice("keys tune \(focusedHalf == 0 ? "A" : "B") (or the half under the pointer)", at: now)
        case ("space", false):
            clock.isPaused.toggle()
            overlay.notice(clock.isPaused ? "paused — . steps one frame" : "running", at: now)
        case (".", false):
            if clock.isPaused { pendingSingleStep = true } else { overlay.notice("press Space to pause first", at: now) }
        case ("s", false):
            clock.timeScale = clock.timeScale == 1 ? 0.1 : 1
            overlay.notice(clock.timeScale == 1 ? "normal speed" : "slow motion ×0.1", at: now)
        case ("g", false): overlay.debugVisible.toggle()
        case ("p", false): overlay.pendingScreenshot = true
        case ("e", false): overlay.notice(halfPrefix(tunedHalf) + SceneExport.perform(scene(ofHalf: tunedHalf), toClipboard: window != nil), at: now)
        case ("0", false): resetParameters()
        case ("z", false):
            let half = tunedHalf, s = scene(ofHalf: half)
            s.variant = s.variant.toggled
            capture(half: half)
            overlay.notice("\(halfPrefix(half))\(s.variant.rawValue): \(s.variantDescription)", at: now)
        case ("1", false), ("2", false), ("3", false), ("4", false):
            switchScene(to: SceneKind.allCases[Int(key)! - 1])
        case ("escape", false): break
        default:
            if !ctrl, let p = scene(ofHalf: tunedHalf).parameters.first(where: { $0.key == key }) { nudge(p, reverse: shift) }
        }
    }

    /// Ctrl+R: starts recording the session's input (from now: the script's time 0) with the
    /// current parameters beside it; the second Ctrl+R stops and prints (and shows) the command
    /// that renders the recording to a video: `kinetic run … --headless --script S --video S.mp4`.
    private func toggleSessionRecording() {
        if let r = sessionRecording {
            sessionRecording = nil
            do {
                try r.recorder.finish()
                print(r.command)
                overlay.notice("recorded \(r.script) — the command to render it is on stdout", at: now)
            } catch {
                warn("could not save the recording: \(error)")
                overlay.notice("could not save the recording (\(error))", at: now)
            }
            return
        }
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        let base = "kinetic-session-\(f.string(from: Date()))"
        do {
            store.capture(scene)
            var params = ["\(base)-params.json"]
            try store.save(to: params[0], order: SceneKind.allCases.map(\.name))
            if let b = compareHalf {
                params.append("\(base)-params-b.json")
                var bs = b.store
                bs.capture(b.scene)
                try bs.save(to: params[1], order: SceneKind.allCases.map(\.name))
            }
            let recorder = try InputRecorder(path: "\(base).jsonl")
            recorder.origin = now
            let size = "\(Int(target.size.width))x\(Int(target.size.height))"
            var command = "kinetic run --scene \(scene.name) --size \(size) --headless --script \(base).jsonl"
            command += params.map { " --params \($0)" }.joined() + (compareHalf == nil ? "" : " --compare")
            if let model = environment.exchangeModel {
                // A copy of the line-up as it is now: the replay starts from it and rewrites the copy, not the user's file.
                try AtomicFile.write(ExchangeDataFile.text(model), to: "\(base)-data.json")
                command += " --data \(base)-data.json"
            }
            command += " --video \(base).mp4"
            sessionRecording = (recorder, "\(base).jsonl", command)
            overlay.notice("recording the session — Ctrl+R again to stop", at: now)
        } catch {
            warn("could not start recording: \(error)")
            overlay.notice("could not start recording (\(error))", at: now)
        }
    }

    /// "A: " or "B: " while comparing, else empty: notices say which half changed.
    private func halfPrefix(_ half: Int) -> String { compareHalf == nil ? "" : (half == 0 ? "A: " : "B: ") }

    private func nudge(_ p: SceneParameter, reverse: Bool) {
        let half = tunedHalf, s = scene(ofHalf: half)
        let (v, clamped) = p.stepped(reverse: reverse)
        s.setParameter(p.name, to: v)
        capture(half: half)
        let shown = s.parameter(p.name)?.formatted ?? String(v)
        var text = clamped ? "\(p.name) \(shown) — limit reached (\(ParameterStore.rangeText(p)))" : "\(p.name) \(shown)"
        if let warning = s.parameterNotice { text += " — " + warning }
        overlay.notice(halfPrefix(half) + text, at: now)
    }

    private func resetParameters() {
        let half = tunedHalf, s = scene(ofHalf: half)
        for p in s.parameters { s.setParameter(p.name, to: p.defaultValue) }
        capture(half: half)
        overlay.notice("\(halfPrefix(half))\(s.name): parameters reset to defaults", at: now)
    }

    private func switchScene(to kind: SceneKind) {
        guard kind != scene.kind else { return }
        let items = options.items.map { min($0, kind.maximumItems) }
        store.capture(scene)
        scene = SceneCatalog.make(kind, items: items, environment: environment)
        store.apply(to: scene)
        if var b = compareHalf {
            b.store.capture(b.scene)
            b.scene = SceneCatalog.make(kind, items: items, environment: b.environment)
            b.store.apply(to: b.scene)
            compareHalf = b
        }
        layoutScene()
        window?.setTitle("Kinetic — \(scene.name)")
        overlay.notice("scene: \(kind.name)", at: now)
    }

    /// Lays the scene out beside the HUD column (expanded or collapsed), with the renderer's font
    /// measuring its text.
    private func layoutScene() {
        let content = HUD.contentFrame(in: target.size, expanded: overlay.hudVisible)
        halfFrames = compareHalf == nil ? [content] : CompareHalf.split(content)
        let frames = halfFrames
        scene.textMeasurer = target.renderer
        scene.resize(to: target.size, contentFrame: frames[0])
        if let b = compareHalf?.scene {
            b.textMeasurer = target.renderer
            b.resize(to: target.size, contentFrame: frames[1])
        }
    }

    /// With `--data`, saves the exchange arrangement after each completed transaction. A failed
    /// save is one line on stderr and a short notice; the arrangement stays in memory and the
    /// next transaction (or the exit) tries again.
    private func persistExchangeModel() {
        environment.persistExchangeModel = { [weak self] model in
            guard let self, let saver = self.dataSaver else { return }
            let wasUnsaved = saver.unsaved != nil
            if let failure = saver.save(model) {
                warn(failure.message)
                self.overlay.notice(failure.notice, at: self.now)
            } else if wasUnsaved {
                self.overlay.notice("saved \(URL(fileURLWithPath: saver.path).lastPathComponent)", at: self.now)
            }
        }
    }

    /// Ctrl+S: A's parameters to `--params` (or kinetic-params.json) and, while comparing, B's
    /// to the second `--params` file (or kinetic-params-b.json).
    private func saveParameters() {
        store.capture(scene)
        capture(half: 1)
        var saves = [(store, paramsPath)]
        if let b = compareHalf { saves.append((b.store, b.paramsPath)) }
        var saved: [String] = []
        for (s, path) in saves {
            do {
                try s.save(to: path, order: SceneKind.allCases.map(\.name))
                saved.append(path)
            } catch {
                let brief = (error as? AtomicFile.WriteError)?.brief ?? "\(error)"
                warn("could not save \(path): \((error as? AtomicFile.WriteError)?.reason ?? "\(error)")")
                overlay.notice("could not save \(URL(fileURLWithPath: path).lastPathComponent) (\(brief))", at: now)
                return
            }
        }
        overlay.notice("parameters saved to \(saved.joined(separator: " and "))", at: now)
    }

    private func saveScreenshot() {
        let f = DateFormatter()
        f.dateFormat = "yyyyMMdd-HHmmss"
        let path = "kinetic-\(f.string(from: Date())).png"
        do {
            try target.savePNG(to: path)
            overlay.notice("screenshot saved: \(FileManager.default.currentDirectoryPath)/\(path)", at: now)
        } catch {
            overlay.notice("screenshot failed: \(error)", at: now)
        }
    }

    // MARK: Dump

    /// The `--dump` object: A's scene (the whole one without a compare) and, while comparing,
    /// B's under `"b"` in the same shape (without the frame counters).
    func dumpJSON() -> JSONValue {
        var o: [(String, JSONValue)] = [("scene", .string(scene.name)), ("frame", .int(frame)), ("time", JSONValue.rounded(now, 6))]
        o += dumpFields(scene)
        if let b = compareHalf?.scene { o.append(("b", .object([("scene", .string(b.name))] + dumpFields(b)))) }
        return .object(o)
    }

    /// One scene's dump fields after the frame counters (DESIGN.md, `--dump`).
    private func dumpFields(_ scene: any Scene) -> [(String, JSONValue)] {
        let d = scene.dump()
        let bounds = Rect(origin: .zero, size: target.size)
        var o: [(String, JSONValue)] = [
            ("animatorRunning", .bool(d.animatorRunning)),
            ("params", .object(scene.parameters.map { ($0.name, .number($0.value)) })),
            ("variant", .string(scene.variant.rawValue)),
        ]
        for f in d.fields { o.append((f.name, f.value)) }
        let items = d.items.filter { $0.frame.intersects(bounds) }.map { i -> JSONValue in
            .object([
                ("indexPath", .array([.int(i.indexPath.section), .int(i.indexPath.item)])),
                ("label", .string(i.label)),
                ("frame", .array([JSONValue.rounded(i.frame.minX), JSONValue.rounded(i.frame.minY),
                                  JSONValue.rounded(i.frame.width), JSONValue.rounded(i.frame.height)])),
                ("alpha", JSONValue.rounded(i.alpha)),
                ("zIndex", .int(i.zIndex)),
                ("rotation", JSONValue.rounded(i.rotation, 4)),
                ("hidden", .bool(i.hidden)),
                ("selected", .bool(i.selected)),
            ])
        }
        o.append(("items", .array(items)))
        // Every item the animator holds, on or off screen, so a lost item shows (null = non-finite).
        let dynamic = d.dynamicItems.map { i -> JSONValue in
            .object([
                ("indexPath", .array([.int(i.indexPath.section), .int(i.indexPath.item)])),
                ("frame", .array([JSONValue.rounded(i.frame.minX), JSONValue.rounded(i.frame.minY),
                                  JSONValue.rounded(i.frame.width), JSONValue.rounded(i.frame.height)])),
                ("rotation", JSONValue.rounded(i.rotation, 4)),
                ("velocity", .array([JSONValue.rounded(i.velocity.dx), JSONValue.rounded(i.velocity.dy)])),
                ("angularVelocity", JSONValue.rounded(i.angularVelocity, 4)),
                ("finite", .bool(i.isFinite)),
            ])
        }
        o.append(("dynamicItems", .array(dynamic)))
        return o
    }
}
