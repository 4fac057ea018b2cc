import Lab
import Foundation

/// Encodes a headless session's frames into a video with ffmpeg (`--video OUT.mp4|.webm|.gif`):
/// ffmpeg runs as a child process reading raw BGRA frames on its standard input, writing a
/// temporary file beside the target that ``finish()`` renames over it, so a failed or
/// interrupted encode never leaves half a video under the user's name.
///
/// Formats, by extension: `.mp4` H.264 (yuv420p, CRF 20: plays everywhere), `.webm` VP9
/// (realtime preset), `.gif` through a palette generated from the whole clip (`palettegen` +
/// `paletteuse`), which keeps flat UI colours exact. Odd frame sizes are padded to even ones,
/// which H.264 and VP9 in yuv420p need. ffmpeg is needed for nothing else.
final class VideoEncoder {
    /// The extensions `--video` takes.
    static let formats = ["mp4", "webm", "gif"]
    /// What to run when ffmpeg is missing.
    static let installHint = "install it with: sudo apt-get install ffmpeg"

    let path: String
    let width: Int, height: Int
    private let tmp: String
    private let process = Process()
    private let input = Pipe()
    private let log: String
    /// Frames written so far.
    private(set) var frames = 0

    /// The path of the `ffmpeg` executable on `PATH`, or nil.
    static func locate() -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for d in dirs {
            let p = "\(d)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Why `path` cannot be a video (an unknown extension), or nil.
    static func problem(with path: String) -> String? {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        return formats.contains(ext) ? nil : "--video must end in .mp4, .webm or .gif, got '\(path)'"
    }

    /// The ffmpeg arguments for `ext` reading `width`×`height` BGRA frames at `fps` into `output`.
    static func arguments(ext: String, width: Int, height: Int, fps: Int, output: String) -> [String] {
        var args = ["-hide_banner", "-loglevel", "error", "-y",
                    "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-"]
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        switch ext {
        case "gif":
            args += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none",
                     "-loop", "0", "-f", "gif"]
        case "webm":
            args += ["-vf", even, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
                     "-b:v", "0", "-crf", "32", "-pix_fmt", "yuv420p", "-f", "webm"]
        default:
            args += ["-vf", even, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                     "-movflags", "+faststart", "-f", "mp4"]
        }
        return args + [output]
    }

    /// Starts ffmpeg for a `width`×`height`-pixel video at `fps` frames per second.
    init(path: String, width: Int, height: Int, fps: Int) throws {
        guard let ffmpeg = VideoEncoder.locate() else {
            throw KineticError("--video needs ffmpeg, which is not installed: \(VideoEncoder.installHint)")
        }
        self.path = path
        self.width = width
        self.height = height
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid()).\(ext)").path
        log = tmp + ".log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = VideoEncoder.arguments(ext: ext, width: width, height: height, fps: fps, output: tmp)
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        // A write to ffmpeg after it died must fail with EPIPE, not kill the app with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do { try process.run() } catch {
            throw KineticError("cannot start ffmpeg: \(error.localizedDescription)")
        }
    }

    /// Appends one frame: `height` rows of `width` BGRA pixels, rows `pitch` bytes apart.
    func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws {
        let row = width * 4
        do {
            if pitch == row {
                try input.fileHandleForWriting.write(contentsOf: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: pixels.baseAddress!),
                                                                       count: row * height, deallocator: .none))
            } else {
                for y in 0..<height {
                    try input.fileHandleForWriting.write(contentsOf: Data(pixels[(y * pitch)..<(y * pitch + row)]))
                }
            }
        } catch {
            throw KineticError("ffmpeg stopped while encoding \(path): \(lastLogLine() ?? error.localizedDescription)")
        }
        frames += 1
    }

    /// Closes the input, waits for ffmpeg and moves the video into place.
    func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(atPath: log) }
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: tmp)
            throw KineticError("ffmpeg could not encode \(path): \(lastLogLine() ?? "exit status \(process.terminationStatus)")")
        }
        if rename(tmp, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: tmp)
            throw KineticError("cannot write \(path): \(reason)")
        }
    }

    /// Stops ffmpeg and removes the partial video (a run that failed before its end).
    func abandon() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: tmp)
        try? FileManager.default.removeItem(atPath: log)
    }

    private func lastLogLine() -> String? {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").last.map(String.init)
    }
}
