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

    @Argument(help: "A scene file (JSON, docs/SCENE-FILES.md: kinetic help scene-file) to open and reload on each save.")
    var file: String?
    @Option(help: "Scene to open: drag, springy, cards, exchange or dynamics.")
    var scene: String = "drag"
    @Option(help: "A scene file to open (the same as giving it first).")
    var sceneFile: String?
    @Option(help: ArgumentHelp("Dynamics scene: the demo to open first (← and → change it in the window).",
                               discussion: "One of \(DynamicsScene.demoNames.joined(separator: ", ")); default \(DynamicsScene.demoNames[0])."))
    var demo: String?

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

    /// The options as values (Lab's ``RunOptions``, which holds the rules they keep).
    var options: RunOptions {
        var o = RunOptions()
        (o.scene, o.demo, o.items, o.params, o.compare, o.data, o.variant) = (scene, demo, items, params, compare, data, variant)
        (o.headless, o.size, o.fps, o.scale, o.refresh, o.frames) = (headless, size, fps, scale, refresh, frames)
        (o.script, o.record, o.screenshot, o.dump, o.stats, o.video) = (script, record, screenshot, dump, stats, video)
        (o.pointer, o.clean, o.sceneFile) = (pointer, clean, file ?? sceneFile)
        return o
    }

    /// What the session starts from.
    var labConfiguration: LabConfiguration { options.labConfiguration }

    func validate() throws {
        let minimum = (width: Int(AppWindow.minimumSize.width), height: Int(AppWindow.minimumSize.height))
        if let problem = options.problem(minimumSize: minimum) { throw ValidationError(problem) }
    }

    func run() throws {
        let (w, h) = RunOptions.parseSize(size)!
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
