import Testing
import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
import LabUI
@testable import Lab

/// Issue 27 part 2, the timeline's contract: the state shown at session time T after any
/// scrubbing equals a straight replay of the same input to T, byte for byte in `--dump` (items
/// and dynamic items). Each scene is driven headless by a seeded random script of gestures,
/// keys and `scrub` lines (back, forward, resume, scrub again, `,` while paused); after every
/// scrub and at the end its dump is compared with a fresh session replaying the session's log
/// (what it shows, with the discarded futures left out) through the recording replay path.
@Suite struct TimelineContractTests {
    static let interval = 1.0 / 60

    /// A press at `p` at `t`, held, dragged along to `q` and released.
    static func drag(from p: Point, to q: Point, at t: Double, hold: Double, moves: Int = 8, over: Double = 0.4) -> [ScriptLine] {
        var lines: [ScriptLine] = [.input(.pointer(.down(p, at: t)))]
        for i in 1...moves {
            let f = Double(i) / Double(moves)
            lines.append(.input(.pointer(.moved(Point(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f), at: t + hold + over * f))))
        }
        lines.append(.input(.pointer(.up(q, at: t + hold + over + 0.01))))
        return lines
    }

    /// A click at `p` at `t`.
    static func click(_ p: Point, at t: Double) -> [ScriptLine] {
        [.input(.pointer(.down(p, at: t))), .input(.pointer(.up(p, at: t + 0.06)))]
    }

    static func key(_ k: String, at t: Double) -> ScriptLine { .input(.key(KeyEvent(.down, key: k, timestamp: t))) }

    /// A seeded random script after `prelude` until `duration` s: clicks, long-press drags and
    /// flicks, wheel turns, Space, `,` and scrubs to random earlier (and later) times.
    static func randomScript(seed: UInt64, after prelude: [ScriptLine], from start: Double, duration: Double) -> [ScriptLine] {
        var rng = SeededRandom(seed: seed)
        var lines = prelude
        var t = start
        func point() -> Point { Point(x: rng.range(30, 940), y: rng.range(50, 760)) }
        while t < duration {
            t += rng.range(0.05, 0.4)
            switch rng.int(10) {
            case 0: lines += click(point(), at: t); t += 0.1
            case 1, 2:
                let hold = rng.range(0.05, 0.6), p = point()
                lines += drag(from: p, to: Point(x: p.x + rng.range(-300, 300), y: p.y + rng.range(-300, 300)), at: t, hold: hold)
                t += hold + 0.45
            case 3: lines.append(.input(.scroll(ScrollEvent(location: point(), delta: Vector(dx: 0, dy: rng.range(-4, 4)), timestamp: t))))
            case 4: lines.append(key("space", at: t))
            case 5: lines.append(key(rng.chance(0.7) ? "," : "right", at: t))
            default: lines.append(.scrub(to: rng.range(0, t), at: t))
            }
        }
        return lines
    }

    /// Writes `lines` as a script file and returns its path.
    static func write(_ lines: [ScriptLine]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString).jsonl").path
        try lines.map { $0.text(exact: true) }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The dump of a fresh session replaying `lines` (a log: frames with their `now` and
    /// `realDt`) as `kinetic run --script` replays a recording, to its last frame.
    static func straightReplay(_ lines: [ScriptLine], _ configure: (inout LabConfiguration) -> Void) throws -> String {
        let path = try write(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = try openedSession { configure(&$0); $0.script = path }
        while s.nextReplayFrameTime != nil, let dt = s.beginReplayFrame(interval: interval, runsOn: false) {
            s.step(realDt: dt)
        }
        return s.dumpJSON().compactText
    }

    /// Runs `script` headless (frames every 1/60 s of the host's clock) and checks the contract
    /// after every frame that scrubbed and at the end. Returns the number of checks and scrubs.
    @discardableResult
    ///
    /// With `spareTime`, checkpoints replay apart from the step, as a window replays them: a
    /// frame at a time while they fit in the frame's spare time (``SpareTimeReplay``), on a
    /// simulated clock where a frame leaves `spare` seconds and a replayed frame costs `cost`.
    static func checkContract(_ script: [ScriptLine], _ configure: @escaping (inout LabConfiguration) -> Void,
                              comment: String, spareTime: (spare: Double, cost: Double)? = nil) throws -> (checks: Int, scrubs: Int, fromCheckpoints: Int) {
        let path = try write(script)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = try openedSession { configure(&$0); $0.script = path }
        // Checkpoints every 40 frames, 3 frames a frame, at most 4: scrubs start from them, and
        // the oldest seeds the next.
        s.timeline.policy = .init(framesPerFrame: 3, spacing: 40, maximum: 4)
        var budget = SpareTimeReplay()
        if spareTime != nil { s.timeline.advancesInStep = false }
        let end = (script.map(\.timestamp).max() ?? 0) + 0.5
        var frame = 0, checks = 0, scrubs = 0
        while Double(frame) * interval < end {
            frame += 1
            s.now = Double(frame) * interval
            let shift = s.timeShift, frames = s.history.steps.count
            s.deliverScript(upTo: s.hostNow)
            s.step(realDt: interval)
            if let (spare, cost) = spareTime {
                var clock = 0.0
                while s.timeline.checkpointWorkPending && budget.fits(now: clock, deadline: spare) && s.timeline.advanceCheckpoints(frames: 1) > 0 {
                    budget.record(start: clock, end: clock + cost)
                    clock += cost
                }
            }
            var list = DisplayList()
            s.drawScenes(into: &list)
            // A scrub (or `,`) rebuilt the moment: the frame count or the clock's shift changed.
            let scrubbed = s.timeShift != shift || s.history.steps.count != frames + 1
            if scrubbed { scrubs += 1 }
            if scrubbed || Double(frame + 1) * interval >= end {
                let log = try #require(s.log)
                let expected = try straightReplay(log.lines, configure)
                let shown = s.dumpJSON().compactText
                #expect(shown == expected, "\(comment): frame \(frame), session time \(s.now)")
                checks += 1
                if shown != expected { return (checks, scrubs, s.history.checkpointsUsed) }
            }
        }
        // print("TIMELINE \(comment): \(s.history.checkpointsUsed) from checkpoints, \(checks) checks, \(scrubs) scrubs, \(frame) frames, running \(s.scenesNeedFrame), \(s.dumpJSON().compactText.count) chars")
        return (checks, scrubs, s.history.checkpointsUsed)
    }

    // MARK: The five scenes

    @Test(arguments: [0, 100, 200] as [UInt64]) func dragWithASelectionAndADragInFlight(seedOffset: UInt64) throws {
        // Two cells selected, then long presses that carry them.
        let prelude = Self.click(Point(x: 25, y: 55), at: 0.1) + Self.click(Point(x: 145, y: 115), at: 0.3)
            + Self.drag(from: Point(x: 25, y: 55), to: Point(x: 300, y: 400), at: 0.5, hold: 0.6)
            + [.scrub(to: 1.3, at: 1.6)]  // back into the drag, which runs on from there
        let script = Self.randomScript(seed: 27 + seedOffset, after: prelude, from: 1.6, duration: 10)
        let r = try Self.checkContract(script, { $0.scene = .drag }, comment: "drag")
        #expect(r.scrubs >= 3 && r.fromCheckpoints >= 1, "\(r)")
    }

    /// Checkpoints replayed a frame at a time in spare time (as in a window) are as exact.
    @Test func dragWithCheckpointsReplayedInSpareTime() throws {
        let prelude = Self.click(Point(x: 25, y: 55), at: 0.1)
            + Self.drag(from: Point(x: 25, y: 55), to: Point(x: 300, y: 400), at: 0.5, hold: 0.6)
        let script = Self.randomScript(seed: 2700, after: prelude, from: 1.6, duration: 10)
        // 5 ms spare, 2 ms a replayed frame: two frames a frame.
        let r = try Self.checkContract(script, { $0.scene = .drag }, comment: "drag in spare time", spareTime: (0.005, 0.002))
        #expect(r.scrubs >= 3 && r.fromCheckpoints >= 1, "\(r)")
    }

    @Test(arguments: [0, 100, 200] as [UInt64]) func springyWhileScrolling(seedOffset: UInt64) throws {
        let prelude: [ScriptLine] = [.input(.scroll(ScrollEvent(location: Point(x: 300, y: 400), delta: Vector(dx: 0, dy: -5), timestamp: 0.1)))]
            + Self.drag(from: Point(x: 300, y: 600), to: Point(x: 300, y: 200), at: 0.3, hold: 0.02, over: 0.2)
            + [.scrub(to: 0.45, at: 0.7)]
        let script = Self.randomScript(seed: 28 + seedOffset, after: prelude, from: 0.7, duration: 10)
        let r = try Self.checkContract(script, { $0.scene = .springy }, comment: "springy")
        #expect(r.scrubs >= 3 && r.fromCheckpoints >= 1, "\(r)")
    }

    @Test(arguments: [0, 100, 200] as [UInt64]) func cardsWithAnOpenCard(seedOffset: UInt64) throws {
        // A card opened, then scrubbed back into its expansion.
        let prelude = Self.click(Point(x: 490, y: 415), at: 0.1) + [.scrub(to: 0.25, at: 0.6)]
            + Self.drag(from: Point(x: 490, y: 300), to: Point(x: 490, y: 500), at: 0.8, hold: 0.02, over: 0.2)
        let script = Self.randomScript(seed: 29 + seedOffset, after: prelude, from: 1.2, duration: 10)
        let r = try Self.checkContract(script, { $0.scene = .cards }, comment: "cards")
        #expect(r.scrubs >= 3 && r.fromCheckpoints >= 1, "\(r)")
    }

    @Test(arguments: [0, 100, 200] as [UInt64]) func exchangeWithAnExchangeInFlight(seedOffset: UInt64) throws {
        // A cell caught and carried over others, scrubbed back while it is held.
        let prelude = Self.drag(from: Point(x: 60, y: 80), to: Point(x: 400, y: 300), at: 0.1, hold: 0.3, moves: 12, over: 0.6)
            + [.scrub(to: 0.7, at: 1.2)]
        let script = Self.randomScript(seed: 30 + seedOffset, after: prelude, from: 1.2, duration: 10)
        let r = try Self.checkContract(script, { $0.scene = .exchange }, comment: "exchange")
        #expect(r.scrubs >= 3 && r.fromCheckpoints >= 1, "\(r)")
    }

    @Test(arguments: [0, 100, 200] as [UInt64]) func dynamicsWithADragInFlight(seedOffset: UInt64) throws {
        let prelude = Self.drag(from: Point(x: 490, y: 200), to: Point(x: 200, y: 500), at: 0.2, hold: 0.05)
            + [.scrub(to: 0.4, at: 0.9)]
        let script = Self.randomScript(seed: 31 + seedOffset, after: prelude, from: 0.9, duration: 10)
        let r = try Self.checkContract(script, { $0.scene = .dynamics; $0.demo = "attachments" }, comment: "dynamics")
        #expect(r.scrubs >= 3 && r.fromCheckpoints >= 1, "\(r)")
    }

    /// A session longer than the minute: checkpoints made from the session's start and then from
    /// the oldest one once it left the minute; scrubs to the far end of the minute and back.
    @Test func aSessionLongerThanTheMinute() throws {
        var script: [ScriptLine] = []
        var t = 0.3
        while t < 64 {
            script += Self.drag(from: Point(x: 490, y: 200), to: Point(x: 200 + t * 5, y: 500), at: t, hold: 0.05)
            t += 2.7
        }
        // Paused, the playhead moves back and forth through the minute; Space goes on from there.
        script.append(Self.key("space", at: 65.5))
        for (at, to) in [(66.0, 63.0), (66.5, 8.0), (67.0, 40.0), (67.5, 12.5), (68.0, 64.5)] { script.append(.scrub(to: to, at: at)) }
        script.append(Self.key("space", at: 69))
        let path = try Self.write(script)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configure: (inout LabConfiguration) -> Void = { $0.scene = .dynamics; $0.demo = "collision" }
        let s = try openedSession { configure(&$0); $0.script = path }
        s.timeline.policy = .init(framesPerFrame: 8, spacing: 300, maximum: 6)
        var frame = 0
        while Double(frame) * Self.interval < 74 {
            frame += 1
            s.now = Double(frame) * Self.interval
            let shift = s.timeShift
            s.deliverScript(upTo: s.hostNow)
            s.step(realDt: Self.interval)
            if s.timeShift != shift || s.history.isParked && frame % 20 == 0 {
                #expect(s.dumpJSON().compactText == (try Self.straightReplay(s.log!.lines, configure)), "after the scrub at \(s.hostNow)")
            }
        }
        #expect(s.history.checkpointsUsed >= 3, "\(s.history.checkpointsUsed)")
        #expect(s.timelineStart > 0 && s.playhead > 65, "\(s.timelineStart) \(s.playhead)")
        #expect(s.dumpJSON().compactText == (try Self.straightReplay(s.log!.lines, configure)))
    }

    /// The A/B compare and scene switches are part of what a moment holds.
    @Test func compareAndSceneSwitches() throws {
        let prelude = [Self.key("b", at: 0.1)] + Self.click(Point(x: 25, y: 55), at: 0.2)
            + [Self.key("2", at: 0.5)] + Self.drag(from: Point(x: 200, y: 600), to: Point(x: 200, y: 300), at: 0.6, hold: 0.02)
            + [.scrub(to: 0.3, at: 1.3), Self.key("4", at: 1.5)]
        let script = Self.randomScript(seed: 32, after: prelude, from: 1.5, duration: 4)
        try Self.checkContract(script, { $0.scene = .drag }, comment: "compare")
    }

    // MARK: Parking, stepping, the script line

    /// Paused, the playhead moves back and forward through the kept future; back at the end it
    /// shows exactly what it showed before; `,` steps back one frame at a time; Space resumes
    /// from the past and discards the future.
    @Test func scrubbingBackAndForwardWhilePausedKeepsTheFuture() throws {
        let s = try openedSession { $0.scene = .drag }
        var f = 0
        func frame(_ inputs: [InputEvent] = []) {
            f += 1
            s.now = Double(f) * Self.interval
            for e in inputs { s.dispatch(e.retimed(s.hostNow)) }
            s.step(realDt: Self.interval)
        }
        func key(_ k: String) -> InputEvent { .key(KeyEvent(.down, key: k, timestamp: 0)) }
        frame([.pointer(.down(Point(x: 25, y: 55), at: 0))])
        for _ in 0..<40 { frame() }  // the long press lifts the cell
        for i in 0..<30 { frame([.pointer(.moved(Point(x: 25 + 8 * Double(i), y: 55 + 6 * Double(i)), at: 0))]) }
        frame([key("space")])
        for _ in 0..<5 { frame() }
        let live = s.dumpJSON().compactText, liveEnd = s.timelineEnd
        s.scrub(to: 0.5)
        #expect(s.history.isParked && s.history.isHeld && abs(s.playhead - 0.5) < Self.interval, "paused before the pause: held")
        frame(); frame()
        s.scrub(to: 0.8)
        #expect(s.history.isParked && abs(s.playhead - 0.8) < Self.interval && s.timelineEnd == liveEnd)
        #expect(s.history.lastReplayedLines < 30, "forward from the parked moment: only the frames between")
        #expect(try Self.straightReplay(s.log!.lines, { $0.scene = .drag }) == s.dumpJSON().compactText)
        let atPoint8 = s.dumpJSON()
        frame()
        s.dispatch(key(","))
        #expect(s.playhead < 0.8 && s.playhead > 0.8 - 2 * Self.interval, "one frame back: \(s.playhead)")
        #expect(s.dumpJSON() != atPoint8)
        s.scrub(to: liveEnd)
        #expect(!s.history.isParked)
        // Back at the live end: the same state, frame counter and time included.
        #expect(s.dumpJSON().compactText == live)
        #expect(try Self.straightReplay(s.log!.lines, { $0.scene = .drag }) == s.dumpJSON().compactText)
        // Back again, then Space: time runs and the future is gone.
        s.scrub(to: 0.6)
        frame([key("space")])
        frame()
        #expect(!s.history.isParked && s.timelineEnd < liveEnd)
        #expect(try Self.straightReplay(s.log!.lines, { $0.scene = .drag }) == s.dumpJSON().compactText)
    }

    /// A scrub shows the scenes as they were, but the help card as the user has it now: dismissed
    /// with H during the launch card's four seconds, it stays away after a scrub back into them
    /// (the moment's replay goes through the H press again).
    @Test func aScrubKeepsTheHelpCardAsTheUserLeftIt() throws {
        let s = try openedSession { $0.scene = .drag; $0.headless = false }
        s.timeline.policy = .init(framesPerFrame: 8, spacing: 30, maximum: 4)
        #expect(s.overlay.showsHelp(at: 0.5), "the launch card")
        for f in 1...150 {
            s.now = Double(f) * Self.interval
            if f == 30 { s.dispatch(.key(KeyEvent(.down, key: "h", timestamp: s.now))) }
            s.step(realDt: Self.interval)
        }
        #expect(!s.overlay.showsHelp(at: s.now))
        // From a checkpoint, then from the session's start (no checkpoint before 0.2 s), both
        // replaying the H press.
        for t in [1.0, 0.6, 0.2] {
            s.scrub(to: t)
            #expect(abs(s.playhead - t) < Self.interval)
            #expect(!s.overlay.showsHelp(at: s.now), "dismissed before the scrub, dismissed after it (\(t) s)")
        }
    }

    /// The strip moved to a moment in the middle of a drag: the button that dragged the playhead
    /// is up, so the press the moment holds is the user's no more. When time runs on from there
    /// (at once, unpaused) the press ends with a cancel (the cell flies home, as after Esc), so
    /// the pointer moving afterwards is hover, not a drag; the log holds the cancel, so a
    /// straight replay shows the same. Paused, the pointer moving is hover while the playhead
    /// rests, and Space cancels the press before time runs.
    @Test(arguments: [false, true])
    func aPressTheStripLeftHeldEndsWhenTimeRunsOn(paused: Bool) throws {
        let s = try openedSession { $0.scene = .drag; $0.headless = false }
        var f = 0
        var host: Double { Double(f) * Self.interval }   // event times are the host's clock
        func frame(_ inputs: [InputEvent] = []) {
            f += 1
            s.now = host
            for i in inputs { s.dispatch(i) }
            s.step(realDt: Self.interval)
        }
        func cellFrame() -> String { s.dumpJSON().compactText.split(separator: "dynamicItems").last.map(String.init) ?? "" }
        let cell = Point(x: 75, y: 55)   // the second cell's centre (content from y 30)
        frame([.pointer(.down(cell, at: host))]); frame([.pointer(.up(cell, at: host))])   // select it
        frame([.pointer(.down(cell, at: host))])
        for _ in 0..<50 { frame() }                                                         // long press lifts it
        for k in 1...20 { frame([.pointer(.moved(Point(x: cell.x + Double(k) * 10, y: cell.y + Double(k) * 6), at: host))]) }
        let heldAt = s.now
        for _ in 0..<20 { frame() }
        frame([.pointer(.up(Point(x: cell.x + 200, y: cell.y + 120), at: host))])
        for _ in 0..<60 { frame() }
        if paused { frame([.key(KeyEvent(.down, key: "space", timestamp: host))]) }
        frame([.key(KeyEvent(.down, key: LabSession.timelineKey, timestamp: host))])
        let y = s.timelineStripFrame.midY
        s.now = host
        s.dispatch(.pointer(.down(Point(x: s.timelineX(of: s.playhead), y: y), at: host)))
        s.dispatch(.pointer(.moved(Point(x: s.timelineX(of: heldAt), y: y), at: host)))
        s.dispatch(.pointer(.up(Point(x: s.timelineX(of: heldAt), y: y), at: host)))
        #expect(s.history.isParked && s.history.pressLapsed && s.isPointerDown, "a moment holding the press")
        if paused {
            let shown = cellFrame()
            frame([.pointer(.moved(Point(x: 600, y: 500), at: host))])
            #expect(cellFrame() == shown && s.history.isParked, "hover while paused drags nothing and resumes nothing")
            frame([.key(KeyEvent(.down, key: "space", timestamp: host))])
        } else {
            frame()   // shows the moment scrubbed to (issue 39: the scrub's frame shows T)
            #expect(s.history.pressLapsed && s.isPointerDown, "the frame that shows the scrubbed moment steps nothing")
            frame()
        }
        #expect(!s.history.pressLapsed && !s.isPointerDown, "the press ended as time ran on")
        #expect(s.log!.lines.contains { if case .input(.pointer(let e)) = $0 { e.phase == .cancelled } else { false } })
        let before = cellFrame()
        frame([.pointer(.moved(Point(x: 700, y: 600), at: host))])
        for _ in 0..<90 { frame() }
        #expect(cellFrame() != before, "the cell flew home")
        #expect(try Self.straightReplay(s.log!.lines, { $0.scene = .drag }) == s.dumpJSON().compactText, "the replay matches")
    }

    /// Checkpoints are made where the playhead can move: in a window, and for a script with
    /// scrub lines; a headless run without one makes none.
    @Test func checkpointsOnlyWhereThePlayheadCanMove() throws {
        #expect(try !openedSession().timeline.policy.isEnabled)
        #expect(try openedSession { $0.headless = false }.timeline.policy.isEnabled)
        let path = try Self.write([.scrub(to: 0, at: 1)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try openedSession { $0.script = path }.timeline.policy.isEnabled)
    }

    @Test func theScrubLineReadsBackExactlyAndIsCheckedStrictly() throws {
        let line = ScriptLine.scrub(to: 1.0 / 3, at: 2.5)
        #expect(line.text(exact: true) == #"{"t":2.5,"type":"scrub","to":0.3333333333333333}"#)
        #expect(try InputScript.parseLine(Data(line.text(exact: true).utf8), where: "s:1") == line)
        for (bad, message) in [(#"{"t":1,"type":"scrub"}"#, #"missing "to""#), (#"{"t":1,"type":"scrub","to":-1}"#, #""to" is -1.0 s"#),
                               (#"{"t":1,"type":"scrub","to":1,"x":2}"#, #"unknown field "x" on a "scrub" line"#)] {
            do {
                _ = try InputScript.parseLine(Data(bad.utf8), where: "s:1")
                Issue.record("accepted \(bad)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    /// The strip's key is no scene's and no other lab key; the strip's pointer events scrub and
    /// never reach the scene or the log.
    @Test func theStripScrubsAndKeepsItsEventsToItself() throws {
        let s = try openedSession { $0.scene = .drag }
        #expect(LabHelp.appKeys.filter { $0.input.lowercased().contains(LabSession.timelineKey) }.count == 1)
        for kind in SceneKind.allCases {
            let scene = SceneCatalog.make(kind, items: 10)
            #expect(!scene.parameters.contains { $0.key == LabSession.timelineKey }, "\(kind)")
            #expect(!scene.help.keys.contains { $0.input.lowercased() == LabSession.timelineKey }, "\(kind)")
        }
        for f in 1...90 { s.now = Double(f) * Self.interval; s.step(realDt: Self.interval) }
        s.dispatch(.key(KeyEvent(.down, key: LabSession.timelineKey, timestamp: s.now)))
        #expect(s.overlay.timelineVisible)
        let lines = s.log!.lines.count
        let strip = s.timelineStripFrame
        let x = s.timelineX(of: 0.5)
        s.dispatch(.pointer(.down(Point(x: x, y: strip.midY), at: s.now)))
        #expect(abs(s.playhead - 0.5) < Self.interval && s.history.isParked)
        // Moves queued behind a slow frame rebuild one moment (the last), before the next input or frame.
        s.dispatch(.pointer(.moved(Point(x: s.timelineX(of: 0.9), y: strip.midY), at: s.now)))
        s.dispatch(.pointer(.moved(Point(x: s.timelineX(of: 1.2), y: strip.midY), at: s.now)))
        #expect(abs(s.playhead - 0.5) < Self.interval)
        s.dispatch(.pointer(.up(Point(x: s.timelineX(of: 1.2), y: strip.midY), at: s.now)))
        #expect(abs(s.playhead - 1.2) < Self.interval)
        #expect(!s.overlay.timelineScrubbing && s.log!.lines.count < lines)
        #expect(!s.log!.lines.contains { $0.input != nil }, "neither the key nor the strip's events are logged")
        var list = DisplayList()
        s.drawTimelineStrip(into: &list, z: 0)
        #expect(!list.items.isEmpty)
    }
}
