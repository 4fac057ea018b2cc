import Testing
import Foundation
import Geometry
import Gestures
import Scenes
@testable import Lab

/// The moment apart from the shell (issue 38): a moment made from the session's start and fed
/// its log is the moment shown; the keys that act outside a moment come back to the shell; a
/// scrub replaces the moment, and only the moment shown saves the line-up.
@Suite struct LabMomentTests {
    static func key(_ k: String, _ mods: KeyModifiers = [], at t: Double = 0) -> InputEvent {
        .key(KeyEvent(.down, key: k, modifiers: mods, timestamp: t))
    }

    /// Steps `s` one frame at 60 Hz after dispatching `inputs` at that frame's time.
    static func frame(_ s: LabSession, _ inputs: [InputEvent] = []) {
        s.now = Double(s.frame + 1) / 60
        for i in inputs { s.dispatch(i.retimed(s.now)) }
        s.step(realDt: 1.0 / 60)
    }

    @Test func aMomentFedTheLogIsTheMomentShown() throws {
        let s = try openedSession { $0.scene = .drag }
        Self.frame(s)
        Self.frame(s, [.pointer(PointerEvent(.down, location: Point(x: 200, y: 200), timestamp: 0, button: .left))])
        for _ in 0..<40 { Self.frame(s) }
        for i in 0..<10 { Self.frame(s, [.pointer(PointerEvent(.moved, location: Point(x: 200 + 9 * Double(i), y: 210), timestamp: 0, button: .left))]) }
        Self.frame(s, [Self.key("f"), Self.key("z")])
        for _ in 0..<20 { Self.frame(s) }
        let log = try #require(s.log)
        let m = LabMoment(configuration: s.configuration, start: log.start, textMeasurer: s.textMeasurer)
        for line in log.lines { m.apply(line) }
        #expect(m.dumpJSON().compactText == s.dumpJSON().compactText)
        #expect(m.frame == s.frame && m.isPointerDown)
    }

    @Test func keysThatActOutsideTheMomentComeBackToTheShell() throws {
        let s = try openedSession { $0.scene = .springy }
        let m = s.moment
        for k in ["p", "e", "i", "x", ",", LabSession.timelineKey] {
            #expect(m.handle(Self.key(k)) == .shellKey(KeyEvent(.down, key: k, timestamp: 0)), "\(k)")
        }
        #expect(m.handle(Self.key("s", .control)) == .shellKey(KeyEvent(.down, key: "s", modifiers: .control, timestamp: 0)))
        #expect(m.handle(Self.key("q", .control)) == .shellKey(KeyEvent(.down, key: "q", modifiers: .control, timestamp: 0)))
        #expect(s.isRunning, "the moment quits nothing")
        #expect(m.handle(Self.key("space")) == .handled)
        #expect(m.clock.isPaused)
        #expect(m.handle(Self.key("g")) == .handled && m.overlay.debugVisible)
    }

    @Test func theShellLeavesItsKeysOutOfTheLogAndActsOnThem() throws {
        let s = try openedSession { $0.scene = .springy }
        Self.frame(s)
        let before = try #require(s.log).lines.count
        Self.frame(s, [Self.key("p"), Self.key(LabSession.timelineKey), Self.key("g")])
        let lines = try #require(s.log).lines
        // The frame line and G: P and the strip's key are not the moment's.
        #expect(lines.count == before + 2)
        #expect(s.overlay.pendingScreenshot && s.overlay.timelineVisible && s.overlay.debugVisible)
    }

    @Test func aScrubReplacesTheMomentAndKeepsTheUsersMarks() throws {
        let s = try openedSession { $0.scene = .cards }
        for _ in 0..<30 { Self.frame(s) }
        Self.frame(s, [.pointer(PointerEvent(.down, location: Point(x: 300, y: 300), timestamp: 0, button: .left)),
                       .pointer(PointerEvent(.up, location: Point(x: 300, y: 300), timestamp: 0, button: .left))])
        for _ in 0..<30 { Self.frame(s) }
        Self.frame(s, [Self.key(LabSession.timelineKey), Self.key("h")])
        let shown = s.moment
        s.scrub(to: 0.25)
        #expect(s.moment !== shown, "a past moment is another moment")
        #expect(s.frame == 15)
        #expect(s.overlay.timelineVisible, "the strip stays the user's")
        #expect(s.overlay.showsHelp(at: s.now), "and so does the help card")
        #expect(s.history.isParked)
        // Back to the end: the moment left is a checkpoint now, and comes back as it was.
        s.scrub(to: 100)
        #expect(s.moment === shown)
        #expect(s.frame == 62)
    }

    @Test func onlyTheMomentShownSavesTheLineUp() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-moment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("team.json").path
        try ExchangeDataFile.text(ExchangeModel.sample).write(toFile: path, atomically: true, encoding: .utf8)
        let s = try openedSession { $0.scene = .exchange; $0.data = path }
        for _ in 0..<10 { Self.frame(s) }
        let shown = s.moment
        #expect(shown.environment.persistExchangeModel != nil)
        s.scrub(to: 0.05)
        #expect(shown.environment.persistExchangeModel == nil, "a moment kept as a checkpoint saves nothing")
        #expect(s.moment.environment.persistExchangeModel != nil)
    }
}
