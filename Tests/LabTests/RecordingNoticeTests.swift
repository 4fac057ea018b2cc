import Testing
import Foundation
import Geometry
import Drawing
import Gestures
import LabUI
import Scenes
@testable import Lab

/// Issue 39 part 6: a Ctrl+R recording's render command reaches a window opened from a dock,
/// which has no terminal: the notice names it (shortened when the window is too narrow for all of
/// it) for 10 s, and a line under the help card's Ctrl+R names the last recording; stdout still has the
/// whole command.
@Suite struct RecordingNoticeTests {
    final class Printed: @unchecked Sendable { var text = "" }

    @Test func theNoticeAndTheHelpCardNameTheRenderCommand() throws {
        let stamp = "notice-\(UUID().uuidString.prefix(8))"
        let printed = Printed()
        let services = LabServices(print: { printed.text += $0 }, warn: { _ in }, copyToClipboard: nil, fileStamp: { stamp })
        defer {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: ".")) ?? []
            for name in names where name.hasPrefix("kinetic-session-\(stamp)") { try? FileManager.default.removeItem(atPath: name) }
        }
        let s = try openedSession(services: services) { $0.scene = .drag }
        var f = 0
        func frame(_ inputs: [InputEvent] = []) {
            f += 1
            s.now = Double(f) / 60
            for i in inputs { s.dispatch(i) }
            s.step(realDt: 1.0 / 60)
        }
        #expect(s.lastRecordingCommand == nil)
        for _ in 0..<5 { frame() }
        frame([.key(KeyEvent(.down, key: "r", modifiers: .control, timestamp: s.now))])
        for _ in 0..<5 { frame() }
        frame([.key(KeyEvent(.down, key: "r", modifiers: .control, timestamp: s.now))])
        // The whole command on stdout, as before; the same command is the session's last.
        #expect(printed.text.hasPrefix("kinetic run --scene drag ") && printed.text.hasSuffix(" --pointer\n"))
        let command = String(printed.text.dropLast())
        #expect(s.lastRecordingCommand == command)
        // The notice names it: in full where the window's notice holds it, else shortened.
        let notice = try #require(s.overlay.notice(at: s.now))
        let script = "--script kinetic-session-\(stamp).jsonl", video = "--video kinetic-session-\(stamp).mp4"
        #expect(notice.hasPrefix("recorded — render with: kinetic run ") && notice.contains(script) && notice.contains(video), "\(notice)")
        #expect(EstimatedTextMeasurer.shared.width(of: notice, size: Overlay.noticeFontSize) <= Overlay.noticeTextWidth(windowWidth: 1280))
        #expect(s.overlay.notice(at: s.now + 9.9) == notice, "it stays long enough to read")
        s.resize(to: Size(width: 2560, height: 800))
        #expect(s.recordingNotice(command) == "recorded — render with: " + command)
        // A window just wide enough for the command without its parameter files.
        let shorter = "recorded — render with: " + command.replacingOccurrences(of: "--params kinetic-session-\(stamp)-params.json", with: "…")
        let width = (EstimatedTextMeasurer.shared.width(of: shorter, size: Overlay.noticeFontSize) + 64).rounded(.up)
        s.resize(to: Size(width: width, height: 800))
        #expect(s.recordingNotice(command) == shorter)
        s.resize(to: Size(width: 640, height: 480))
        #expect(s.recordingNotice(command) == "recorded — render with: kinetic run … \(script) … \(video)")
        // The help card names the recording under Ctrl+R.
        let app = LabHelp.sections(for: s.scene, lastRecording: s.lastRecordingCommand)[2].lines
        let i = try #require(app.firstIndex { $0.input == "Ctrl+R" })
        #expect(app[i + 1] == HelpLine("last recording", "kinetic run … \(script)"))
    }
}
