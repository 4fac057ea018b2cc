import ArgumentParser
import Foundation
import SDLBackend
import Geometry
import Scenes
import Lab

/// `kinetic run`: open the lab window (or render headless).
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the lab window on a scene (the default command).",
        discussion: "Press H in the window for the hotkeys. Headless runs render offscreen at a fixed frame interval and are deterministic.")

    @Option(help: "Scene to open: drag, springy, cards, exchange or dynamics.")
    var scene: String = "drag"
    @Option(help: ArgumentHelp("Dynamics scene: the demo to open first (← and → change it in the window).",
                               discussion: "One of \(DynamicsScene.demoNames.joined(separator: ", ")); default \(DynamicsScene.demoNames[0])."))
    var demo: String?

    /// The validated `--scene`.
    var sceneKind: SceneKind { SceneKind(rawValue: scene) ?? .drag }
    // Numbers take the next word even when it starts with "-", so "--frames -1" is refused as
    // out of range (one clear line) rather than as a missing value.
    @Option(parsing: .unconditional, help: "Number of items (springy: up to 1000000).")
    var items: Int?
    @Option(help: "Load tunable parameters from this JSON file (Ctrl+S saves to it); with --compare a second --params is B's.")
    var params: [String] = []
    @Flag(help: "A/B compare: two copies of the scene side by side, each with its own parameters and variant, driven by the same pointer (key B toggles).")
    var compare = false
    @Option(help: "Exchange scene: JSON file with the sections of names; rewritten after each completed exchange.")
    var data: String?
    @Flag(help: "Render offscreen (no display needed).")
    var headless = false
    @Option(parsing: .unconditional, help: "Window size in points, WxH.")
    var size: String = "1280x800"
    @Option(parsing: .unconditional, help: "Headless frame rate (frames per second of simulated time).")
    var fps: Int = 60
    @Option(help: "Start every scene in this variant: seed (the source document's behaviour, default) or refined (Kinetic's refinements). Z flips it in the window.")
    var variant: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point: 1 or 2.",
        discussion: "Headless: the canvas's density. In a window: 2 renders at two pixels per point on top of the display's own density, so a display without HiDPI (Xvfb) can stand in for a Retina one; the window is twice --size in pixels."))
    var scale: Int = 1
    @Option(parsing: .unconditional, help: ArgumentHelp("Window: the display's refresh rate in Hz (24…500) when SDL reports none or a wrong one.",
        discussion: "The frame limiter and the frame clock follow it; with vsync on a real display the display still paces. The HUD shows the rate assumed."))
    var refresh: Double?
    @Option(parsing: .unconditional, help: "Stop after rendering this many frames.")
    var frames: Int?
    @Option(help: "Replay input from this JSON Lines file.")
    var script: String?
    @Option(help: "Record the session's input to this JSON Lines file.")
    var record: String?
    @Option(help: "Save the last frame as PNG to this file.")
    var screenshot: String?
    @Option(help: "Write the final state as JSON to this file.")
    var dump: String?
    @Option(help: ArgumentHelp(
        "At exit, write frame statistics as JSON to this file.",
        discussion: "{\"frames\", \"fps_median\", \"frame_ms\": {\"p50\", \"p90\", \"p99\", \"max\"}, \"work_ms\", \"latency_ms\", \"busy_ms\" (same percentiles), \"gesture\": {same keys}}: frames presented; frame time in a window = time between presents (waits while idle excluded), headless = time spent producing the frame; work = frame start to the present's return; latency = newest pointer event to the present's return (window); busy = work less the present's wait for the display; percentiles nearest-rank; \"gesture\" = frames while a pointer button is down or the scene animates."))
    var stats: String?
    @Option(help: ArgumentHelp("Headless: encode the run as a video (.mp4, .webm or .gif) with ffmpeg, one frame per --fps.",
                               discussion: "ffmpeg is needed only for this: sudo apt-get install ffmpeg. GIF frame delays are whole hundredths of a second: use --fps 50 or 25 for exact timing."))
    var video: String?
    @Flag(help: "Headless: draw the pointer in --video and --screenshot: a ring, filled while a button is down.")
    var pointer = false
    @Flag(help: ArgumentHelp("Headless: leave out the HUD, title bar, notices and help; --video and --screenshot keep only the scene's area.",
                             discussion: "The scene is laid out as in any run (beside the HUD's column), so a clean render moves exactly as the session did."))
    var clean = false
    @Flag(help: ArgumentHelp("Headless: report progress on standard error, a line 'progress K N' every few frames (frame K of N, --frames).",
                             discussion: "How a window follows a clip it renders in the background (X on the timeline)."))
    var progress = false

    /// What the session starts from.
    var labConfiguration: LabConfiguration {
        var c = LabConfiguration()
        c.scene = sceneKind
        c.items = items
        c.demo = demo
        c.params = params
        c.data = data
        c.variant = variant.flatMap(SceneVariant.init(rawValue:))
        c.compare = compare
        c.headless = headless
        c.script = script
        c.record = record
        return c
    }

    /// The longest run, in frames: one simulated day (``InputScript/maximumTime``) at `--fps`.
    var maximumFrames: Int { Int(InputScript.maximumTime) * fps }

    func validate() throws {
        guard let kind = SceneKind(rawValue: scene) else {
            throw ValidationError("unknown scene '\(scene)' (choose \(SceneKind.choicesText))")
        }
        if let d = demo {
            guard kind == .dynamics else { throw ValidationError("--demo is for the dynamics scene: add --scene dynamics") }
            guard DynamicsScene.demoNames.contains(d) else {
                let names = DynamicsScene.demoNames
                throw ValidationError("unknown demo '\(d)' (choose \(names.dropLast().joined(separator: ", ")) or \(names.last!))")
            }
        }
        if items != nil && !kind.countsItems {
            throw ValidationError("--items is for the drag and springy scenes; the \(scene) scene has a fixed set")
        }
        if let n = items, n < 1 || n > kind.maximumItems {
            throw ValidationError("--items must be between 1 and \(kind.maximumItems) for the \(scene) scene, got \(n)")
        }
        let minW = Int(AppWindow.minimumSize.width), minH = Int(AppWindow.minimumSize.height)
        guard let (w, h) = parseSize(size), (minW...8192).contains(w), (minH...8192).contains(h) else {
            throw ValidationError("--size must be WxH from \(minW)x\(minH) to 8192x8192 points (every scene needs that room), got '\(size)'")
        }
        if params.count > 2 { throw ValidationError("--params takes one file, or two with --compare (A's and B's), got \(params.count)") }
        if params.count == 2 && !compare { throw ValidationError("a second --params file is B's: add --compare") }
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        if let v = variant, SceneVariant(rawValue: v) == nil {
            throw ValidationError("--variant must be \(SceneVariant.choicesText), got '\(v)'")
        }
        guard scale == 1 || scale == 2 else { throw ValidationError("--scale must be 1 or 2, got \(scale)") }
        if let r = refresh {
            guard r.isFinite, (24...500).contains(r) else { throw ValidationError("--refresh must be between 24 and 500 Hz, got \(r)") }
            if headless { throw ValidationError("--refresh is for windows; a headless run steps at --fps") }
        }
        if let f = frames, f < 1 { throw ValidationError("--frames must be at least 1, got \(f)") }
        // The run length is bounded like a script's times (one simulated day), so a typo such as
        // --frames 1000000000 (193 days at 60 fps, hours of rendering) is refused, not started.
        if let f = frames, f > maximumFrames {
            throw ValidationError("--frames must be at most \(maximumFrames) (one day of simulated time at --fps \(fps)), got \(f)")
        }
        if headless && frames == nil && script == nil {
            throw ValidationError("--headless needs --frames N (or a --script, which ends after its last event)")
        }
        if let s = screenshot, !s.lowercased().hasSuffix(".png") { throw ValidationError("--screenshot must name a .png file, got '\(s)'") }
        if (pointer || clean) && !headless {
            throw ValidationError("\(pointer ? "--pointer" : "--clean") is for headless renders (--video, --screenshot); a window shows the real pointer and Tab hides the HUD")
        }
        if (pointer || clean) && video == nil && screenshot == nil {
            throw ValidationError("\(pointer ? "--pointer" : "--clean") changes only what --video and --screenshot render: add one of them")
        }
        if let v = video {
            if let problem = VideoEncoder.problem(with: v) { throw ValidationError(problem) }
            if let (w, h) = parseSize(size), let problem = VideoEncoder.problem(width: w * scale, height: h * scale) {
                throw ValidationError(problem)
            }
            if !headless { throw ValidationError("--video renders a headless run: add --headless and a --script (or --frames)") }
        }
        // Every output path is checked before the run, so a long session never ends in a lost file.
        let outputs = [("--stats", stats), ("--screenshot", screenshot), ("--dump", dump), ("--record", record), ("--video", video)]
            .compactMap { flag, path in path.map { (flag: flag, path: $0) } }
        for (flag, path) in outputs {
            if let problem = AtomicFile.problem(writing: path) { throw ValidationError("\(flag): \(problem)") }
        }
        let inputs = params.map { (flag: "--params", path: $0) } + [("--data", data), ("--script", script)]
            .compactMap { flag, path in path.map { (flag: flag, path: $0) } }
        for (flag, path) in inputs where path.isEmpty { throw ValidationError("\(flag): the file name is empty") }
        // No output may replace a file the run reads (`--data` is rewritten by the run itself,
        // so it is an input here too) or another output.
        // Ctrl+S saves A's parameters to the first --params file (else kinetic-params.json) and
        // B's to the second (else kinetic-params-b.json): two halves on one file would keep only
        // B's, and an output on a default save file would replace what Ctrl+S saved.
        if params.count == 2 && AtomicFile.identity(of: params[0]) == AtomicFile.identity(of: params[1]) {
            throw ValidationError("A's and B's --params name the same file; Ctrl+S would save B's parameters over A's")
        }
        if compare && params.count == 1 && AtomicFile.identity(of: params[0]) == AtomicFile.identity(of: "kinetic-params-b.json") {
            throw ValidationError("--params \(params[0]) is where Ctrl+S saves B's parameters; give B a file of its own (a second --params)")
        }
        var saves: [(flag: String, path: String)] = []
        if params.isEmpty { saves.append((flag: "Ctrl+S (A's parameters)", path: "kinetic-params.json")) }
        if compare && params.count < 2 { saves.append((flag: "Ctrl+S (B's parameters)", path: "kinetic-params-b.json")) }
        if let problem = AtomicFile.collision(inputs: inputs, outputs: outputs + saves) { throw ValidationError(problem) }
        // The line-up is saved after every exchange through a temporary file beside it: a folder
        // that cannot take one would lose the first exchange's save, so it is refused now.
        // (A read-only file is another matter: the run keeps the arrangement until it is writable.)
        // (A missing file or folder is the read's to report.)
        if let d = data, FileManager.default.fileExists(atPath: d), let problem = AtomicFile.problem(savingBeside: AtomicFile.writeTarget(of: d)) {
            throw ValidationError("--data \(d) could not be saved after an exchange: \(problem) (a save goes through a temporary file beside the file)")
        }
    }

    func run() throws {
        let (w, h) = parseSize(size)!
        do {
            let app = try App(options: self, size: Size(width: Double(w), height: Double(h)))
            // Explicit, not left to deinit order: SDL objects go in dependency order before SDL
            // quits, and before `fail` may call `exit` (which would skip every deinit).
            defer { app.close() }
            // A headless run's Ctrl+S that left the values elsewhere (a file changed outside,
            // a read-only one) ends the run non-zero: nobody saw the window's notice.
            let unsaved = { headless ? app.session.parameterSaveProblem.map { "Ctrl+S: \($0)" } : nil }
            do { try app.run() } catch {
                if let line = unsaved() { warn(line) }
                throw error
            }
            if let line = unsaved() { throw KineticError(line) }
        } catch let e as KineticError {
            fail(e.description)
        } catch {
            fail("\(error)")
        }
    }
}
