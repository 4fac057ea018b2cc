import Foundation
import Scenes

/// What the user asks the session to write: parameters (Ctrl+S) and recordings (Ctrl+R).
extension LabSession {
    /// Ctrl+S: A's parameters to `--params` (or kinetic-params.json) and, while comparing, B's
    /// to the second `--params` file (or kinetic-params-b.json).
    func saveParameters() {
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
                services.warn("could not save \(path): \((error as? AtomicFile.WriteError)?.reason ?? "\(error)")")
                overlay.notice("could not save \(URL(fileURLWithPath: path).lastPathComponent) (\(brief))", at: now)
                return
            }
        }
        overlay.notice("parameters saved to \(saved.joined(separator: " and "))", at: now)
    }

    /// Ctrl+R: starts recording the session's input (from now: the script's time 0) with the
    /// current parameters beside it; the second Ctrl+R stops and prints (and shows) the command
    /// that renders the recording to a video: `kinetic run … --headless --script S --video S.mp4`.
    func toggleSessionRecording() {
        if let r = sessionRecording {
            sessionRecording = nil
            do {
                try r.recorder.finish()
                services.print(r.command + "\n")
                overlay.notice("recorded \(r.script) — the command to render it is on stdout", at: now)
            } catch {
                services.warn("could not save the recording: \(error)")
                overlay.notice("could not save the recording (\(error))", at: now)
            }
            return
        }
        // Two recordings in one second (a replay of one, say) must not overwrite each other.
        let base = unusedName("kinetic-session-\(services.fileStamp())", endings: [".jsonl", "-params.json"])
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
            let size = "\(Int(size.width))x\(Int(size.height))"
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
            services.warn("could not start recording: \(error)")
            overlay.notice("could not start recording (\(error))", at: now)
        }
    }

    /// `stem`, or `stem-2`, `stem-3`, … : the first for which no file `NAME + ending` exists in
    /// the working folder, so two files made in the same second keep both.
    package func unusedName(_ stem: String, endings: [String]) -> String {
        var name = stem
        var n = 2
        while endings.contains(where: { FileManager.default.fileExists(atPath: name + $0) }) {
            name = "\(stem)-\(n)"
            n += 1
        }
        return name
    }
}
