import Foundation
import Scenes

/// `kinetic run`'s options as values (the executable's parser fills them), the session they
/// start (``labConfiguration``) and the rules a run's options must keep before it starts
/// (``problem(minimumSize:)``): every refusal is one line naming the option.
package struct RunOptions {
    /// `--scene` as typed (default "drag"), and `--demo`, `--items`.
    package var scene = "drag", demo: String?, items: Int?
    /// A scene file to open (`kinetic run FILE.json` or `--scene-file`), which is then the scene.
    package var sceneFile: String?
    /// `--params` files (A's, then B's), `--compare`, `--data`, `--variant` as typed.
    package var params: [String] = [], compare = false, data: String?, variant: String?
    /// `--headless`, `--size` as typed (WxH points, default 1280x800), `--fps` (default 60),
    /// `--scale` (1 or 2), `--refresh` (Hz), `--frames`.
    package var headless = false, size = "1280x800", fps = 60, scale = 1, refresh: Double?, frames: Int?
    /// Files: `--script` and `--record`, then the outputs `--screenshot`, `--dump`, `--stats`, `--video`.
    package var script: String?, record: String?, screenshot: String?, dump: String?, stats: String?, video: String?
    /// `--pointer` and `--clean` (headless renders only).
    package var pointer = false, clean = false

    /// Options at their defaults.
    package init() {}

    /// The validated `--scene` (drag when it names none).
    package var sceneKind: SceneKind { sceneFile != nil ? .file : SceneKind(builtIn: scene) ?? .drag }

    /// What the session starts from.
    package var labConfiguration: LabConfiguration {
        var c = LabConfiguration()
        c.scene = sceneKind
        c.sceneFilePath = sceneFile
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
    package var maximumFrames: Int { Int(InputScript.maximumTime) * fps }

    /// Parses "WxH" (e.g. "1280x800") into a size in points.
    package static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        return (w, h)
    }

    /// Why the run cannot start with these options, or nil. `minimumSize` is the smallest window
    /// (points) every scene has room in (SDLBackend's `AppWindow.minimumSize`).
    package func problem(minimumSize: (width: Int, height: Int)) -> String? {
        guard SceneKind(builtIn: scene) != nil else { return "unknown scene '\(scene)' (choose \(SceneKind.choicesText))" }
        if let f = sceneFile {
            if f.isEmpty { return "--scene-file: the file name is empty" }
            if scene != "drag" { return "a scene file is its own scene: leave out --scene \(scene)" }
        }
        let kind = sceneKind
        if let d = demo {
            guard kind == .dynamics else { return "--demo is for the dynamics scene: add --scene dynamics" }
            guard DynamicsScene.demoNames.contains(d) else {
                let names = DynamicsScene.demoNames
                return "unknown demo '\(d)' (choose \(names.dropLast().joined(separator: ", ")) or \(names.last!))"
            }
        }
        if items != nil && !kind.countsItems { return "--items is for the drag and springy scenes; the \(scene) scene has a fixed set" }
        if let n = items, n < 1 || n > kind.maximumItems { return "--items must be between 1 and \(kind.maximumItems) for the \(scene) scene, got \(n)" }
        let (minW, minH) = minimumSize
        guard let (w, h) = Self.parseSize(size), (minW...8192).contains(w), (minH...8192).contains(h) else {
            return "--size must be WxH from \(minW)x\(minH) to 8192x8192 points (every scene needs that room), got '\(size)'"
        }
        if params.count > 2 { return "--params takes one file, or two with --compare (A's and B's), got \(params.count)" }
        if params.count == 2 && !compare { return "a second --params file is B's: add --compare" }
        guard (1...1000).contains(fps) else { return "--fps must be between 1 and 1000, got \(fps)" }
        if let v = variant, SceneVariant(rawValue: v) == nil { return "--variant must be \(SceneVariant.choicesText), got '\(v)'" }
        guard scale == 1 || scale == 2 else { return "--scale must be 1 or 2, got \(scale)" }
        if let r = refresh {
            guard r.isFinite, (24...500).contains(r) else { return "--refresh must be between 24 and 500 Hz, got \(r)" }
            if headless { return "--refresh is for windows; a headless run steps at --fps" }
        }
        if let f = frames, f < 1 { return "--frames must be at least 1, got \(f)" }
        // The run length is bounded like a script's times (one simulated day), so a typo such as
        // --frames 1000000000 (193 days at 60 fps, hours of rendering) is refused, not started.
        if let f = frames, f > maximumFrames { return "--frames must be at most \(maximumFrames) (one day of simulated time at --fps \(fps)), got \(f)" }
        if headless && frames == nil && script == nil { return "--headless needs --frames N (or a --script, which ends after its last event)" }
        if let s = screenshot, !s.lowercased().hasSuffix(".png") { return "--screenshot must name a .png file, got '\(s)'" }
        if (pointer || clean) && !headless {
            return "\(pointer ? "--pointer" : "--clean") is for headless renders (--video, --screenshot); a window shows the real pointer and Tab hides the HUD"
        }
        if (pointer || clean) && video == nil && screenshot == nil {
            return "\(pointer ? "--pointer" : "--clean") changes only what --video and --screenshot render: add one of them"
        }
        if let v = video {
            if let problem = VideoPlan.problem(with: v) { return problem }
            if let problem = VideoPlan.problem(width: w * scale, height: h * scale) { return problem }
            if !headless { return "--video renders a headless run: add --headless and a --script (or --frames)" }
        }
        return fileProblem()
    }

    /// Why the run's files do not go together, or nil: every output path is checked before the
    /// run, so a long session never ends in a lost file.
    private func fileProblem() -> String? {
        let outputs = [("--stats", stats), ("--screenshot", screenshot), ("--dump", dump), ("--record", record), ("--video", video)]
            .compactMap { flag, path in path.map { (flag: flag, path: $0) } }
        for (flag, path) in outputs {
            if let problem = AtomicFile.problem(writing: path) { return "\(flag): \(problem)" }
        }
        let inputs = params.map { (flag: "--params", path: $0) } + [("--data", data), ("--script", script)]
            .compactMap { flag, path in path.map { (flag: flag, path: $0) } }
        for (flag, path) in inputs where path.isEmpty { return "\(flag): the file name is empty" }
        // No output may replace a file the run reads (`--data` is rewritten by the run itself,
        // so it is an input here too) or another output.
        // Ctrl+S saves A's parameters to the first --params file (else kinetic-params.json) and
        // B's to the second (else kinetic-params-b.json): two halves on one file would keep only
        // B's, and an output on a default save file would replace what Ctrl+S saved.
        if params.count == 2 && AtomicFile.identity(of: params[0]) == AtomicFile.identity(of: params[1]) {
            return "A's and B's --params name the same file; Ctrl+S would save B's parameters over A's"
        }
        if compare && params.count == 1 && AtomicFile.identity(of: params[0]) == AtomicFile.identity(of: "kinetic-params-b.json") {
            return "--params \(params[0]) is where Ctrl+S saves B's parameters; give B a file of its own (a second --params)"
        }
        var saves: [(flag: String, path: String)] = []
        if params.isEmpty { saves.append((flag: "Ctrl+S (A's parameters)", path: "kinetic-params.json")) }
        if compare && params.count < 2 { saves.append((flag: "Ctrl+S (B's parameters)", path: "kinetic-params-b.json")) }
        if let problem = AtomicFile.collision(inputs: inputs, outputs: outputs + saves) { return problem }
        // The line-up is saved after every exchange through a temporary file beside it: a folder
        // that cannot take one would lose the first exchange's save, so it is refused now.
        // (A read-only file is another matter: the run keeps the arrangement until it is writable.)
        // (A missing file or folder is the read's to report.)
        if let d = data, FileManager.default.fileExists(atPath: d), let problem = AtomicFile.problem(savingBeside: AtomicFile.writeTarget(of: d)) {
            return "--data \(d) could not be saved after an exchange: \(problem) (a save goes through a temporary file beside the file)"
        }
        return nil
    }
}
