import Testing
import Foundation
import Drawing
import Geometry
import Gestures
import LabUI
@testable import Lab

/// Issue 39 part 6, clips from the moment: a clip's render simulates the session before the
/// clip's start without drawing it, yet its frames are the session's, byte for byte; the notices
/// name the file's absolute path and the length it has (its frames ÷ fps), which is not the span
/// on the session's clock when the window's frames ran long or it sat idle.
@Suite struct ClipRenderTests {
    /// A stand-in ffmpeg that writes an MP4's first boxes (32 bytes), then the raw frames it is fed.
    static func rawWriter() throws -> [String: String] {
        let dir = try VideoTests.fakeFFmpeg(VideoTests.mp4Writer + #"cat >> "$out""#)
        return VideoTests.environment(path: dir + ":/usr/bin:/bin").merging(["SDL_VIDEODRIVER": "dummy"]) { $1 }
    }

    /// The raw frames a stand-in wrote to `path` (its 32 bytes of boxes dropped).
    static func frames(in path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path)).dropFirst(32)
    }

    /// A recording of the cards scene (a card opened and moving before the mark, then panned
    /// closed) rendered as a clip renders (`--frames`, `--clean`, `--pointer`) holds the same bytes
    /// as the last frames of the same script rendered with no mark, every frame drawn.
    @Test func aClipsFramesAreTheSessionsThoughItsPreludeIsNotDrawn() throws {
        let lines = ReproducingRecordingTests.cardOpenedThenPannedClosed(recordAt: 0.6, panAt: 1.0, stopAt: 1.4)
        // 12 frames a second keeps the raw frames few (3 MB each at 1280x800).
        let run = try ReproducingRecordingTests.live("clip-prelude", lines, frames: 18, arguments: ["--scene", "cards", "--fps", "12"])
        let frameLines = run.script.filter { $0.contains(#""type":"frame""#) }.count
        let mark = try #require(run.script.firstIndex { $0.contains(#""type":"mark""#) })
        let afterMark = run.script[mark...].filter { $0.contains(#""type":"frame""#) }.count
        #expect(afterMark > 0 && afterMark < frameLines)
        // The same script without its mark: every frame is drawn and goes into the video.
        let scriptName = try #require(run.command.firstIndex(of: "--script").map { run.command[$0 + 1] })
        try run.script.filter { !$0.contains(#""type":"mark""#) }.joined(separator: "\n")
            .write(toFile: run.dir + "/unmarked.jsonl", atomically: true, encoding: .utf8)
        let unmarkedCommand = run.command.map { $0 == scriptName ? "unmarked.jsonl" : $0 }
        let environment = try Self.rawWriter()
        let clip = ["--frames", "\(frameLines)", "--pointer", "--clean"]
        let a = try Kinetic.run(run.command + clip + ["--video", "clip.mp4", "--progress"], environment: environment, directory: run.dir)
        let b = try Kinetic.run(unmarkedCommand + clip + ["--video", "all.mp4"], environment: environment, directory: run.dir)
        try #require(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        let clipFrames = try Self.frames(in: run.dir + "/clip.mp4"), allFrames = try Self.frames(in: run.dir + "/all.mp4")
        // A headless session's frames lie on the 1/fps grid: no picture is held.
        #expect(allFrames.count % frameLines == 0)
        let frameBytes = allFrames.count / frameLines
        #expect(clipFrames.count == afterMark * frameBytes, "the frames after the mark")
        #expect(clipFrames == allFrames.suffix(clipFrames.count), "the clip's frames are the fully drawn run's, byte for byte")
        // The window's bar follows the frames that go into the clip, not the prelude's.
        let progress = a.stderr.split(separator: "\n").filter { $0.hasPrefix("progress ") }
        #expect(progress.first == (afterMark >= 6 ? "progress 6 \(afterMark)" : "progress \(afterMark) \(afterMark)"), "\(progress)")
        #expect(progress.last == "progress \(afterMark) \(afterMark)")
    }

    /// A window's host renders the clip: here the real `kinetic` with a stand-in ffmpeg, run to
    /// its end before the render is handed back.
    final class Host: @unchecked Sendable {
        let stamp = "render-\(UUID().uuidString.prefix(8))"
        var arguments: [String] = []
        var result: Kinetic.Result?
        let environment: [String: String]
        init() throws { environment = try ClipRenderTests.rawWriter() }

        final class Done: BackgroundRender {
            let state: BackgroundRenderState
            init(_ state: BackgroundRenderState) { self.state = state }
        }

        var services: LabServices {
            LabServices(print: { _ in }, warn: { _ in }, copyToClipboard: nil, fileStamp: { self.stamp },
                        startRender: { arguments in
                            self.arguments = arguments
                            let r = try Kinetic.run(arguments, environment: self.environment)
                            self.result = r
                            return Done(r.status == 0 ? .finished : .failed(r.stderr))
                        })
        }

        func clean() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: ".")) ?? []
            for name in names where name.hasPrefix("kinetic-clip-\(stamp)") { try? FileManager.default.removeItem(atPath: name) }
        }
    }

    /// A session whose window ran its frames a little long (18 ms at 60 Hz, which the clock
    /// snaps to 1/60 s) and sat idle for half a second: the span on its clock is not the clip's
    /// length. Both notices state the length of the file written, frames ÷ fps, and the last one
    /// its absolute path.
    @Test func theNoticesStateTheLengthOfTheFileWrittenAndItsAbsolutePath() throws {
        let host = try Host()
        defer { host.clean() }
        var c = LabConfiguration()
        c.headless = true
        c.items = 100
        c.scene = .drag
        let s = try LabSession(c, services: host.services)
        s.open(size: Size(width: 640, height: 480), frameRate: 60, textMeasurer: EstimatedTextMeasurer.shared)
        var t = 0.0
        func frame(_ inputs: [InputEvent] = [], dt: Double = 0.018) {
            t += dt
            s.now = t
            for i in inputs { s.dispatch(i) }
            s.step(realDt: dt)
        }
        let a = Point(x: 75, y: 55)
        for _ in 0..<20 { frame() }
        frame([.key(KeyEvent(.down, key: "i", timestamp: t))])
        let clipIn = try #require(s.history.clipIn)
        frame([.pointer(.down(a, at: t))])
        for _ in 0..<40 { frame() }
        for k in 1...20 { frame([.pointer(.moved(Point(x: a.x + Double(k) * 10, y: a.y + Double(k) * 8), at: t))]) }
        frame([.pointer(.up(Point(x: a.x + 200, y: a.y + 160), at: t))])
        frame(dt: 0.5)  // the window sat idle
        for _ in 0..<30 { frame() }
        let span = t - clipIn
        s.dispatch(.key(KeyEvent(.down, key: "x", timestamp: t)))
        let rendering = try #require(s.overlay.notice(at: s.now))
        let r = try #require(host.result)
        try #require(r.status == 0, "\(r.stderr)")
        // What the render wrote: raw frames of the size the stand-in was told.
        let video = try #require(host.arguments.firstIndex(of: "--video").map { host.arguments[$0 + 1] })
        let size = try #require(host.arguments.firstIndex(of: "--size").map { host.arguments[$0 + 1] })
        #expect(size == "640x480")
        let written = try Self.frames(in: video)
        let fps = try #require(host.arguments.firstIndex(of: "--fps").flatMap { Int(host.arguments[$0 + 1]) })
        #expect(fps == 60)
        let (cw, ch) = try #require(Self.cleanSize(of: s))
        #expect(written.count % (cw * ch * 4) == 0)
        let frames = written.count / (cw * ch * 4)
        // Each frame after the mark, and the idle half second held: 29 pictures more.
        let script = try String(contentsOfFile: "kinetic-clip-\(host.stamp).jsonl", encoding: .utf8).split(separator: "\n")
        let mark = try #require(script.firstIndex { $0.contains(#""type":"mark""#) })
        #expect(frames == script[mark...].filter { $0.contains(#""type":"frame""#) }.count + 29)
        let seconds = LabSession.seconds(Double(frames) / Double(fps))
        #expect(seconds != LabSession.seconds(span), "the span on the session's clock (\(span) s) is not the file's length")
        #expect(rendering == "rendering \(seconds) s to \(video) in the background")
        s.step(realDt: 1.0 / 60)
        let saved = try #require(s.overlay.notice(at: s.now))
        let path = FileManager.default.currentDirectoryPath + "/" + video
        #expect(path.hasPrefix("/"))
        #expect(saved == "clip saved (\(seconds) s): \(path)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    /// The pixels `--clean` keeps of a frame of `s`'s window (scale 1), width and height.
    static func cleanSize(of s: LabSession) -> (Int, Int)? {
        let content = HUDLayout.contentFrame(in: s.windowSize, expanded: s.windowSize.width >= HUDLayout.collapseBelowWidth)
        let x0 = Int(content.minX.rounded(.up)), y0 = Int(content.minY.rounded(.up))
        let x1 = Int(content.maxX.rounded(.down)), y1 = Int(content.maxY.rounded(.down))
        return ((x1 - x0) / 2 * 2, (y1 - y0) / 2 * 2)
    }
}
