import LabUI
import Geometry
import Drawing
import Gestures
import Scenes
import Animation

/// One moment of the lab: everything a replay of the session's input must reproduce, and nothing
/// else — the open scene (and its B copy while comparing), their environment and parameters, the
/// frame clock, the window's size, the pointer and its buttons, the HUD control being edited, the
/// spring dialect shown, the frame counter and the overlay's flags.
///
/// A moment owns no log, no files and no terminal: the shell (``LabSession``) logs, records and
/// saves, and the ``Timeline`` rebuilds a past moment by making one from the session's start
/// (``init(configuration:start:textMeasurer:)``) and applying the log's lines to it
/// (``apply(_:)``). What a moment does with a line is therefore what the live session did with it,
/// which is what makes a rebuilt moment the moment that was shown.
package final class LabMoment {
    /// How the session started (the scenes' factory, `--params` paths, `--items`, headless).
    package let configuration: LabConfiguration
    /// The open scene (A while comparing).
    package internal(set) var scene: any Scene
    /// The B half while comparing (`--compare`, key B); A is ``scene``.
    package internal(set) var compareHalf: CompareHalf?
    /// Simulated time per frame, pause and slow motion, and the frame-time figures.
    package internal(set) var clock = FrameClock()
    /// A's parameters and variants per scene (B's are in ``compareHalf``).
    package internal(set) var store: ParameterStore
    /// B's parameters when B opens: the second `--params` file's, else A's at that moment.
    /// A re-run or an undo may set them (``setParameters(_:)``).
    var storeB: ParameterStore?
    /// The HUD, help card, debug geometry, notices and a pending screenshot.
    package var overlay = OverlayState()
    /// The moment's clock, seconds of session time: the shell sets it before each input and
    /// frame; a replay, to each frame line's time.
    package var now: Double = 0
    /// Frames stepped so far.
    package internal(set) var frame = 0
    /// The session time of the last frame stepped, seconds (the dump's `time`).
    package internal(set) var frameTime: Double = 0
    /// The window's size, points.
    package internal(set) var size: Size
    /// The content frames of the halves: A's alone, or A's and B's while comparing (window points).
    package internal(set) var halfFrames: [Rect] = []
    /// The scenes shown so far: a first visit shows the scene's help card briefly.
    var visitedScenes: Set<SceneKind> = []
    /// A's and B's trails (``LabMoment+Trails``), kept while they are shown.
    var trailHistories = [TrailHistory(), TrailHistory()]
    /// The pointer's latest window position (the HUD fades while it is underneath).
    package internal(set) var pointer: Point?
    /// Measures text for the scenes' labels (the host's font; an estimate until it sets one).
    package internal(set) var textMeasurer: TextMeasuring = EstimatedTextMeasurer.shared
    /// The pointer buttons held down (from the input applied so far).
    package internal(set) var buttonsDown: Set<PointerButton> = []
    /// The half the current pointer sequence started in (its locations are relative to it).
    var sequenceHalf: Int?
    /// The half hotkeys tune when the pointer is over neither ([ chooses A, ] B).
    package internal(set) var focusedHalf = 0
    /// What the pointer or keyboard is doing to a HUD parameter row (``LabMoment/handleHUDControl(_:)``).
    package internal(set) var hudControl = HUDControl.idle
    /// How the HUD writes the plotted spring under its plot (K cycles; ``LabMoment/dialectParameters``).
    package internal(set) var springDialect = SpringDialect.durationBounce
    /// The platform last used, which E exports first: the dialect of the last HUD dialect value
    /// set or dialect chosen (K), or the platform of the last text pasted; nil before either
    /// (E then exports in ``Animation/ExportFormat`` order). See ``noteExportFormat(_:)``.
    package internal(set) var lastExportFormat: ExportFormat?
    /// The code panel (`` ` ``): shown or not, its scroll, a pressed line and the export it shows.
    var codePanel = CodePanelState()
    /// `.` asked for one frame's worth of time while paused.
    package internal(set) var pendingSingleStep = false
    /// What outlives a scene (the exchange line-up); the shell hooks its saving onto it.
    package internal(set) var environment: SceneEnvironment

    /// The scenes of `start` made, with its parameters and line-up, nothing laid out yet: the
    /// session's first moment before its host opens it (``open(size:frameRate:textMeasurer:compare:)``).
    init(configuration: LabConfiguration, start: SessionLog.Start) {
        self.configuration = configuration
        environment = SceneEnvironment(exchangeModel: start.exchangeModel, dynamicsDemo: start.demo ?? configuration.demo)
        environment.sceneFile = configuration.sceneFile?.model
        environment.sceneFileProblem = configuration.sceneFile?.problem
        store = start.stores.first ?? ParameterStore()
        storeB = start.stores.count > 1 ? start.stores[1] : nil
        size = start.size
        scene = configuration.makeScene(start.scene, start.items, environment)
        store.apply(to: scene)
    }

    /// The moment `start` opens on, no line applied: what the ``Timeline`` replays the log into.
    convenience init(configuration: LabConfiguration, start: SessionLog.Start, textMeasurer: TextMeasuring) {
        self.init(configuration: configuration, start: start)
        open(size: start.size, frameRate: start.frameRate, textMeasurer: textMeasurer, compare: start.compare)
    }

    /// Lays the moment out in a window of `size` points refreshing `frameRate` times a second,
    /// with `textMeasurer` measuring the scenes' text: the HUD starts collapsed in a narrow
    /// window, and `compare` opens B.
    func open(size: Size, frameRate: Double, textMeasurer: TextMeasuring, compare: Bool) {
        self.size = size
        self.textMeasurer = textMeasurer
        clock = FrameClock(frameRate: frameRate)
        overlay.hudVisible = size.width >= HUDLayout.collapseBelowWidth
        if compare { startCompare() }
        layoutScenes()
    }

    // MARK: Lines

    /// Applies one line of the session's log: a frame steps at its time, an input is handled as
    /// the live session handled it, a resize relayouts, a paste imports and a `params` line sets
    /// the values. Lines only a script has (marks, scrubs, re-runs) are the shell's and change nothing here.
    func apply(_ line: ScriptLine) {
        switch line {
        case .frame(let t, let realDt):
            now = t
            step(realDt: realDt)
        case .input(let e): handle(e)
        case .resize(let s, _): resize(to: s)
        case .paste(let text, _): paste(text)
        case .parameters(let p, _): setParameters(p)
        case .mark, .scrub, .rerun: break
        }
    }

    /// Counts a frame and advances every scene by the simulated time of `realDt` real seconds
    /// (``FrameClock/advance(realDt:)``, plus one refresh interval for a pending single step), at
    /// ``now``. Returns the simulated time stepped, seconds.
    @discardableResult
    func step(realDt: Double) -> Double {
        frame += 1
        frameTime = now
        var dt = clock.advance(realDt: realDt)
        if pendingSingleStep { dt += clock.singleStep(); pendingSingleStep = false }
        scene.update(time: now, dt: dt)
        compareHalf?.scene.update(time: now, dt: dt)
        if overlay.trailsVisible { recordTrails() }
        return dt
    }

    /// The window is now `size` points: relayout.
    func resize(to size: Size) {
        self.size = size
        layoutScenes()
    }

    // MARK: Scenes

    /// Whether A (or B, while comparing) may draw differently next frame.
    package var scenesNeedFrame: Bool { scene.needsFrame || (compareHalf?.scene.needsFrame ?? false) }

    /// Whether a pointer button is down (a press, a drag).
    package var isPointerDown: Bool { !buttonsDown.isEmpty }

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
        overlay.notice("scene: \(scene.title)", at: now)
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
}
