import Testing
import Geometry
import Drawing
import Gestures
import LabUI
@testable import Lab

/// The timeline strip as a session drives it (issue 39 part 5): its range holds still under the
/// pointer while time runs, its readout steps one frame per `,`, and a scrubbed frame shows where
/// the recorded pointer was.
@Suite struct TimelineStripSessionTests {
    static let interval = 1.0 / 60

    /// A windowed session on the drag scene, driven a 60 Hz frame at a time, events at the host's clock.
    final class Driver {
        let s: LabSession
        var f = 0
        var host = 0.0

        init() throws { s = try openedSession { $0.scene = .drag; $0.headless = false } }

        /// One frame `after` seconds (one refresh interval unless the window waited for input:
        /// it then steps one interval all the same): the clock moves on, `inputs` are
        /// dispatched, the session steps.
        func frame(_ inputs: [InputEvent] = [], after: Double? = nil) {
            f += 1
            host = after.map { host + $0 } ?? Double(f) * TimelineStripSessionTests.interval
            s.now = host
            for e in inputs { s.dispatch(e.retimed(host)) }
            s.step(realDt: TimelineStripSessionTests.interval)
        }

        /// `inputs` between frames (a drag on the strip), at the host's time now.
        func dispatch(_ inputs: InputEvent...) { for e in inputs { s.dispatch(e.retimed(host)) } }

        func key(_ k: String) -> InputEvent { .key(KeyEvent(.down, key: k, timestamp: 0)) }
        func move(_ p: Point) -> InputEvent { .pointer(.moved(p, at: 0)) }

        /// Runs `seconds` of frames, then shows the strip: its frame and the range it shows.
        func showStrip(after seconds: Int) -> (frame: Rect, range: ClosedRange<Double>) {
            for _ in 0..<(seconds * 60) { frame() }
            frame([key(LabSession.timelineKey)])
            return (s.timelineStripFrame, s.timelineStripRange)
        }

        /// The strip's axis as a memo that never saw the session builds it: what the session's
        /// own memo, kept through scrubs and resumes, must equal.
        var freshClock: TimelineStripClock {
            let h = s.history, lines = s.log!.lines
            let past = h.isParked ? lines[..<min(h.parkedLines, lines.count)] : lines[...]
            return TimelineAxisMemo().clock(past: past, future: h.future[...], frames: s.timeline.playheadFrames + h.futureSteps.count,
                                            interval: TimelineStripSessionTests.interval)
        }

        /// The history's end on the strip's axis, seconds.
        var liveEnd: Double { s.timelineStripClock.stripTime(ofSessionTime: s.timelineEnd) }

        /// The strip's readout text as drawn now.
        var readout: String? {
            var list = DisplayList()
            s.drawTimelineStrip(into: &list, z: 0)
            return list.items.lazy.compactMap { if case let .text(t, _, _, _, _, _) = $0.command, t.contains(" s · frame ") { t } else { nil } }.first
        }
    }

    /// Each frame counts the time it took on the axis: one interval after a wait (logged as
    /// one), two for a frame that took two (30 fps under load, jitter snapped), at most 0.25 s
    /// for a stall; the waits themselves count nothing.
    @Test func theAxisCountsTheTimeEachFrameTook() {
        let dt = Self.interval
        let lines: [ScriptLine] = [.frame(now: 0.5, realDt: dt), .input(.pointer(.moved(Point(x: 1, y: 1), at: 1.2))),
                                   .frame(now: 1.4, realDt: dt), .frame(now: 1.434, realDt: 2.05 * dt), .frame(now: 5, realDt: 3.5)]
        let memo = TimelineAxisMemo()
        let clock = memo.clock(past: lines[...], future: [], frames: 4, interval: dt)
        #expect(clock.sessionTimes == [0, 0.5, 1.4, 1.434, 5])
        let expected = [0, dt, 2 * dt, 4 * dt, 4 * dt + 0.25]
        #expect(zip(clock.stripTimes, expected).allSatisfy { abs($0 - $1) < 1e-12 })
        // One more frame: only it is added; the same lines again change nothing.
        let more = lines + [.frame(now: 5.02, realDt: dt)]
        #expect(memo.clock(past: more[...], future: [], frames: 5, interval: dt).stripTimes.count == 6)
        #expect(memo.clock(past: more[...], future: [], frames: 5, interval: dt) == TimelineAxisMemo().clock(past: more[...], future: [], frames: 5, interval: dt))
    }

    /// Hovered, the range the strip shows stays put while time runs (the moment under the
    /// pointer stays under it); the pointer leaving the strip, or the window, lets it catch up.
    /// A parked playhead leaves hover moves out of the log, yet the strip still knows it is hovered.
    @Test func theRangeHoldsStillUnderTheHover() throws {
        let d = try Driver(), s = d.s
        let (strip, live) = d.showStrip(after: 15)
        #expect(live.upperBound == d.liveEnd && s.overlay.timelineFrozenRange == nil)
        let over = Point(x: s.timelineX(of: 6), y: strip.midY)
        d.frame([d.move(over)])
        let held = s.timelineStripRange
        #expect(held == live && s.overlay.timelineHovered)
        for i in 0..<300 { d.frame([d.move(Point(x: over.x + Double(i % 3), y: strip.midY))]) }
        #expect(d.liveEnd > held.upperBound + 4.9, "5 s of time ran")
        #expect(s.timelineStripRange == held && abs(s.timelineTime(atX: over.x) - 6) < 1e-9, "6 s is still under the pointer")
        d.frame([d.move(Point(x: over.x, y: strip.minY - 40))])
        #expect(s.timelineStripRange.upperBound == d.liveEnd && !s.overlay.timelineHovered, "left: it caught up")
        d.frame([d.move(over)])
        for _ in 0..<30 { d.frame() }
        #expect(s.timelineStripRange.upperBound < d.liveEnd - 0.4)
        d.frame([.pointerExited(timestamp: 0)])
        #expect(s.timelineStripRange.upperBound == d.liveEnd, "out of the window: it caught up")
        // Parked in the past and paused: hover moves stay out of the log, the strip still holds.
        d.frame([d.key("space")])
        s.scrub(to: 8)
        #expect(s.history.isParked)
        let lines = s.log!.lines.count
        d.frame([d.move(over)])
        #expect(s.log!.lines.count == lines && s.overlay.timelineHovered && s.overlay.timelineFrozenRange != nil)
        d.frame([d.move(Point(x: over.x, y: strip.minY - 40))])
        #expect(s.overlay.timelineFrozenRange == nil)
    }

    /// Pressed, the range stays put while time runs and through a drag of the playhead (above
    /// the strip too); the drag maps x to the range drawn. It catches up once the button is up
    /// and the pointer off the strip.
    @Test func theRangeHoldsStillThroughADragOfThePlayhead() throws {
        let d = try Driver(), s = d.s
        let (strip, live) = d.showStrip(after: 20)
        // The press lands on the live end: nothing to scrub, and time runs on under it.
        d.dispatch(.pointer(.down(Point(x: s.timelineX(of: s.timelineEnd), y: strip.midY), at: 0)))
        #expect(s.overlay.timelineScrubbing && !s.history.isParked)
        for _ in 0..<60 { d.frame() }
        #expect(d.liveEnd > live.upperBound + 0.99 && s.timelineStripRange == live, "a second ran; the strip held")
        // Dragged back, then above the strip: the playhead goes where the held range says.
        d.dispatch(d.move(Point(x: s.timelineX(of: 12), y: strip.midY)))
        d.frame()
        #expect(s.history.isParked && abs(s.playhead - 12) < Self.interval && s.timelineStripRange == live)
        let above = Point(x: s.timelineX(of: 14), y: strip.minY - 60)
        d.dispatch(d.move(above))
        d.frame()
        #expect(abs(s.playhead - 14) < Self.interval && s.timelineStripRange == live && !s.overlay.timelineHovered)
        d.dispatch(.pointer(.up(above, at: 0)))
        #expect(!s.overlay.timelineScrubbing && s.overlay.timelineFrozenRange == nil)
        #expect(s.timelineStripRange.upperBound == d.liveEnd, "released off the strip: it catches up")
        // Released over the strip, it holds until the pointer leaves.
        d.dispatch(.pointer(.down(Point(x: s.timelineX(of: 10), y: strip.midY), at: 0)))
        d.dispatch(.pointer(.up(Point(x: s.timelineX(of: 10), y: strip.midY), at: 0)))
        #expect(s.overlay.timelineFrozenRange != nil)
    }

    /// Paused, each `,` moves the readout one frame back: 1/60 s on the strip's axis and the
    /// frame number by one (the frame `--dump` reports), however long the window waited before
    /// each frame (here 0.05 to 0.9 s, each frame stepping one interval, as a window idle between
    /// inputs does); the playhead line moves with it, and a press where it is drawn lands on it.
    @Test func eachStepBackMovesTheReadoutOneFrame() throws {
        let d = try Driver(), s = d.s
        d.frame([d.key(LabSession.timelineKey)])
        for _ in 0..<(2 * 60) { d.frame() }
        let gaps = [0.9, 0.05, 0.31, 0.44, 0.2, 0.7, 0.12, 0.9, 0.05, 0.6, 0.33, 0.27]
        for (i, gap) in gaps.enumerated() { d.frame([d.move(Point(x: 300 + Double(i), y: 300))], after: gap) }
        d.frame([d.key("space")], after: 0.5)
        #expect(d.readout == TimelineStrip.readout(time: Double(s.frame) * Self.interval, frame: s.frame))
        d.frame([d.key(",")], after: 0.8)
        #expect(s.history.isParked)
        var sessionSteps: [Double] = []
        for _ in 0..<10 {
            let time = s.playhead, frame = try #require(s.playheadFrame), x = s.timelineX(of: time)
            let axisBefore = s.timelineStripClock.stripTime(ofSessionTime: time)
            d.frame([d.key(",")], after: 0.9)
            sessionSteps.append(time - s.playhead)
            #expect(s.playheadFrame == frame - 1 && s.playheadFrame == s.frame, "the frame number, as --dump counts it")
            #expect(d.readout == TimelineStrip.readout(time: Double(frame - 1) * Self.interval, frame: frame - 1),
                    "one frame (1/60 s) on the strip's axis")
            let axis = s.timelineStripClock.stripTime(ofSessionTime: s.playhead)
            #expect(abs(axisBefore - axis - Self.interval) < 1e-12 && abs(axis - Double(frame - 1) * Self.interval) < 1e-9)
            #expect(s.timelineX(of: s.playhead) < x)
        }
        #expect(sessionSteps.max()! > 0.5, "the session's clock moved by the waits: \(sessionSteps)")
        #expect(s.dumpJSON().compactText.contains("\"frame\":\(s.playheadFrame!)"))
        #expect(s.timelineStripClock == d.freshClock)
        // A press at the playhead drawn 3 frames back lands on that frame.
        let target = s.timelineStripClock.sessionTimes[s.frame - 3]
        let frame = s.frame
        d.dispatch(.pointer(.down(Point(x: s.timelineX(of: target), y: s.timelineStripFrame.midY), at: 0)))
        #expect(s.frame == frame - 3 && s.playhead == target)
    }

    /// Parked in the past (and held), the overlay draws where the recorded pointer was, filled
    /// while its button was down, as `--pointer` draws it; the user's hover over the strip does
    /// not move it. Live, it is not drawn.
    @Test func aScrubbedFrameShowsTheRecordedPointer() throws {
        let d = try Driver(), s = d.s
        func markers() -> [DisplayList.Item] {
            var overlay = Overlay()
            var list = DisplayList()
            overlay.draw(session: s, measurer: EstimatedTextMeasurer.shared, into: &list)
            return list.items.filter { $0.z == PointerMarker.z }
        }
        let cell = Point(x: 75, y: 55), hover = Point(x: 500, y: 300)
        for _ in 0..<30 { d.frame([d.move(hover)]) }
        d.frame([.pointer(.down(cell, at: 0))])
        for _ in 0..<50 { d.frame() }
        for k in 1...20 { d.frame([d.move(Point(x: cell.x + Double(k) * 10, y: cell.y + Double(k) * 6))]) }
        let heldAt = s.playhead, heldPoint = Point(x: cell.x + 200, y: cell.y + 120)
        for _ in 0..<20 { d.frame() }
        d.frame([.pointer(.up(heldPoint, at: 0))])
        for _ in 0..<30 { d.frame([d.move(Point(x: 600, y: 400))]) }
        #expect(markers().isEmpty && !s.showsRecordedPointer, "live: no recorded pointer")
        d.frame([d.key("space"), d.key(LabSession.timelineKey)])
        let y = s.timelineStripFrame.midY
        d.dispatch(.pointer(.down(Point(x: s.timelineX(of: heldAt), y: y), at: 0)))
        #expect(s.history.isParked && s.isPointerDown && s.pointer == heldPoint)
        var pressed = DisplayList()
        PointerMarker.draw(at: heldPoint, pressed: true, into: &pressed)
        #expect(s.showsRecordedPointer && markers() == pressed.items, "the ring at the recorded pointer, filled: pressed")
        d.dispatch(.pointer(.up(Point(x: s.timelineX(of: heldAt), y: y), at: 0)))
        d.frame([d.move(Point(x: s.timelineX(of: heldAt) + 30, y: y))])
        #expect(markers() == pressed.items, "hovering the strip leaves the recorded pointer where it was")
        // Before the press: a ring, not filled, where the pointer hovered.
        s.scrub(to: 0.3)
        d.frame()
        var ring = DisplayList()
        PointerMarker.draw(at: hover, pressed: false, into: &ring)
        #expect(!s.isPointerDown && markers() == ring.items)
        d.frame([d.key("space")])
        d.frame()
        #expect(!s.history.isParked && markers().isEmpty, "running again: live")
        for _ in 0..<20 { d.frame([d.move(Point(x: 500, y: 420))], after: 0.3) }
        #expect(s.timelineStripClock == d.freshClock, "the memo followed the scrubs and the resume")
    }
}
