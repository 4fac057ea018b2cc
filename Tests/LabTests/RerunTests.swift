import Testing
import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
@testable import Lab

/// Issue 39: re-run, branches and undo. A re-run from T0 after a value change must show exactly
/// (`--dump`, byte for byte) what a straight run shows for the input before T0, the values set at
/// T0 and the input after T0; undo and redo return byte-identical moments; a resume from the past
/// keeps the old future as a branch; a scrub to T shows T itself.
@Suite struct RerunTests {
    static let interval = 1.0 / 60
    typealias Configure = (inout LabConfiguration) -> Void

    static func key(_ k: String, at t: Double, mods: KeyModifiers = []) -> ScriptLine {
        .input(.key(KeyEvent(.down, key: k, modifiers: mods, timestamp: t)))
    }

    /// Gestures between 0.3 s and 3 s: a click, a long-press drag (a selection and a move in the
    /// drag and exchange scenes, a scroll in springy, a card's pan) and a flick.
    static let gestures: [ScriptLine] = TimelineContractTests.click(Point(x: 320, y: 300), at: 0.3)
        + TimelineContractTests.drag(from: Point(x: 260, y: 260), to: Point(x: 560, y: 460), at: 0.8, hold: 0.6)
        + TimelineContractTests.drag(from: Point(x: 600, y: 500), to: Point(x: 300, y: 200), at: 2.3, hold: 0.05, moves: 4, over: 0.1)

    /// Runs `lines` headless, a frame every 1/60 s of the host's clock, until `until(session)` is
    /// true after a frame (at most `limit` frames); returns the session.
    static func run(_ lines: [ScriptLine], _ configure: @escaping Configure, limit: Int = 1200,
                    until: (LabSession) -> Bool) throws -> LabSession {
        let path = try TimelineContractTests.write(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = try openedSession { configure(&$0); $0.script = path }
        var frame = 0
        repeat {
            frame += 1
            s.now = Double(frame) * interval
            s.deliverScript(upTo: s.hostNow)
            s.step(realDt: interval)
        } while frame < limit && !until(s)
        return s
    }

    /// The scene's first parameter key (a value change by a key, as a user makes one).
    static func valueKey(_ configure: Configure) throws -> String {
        let s = try openedSession(configure)
        return try #require(s.scene.parameters.first { !$0.key.isEmpty }?.key)
    }

    nonisolated(unsafe) static let scenes: [(String, Configure)] = [
        ("drag", { $0.scene = .drag }),
        ("springy", { $0.scene = .springy }),
        ("cards", { $0.scene = .cards }),
        ("exchange", { $0.scene = .exchange }),
        ("attachments", { $0.scene = .dynamics; $0.demo = "attachments" }),
        ("collision", { $0.scene = .dynamics; $0.demo = "collision" }),
    ]

    /// The re-run's contract, for a scene, T0 and compare on or off.
    static func checkRerun(_ name: String, _ configure: @escaping Configure, from t0: Double, compare: Bool) throws {
        let configure: Configure = { configure(&$0); $0.compare = compare }
        let k = try valueKey(configure)
        // Live: the gestures, a scrub back to T0 at 4 s (time runs on from there), a value
        // change at 4.05 s, then the re-run at 4.1 s, played to its end.
        let live = gestures + [.scrub(to: t0, at: 4.0), key(k, at: 4.05), .rerun(from: t0, at: 4.1)]
        var sawPlayback = false
        let s = try run(live, configure) { s in
            if s.timeline.playback != nil { sawPlayback = true }
            return sawPlayback && s.timeline.playback == nil
        }
        #expect(sawPlayback, "\(name): the re-run played")
        let end = s.frameTime
        // Straight: the gestures, and the same key just after the frame at T0, to the same time.
        let straight = try run(gestures + [key(k, at: t0 + 0.001)], configure) { $0.frameTime >= end - 1e-9 }
        #expect(abs(straight.frameTime - end) < 1e-9)
        #expect(s.dumpJSON().compactText == straight.dumpJSON().compactText, "\(name) from \(t0), compare \(compare)")
        // The values set are those typed after the scrub, and the log replays to the same moment.
        #expect(s.scene.parameters.map(\.value) == straight.scene.parameters.map(\.value))
        let replayed = try TimelineContractTests.straightReplay(try #require(s.log).lines, configure)
        #expect(replayed == s.dumpJSON().compactText, "\(name): the log replays the re-run")
    }

    @Test(arguments: 0..<6) func aRerunEqualsTheStraightRunWithTheNewValues(scene: Int) throws {
        let (name, configure) = Self.scenes[scene]
        try Self.checkRerun(name, configure, from: 0.5, compare: false)
        // From the middle of the long-press drag: the press is held at T0.
        try Self.checkRerun(name, configure, from: 1.2, compare: false)
    }

    @Test(arguments: [0, 3]) func aRerunWithCompareOnPlaysTheGestureInBothHalves(scene: Int) throws {
        let (name, configure) = Self.scenes[scene]
        try Self.checkRerun(name, configure, from: 0.5, compare: true)
    }

    @Test func theScrubFrameShowsTheMomentScrubbedTo() throws {
        // A scrub at 4.0 to 2.0: that frame shows 2.0; k frames later, a straight replay at 2.0 + k/60.
        var shown: [Double] = []
        let s = try Self.run(Self.gestures + [.scrub(to: 2.0, at: 4.0)], { $0.scene = .drag }) { s in
            if s.hostNow >= 4.0 - 1e-9 { shown.append(s.frameTime) }
            return shown.count > 60
        }
        #expect(abs(shown[0] - 2.0) < 1e-9, "the scrub's frame shows 2.0, not \(shown[0])")
        #expect(abs(shown[60] - 3.0) < 1e-9, "60 frames later: 3.0, not \(shown[60])")
        let straight = try Self.run(Self.gestures, { $0.scene = .drag }) { $0.frameTime >= 3.0 - 1e-9 }
        #expect(s.dumpJSON().compactText == straight.dumpJSON().compactText)
    }

    @Test func aResumeFromThePastKeepsTheOldFutureAndUndoReturnsToIt() throws {
        let configure: Configure = { $0.scene = .drag }
        let s = try Self.run(Self.gestures, configure) { $0.frameTime >= 3.5 - 1e-9 }
        let atEnd = s.dumpJSON().compactText
        let endFrames = s.history.steps.count
        // Pause, scrub back (time held) and resume with a click: the future becomes a branch.
        s.dispatch(.key(KeyEvent(.down, key: "space", timestamp: s.hostNow)))
        s.scrub(to: 1.0)
        #expect(s.history.isParked)
        s.now = s.hostNow + Self.interval
        s.dispatch(.key(KeyEvent(.down, key: "space", timestamp: s.hostNow)))
        s.dispatch(.pointer(.down(Point(x: 700, y: 600), at: s.hostNow)))
        s.dispatch(.pointer(.up(Point(x: 700, y: 600), at: s.hostNow)))
        for _ in 0..<30 { s.now = s.hostNow + Self.interval; s.step(realDt: Self.interval) }
        #expect(!s.history.isParked)
        #expect(s.timeline.branches.count == 1, "the old future is a branch")
        let resumed = s.dumpJSON().compactText
        // Undo until the old run is back (the click is one step, the resume another).
        var guardSteps = 0
        while s.history.steps.count + s.history.futureSteps.count != endFrames && guardSteps < 5 {
            s.dispatch(.key(KeyEvent(.down, key: "z", modifiers: .control, timestamp: s.hostNow)))
            guardSteps += 1
        }
        #expect(s.history.isParked, "back at the fork, the old future ahead")
        s.scrub(to: 10)   // to the end of the old run
        #expect(s.dumpJSON().compactText == atEnd, "the old future, exactly")
        // Redo returns the resumed run, exactly.
        s.scrub(to: 1.0)
        for _ in 0..<guardSteps { s.dispatch(.key(KeyEvent(.down, key: "z", modifiers: [.control, .shift], timestamp: s.hostNow))) }
        s.scrub(to: 100)
        #expect(s.dumpJSON().compactText == resumed, "redo: the resumed run, exactly")
    }

    @Test func undoAndRedoOfAValueChangeRoundTrip() throws {
        let configure: Configure = { $0.scene = .drag }
        let s = try Self.run(Self.gestures, configure) { $0.frameTime >= 1.0 - 1e-9 }
        let before = s.moment.parameterSnapshot()
        let k = try Self.valueKey(configure)
        s.dispatch(.key(KeyEvent(.down, key: k, timestamp: s.hostNow)))
        s.dispatch(.key(KeyEvent(.down, key: k, timestamp: s.hostNow)))
        let after = s.moment.parameterSnapshot()
        #expect(after != before)
        s.dispatch(.key(KeyEvent(.down, key: "z", modifiers: .control, timestamp: s.hostNow)))
        s.dispatch(.key(KeyEvent(.down, key: "z", modifiers: .control, timestamp: s.hostNow)))
        #expect(s.moment.parameterSnapshot() == before)
        s.dispatch(.key(KeyEvent(.down, key: "y", modifiers: .control, timestamp: s.hostNow)))
        s.dispatch(.key(KeyEvent(.down, key: "y", modifiers: .control, timestamp: s.hostNow)))
        #expect(s.moment.parameterSnapshot() == after)
        // The log holds the values set, so a replay agrees.
        for _ in 0..<20 { s.now = s.hostNow + Self.interval; s.step(realDt: Self.interval) }
        let replayed = try TimelineContractTests.straightReplay(try #require(s.log).lines, configure)
        #expect(replayed == s.dumpJSON().compactText)
    }

    @Test func undoOfAGestureShowsTheMomentBeforeItAndRedoReturns() throws {
        let configure: Configure = { $0.scene = .drag }
        let s = try Self.run(Self.gestures, configure) { $0.frameTime >= 3.5 - 1e-9 }
        let now = s.dumpJSON().compactText
        let frames = s.history.steps.count
        s.dispatch(.key(KeyEvent(.down, key: "z", modifiers: .control, timestamp: s.hostNow)))
        #expect(s.history.isParked && s.history.isHeld, "parked before the flick, time held")
        #expect(s.playhead < 2.3 + 1e-9)
        s.dispatch(.key(KeyEvent(.down, key: "z", modifiers: [.control, .shift], timestamp: s.hostNow)))
        #expect(s.history.steps.count == frames)
        #expect(s.dumpJSON().compactText == now, "redo returns the moment undone from")
    }

    @Test func paramsAndRerunLinesReadBackAndAreChecked() throws {
        let p = ParameterSnapshot(a: ["drag": ["frequency": .number(2.02), "damping": .number(0.35), "variant": .variant(.refined)]],
                                  b: ["drag": ["frequency": .number(1.5)]])
        for line in [ScriptLine.parameters(p, at: 1.25), .rerun(from: 0.5, at: 4.1)] {
            #expect(try InputScript.parseLine(Data(line.text(exact: true).utf8), where: "s:1") == line)
        }
        let bad = [
            (#"{"t":1,"type":"params"}"#, #"missing "a""#),
            (#"{"t":1,"type":"params","a":{"drag":{"frequency":1e9}}}"#, "out of range"),
            (#"{"t":1,"type":"params","a":{"nope":{"frequency":1}}}"#, "unknown scene 'nope'"),
            (#"{"t":1,"type":"params","a":{"drag":{"wobble":1}}}"#, "unknown key 'wobble'"),
            (#"{"t":1,"type":"params","a":{"frequency":1}}"#, "must map scene names"),
            (#"{"t":1,"type":"params","a":{"drag":{"frequency":1}},"c":{}}"#, #"unknown field "c""#),
            (#"{"t":1,"type":"rerun"}"#, #"missing "from""#),
            (#"{"t":1,"type":"rerun","from":-1}"#, #""from" is -1.0 s"#),
        ]
        expectRefusedScriptLines(bad)
    }

    @Test func enterWithNothingToRerunSaysHow() throws {
        let s = try openedSession { $0.scene = .drag }
        s.now = Self.interval
        s.dispatch(.key(KeyEvent(.down, key: "return", timestamp: s.hostNow)))
        #expect(s.overlay.noticeText.contains("scrub back"), "\(s.overlay.noticeText)")
    }

    @Test func theGhostOutlinesThePreviousRunWhileARerunPlays() throws {
        let configure: Configure = { $0.scene = .drag }
        let k = try Self.valueKey(configure)
        var outlined = 0, hidden = -1
        _ = try Self.run(Self.gestures + [.scrub(to: 0.5, at: 4.0), Self.key(k, at: 4.05), Self.key(k, at: 4.06), Self.key(k, at: 4.07),
                                          .rerun(from: 0.5, at: 4.1)], configure) { s in
            guard s.timeline.playback != nil, s.frameTime > 1.6 else { return false }
            var list = DisplayList()
            s.drawScenes(into: &list)
            var plain = DisplayList()
            s.moment.drawScenes(into: &plain)
            outlined = list.count - plain.count
            s.dispatch(.key(KeyEvent(.down, key: "j", timestamp: s.hostNow)))
            var off = DisplayList()
            s.drawScenes(into: &off)
            hidden = off.count - plain.count
            return true
        }
        #expect(outlined > 0 && outlined < 40, "the moved cells of the previous run are outlined, not the cells at rest: \(outlined)")
        #expect(hidden == 0, "J hides the ghost")
    }

    @Test func recordWritesTheBranchShown() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rerun-record-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configure: Configure = { $0.scene = .drag; $0.record = path }
        let k = try Self.valueKey { $0.scene = .drag }
        let s = try Self.run(Self.gestures + [.scrub(to: 0.5, at: 4.0), Self.key(k, at: 4.05), .rerun(from: 0.5, at: 4.1)], configure) {
            $0.hostNow > 4.5 && $0.timeline.playback == nil
        }
        let log = try #require(s.log)
        _ = s.finish()
        let written = try InputScript.loadLines(path)
        #expect(written == log.lines, "the file holds the branch shown, frames and values included")
        #expect(written.contains { if case .parameters = $0 { true } else { false } })
    }

    /// Seeded random sessions of gestures, scrubs, value keys, re-runs (the line and Enter),
    /// undo and redo: after each, the moment shown is a straight replay of the log, byte for byte.
    @Test(arguments: [(1, 0), (2, 1), (3, 3), (4, 4)]) func randomSessionsWithRerunsAndUndoKeepTheContract(seed: Int, scene: Int) throws {
        let (name, configure) = Self.scenes[scene]
        let k = try Self.valueKey(configure)
        var rng = SeededRandom(seed: UInt64(seed))
        var lines = Self.gestures
        var t = 3.2
        while t < 14 {
            t += rng.range(0.1, 0.6)
            switch rng.int(9) {
            case 0: lines += TimelineContractTests.drag(from: Point(x: rng.range(40, 900), y: rng.range(60, 700)),
                                                       to: Point(x: rng.range(40, 900), y: rng.range(60, 700)), at: t, hold: rng.range(0.05, 0.6))
                t += 1.2
            case 1, 2: lines.append(.scrub(to: rng.range(max(0, t - 6), t), at: t))
            case 3: lines.append(Self.key(k, at: t, mods: rng.chance(0.5) ? .shift : []))
            case 4: lines.append(.rerun(from: rng.range(max(0, t - 6), t), at: t))
            case 5: lines.append(Self.key("return", at: t))
            case 6: lines.append(Self.key("z", at: t, mods: .control))
            case 7: lines.append(Self.key("z", at: t, mods: [.control, .shift]))
            default: lines.append(Self.key("space", at: t))
            }
        }
        let path = try TimelineContractTests.write(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = try openedSession { configure(&$0); $0.script = path }
        s.timeline.policy = .init(framesPerFrame: 3, spacing: 40, maximum: 4)
        var frame = 0, checks = 0
        let end = t + 1
        while Double(frame) * Self.interval < end {
            frame += 1
            s.now = Double(frame) * Self.interval
            let before = s.scriptCursor
            s.deliverScript(upTo: s.hostNow)
            s.step(realDt: Self.interval)
            if s.scriptCursor != before && checks < 12 && s.timeline.playback == nil || Double(frame + 1) * Self.interval >= end {
                let replayed = try TimelineContractTests.straightReplay(try #require(s.log).lines, configure)
                #expect(replayed == s.dumpJSON().compactText, "\(name) seed \(seed) at host \(s.hostNow)")
                checks += 1
            }
        }
        #expect(checks > 3)
        #expect(!s.timeline.branches.isEmpty, "runs were left and kept")
        // Fifty branches at most a minute each, never the whole session per branch.
        let branchLines = s.timeline.branches.reduce(0) { $0 + $1.lines.count }
        #expect(branchLines < 40 * (s.log?.lines.count ?? 0) + 1)
    }

    /// Mutated `params` and `rerun` lines: each reads as a line or is one error naming the place.
    @Test func mutatedParamsAndRerunLinesAreReadOrRefusedInOneLine() throws {
        let seeds = [#"{"t":1.25,"type":"params","a":{"drag":{"damping":0.35,"frequency":2.02,"variant":"refined"}},"b":{"cards":{"duration":0.5}}}"#,
                     #"{"t":4.1,"type":"rerun","from":0.5}"#]
        var rng = SeededRandom(seed: 39)
        let alphabet = Array(#"{}[]":,.-+0123456789eEtrufalsnabcdfpqvxyz "#.utf8)
        for i in 0..<4000 {
            var bytes = Array(seeds[i % seeds.count].utf8)
            for _ in 0...rng.int(4) {
                let at = rng.int(bytes.count)
                switch rng.int(3) {
                case 0: bytes[at] = alphabet[rng.int(alphabet.count)]
                case 1: bytes.insert(alphabet[rng.int(alphabet.count)], at: at)
                default: if bytes.count > 1 { bytes.remove(at: at) }
                }
            }
            do {
                let line = try InputScript.parseLine(Data(bytes), where: "f:1")
                if case .parameters(let p, _) = line {
                    for (_, kv) in p.a { for (_, e) in kv { if case .number(let v) = e { #expect(v.isFinite) } } }
                }
                if case .rerun(let from, _) = line { #expect(from >= 0 && from <= InputScript.maximumTime) }
            } catch {
                let text = "\(error)"
                #expect(text.hasPrefix("f:1: ") && !text.contains("\n"), "\(text)")
            }
        }
    }

    @Test func aPressOnTheDimmedLaneGoesToThatRunAndCtrlZComesBack() throws {
        let configure: Configure = { $0.scene = .drag }
        let s = try Self.run(Self.gestures, configure) { $0.frameTime >= 3.5 - 1e-9 }
        let atEnd = s.dumpJSON().compactText
        // Back to 1 s and on with a click: the old future (1 s to 3.5 s) becomes a branch.
        s.scrub(to: 1.0)
        s.dispatch(.pointer(.down(Point(x: 700, y: 600), at: s.hostNow)))
        s.dispatch(.pointer(.up(Point(x: 700, y: 600), at: s.hostNow)))
        for _ in 0..<30 { s.now = s.hostNow + Self.interval; s.step(realDt: Self.interval) }
        let resumed = s.dumpJSON().compactText
        #expect(s.timeline.branches.count == 1 && s.timelineBranchSpans.count == 1)
        s.dispatch(.key(KeyEvent(.down, key: LabSession.timelineKey, timestamp: s.hostNow)))
        let span = try #require(s.timelineBranchSpans.first)
        let lane = s.timelineStripLayout.branchLane
        // A press on the lane at the branch's last moment shows that run there, exactly.
        let x = min(s.timelineX(of: span.upperBound) - 0.5, lane.maxX - 1)
        s.dispatch(.pointer(.down(Point(x: x, y: lane.midY), at: s.hostNow)))
        s.dispatch(.pointer(.up(Point(x: x, y: lane.midY), at: s.hostNow)))
        #expect(s.history.isParked || s.history.steps.count > 0)
        s.scrub(to: span.upperBound)
        #expect(s.dumpJSON().compactText == atEnd, "the dimmed run, exactly")
        // Ctrl+Z: back to the run that resumed, exactly.
        s.dispatch(.key(KeyEvent(.down, key: "z", modifiers: .control, timestamp: s.hostNow)))
        s.scrub(to: 100)
        #expect(s.dumpJSON().compactText == resumed)
        // A press elsewhere on the strip still scrubs.
        #expect(s.branch(at: Point(x: lane.midX, y: s.timelineStripFrame.maxY - 2)) == nil)
    }
}
