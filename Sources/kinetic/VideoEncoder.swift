import Lab
import Foundation
import Glibc

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

    /// How long ffmpeg may stop reading its input before the video is given up, seconds.
    static let stallLimit = 10.0

    /// Whether the run was asked to stop (SIGTERM): a write blocked on ffmpeg gives up at once.
    private let interrupted: () -> Bool
    private let stallLimit: Double

    /// Starts ffmpeg (`ffmpeg`, or the one on `PATH`) for a `width`×`height`-pixel video at `fps`
    /// frames per second. `interrupted` is asked while a write waits for ffmpeg to read.
    init(path: String, width: Int, height: Int, fps: Int, ffmpeg: String? = nil, stallLimit: Double = VideoEncoder.stallLimit,
         interrupted: @escaping () -> Bool = { false }) throws {
        guard let ffmpeg = ffmpeg ?? VideoEncoder.locate() else {
            throw KineticError("--video needs ffmpeg, which is not installed: \(VideoEncoder.installHint)")
        }
        self.path = path
        self.width = width
        self.height = height
        self.interrupted = interrupted
        self.stallLimit = stallLimit
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid()).\(ext)").path
        log = tmp + ".log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        // "file:" keeps ffmpeg from reading a name such as "pipe:x.gif" as one of its protocols.
        process.arguments = VideoEncoder.arguments(ext: ext, width: width, height: height, fps: fps, output: "file:" + tmp)
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        // A write to ffmpeg after it died must fail with EPIPE, not kill the app with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do { try process.run() } catch {
            // Foundation wraps the cause ("NSCocoaErrorDomain error …"); errno says it.
            let cause = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            let reason = cause?.domain == NSPOSIXErrorDomain ? AtomicFile.describe(Int32(cause!.code)) : "it could not be run"
            try? FileManager.default.removeItem(atPath: log)
            throw KineticError("cannot start ffmpeg (\(ffmpeg)): \(reason)")
        }
        // Non-blocking, so a write can wait for ffmpeg with a time limit and notice SIGTERM.
        let fd = input.fileHandleForWriting.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// Appends one frame: `height` rows of `width` BGRA pixels, rows `pitch` bytes apart.
    /// - Throws: ``KineticError`` when ffmpeg exited, stopped reading for ``stallLimit`` seconds,
    ///   or the run was interrupted while waiting for it.
    func write(_ pixels: UnsafeRawBufferPointer, pitch: Int) throws {
        let row = width * 4
        if pitch == row {
            try send(UnsafeRawBufferPointer(rebasing: pixels[0..<(row * height)]))
        } else {
            for y in 0..<height { try send(UnsafeRawBufferPointer(rebasing: pixels[(y * pitch)..<(y * pitch + row)])) }
        }
        frames += 1
    }

    /// Writes all of `bytes` to ffmpeg, waiting at most ``stallLimit`` seconds for each part of
    /// it to be read.
    private func send(_ bytes: UnsafeRawBufferPointer) throws {
        let fd = input.fileHandleForWriting.fileDescriptor
        let slice = 0.1 // seconds per wait, so SIGTERM is noticed promptly
        var offset = 0, waited = 0.0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 { offset += n; waited = 0; continue }
            let code = errno
            if n < 0 && code == EINTR { continue }
            guard n < 0 && code == EAGAIN else {
                throw KineticError("ffmpeg stopped while encoding \(path): \(lastLogLine() ?? AtomicFile.describe(code))")
            }
            guard !interrupted() else {
                throw KineticError("--video: the run was stopped while ffmpeg was not reading; \(path) was not written")
            }
            guard waited < stallLimit else {
                throw KineticError("ffmpeg stopped reading for \(Int(stallLimit)) s while encoding \(path); the video was given up")
            }
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, Int32(slice * 1000))
            waited += slice
        }
    }

    /// Closes the input, waits for ffmpeg (or SIGTERM), checks the video is whole and moves it
    /// into place, keeping the mode and owner of a file it replaces.
    func finish() throws {
        try? input.fileHandleForWriting.close()
        while process.isRunning {
            if interrupted() {
                abandon()
                throw KineticError("--video: the run was stopped while ffmpeg was finishing; \(path) was not written")
            }
            usleep(20_000)
        }
        defer { try? FileManager.default.removeItem(atPath: log) }
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: tmp)
            throw KineticError("ffmpeg could not encode \(path): \(lastLogLine() ?? "exit status \(process.terminationStatus)")")
        }
        // ffmpeg's exit status is not proof: on a full disk it may end a WebM short and exit 0.
        if let problem = VideoContainer.problem(inFileAt: tmp, format: URL(fileURLWithPath: path).pathExtension.lowercased()) {
            try? FileManager.default.removeItem(atPath: tmp)
            throw KineticError("ffmpeg could not encode \(path): \(problem); nothing was replaced")
        }
        var existing = stat()
        if stat(path, &existing) == 0 {
            chmod(tmp, existing.st_mode & 0o7777)
            _ = chown(tmp, existing.st_uid, existing.st_gid)
        }
        if rename(tmp, path) != 0 {
            let reason = AtomicFile.describe(errno)
            try? FileManager.default.removeItem(atPath: tmp)
            throw KineticError("cannot write \(path): \(reason)")
        }
    }

    /// Stops ffmpeg and removes the partial video (a run that failed before its end).
    func abandon() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        // An ffmpeg that ignores SIGTERM gets SIGKILL after 2 s rather than holding the app.
        for _ in 0..<100 where process.isRunning { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: tmp)
        try? FileManager.default.removeItem(atPath: log)
    }

    private func lastLogLine() -> String? {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").last.map(String.init)
    }
}
