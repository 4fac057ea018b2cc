import Testing
import Foundation
import Geometry
import SDLBackend
import LabUI
@testable import Lab

/// Issue 27, clips: `--clean` keeps only the scenes' area of each video frame and screenshot
/// (no HUD, title bar or notices), and `--pointer` draws where the pointer is.
@Suite struct CleanRenderTests {
    /// The scenes' area of a 640×480 run, in pixels (1 per point headless).
    static let content = HUDLayout.contentFrame(in: Size(width: 640, height: 480), expanded: false)

    /// Runs the cards scene for 3 frames into a raw stand-in video; returns the frames' bytes.
    func rawFrames(_ extra: [String]) throws -> Data {
        let dir = try VideoTests.fakeFFmpeg(VideoTests.mp4Writer + #"cat >> "$out""#)
        let folder = Kinetic.temp("clean-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let out = folder + "/v.mp4"
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "640x480", "--frames", "3", "--video", out] + extra,
                                environment: VideoTests.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: out)).dropFirst(32)
    }

    @Test func aCleanVideoIsTheScenesAreaOfTheFullOne() throws {
        let full = try rawFrames([]), clean = try rawFrames(["--clean"])
        let x0 = Int(Self.content.minX.rounded(.up)), y0 = Int(Self.content.minY.rounded(.up))
        let w = (Int(Self.content.maxX.rounded(.down)) - x0) / 2 * 2, h = (Int(Self.content.maxY.rounded(.down)) - y0) / 2 * 2
        #expect(clean.count == 3 * w * h * 4, "\(clean.count) bytes for 3 frames of \(w)×\(h)")
        #expect(full.count == 3 * 640 * 480 * 4)
        guard clean.count == 3 * w * h * 4, full.count == 3 * 640 * 480 * 4 else { return }
        let f = Array(full), c = Array(clean)
        // The HUD's edge is anti-aliased into the scene's last pixel column: compare the rest.
        let compared = (w - 2) * 4
        var differing = 0
        for frame in 0..<3 {
            for y in 0..<h {
                let a = frame * 640 * 480 * 4 + ((y0 + y) * 640 + x0) * 4, b = frame * w * h * 4 + y * w * 4
                if f[a..<(a + compared)] != c[b..<(b + compared)] { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) rows differ from the full frame's scene area")
    }

    @Test func aCleanScreenshotHasNoHUD() throws {
        let png = Kinetic.temp("clean-\(UUID().uuidString).png")
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "1280x800", "--frames", "2", "--clean", "--screenshot", png])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNGImage.load(path: png)
        let content = HUDLayout.contentFrame(in: Size(width: 1280, height: 800), expanded: true)
        #expect(image.width == Int(content.width) / 2 * 2 && image.height == Int(content.height) / 2 * 2,
                "\(image.width)×\(image.height) for the scene's \(content)")
        // The seed grid's white background and first grey cell, from the top-left corner on.
        let bg = try #require(image.pixel(x: 55, y: 5)), cell = try #require(image.pixel(x: 25, y: 25))
        #expect(bg.r == 255 && bg.g == 255 && bg.b == 255, "\(bg)")
        #expect(cell.r == 128 && cell.g == 128, "\(cell)")
    }

    @Test func thePointerIsDrawnWhereItIsFilledWhilePressed() throws {
        // Press at (385, 300), in the seed grid's grey cell spanning 360…410 × 270…320, and hold.
        let script = Kinetic.temp("pointer-\(UUID().uuidString).jsonl")
        try #"{"t": 0.05, "type": "down", "x": 385, "y": 300}"#.appending("\n").write(toFile: script, atomically: true, encoding: .utf8)
        func shot(_ extra: [String]) throws -> PNGImage {
            let png = Kinetic.temp("pointer-\(UUID().uuidString).png")
            let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "1280x800", "--frames", "6", "--script", script,
                                     "--screenshot", png] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try PNGImage.load(path: png)
        }
        let plain = try shot([]), marked = try shot(["--pointer"])
        // On the ring (10 pt from the pointer) white over a dark rim; inside, the pressed fill lightens the cell.
        let ring = try #require(marked.pixel(x: 395, y: 300)), cell = try #require(plain.pixel(x: 395, y: 300))
        #expect(cell.r == 128 && abs(Int(ring.r) - Int(cell.r)) > 20, "ring \(ring), the cell without the marker \(cell)")
        let inside = try #require(marked.pixel(x: 385, y: 296)), under = try #require(plain.pixel(x: 385, y: 296))
        #expect(Int(inside.r) > Int(under.r) + 40, "pressed fill \(inside) over \(under)")
    }

    @Test func bothAreForHeadlessRenders() throws {
        for flag in ["--clean", "--pointer"] {
            let r = try Kinetic.run(["--scene", "drag", flag])
            #expect(r.status != 0 && r.stderr.hasPrefix("kinetic: \(flag) is for headless renders"), "\(r.stderr)")
        }
    }
}

/// Issue 28: a screenshot shows the scene, not a notice that happened to be up.
@Suite struct ScreenshotNoticeTests {
    @Test func theLastFramesNoticeIsLeftOutOfTheScreenshot() throws {
        let script = Kinetic.temp("notice-\(UUID().uuidString).jsonl")
        // Space pauses (a still scene) and puts up "paused — . steps one frame" for 2 s.
        try #"{"t": 0.05, "type": "key", "key": "space"}"#.appending("\n").write(toFile: script, atomically: true, encoding: .utf8)
        func shot(_ extra: [String]) throws -> PNGImage {
            let png = Kinetic.temp("notice-\(UUID().uuidString).png")
            let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "1280x800", "--frames", "10", "--screenshot", png] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try PNGImage.load(path: png)
        }
        let plain = try shot([]), noticed = try shot(["--script", script])
        // The notice panel sits 52…20 pt above the bottom, centred.
        var differing = 0
        for y in stride(from: 750, to: 780, by: 3) {
            for x in stride(from: 440, to: 840, by: 5) where plain.pixel(x: x, y: y)! != noticed.pixel(x: x, y: y)! { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels of the notice area differ")
    }
}

/// A recording's video runs in the session's real time: where the live window drew nothing (an
/// idle wait), the video holds the picture for as long.
@Suite struct RecordingVideoTimeTests {
    @Test func anIdleGapIsHeldInTheVideo() throws {
        let dir = try VideoTests.fakeFFmpeg(VideoTests.mp4Writer + #"cat >> "$out""#)
        let folder = Kinetic.temp("held-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = folder + "/s.jsonl"
        // A frame before the mark, one after it, then a second of nothing before two more frames.
        let lines = [#"{"t":0,"type":"frame","dt":0.016666666666666666}"#, #"{"t":0.01,"type":"mark"}"#,
                     #"{"t":0.016666666666666666,"type":"frame","dt":0.016666666666666666}"#,
                     #"{"t":1.0166666666666666,"type":"frame","dt":0.016666666666666666}"#,
                     #"{"t":1.0333333333333334,"type":"frame","dt":0.016666666666666666}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let out = folder + "/v.mp4"
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "640x480", "--script", script, "--video", out],
                                environment: VideoTests.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = (try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int ?? 0) - 32
        // After the mark: the frame at 1/60 s shown for the second until the next (60 frames),
        // then the two frames at 1.0167 and 1.0333 s; the scene is at rest, so nothing runs on.
        #expect(bytes / (640 * 480 * 4) == 62, "\(bytes / (640 * 480 * 4)) frames")
    }
}
