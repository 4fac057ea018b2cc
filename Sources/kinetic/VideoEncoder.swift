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
///
/// A GIF is made in bounded memory: one filter graph that builds the palette from every frame
/// and then maps the frames through it holds every frame until the last (about 4 MB a frame at
/// 1280×800: 15 GB for a minute). Instead the frames stream into a lossless RGB H.264 file beside
/// the target (``arguments(ext:width:height:fps:output:)``), which ffmpeg then reads twice: once
/// for the palette (a histogram of every frame), once to map the frames through it.
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
    /// A GIF's lossless intermediate, palette and ffmpeg's progress reports, beside the target
    /// (nil for other formats).
    private let intermediate: String?, palette: String?, progress: String?
    /// The `ffmpeg` executable.
    private let ffmpeg: String
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
            // Lossless (qp 0, RGB): the palette pass and the GIF see exactly Kinetic's pixels.
            args += ["-c:v", "libx264rgb", "-preset", "ultrafast", "-qp", "0", "-f", "matroska"]
        case "webm":
            args += ["-vf", even, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
                     "-b:v", "0", "-crf", "32", "-pix_fmt", "yuv420p", "-f", "webm"]
        default:
            args += ["-vf", even, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                     "-movflags", "+faststart", "-f", "mp4"]
        }
        return args + [output]
    }

    /// The second GIF pass: the palette of every frame of `input` (the lossless intermediate)
    /// into the PNG `output`; a histogram, so its memory does not grow with the clip.
    static func paletteArguments(input: String, output: String) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-y", "-i", "file:" + input,
         "-vf", "palettegen=stats_mode=full", "-frames:v", "1", "-update", "1", "-f", "image2", "file:" + output]
    }

    /// The third GIF pass: `input`'s frames through `palette`, undithered (flat colours stay
    /// flat), streamed into the GIF `output`. ffmpeg appends its progress to `progress` twice a
    /// second: the sign that it is working (the GIF grows in 32 KB steps, and a still clip's
    /// frames take a few bytes each).
    static func gifArguments(input: String, palette: String, output: String, progress: String) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-y", "-progress", "file:" + progress, "-i", "file:" + input, "-i", "file:" + palette,
         "-lavfi", "[0:v][1:v]paletteuse=dither=none", "-loop", "0", "-f", "gif", "file:" + output]
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
        let folder = url.deletingLastPathComponent()
        tmp = folder.appendingPathComponent(".kinetic-video-\(getpid()).\(ext)").path
        log = folder.appendingPathComponent(".kinetic-video-\(getpid()).log").path
        intermediate = ext == "gif" ? folder.appendingPathComponent(".kinetic-video-\(getpid()).mkv").path : nil
        palette = ext == "gif" ? folder.appendingPathComponent(".kinetic-video-\(getpid()).png").path : nil
        progress = ext == "gif" ? folder.appendingPathComponent(".kinetic-video-\(getpid()).progress").path : nil
        self.ffmpeg = ffmpeg
        // An earlier run killed mid-encode (SIGKILL) left its partial video and log here.
        VideoEncoder.removeStaleTemporaries(in: folder.path)
        // A write to ffmpeg after it died must fail with EPIPE, not kill the app with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        // "file:" keeps ffmpeg from reading a name such as "pipe:x.gif" as one of its protocols.
        process = try ChildProcess(executable: ffmpeg, arguments: VideoEncoder.arguments(ext: ext, width: width, height: height, fps: fps,
                                                                                     output: "file:" + (intermediate ?? tmp)), log: log)
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

    /// Closes the input, waits for ffmpeg (or SIGTERM), makes a GIF from the intermediate,
    /// checks the video is whole and moves it into place, keeping the mode and owner of a file it replaces.
    func finish() throws {
        process.closeInput()
        // A stop request that ended the run has been seen; a new one (a second SIGTERM, or one
        // that comes while ffmpeg finishes) gives the video up instead of waiting on.
        clearInterruption()
        defer {
            try? FileManager.default.removeItem(atPath: log)
            for file in [intermediate, palette, progress].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: file) }
        }
        try wait(writing: intermediate ?? tmp)
        if let intermediate, let palette, let progress {
            // Each pass reads a finished file: its memory does not grow with the clip.
            process = try ChildProcess(executable: ffmpeg, arguments: VideoEncoder.paletteArguments(input: intermediate, output: palette), log: log)
            process.closeInput()
            // The palette is written at the end and ffmpeg reports no progress while it makes
            // it; it reads a finished file, so it cannot wait on anything (a stop still ends it).
            try wait(writing: nil)
            process = try ChildProcess(executable: ffmpeg, arguments: VideoEncoder.gifArguments(input: intermediate, palette: palette, output: tmp, progress: progress),
                                       log: log)
            process.closeInput()
            try wait(writing: progress)
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

    /// Waits for the current ffmpeg to end and checks it succeeded. A stop request gives the
    /// video up; so does an ffmpeg that lets `output` (a file it writes as it goes; nil: none)
    /// stay the same size for a minute.
    private func wait(writing output: String?) throws {
        var size = -1, still = 0.0
        while process.isRunning {
            if interrupted() {
                abandon()
                throw KineticError("--video: stopped while ffmpeg was finishing \(path); the video was not written")
            }
            // ffmpeg that writes nothing for a minute after its input ended is not finishing.
            if let output {
                var info = stat()
                let now = stat(output, &info) == 0 ? Int(info.st_size) : 0
                still = now == size ? still + 0.02 : 0
                size = now
                if still > 60 {
                    abandon()
                    throw KineticError("ffmpeg wrote nothing for 60 s after the last frame of \(path); the video was given up")
                }
            }
            usleep(20_000)
        }
        let status = process.exitStatus ?? -1
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: tmp)
            throw KineticError("ffmpeg could not encode \(path): \(firstComplaint() ?? "exit status \(status)")")
        }
    }

    /// Stops ffmpeg and removes the partial video (a run that failed before its end).
    func abandon() {
        // SIGTERM, and SIGKILL after 2 s for an ffmpeg that ignores it.
        process.stop()
        for file in [tmp, log, intermediate, palette, progress].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: file) }
    }

    /// ffmpeg's first complaint: the cause ("Picture size 16384x16384 is invalid") comes first,
    /// its consequences ("pipe:: Invalid argument") after.
    private func firstComplaint() -> String? {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
    }
}
