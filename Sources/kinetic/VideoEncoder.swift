import Lab
import Foundation
import Glibc

/// Encodes a headless session's frames into a video with ffmpeg (`--video OUT.mp4|.webm|.gif`):
/// ffmpeg runs as a child process reading raw BGRA frames on its standard input, writing a
/// temporary file beside the target that ``finish()`` renames over it, so a failed or
/// interrupted encode never leaves half a video under the user's name. What each pass runs (the
/// container, the files, ffmpeg's arguments; a GIF's two later passes) is Lab's ``VideoPlan``;
/// this runs the processes. ffmpeg is needed for nothing else.
final class VideoEncoder {
    /// What to run when ffmpeg is missing.
    static let installHint = "install it with: sudo apt-get install ffmpeg"

    let path: String
    let width: Int, height: Int
    /// The passes and their files.
    private let plan: VideoPlan
    private var process: ChildProcess!
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

    /// How long ffmpeg may stop reading its input before the video is given up, seconds.
    static let stallLimit = 10.0

    /// Whether the run was asked to stop (SIGTERM), and forgetting a request already handled.
    private let interrupted: () -> Bool
    private let clearInterruption: () -> Void
    private let stallLimit: Double

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
        plan = VideoPlan(path: path, width: width, height: height, fps: fps, processID: getpid())
        self.ffmpeg = ffmpeg
        // An earlier run killed mid-encode (SIGKILL) left its partial video and log here.
        VideoEncoder.removeStaleTemporaries(in: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        // A write to ffmpeg after it died must fail with EPIPE, not kill the app with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        process = try ChildProcess(executable: ffmpeg, arguments: plan.encodeArguments, log: plan.log)
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
        defer { for file in plan.scratchFiles { try? FileManager.default.removeItem(atPath: file) } }
        try wait(writing: plan.intermediate ?? plan.temporary)
        // Each GIF pass reads a finished file: its memory does not grow with the clip. The palette
        // pass cannot wait on anything and reports no progress (a stop still ends it).
        for pass in plan.gifPasses {
            process = try ChildProcess(executable: ffmpeg, arguments: pass.arguments, log: plan.log)
            process.closeInput()
            try wait(writing: pass.writing)
        }
        // ffmpeg's exit status is not proof: on a full disk it may end a WebM short and exit 0.
        if let problem = VideoContainer.problem(inFileAt: plan.temporary, format: plan.format) {
            try? FileManager.default.removeItem(atPath: plan.temporary)
            throw KineticError("ffmpeg could not encode \(path): \(problem); nothing was replaced")
        }
        // Mode, owner and hard links of a file it replaces are kept, as every output's.
        do { try AtomicFile.replace(path, withCompleteFile: plan.temporary) } catch let e as AtomicFile.WriteError {
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
            try? FileManager.default.removeItem(atPath: plan.temporary)
            throw KineticError("ffmpeg could not encode \(path): \(firstComplaint() ?? "exit status \(status)")")
        }
    }

    /// Stops ffmpeg and removes the partial video (a run that failed before its end).
    func abandon() {
        // SIGTERM, and SIGKILL after 2 s for an ffmpeg that ignores it.
        process.stop()
        for file in [plan.temporary] + plan.scratchFiles { try? FileManager.default.removeItem(atPath: file) }
    }

    /// ffmpeg's first complaint: the cause ("Picture size 16384x16384 is invalid") comes first,
    /// its consequences ("pipe:: Invalid argument") after.
    private func firstComplaint() -> String? {
        guard let text = try? String(contentsOfFile: plan.log, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
    }
}
