import Foundation
import Geometry
import Lab
import LabUI
import SDLBackend

/// What a run writes: `--video` frames, PNGs (P, `--screenshot`), and at the end the dump,
/// statistics and every problem met; and the host's services the session uses.
extension App {
    /// Writes the frame just drawn to `--video` (its scenes' area with `--clean`); a failure
    /// ends the run, which reports it.
    func writeVideoFrame() {
        guard let v = video, let canvas = target as? HeadlessCanvas else { return }
        do {
            try canvas.withPixels { pixels, pitch, _, _ in
                // --clean: the scene's area only, the rows from its top-left pixel on.
                let start = cleanRegion.map { $0.y * pitch + $0.x * 4 } ?? 0
                try v.write(UnsafeRawBufferPointer(rebasing: pixels[start...]), pitch: pitch)
            }
        } catch {
            videoError = error
            session.isRunning = false
        }
    }

    /// The terminal, the clipboard (a window's), file names from the local time and (a window's)
    /// clips rendered in the background.
    static func services(windowed: Bool) -> LabServices {
        LabServices(print: { text in
                        if let problem = StandardStream.output.write(text) { warn("cannot write to standard output: \(problem)") }
                    }, warn: { warn($0) },
                    copyToClipboard: windowed ? { text in
                        do { try Clipboard.setText(text) } catch let e as SDLError { throw KineticError(e.message) }
                    } : nil,
                    pasteFromClipboard: windowed ? { Clipboard.text() } : nil,
                    fileStamp: {
                        let f = DateFormatter()
                        f.dateFormat = "yyyyMMdd-HHmmss"
                        return f.string(from: Date())
                    },
                    startRender: windowed ? { try BackgroundRenderProcess(arguments: $0) } : nil)
    }

    /// Writes what the run leaves behind. An exchange arrangement that could not be saved during
    /// the session gets one more try first; if that fails too, or `--record`'s script could not
    /// be written, the dump and statistics are still written, then the run ends with exit status 1
    /// (the arrangement on stderr).
    func finish() throws {
        // Every problem is reported; the unsaved arrangement (the only copy of it) comes last.
        var problems: [String] = []
        if let v = video {
            video = nil
            // A video that failed does not skip the rest: the last save try, dump and statistics.
            if let e = videoError { v.abandon(); problems.append("\(e)") } else {
                do { try v.finish() } catch { problems.append("\(error)") }
            }
        }
        let (failure, recording) = session.finish()
        // A dump that cannot be written does not keep the statistics, or the arrangement, back.
        if let path = options.dump {
            do { try AtomicFile.write(session.dumpJSON().text(pretty: true) + "\n", to: path) } catch { problems.append("\(error)") }
        }
        if let path = options.stats {
            do { try AtomicFile.write(statistics.json.text(pretty: true) + "\n", to: path) } catch { problems.append("\(error)") }
        }
        if let recording { problems.append("\(recording)") }
        if let e = screenshotError, let path = options.screenshot { problems.append("--screenshot: \(Self.describe(e, writing: path))") }
        if let failure, let model = session.unsavedExchangeModel { problems.append(failure.exitMessage(unsaved: model)) }
        guard let last = problems.popLast() else { return }
        for p in problems { warn(p) }
        throw KineticError(last)
    }

    /// P: the window's pixels to `kinetic-DATE-TIME.png` in the working folder (`-2`, `-3`, … for
    /// more in the same second). The notice says where, or why not; a headless run, whose
    /// notices nobody sees, says it on stderr.
    func saveScreenshot() {
        let path = session.unusedName("kinetic-\(session.services.fileStamp())", endings: [".png"]) + ".png"
        let full = "\(FileManager.default.currentDirectoryPath)/\(path)"
        do {
            try savePNG(to: path)
            session.overlay.notice("screenshot saved: \(full)", at: session.now)
            if options.headless { warn("screenshot saved: \(full)") }
        } catch {
            session.overlay.notice("screenshot failed: \(Self.describe(error, writing: path))", at: session.now)
            warn("screenshot failed: \(Self.describe(error, writing: path))")
        }
    }

    /// "cannot write PATH: reason" for a PNG that could not be saved.
    static func describe(_ error: Error, writing path: String) -> String {
        if let e = error as? AtomicFile.WriteError { return e.description }
        return "cannot write \(path): \((error as? SDLError)?.message ?? "\(error)")"
    }

    /// The frame as PNG to `path` as every output is written: a complete file beside it first,
    /// then through a symlink to its target, keeping mode, owner and hard links.
    func savePNG(to path: String) throws {
        let tmp = AtomicFile.temporaryPath(for: AtomicFile.writeTarget(of: path))
        if let r = cleanRegion, let canvas = target as? HeadlessCanvas {
            try canvas.savePNG(to: tmp, region: r)
        } else {
            try target.savePNG(to: tmp)
        }
        try AtomicFile.replace(path, withCompleteFile: tmp)
    }
}
