import Foundation
import LabUI
import Scenes

/// A Ctrl+R recording while it runs: where it starts in the session's ``SessionLog`` and what
/// its files are called.
struct SessionRecording {
    /// The files' common stem (`kinetic-session-STAMP`), from the time Ctrl+R started it.
    let stem: String
    /// The log line the recording starts at (its mark goes before it).
    let startLine: Int
    /// App time Ctrl+R started it, seconds (the REC mark's elapsed time counts from it).
    let startedAt: Double
}

/// Ctrl+R: recordings that reproduce what the user saw (issue 27).
///
/// The session keeps a ``SessionLog`` from the moment it opened. A recording writes that whole
/// log as its script: the prelude (every input, resize and frame before Ctrl+R, which rebuilds a
/// selection, a scroll offset, an open card, an exchanged line-up, the compare, slow motion or a
/// pause), a `mark` line, then the recorded span; its `-params.json` and `-data.json` are what
/// the session started from. `kinetic run --headless --script` replays such a script frame for
/// frame, puts only the frames after the mark into `--video`, and runs on until the scenes rest.
extension LabSession {
    /// Ctrl+R: starts a recording (the REC mark shows while it runs); the second Ctrl+R stops it,
    /// writes its files and prints (and shows) the command that renders it to a video:
    /// `kinetic run --scene S --size WxH --fps N --headless --script S.jsonl --params … --video S.mp4 --pointer`.
    func toggleSessionRecording() {
        if let r = sessionRecording {
            stopSessionRecording(r)
            return
        }
        var notice = "recording the session — Ctrl+R again to stop"
        if !(timeline.log?.isComplete ?? false) {
            // The session outgrew its log: this recording starts from the state as it is now,
            // its parameters and line-up, but not what the scene went through before.
            timeline.log = SessionLog(start: currentStart())
            notice = "recording from now — the session ran too long to include what came before (Ctrl+R stops)"
        }
        sessionRecording = SessionRecording(stem: "kinetic-session-\(services.fileStamp())", startLine: timeline.log?.lines.count ?? 0,
                                            startedAt: now)
        overlay.recordingSince = now
        overlay.notice(notice, at: now)
    }

    /// Appends `line` to the ``log``; a recording that would outgrow it is stopped and written first.
    func appendToLog(_ line: ScriptLine) {
        guard let log = timeline.log else { return }
        if let r = sessionRecording, !log.hasRoom {
            if let command = stopSessionRecording(r) {
                overlay.notice(recordingNotice(command, saying: "the recording reached its length limit and was stopped"), at: now,
                               for: Self.longNotice)
            }
        }
        timeline.append(line)
    }

    /// What a log started now starts from: the current scene, size, parameters and variants (A's
    /// and B's) and line-up. Its replay shows the scene as it opens with them, not as it is.
    private func currentStart() -> SessionLog.Start {
        moment.store.capture(scene)
        var stores = [moment.store]
        if let b = compareHalf {
            var bs = b.store
            bs.capture(b.scene)
            stores.append(bs)
        }
        // `--variant`'s default for the scenes not opened yet goes into the files.
        for i in stores.indices { stores[i].pinVariants(of: SceneKind.allCases.map(\.name)) }
        // The dynamics scene's demo now (another scene's replay starts from `gravity`: `--demo` is the dynamics scene's).
        let demo = scene.kind == .dynamics ? moment.environment.dynamicsDemo : nil
        return SessionLog.Start(scene: scene.kind, items: moment.items(for: scene.kind), demo: demo, variant: nil, compare: compareHalf != nil,
                                size: size, frameRate: 1 / clock.refreshInterval, stores: stores,
                                exchangeModel: moment.environment.exchangeModel, origin: now, isSessionStart: false)
    }

    /// Writes the recording `r` (script, parameters, line-up), prints the command that renders
    /// it and shows it (``recordingNotice(_:)``); a file that cannot be written is one line on
    /// stderr and a notice. Returns the command, nil when the recording could not be written.
    @discardableResult
    private func stopSessionRecording(_ r: SessionRecording) -> String? {
        sessionRecording = nil
        overlay.recordingSince = nil
        guard let log else { return nil }
        let start = log.start
        // Two recordings in one second (a replay of one, say) must not overwrite each other.
        let base = unusedName(r.stem, endings: [".jsonl", "-params.json", "-params-b.json", "-data.json"])
        do {
            let arguments = try replayArguments(base: base, start: start)
            var command = (["kinetic", "run"] + arguments).joined(separator: " ")
            // The pointer is drawn into the video: a render has no cursor to show where it pressed.
            command += " --video \(base).mp4 --pointer"
            try AtomicFile.write(log.script(markingAt: r.startLine, markTime: r.startedAt), to: "\(base).jsonl")
            // Straight to the descriptor (write(2), no buffer): the line is out when the notice shows.
            services.print(command + "\n")
            lastRecordingCommand = command
            // A window opened from a dock has no terminal: the notice names the command too.
            overlay.notice(recordingNotice(command), at: now, for: Self.longNotice)
            return command
        } catch {
            services.warn("could not save the recording: \(error)")
            overlay.notice("could not save the recording (\(error))", at: now)
            return nil
        }
    }

    /// The notice naming a recording's render `command` (also on stdout and the help card) after
    /// `what` happened: the whole command when the window's notice shows it whole, else without
    /// its `--params` and `--data` files, else only the script and the video
    /// (``LabUI/LabHelp/renderSummary(of:)``), which the notice cuts if it must.
    func recordingNotice(_ command: String, saying what: String = "recorded") -> String {
        let words = command.split(separator: " ").map(String.init)
        var shorter: [String] = [], i = 0
        while i < words.count {
            if words[i] == "--params" || words[i] == "--data", i + 1 < words.count {
                if shorter.last != "…" { shorter.append("…") }
                i += 2
            } else {
                shorter.append(words[i])
                i += 1
            }
        }
        let forms = [command, shorter.joined(separator: " "), LabHelp.renderSummary(of: command)].map { "\(what) — render with: \($0)" }
        let width = Overlay.noticeTextWidth(windowWidth: size.width)
        return forms.first { textMeasurer.width(of: $0, size: Overlay.noticeFontSize) <= width } ?? forms[forms.count - 1]
    }

    /// The `kinetic run` arguments that replay a script `base.jsonl` of a log from `start`
    /// headless: scene, items, demo, size, frame rate, the parameters (written to
    /// `base-params.json`, and B's to `base-params-b.json`), compare, variant and the line-up
    /// (written to `base-data.json`). The script itself is the caller's to write.
    func replayArguments(base: String, start: SessionLog.Start) throws -> [String] {
        // A scene file is named by its full path (the replay may run from another folder); it
        // replays the file as it is then.
        var a = start.scene == .file ? ["--scene-file", URL(fileURLWithPath: configuration.sceneFilePath ?? "").standardizedFileURL.path] : ["--scene", start.scene.name]
        if let n = start.items { a += ["--items", "\(n)"] }
        if let d = start.demo, start.scene == .dynamics { a += ["--demo", d] }
        a += ["--size", "\(Int(saturating: start.size.width))x\(Int(saturating: start.size.height))", "--fps", "\(Int(saturating: start.frameRate.rounded()))",
              "--headless", "--script", "\(base).jsonl"]
        for (i, s) in start.stores.enumerated() {
            let path = "\(base)-params\(i == 0 ? "" : "-b").json"
            try s.save(to: path, order: SceneKind.allCases.map(\.name))
            a += ["--params", path]
        }
        if start.compare { a.append("--compare") }
        if let v = start.variant { a += ["--variant", v.rawValue] }
        if let model = start.exchangeModel {
            // A copy of the line-up the log starts from; the replay reads it and leaves it as it is.
            try AtomicFile.write(ExchangeDataFile.text(model), to: "\(base)-data.json")
            a += ["--data", "\(base)-data.json"]
        }
        return a
    }
}
