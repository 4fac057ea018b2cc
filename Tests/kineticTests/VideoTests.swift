import Testing
import Foundation
@testable import kinetic
@testable import Lab

/// Issue 14, video of a session: `--video` pipes the headless frames into ffmpeg. These tests
/// need no ffmpeg (the README's test command does not install it): a stand-in `ffmpeg` script
/// on PATH stores what it is fed; `make e2e`, which installs ffmpeg, checks real videos with
/// ffprobe.
@Suite struct VideoTests {
    /// A folder holding an executable `ffmpeg` shell script with `body`, for PATH.
    static func fakeFFmpeg(_ body: String) throws -> String {
        let dir = Kinetic.temp("fake-ffmpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/ffmpeg"
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return dir
    }

    static func environment(path: String) -> [String: String] {
        var e = ProcessInfo.processInfo.environment
        e["PATH"] = path
        return e
    }

    /// Shell lines that set `out` to the output file and write an MP4's first boxes to it.
    static let mp4Writer = #"""
        for last; do :; done; out="${last#file:}"
        printf '\000\000\000\020ftypisom\000\000\000\000\000\000\000\010moov\000\000\000\000mdat' > "$out"

        """#

    @Test func everyFrameGoesToFFmpegAndTheVideoTakesItsName() throws {
        // The stand-in writes an MP4's boxes (ftyp, an empty moov, and an mdat that runs to the end
        // of the file) and then its standard input to its last argument ("file:" + the temporary output).
        let dir = try Self.fakeFFmpeg(Self.mp4Writer + #"cat >> "$out""#)
        // A folder of its own, so no other test's temporary video is counted as left over.
        let folder = Kinetic.temp("frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let out = folder + "/frames.mp4"
        let r = try Kinetic.run(["--headless", "--scene", "cards", "--size", "640x480", "--frames", "5", "--video", out],
                                environment: Self.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 0, "\(r.stderr)")
        let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? nil
        #expect(size == 32 + 5 * 640 * 480 * 4, "the boxes and raw BGRA frames: \(String(describing: size))")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (out as NSString).deletingLastPathComponent)
            .filter { $0.hasPrefix(".kinetic-video-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aFailingEncoderIsOneLineAndLeavesNoFile() throws {
        let dir = try Self.fakeFFmpeg(#"cat > /dev/null; echo "Unknown encoder 'libx264'" >&2; exit 1"#)
        let out = Kinetic.temp("broken.mp4")
        try? FileManager.default.removeItem(atPath: out)
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "640x480", "--frames", "3", "--video", out],
                                environment: Self.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 1)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("Unknown encoder"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func withoutFFmpegTheRunDoesNotStart() throws {
        let empty = Kinetic.temp("no-ffmpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let r = try Kinetic.run(["--headless", "--frames", "3", "--video", Kinetic.temp("x.mp4")],
                                environment: Self.environment(path: empty))
        #expect(r.status == 1)
        #expect(r.stderr == "kinetic: --video needs ffmpeg, which is not installed: install it with: sudo apt-get install ffmpeg\n",
                "\(r.stderr)")
    }

    @Test func badVideoArgumentsAreOneLine() throws {
        for (args, text) in [(["--headless", "--frames", "2", "--video", "out.avi"], "must end in .mp4, .webm or .gif"),
                             (["--frames", "2", "--video", "out.mp4"], "add --headless"),
                             (["--headless", "--frames", "2", "--video", "/no/such/folder/out.gif"], "does not exist")] {
            let r = try Kinetic.run(args)
            #expect(r.status != 0)
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(text), "\(args): \(r.stderr)")
        }
    }

    /// Issue 24: ffmpeg's exit status is not trusted. An encoder that writes an empty file, or a
    /// container cut short, and exits 0 leaves the user's file as it was and says why (exit 1).
    @Test func anEmptyOrCutVideoReplacesNothing() throws {
        for (name, body) in [("empty", #"cat > /dev/null; for last; do :; done; : > "${last#file:}""#),
                             ("cut", #"cat > /dev/null; for last; do :; done; printf '\000\000\004\000mdat' > "${last#file:}""#)] {
            let dir = try Self.fakeFFmpeg(body)
            let out = Kinetic.temp("kept-\(name).mp4")
            try "the old video".write(toFile: out, atomically: true, encoding: .utf8)
            let dump = Kinetic.temp("kept-\(name).json")
            try? FileManager.default.removeItem(atPath: dump)
            let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "640x480", "--frames", "3", "--video", out, "--dump", dump],
                                    environment: Self.environment(path: dir + ":/usr/bin:/bin"))
            #expect(r.status == 1)
            let reason = name == "empty" ? "it wrote an empty file" : "the MP4 is cut short"
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(reason), "\(r.stderr)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "the old video")
            // The video's failure does not skip the dump.
            #expect(FileManager.default.fileExists(atPath: dump))
        }
    }

    /// A video that replaces a file keeps its mode (it was a new 644 file).
    @Test func aReplacedVideoKeepsItsMode() throws {
        let dir = try Self.fakeFFmpeg(Self.mp4Writer + #"cat >> "$out""#)
        let out = Kinetic.temp("private.mp4")
        try "old".write(toFile: out, atomically: true, encoding: .utf8)
        chmod(out, 0o600)
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "640x480", "--frames", "2", "--video", out],
                                environment: Self.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 0, "\(r.stderr)")
        var info = stat()
        #expect(stat(out, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(info.st_size > 3)
    }

    /// An ffmpeg that stops reading blocked the app's write for ever (only SIGKILL ended it): a
    /// write now waits at most ``VideoEncoder/stallLimit`` seconds.
    @Test func anEncoderThatStopsReadingIsGivenUp() throws {
        let dir = try Self.fakeFFmpeg("exec sleep 60")
        let out = Kinetic.temp("stalled.mp4")
        let encoder = try VideoEncoder(path: out, width: 640, height: 480, fps: 60, ffmpeg: dir + "/ffmpeg", stallLimit: 0.3)
        let frame = [UInt8](repeating: 0, count: 640 * 480 * 4)
        let started = Date()
        #expect(throws: KineticError.self) {
            try frame.withUnsafeBytes { try encoder.write($0, pitch: 640 * 4) }
        }
        #expect(Date().timeIntervalSince(started) < 5)
        encoder.abandon()
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

/// Issue 24 (second campaign): SIGTERM during a video run ends the run as it ends a window: the
/// video keeps the frames so far; a stop request while ffmpeg finishes (a wrapper whose child
/// outlives it) gives the video up instead of waiting on it.
@Suite struct VideoSignalTests {
    func runUntilSignalled(_ ffmpeg: String, frames: String, after ready: () -> Bool) throws
        -> (status: Int32, stderr: String, seconds: Double, folder: String) {
        let dir = try VideoTests.fakeFFmpeg(ffmpeg)
        let folder = Kinetic.temp("signalled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stderrPath = folder + "/stderr"
        let pid = try ShutdownTests.spawn(["run", "--headless", "--size", "640x480", "--frames", frames, "--video", folder + "/v.mp4",
                                           "--dump", folder + "/d.json"], stderrPath: stderrPath,
                                          environment: VideoTests.environment(path: dir + ":/usr/bin:/bin"))
        var status: Int32 = 0
        var reaped = false
        defer { if !reaped { kill(pid, SIGKILL); waitpid(pid, &status, 0) } }
        let started = Date()
        while !ready() && Date().timeIntervalSince(started) < 30 { usleep(20_000) }
        kill(pid, SIGTERM)
        let signalled = Date()
        while !reaped && Date().timeIntervalSince(signalled) < 20 {
            if waitpid(pid, &status, WNOHANG) == pid { reaped = true } else { usleep(20_000) }
        }
        try #require(reaped, "still running 20 s after SIGTERM")
        #expect(FileManager.default.fileExists(atPath: folder + "/d.json"))
        return ((status >> 8) & 0xff, (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "", Date().timeIntervalSince(signalled), folder)
    }

    /// SIGTERM ends a run whose ffmpeg stopped reading at once (it only set a quit flag nobody
    /// read while the write blocked), with the dump written and the video reported missing.
    @Test func sigtermEndsARunBlockedOnTheEncoder() throws {
        let marker = Kinetic.temp("stalled-started-\(UUID().uuidString)")
        let r = try runUntilSignalled("touch '\(marker)'; exec sleep 60", frames: "100000") {
            guard FileManager.default.fileExists(atPath: marker) else { return false }
            usleep(500_000) // the first frame (1.2 MB) fills the pipe and the write waits
            return true
        }
        #expect(r.status == 1 && r.stderr.contains("ffmpeg stopped reading its input for 2 s"), "\(r.stderr)")
        #expect(r.seconds < 8, "still running \(r.seconds) s after SIGTERM")
    }

    @Test func aSignalledRunKeepsTheFramesSoFar() throws {
        let marker = Kinetic.temp("reading-\(UUID().uuidString)")
        let r = try runUntilSignalled(VideoTests.mp4Writer + "touch '\(marker)'; cat >> \"$out\"", frames: "100000") {
            FileManager.default.fileExists(atPath: marker)
        }
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let size = (try? FileManager.default.attributesOfItem(atPath: r.folder + "/v.mp4")[.size] as? Int) ?? 0
        #expect(size > 32, "the video holds the frames so far")
    }

    @Test func aStopWhileFFmpegFinishesGivesTheVideoUp() throws {
        let marker = Kinetic.temp("finishing-\(UUID().uuidString)")
        // Reads every frame, then never exits: its child outlives the input.
        let r = try runUntilSignalled("cat > /dev/null; touch '\(marker)'; sleep 120 & wait", frames: "3") {
            FileManager.default.fileExists(atPath: marker)
        }
        #expect(r.status == 1 && r.stderr.contains("stopped while ffmpeg was finishing"), "\(r.stderr)")
        #expect(r.seconds < 6)
    }
}

/// Issue 27 part 4: `--progress` reports a headless run's frames on standard error, which a
/// window reads to follow a clip it renders in the background.
@Suite struct ProgressReportTests {
    @Test func progressLinesCountTheFramesAndTheWindowReadsThem() throws {
        let r = try Kinetic.run(["run", "--headless", "--scene", "drag", "--items", "20", "--frames", "12", "--progress"],
                                environment: ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy"]) { $1 })
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix("progress ") }
        #expect(lines == ["progress 6 12", "progress 12 12"], "\(r.stderr)")
        // The window's side: the newest line's share while it runs, the last other line when it fails.
        let job = try BackgroundRenderProcess(arguments: ["run", "--headless", "--scene", "nowhere"], executable: Kinetic.binary.path)
        #expect(job.progress(in: "progress 3 12\nprogress 6 12\n") == 0.5)
        #expect(job.progress(in: "kinetic: cannot write\n") == nil)
        while case .running = job.state { usleep(10_000) }
        guard case .failed(let reason) = job.state else { Issue.record("\(job.state)"); return }
        #expect(reason.contains("nowhere"), "\(reason)")
    }
}
