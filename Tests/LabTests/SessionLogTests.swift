import Testing
import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
@testable import Lab

/// Issue 27 part 1: the session's log (what a Ctrl+R recording replays), the script lines it is
/// written in, and the REC mark.
@Suite struct SessionLogTests {
    func key(_ k: String, _ mods: KeyModifiers = [], at t: Double) -> InputEvent {
        .key(KeyEvent(.down, key: k, modifiers: mods, timestamp: t))
    }

    @Test func frameResizeAndMarkLinesReadBackExactly() throws {
        let lines: [ScriptLine] = [
            .frame(now: 0.1 + 0.2, realDt: 1.0 / 59.94),
            .resize(Size(width: 1001.5, height: 640), at: 0.30000000000000004),
            .mark(at: 1.0 / 3),
            .input(.pointer(.down(Point(x: 1.0 / 7, y: -0.0), at: 2.0 / 3))),
            .input(.scroll(ScrollEvent(location: Point(x: 3, y: 4), delta: Vector(dx: 0.1, dy: -1e-7), timestamp: 5, modifiers: [.shift]))),
        ]
        for line in lines {
            let text = line.text(exact: true)
            #expect(try InputScript.parseLine(Data(text.utf8), where: "s:1") == line, "\(text)")
        }
        #expect(ScriptLine.frame(now: 0.5, realDt: 0.25).text(exact: true) == #"{"t":0.5,"type":"frame","dt":0.25}"#)
        // --record's input lines keep their 4 decimals.
        #expect(ScriptLine.input(.pointer(.down(Point(x: 1.0 / 7, y: 2), at: 0.5))).text(exact: false)
            == #"{"t":0.5,"type":"down","x":0.1429,"y":2.0}"#)
    }

    @Test func newLinesAreCheckedStrictly() {
        let bad = [
            (#"{"t":1,"type":"frame"}"#, #"missing "dt""#),
            (#"{"t":1,"type":"frame","dt":-1}"#, #""dt" is -1.0 s"#),
            (#"{"t":1,"type":"frame","dt":0.1,"x":3}"#, #"unknown field "x" on a "frame" line (its fields: t, type, dt)"#),
            (#"{"t":1,"type":"resize","width":0,"height":10}"#, "a resize must be from 1x1"),
            (#"{"t":1,"type":"resize","width":100}"#, #"missing "height""#),
            (#"{"t":1,"type":"mark","dt":1}"#, #"unknown field "dt" on a "mark" line (its fields: t, type)"#),
            (#"{"t":1,"type":"frames","dt":1}"#, "(use down, move, up, cancel, wheel, key, keyup, focuslost, leave, frame, resize, mark, paste, scrub, params, rerun)"),
        ]
        expectRefusedScriptLines(bad)
        // An input-only reader refuses a frame line in one clear line.
        #expect(throws: KineticError.self) { try InputScript.parse(#"{"t":1,"type":"mark"}"#, where: "s:1") }
    }

    /// A script with frame lines keeps its order (the order the live session saw); one without
    /// is sorted by time as before.
    @Test func frameScriptsKeepTheirOrder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try [#"{"t":0.2,"type":"frame","dt":0.1}"#, #"{"t":0.25,"type":"key","key":"a"}"#, #"{"t":0.2,"type":"key","key":"b"}"#]
            .joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try InputScript.loadLines(path).map(\.timestamp) == [0.2, 0.25, 0.2])
        try [#"{"t":0.25,"type":"key","key":"a"}"#, #"{"t":0.2,"type":"key","key":"b"}"#]
            .joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try InputScript.loadLines(path).map(\.timestamp) == [0.2, 0.25])
    }

    /// The log holds inputs, resizes and frames in order, but never Ctrl+R, Ctrl+S, Ctrl+Q, or
    /// the screenshot and export keys.
    @Test func theLogKeepsWhatFramesShowAndNothingElse() throws {
        let s = try openedSession()
        s.now = 0.1
        s.dispatch(.pointer(.down(Point(x: 25, y: 55), at: 0.1)))
        s.dispatch(key("r", .control, at: 0.1))
        s.dispatch(key("q", .command, at: 0.1))
        s.dispatch(key("p", at: 0.1))
        s.dispatch(key("e", at: 0.1))
        s.dispatch(key("g", at: 0.1))
        s.resize(to: Size(width: 1000, height: 700))
        s.step(realDt: 0.1)
        let lines = try #require(s.log?.lines)
        #expect(lines == [.input(.pointer(.down(Point(x: 25, y: 55), at: 0.1))), .input(key("g", at: 0.1)),
                          .resize(Size(width: 1000, height: 700), at: 0.1), .frame(now: 0.1, realDt: 0.1)])
        #expect(s.overlay.recordingSince == 0.1, "Ctrl+R started a recording")
        #expect(LabSession.actsOutsideFrames(key("s", .control, at: 0)) && !LabSession.actsOutsideFrames(key("s", at: 0)))
        s.sessionRecording = nil  // no files from a test
    }

    /// Past its bound the log is dropped; the next Ctrl+R then records from its own start and
    /// says that it cannot include what came before.
    @Test func aLogPastItsBoundFallsBackToRecordingFromNow() throws {
        let s = try openedSession()
        s.timeline.log?.maximumLines = 10
        for f in 1...20 {
            s.now = Double(f) / 60
            s.step(realDt: 1.0 / 60)
        }
        #expect(s.log?.isComplete == false)
        s.dispatch(key("r", .control, at: s.now))
        #expect(s.overlay.notice(at: s.now)?.contains("too long to include what came before") == true)
        #expect(s.log?.isComplete == true && s.log?.start.isSessionStart == false && s.log?.start.origin == s.now)
        s.sessionRecording = nil
    }

    /// A replay steps its frame lines exactly, delivers each input before its frame, and goes
    /// on at its frame rate until the scene rests.
    /// A recording's lines: a click selects a cell; after the mark a long press carries it and
    /// the release lets it go; then `after`.
    static func replayScript(after: [String] = []) -> [String] {
        [#"{"t":0.013,"type":"frame","dt":0.013}"#, #"{"t":0.02,"type":"down","x":25,"y":55}"#,
         #"{"t":0.03,"type":"up","x":25,"y":55}"#, #"{"t":0.051,"type":"frame","dt":0.038}"#, #"{"t":0.051,"type":"mark"}"#,
         #"{"t":0.06,"type":"down","x":25,"y":55}"#, #"{"t":0.1,"type":"frame","dt":0.049}"#,
         #"{"t":0.7,"type":"frame","dt":0.6}"#, #"{"t":0.75,"type":"move","x":100,"y":150}"#,
         #"{"t":0.76,"type":"frame","dt":0.06}"#, #"{"t":0.77,"type":"move","x":200,"y":300}"#,
         #"{"t":0.78,"type":"frame","dt":0.02}"#, #"{"t":0.79,"type":"up","x":200,"y":300}"#] + after
    }

    /// Replays `lines` through a session as `kinetic run --headless` does; returns each frame's
    /// `now` and the session.
    func replay(_ lines: [String]) throws -> (times: [Double], session: LabSession) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let s = try openedSession { $0.script = path }
        #expect(s.scriptHasFrames && !s.scriptMarkReached)
        var times: [Double] = []
        while let dt = s.beginReplayFrame(interval: 1.0 / 60, runsOn: false) {
            #expect(s.scriptMarkReached == (times.count >= 2))
            if times.count == 1 { #expect(dt == 0.038) }
            times.append(s.now)
            s.step(realDt: dt)
            var list = DisplayList()
            s.drawScenes(into: &list)
            if times.count > 4000 { Issue.record("no end"); break }
        }
        return (times, s)
    }

    /// A replay steps its frame lines exactly, delivers each input before its frame, and goes
    /// on at its frame rate on that grid until the scene rests.
    @Test func aReplayStepsItsFramesThenRunsUntilRest() throws {
        let (times, s) = try replay(Self.replayScript())
        #expect(Array(times.prefix(7)) == [0.013, 0.051, 0.1, 0.7, 0.76, 0.78, 47 * (1.0 / 60)])
        #expect(times.count > 10 && !s.scenesNeedFrame, "ran on until the cells came back to rest")
    }

    /// Paused (Space) after the last frame line, nothing moves any more: the replay ends there.
    @Test func aPausedReplayEndsAtOnce() throws {
        let (times, s) = try replay(Self.replayScript(after: [#"{"t":0.79,"type":"key","key":"space"}"#]))
        #expect(times.count == 7 && s.clock.isPaused && s.scenesNeedFrame)
    }

    @Test func theRecMarkShowsTheTimeRecordedAndWakesTheWindow() {
        var o = OverlayState()
        #expect(o.recordingText(at: 3) == nil)
        o.recordingSince = 1
        #expect(o.recordingText(at: 13.37) == "REC 12.3 s")
        #expect(o.recordingText(at: 1) == "REC 0.0 s")
        let next = o.nextChange(after: 13.37)
        #expect(next.map { abs($0 - 13.4) < 1e-9 } == true)
    }
}
