import Testing
import Foundation
import Geometry
import Gestures
import Scenes
@testable import Lab

/// Issue 27 part 4, clips from the timeline: `I` marks the start at the playhead, `X` writes the
/// clip's script and starts its render in the background with the arguments that replay the
/// session to the playhead (`--frames`), clean and with the pointer; the window follows its
/// progress. The clip's script, replayed, ends exactly where the live session was.
@Suite struct ClipExportTests {
    /// A render that never runs: it keeps the arguments and reports what the test sets.
    final class FakeRender: BackgroundRender {
        let arguments: [String]
        var state = BackgroundRenderState.running(progress: 0)
        init(_ arguments: [String]) { self.arguments = arguments }
    }

    final class Host: @unchecked Sendable {
        var renders: [FakeRender] = []
        var warnings: [String] = []
        let stamp = "test-\(UUID().uuidString.prefix(8))"
        var services: LabServices {
            LabServices(print: { _ in }, warn: { self.warnings.append($0) }, copyToClipboard: nil, fileStamp: { self.stamp },
                        startRender: { let r = FakeRender($0); self.renders.append(r); return r })
        }
        /// Removes the files the clips wrote (in the working folder, as a window's would be; a
        /// second clip in the same second is named `…-2`).
        func clean() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: ".")) ?? []
            for name in names where name.hasPrefix("kinetic-clip-\(stamp)") { try? FileManager.default.removeItem(atPath: name) }
        }
    }

    static let interval = 1.0 / 60

    /// A drag-scene session with `host`'s services: two cells selected, then `I`, a long-press
    /// drag and its release, and frames after it; returns the session.
    func session(_ host: Host, markIn: Bool = true) throws -> LabSession {
        let s = try openedSession(services: host.services) { $0.scene = .drag }
        var f = 0
        func frame(_ inputs: [InputEvent] = []) {
            f += 1
            s.now = Double(f) * Self.interval
            for i in inputs { s.dispatch(i) }
            s.step(realDt: Self.interval)
        }
        let a = Point(x: 75, y: 55), b = Point(x: 137, y: 55)
        for p in [a, b] { frame([.pointer(.down(p, at: s.now))]); frame([.pointer(.up(p, at: s.now))]) }
        for _ in 0..<10 { frame() }
        if markIn { frame([.key(KeyEvent(.down, key: "i", timestamp: s.now))]) }
        frame([.pointer(.down(a, at: s.now))])
        for _ in 0..<45 { frame() }
        for k in 1...15 { frame([.pointer(.moved(Point(x: a.x + Double(k) * 12, y: a.y + Double(k) * 9), at: s.now))]) }
        frame([.pointer(.up(Point(x: a.x + 180, y: a.y + 135), at: s.now))])
        for _ in 0..<20 { frame() }
        return s
    }

    @Test func xStartsACleanRenderOfTheSpanFromIToThePlayhead() throws {
        let host = Host()
        defer { host.clean() }
        let s = try session(host)
        let clipIn = try #require(s.history.clipIn)
        let live = s.dumpJSON().compactText
        s.dispatch(.key(KeyEvent(.down, key: "x", timestamp: s.now)))
        let render = try #require(host.renders.first)
        let a = render.arguments
        #expect(a.first == "run" && a.contains("--headless") && a.contains("--clean") && a.contains("--pointer") && a.contains("--progress"))
        let video = try #require(a.firstIndex(of: "--video").map { a[$0 + 1] })
        #expect(video == "kinetic-clip-\(host.stamp).mp4")
        let frames = try #require(a.firstIndex(of: "--frames").flatMap { Int(a[$0 + 1]) })
        #expect(frames == s.log!.lines.filter(\.isFrame).count, "every frame up to the playhead, the prelude counted")
        // The script: the session's log to the playhead, its mark where the clip starts.
        let script = try String(contentsOfFile: "kinetic-clip-\(host.stamp).jsonl", encoding: .utf8)
        let lines = try script.split(separator: "\n").enumerated().map { try InputScript.parseLine(Data($0.element.utf8), where: "clip:\($0.offset + 1)") }
        let mark = try #require(lines.firstIndex { if case .mark = $0 { true } else { false } })
        #expect(abs(lines[mark].timestamp - clipIn) < 1e-9)
        #expect(lines.filter(\.isFrame).count == frames)
        #expect(!script.contains(#""key":"i""#) && !script.contains(#""key":"x""#), "the clip keys stay out of it")
        // Replayed as the render replays it, the script ends where the live session is.
        let replay = try openedSession { $0.scene = .drag; $0.script = "kinetic-clip-\(host.stamp).jsonl" }
        while replay.nextReplayFrameTime != nil, let dt = replay.beginReplayFrame(interval: Self.interval, runsOn: false) {
            replay.step(realDt: dt)
        }
        #expect(replay.dumpJSON().compactText == live)
        // The title line's bar follows the render; its end is a notice.
        #expect(s.overlay.clipRender?.name == video)
        render.state = .running(progress: 0.4)
        s.step(realDt: Self.interval)
        #expect(s.overlay.clipRender?.progress == 0.4)
        #expect(s.overlay.nextChange(after: s.now) != nil, "an idle window wakes to move the bar")
        s.dispatch(.key(KeyEvent(.down, key: "x", timestamp: s.now)))
        #expect(host.renders.count == 1, "one clip at a time")
        render.state = .finished
        s.step(realDt: Self.interval)
        // Its whole path, and its length: the frames after the mark at 60 Hz (none held here).
        let length = LabSession.seconds(Double(lines[mark...].filter(\.isFrame).count) / 60)
        #expect(s.overlay.clipRender == nil && s.overlay.notice(at: s.now) == "clip saved (\(length) s): \(FileManager.default.currentDirectoryPath)/\(video)")
        // Shift+X: a GIF.
        s.dispatch(.key(KeyEvent(.down, key: "x", modifiers: .shift, timestamp: s.now)))
        let gif = try #require(host.renders.last?.arguments)
        #expect(gif.firstIndex(of: "--video").map { gif[$0 + 1].hasSuffix(".gif") } == true)
        host.renders.last?.state = .failed("ffmpeg is not installed")
        s.step(realDt: Self.interval)
        #expect(s.overlay.clipRender == nil && host.warnings.contains { $0.contains("ffmpeg is not installed") })
    }

    @Test func xSaysWhyItCannot() throws {
        let host = Host()
        defer { host.clean() }
        let s = try session(host, markIn: false)
        s.dispatch(.key(KeyEvent(.down, key: "x", timestamp: s.now)))
        #expect(host.renders.isEmpty && s.overlay.notice(at: s.now)?.hasPrefix("press I where the clip starts") == true)
        // I at the playhead, then X at once: nothing to export.
        s.dispatch(.key(KeyEvent(.down, key: "i", timestamp: s.now)))
        s.dispatch(.key(KeyEvent(.down, key: "x", timestamp: s.now)))
        #expect(host.renders.isEmpty && s.overlay.notice(at: s.now)?.hasPrefix("the playhead is not after") == true)
        // I again at the same moment clears the start.
        s.dispatch(.key(KeyEvent(.down, key: "i", timestamp: s.now)))
        #expect(s.history.clipIn == nil)
        // Where the host renders nothing in the background (headless), one line says so.
        let headless = try openedSession { $0.scene = .drag }
        for f in 1...30 { headless.now = Double(f) * Self.interval; headless.step(realDt: Self.interval) }
        headless.dispatch(.key(KeyEvent(.down, key: "i", timestamp: 0.1)))
        headless.now = 0.6
        for f in 31...40 { headless.now = Double(f) * Self.interval; headless.step(realDt: Self.interval) }
        headless.dispatch(.key(KeyEvent(.down, key: "x", timestamp: headless.now)))
        #expect(headless.overlay.notice(at: headless.now) == "clips render from the window")
    }
}
