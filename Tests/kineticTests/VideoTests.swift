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

    @Test func everyFrameGoesToFFmpegAndTheVideoTakesItsName() throws {
        // The stand-in writes its standard input to its last argument (the temporary output).
        let dir = try Self.fakeFFmpeg(#"for last; do :; done; cat > "$last""#)
        let out = Kinetic.temp("frames.mp4")
        try? FileManager.default.removeItem(atPath: out)
        let r = try Kinetic.run(["--headless", "--scene", "cards", "--size", "640x480", "--frames", "5", "--video", out],
                                environment: Self.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 0, "\(r.stderr)")
        let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? nil
        #expect(size == 5 * 640 * 480 * 4, "raw BGRA frames: \(String(describing: size))")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (out as NSString).deletingLastPathComponent)
            .filter { $0.hasPrefix(".frames.mp4.tmp") }
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

    @Test func eachFormatHasItsEncoder() {
        let gif = VideoEncoder.arguments(ext: "gif", width: 10, height: 10, fps: 50, output: "o")
        #expect(gif.contains { $0.contains("palettegen") } && gif.last == "o" && gif.contains("bgra"))
        #expect(VideoEncoder.arguments(ext: "mp4", width: 11, height: 9, fps: 60, output: "o").contains("libx264"))
        #expect(VideoEncoder.arguments(ext: "webm", width: 11, height: 9, fps: 60, output: "o").contains("libvpx-vp9"))
        #expect(VideoEncoder.arguments(ext: "mp4", width: 11, height: 9, fps: 60, output: "o").contains { $0.hasPrefix("pad=") })
    }
}
