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
    private var process: ChildProcess!
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

    /// The format `path` names by its ending ("mp4", "webm", "gif"; `.gif` alone is a hidden
    /// file's name, as `--screenshot .png` is), or nil.
    static func format(of path: String) -> String? {
        formats.first { path.lowercased().hasSuffix("." + $0) }
    }

    /// Why `path` cannot be a video (an unknown extension), or nil.
    static func problem(with path: String) -> String? {
        format(of: path) == nil ? "--video must end in .mp4, .webm or .gif, got '\(path)'" : nil
    }

    /// Why frames of `width`×`height` pixels cannot be encoded, or nil: ffmpeg refuses a picture
    /// whose (width + 128) × (height + 128) reaches 2³¹ / 8 ("Picture size … is invalid").
    static func problem(width: Int, height: Int) -> String? {
        (width + 128) * (height + 128) < Int(Int32.max) / 8 ? nil
            : "--video: frames of \(width)x\(height) pixels are more than ffmpeg encodes (about 16000x16000 at most); use a smaller --size or --scale 1"
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

    /// Whether the run was asked to stop (SIGTERM), and forgetting a request already handled.
    private let interrupted: () -> Bool
    private let clearInterruption: () -> Void
    private let stallLimit: Double
    /// The container `path` names ("mp4", "webm", "gif").
    private let format: String

    /// Starts ffmpeg (`ffmpeg`, or the one on `PATH`) for a `width`×`height`-pixel video at `fps`
    /// frames per second. `interrupted` is asked while a write waits for ffmpeg to read.
    init(path: String, width: Int, height: Int, fps: Int, ffmpeg: String? = nil, stallLimit: Double = VideoEncoder.stallLimit,
         interrupted: @escaping () -> Bool = { false }, clearInterruption: @escaping () -> Void = {}) throws {
        guard let ffmpeg = ffmpeg ?? VideoEncoder.locate() else {
            throw KineticError("--video needs ffmpeg, which is not installed: \(VideoEncoder.installHint)")
        }
        self.path = path
        self.width = width
        self.height = height
        self.interrupted = interrupted
        self.clearInterruption = clearInterruption
        self.stallLimit = stallLimit
        let url = URL(fileURLWithPath: path)
        let ext = VideoEncoder.format(of: path) ?? "mp4"
        format = ext
        // A short name of its own (a 242-byte video name plus a suffix would pass the 255-byte
        // limit), beside the target so the final rename stays within one file system.
        tmp = url.deletingLastPathComponent().appendingPathComponent(".kinetic-video-\(getpid()).\(ext)").path
        log = url.deletingLastPathComponent().appendingPathComponent(".kinetic-video-\(getpid()).log").path
        // A write to ffmpeg after it died must fail with EPIPE, not kill the app with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        // "file:" keeps ffmpeg from reading a name such as "pipe:x.gif" as one of its protocols.
        process = try ChildProcess(executable: ffmpeg, arguments: VideoEncoder.arguments(ext: ext, width: width, height: height, fps: fps,
                                                                                     output: "file:" + tmp), log: log)
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
        let fd = process.input
        let slice = 0.1 // seconds per wait, so SIGTERM is noticed promptly
        var offset = 0, waited = 0.0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 { offset += n; waited = 0; continue }
            let code = errno
            if n < 0 && code == EINTR { continue }
            guard n < 0 && code == EAGAIN else {
                throw KineticError("ffmpeg stopped while encoding \(path): \(firstComplaint() ?? AtomicFile.describe(code))")
            }
            // Asked to stop (SIGTERM), the frame still goes out if ffmpeg takes it within 2 s;
            // the run then ends and the video is finished with the frames so far.
            let limit = interrupted() ? min(stallLimit, 2) : stallLimit
            guard waited < limit else {
                throw KineticError("ffmpeg stopped reading its input for \(Int(limit.rounded(.up))) s while encoding \(path); the video was given up")
            }
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, Int32(slice * 1000))
            waited += slice
        }
    }

    /// Closes the input, waits for ffmpeg (or SIGTERM), checks the video is whole and moves it
    /// into place, keeping the mode and owner of a file it replaces.
    func finish() throws {
        process.closeInput()
        // A stop request that ended the run has been seen; a new one (a second SIGTERM, or one
        // that comes while ffmpeg finishes) gives the video up instead of waiting on.
        clearInterruption()
        var size = -1, still = 0.0
        while process.isRunning {
            if interrupted() {
                abandon()
                throw KineticError("--video: stopped while ffmpeg was finishing \(path); the video was not written")
            }
            // ffmpeg that writes nothing for a minute after its input ended is not finishing.
            var info = stat()
            let now = stat(tmp, &info) == 0 ? Int(info.st_size) : 0
            still = now == size ? still + 0.02 : 0
            size = now
            if still > 60 {
                abandon()
                throw KineticError("ffmpeg wrote nothing for 60 s after the last frame of \(path); the video was given up")
            }
            usleep(20_000)
        }
        defer { try? FileManager.default.removeItem(atPath: log) }
        let status = process.exitStatus ?? -1
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: tmp)
            throw KineticError("ffmpeg could not encode \(path): \(firstComplaint() ?? "exit status \(status)")")
        }
        // ffmpeg's exit status is not proof: on a full disk it may end a WebM short and exit 0.
        if let problem = VideoContainer.problem(inFileAt: tmp, format: format) {
            try? FileManager.default.removeItem(atPath: tmp)
            throw KineticError("ffmpeg could not encode \(path): \(problem); nothing was replaced")
        }
        // Mode, owner and hard links of a file it replaces are kept, as every output's.
        do { try AtomicFile.replace(path, withCompleteFile: tmp) } catch let e as AtomicFile.WriteError {
            throw KineticError(e.description)
        }
    }

    /// Stops ffmpeg and removes the partial video (a run that failed before its end).
    func abandon() {
        // SIGTERM, and SIGKILL after 2 s for an ffmpeg that ignores it.
        process.stop()
        try? FileManager.default.removeItem(atPath: tmp)
        try? FileManager.default.removeItem(atPath: log)
    }

    /// ffmpeg's first complaint: the cause ("Picture size 16384x16384 is invalid") comes first,
    /// its consequences ("pipe:: Invalid argument") after.
    private func firstComplaint() -> String? {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
    }
}
