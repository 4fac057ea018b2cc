import Testing
import Geometry
import Drawing
import Gestures
import LabUI

/// The timeline strip's drawing (issue 39 part 5) for a stub model: the range it shows, the
/// playhead's readout with the frame number, the other branches' lane and the hint, and the
/// recorded pointer the overlay draws in scrubbed frames.
@Suite struct TimelineStripDrawingTests {
    static func strip(_ model: StubInterfaceModel) -> DisplayList {
        var list = DisplayList()
        model.drawTimelineStrip(into: &list, z: 0)
        return list
    }

    static func fills(_ list: DisplayList, color: Color) -> [Rect] {
        list.items.compactMap { if case let .fill(r, _, c, _, _) = $0.command, c == color { r } else { nil } }
    }

    static func stripModel() -> StubInterfaceModel {
        let model = StubInterfaceModel(.drag)
        model.timelineVisible = true
        model.timelineEnd = 30
        model.timelineStripSpan = 30
        model.playhead = 12.5
        return model
    }

    /// The readout is the playhead's session time, and the frame number when the model counts
    /// frames; near the right end it turns to the playhead's left, inside the strip.
    @Test func theReadoutShowsTheTimeAndTheFrameNumber() {
        #expect(TimelineStrip.readout(time: 12.5, frame: 750) == "12.50 s · frame 750")
        #expect(TimelineStrip.readout(time: 0.0166667, frame: nil) == "0.02 s")
        let model = Self.stripModel()
        model.playheadFrame = 750
        #expect(InterfaceDrawingTests.texts(Self.strip(model)).contains("12.50 s · frame 750"))
        model.playhead = 30
        model.playheadFrame = 1800
        let frame = model.timelineStripFrame
        for item in Self.strip(model).items {
            guard case let .text(s, r, _, _, _, _) = item.command, s.hasPrefix("30.00 s") else { continue }
            #expect(r.minX >= frame.minX && r.minX + Double(s.count) * 5.5 <= frame.maxX, "\(s) at \(r) in \(frame)")
        }
    }

    /// The strip's axis maps each frame both ways exactly, linearly between frames and with
    /// session time beyond the ends.
    @Test func theAxisCountsFrames() {
        let dt = 1.0 / 60
        let clock = TimelineStripClock(sessionTimes: [0, 0.5, 1.4, 1.45, 3.0], stripTimes: (0...4).map { Double($0) * dt })
        for (n, t) in [0.5, 1.4, 1.45, 3.0].enumerated() {
            #expect(clock.stripTime(ofSessionTime: t) == Double(n + 1) * dt)
            #expect(clock.sessionTime(ofStripTime: Double(n + 1) * dt) == t)
        }
        #expect(clock.stripTime(ofSessionTime: 0) == 0 && clock.stripTime(ofSessionTime: 0.25) == dt / 2)
        #expect(abs(clock.stripTime(ofSessionTime: 2.225) - 3.5 * dt) < 1e-12, "halfway between frames 3 and 4")
        #expect(abs(clock.stripTime(ofSessionTime: 4) - (4 * dt + 1)) < 1e-12, "after the last frame: session time")
        #expect(abs(clock.sessionTime(ofStripTime: 4 * dt + 1) - 4) < 1e-12)
        let later = TimelineStripClock(sessionTimes: [10, 11], stripTimes: [100 * dt, 101 * dt])
        #expect(later.stripTime(ofSessionTime: 10) == 100 * dt && abs(later.stripTime(ofSessionTime: 9) - (100 * dt - 1)) < 1e-12)
        #expect(TimelineStripClock.identity.stripTime(ofSessionTime: 7.25) == 7.25)
        // The strip draws the model's times on that axis.
        let model = Self.stripModel()
        model.timelineEnd = 3.0
        model.timelineStripSpan = 10 * dt
        model.stripClock = clock
        model.playhead = 1.4
        model.timelineLogLines = [.pointer(.down(Point(x: 9, y: 9), at: 1.4)), .pointer(.up(Point(x: 9, y: 9), at: 3.0))]
        let list = Self.strip(model)
        let layout = model.timelineStripLayout
        #expect(layout.end == 10 * dt && layout.span == 10 * dt, "shorter than its span: from 0")
        let bars = list.items.compactMap { if case let .fill(r, 2, _, _, _) = $0.command { r } else { nil } }
        #expect(bars.count == 1 && abs(bars[0].minX - layout.x(of: 2 * dt)) < 1e-9 && abs(bars[0].maxX - layout.x(of: 4 * dt)) < 1e-9)
        #expect(abs(model.timelineX(of: 1.4) - layout.x(of: 2 * dt)) < 1e-9 && abs(model.timelineTime(atX: layout.x(of: 2 * dt)) - 1.4) < 1e-9)
        #expect(InterfaceDrawingTests.texts(list).contains(TimelineStrip.readout(time: 2 * dt, frame: nil)))
    }

    /// The track shows the model's range: a range held still maps times as it did when it was
    /// taken, whatever the timeline's end is now.
    @Test func theTrackShowsTheModelsRange() {
        let model = Self.stripModel()
        let before = model.timelineStripLayout
        #expect(before.end == 30 && before.span == 30)
        model.frozenStripRange = 0...30
        model.timelineEnd = 42
        let held = model.timelineStripLayout
        #expect(held == before, "held, the range stays where it was")
        #expect(model.timelineTime(atX: model.timelineX(of: 17)) == 17)
        model.frozenStripRange = nil
        #expect(model.timelineStripLayout.end == 42, "released, it catches up")
        model.timelineEnd = 4
        #expect(model.timelineStripLayout.end == 30, "a session shorter than the span fills it from 0")
    }

    /// Other branches are dim bars in a thin lane above the track, from their start to their
    /// end; the hint shows at the right end. Neither shows without them.
    @Test func branchesAndTheHintShowOnlyWhenGiven() {
        let model = Self.stripModel()
        let plain = Self.strip(model)
        #expect(Self.fills(plain, color: TimelineStrip.branchColor).isEmpty)
        let hint = "Enter re-runs the dimmed branch on the current values"
        model.timelineBranchSpans = [4...9, 20...40]
        model.timelineHint = hint
        let list = Self.strip(model)
        let layout = model.timelineStripLayout
        let track = layout.frame.insetBy(dx: TimelineStripLayout.trackInset, dy: 0)
        let lanes = Self.fills(list, color: TimelineStrip.branchColor)
        #expect(lanes.count == 2)
        #expect(abs(lanes[0].minX - layout.x(of: 4)) < 1e-9 && abs(lanes[0].maxX - layout.x(of: 9)) < 1e-9)
        #expect(abs(lanes[1].maxX - track.maxX) < 1e-9, "a span past the end is cut at the track's end")
        // Above the gestures' bars, inside the strip, and thin.
        let bars = list.items.compactMap { if case let .fill(r, 2, _, _, _) = $0.command { r } else { nil } }
        for lane in lanes {
            #expect(lane.height == TimelineStrip.branchLaneHeight && lane.minY > layout.frame.minY)
            #expect(bars.allSatisfy { lane.maxY <= $0.minY })
        }
        let hints = list.items.compactMap { item -> Rect? in
            if case let .text(s, r, _, _, .right, _) = item.command, s == hint { r } else { nil }
        }
        #expect(hints.count == 1 && hints[0].maxX <= layout.frame.maxX && hints[0].minY >= layout.frame.minY)
        model.timelineHint = ""
        model.timelineBranchSpans = []
        #expect(Self.strip(model).items.count == plain.items.count)
    }

    /// The overlay draws the recorded pointer (``PointerMarker``, as `--pointer` draws it) while
    /// the model shows it: a ring, filled while pressed; nothing otherwise.
    @Test func theOverlayDrawsTheRecordedPointer() {
        let model = StubInterfaceModel(.drag)
        func overlay() -> DisplayList {
            var o = Overlay()
            var list = DisplayList()
            o.draw(session: model, measurer: EstimatedTextMeasurer.shared, into: &list)
            return list
        }
        func markers(_ list: DisplayList) -> [DisplayList.Item] { list.items.filter { $0.z == PointerMarker.z } }
        let p = Point(x: 300, y: 240)
        model.pointerLocation = p
        #expect(markers(overlay()).isEmpty, "live: the user's own cursor is the pointer")
        model.showsRecordedPointer = true
        var ring = DisplayList()
        PointerMarker.draw(at: p, pressed: false, into: &ring)
        #expect(markers(overlay()) == ring.items)
        model.isPointerDown = true
        var pressed = DisplayList()
        PointerMarker.draw(at: p, pressed: true, into: &pressed)
        #expect(markers(overlay()) == pressed.items)
        let disc = Rect(center: p, size: Size(width: 2 * PointerMarker.radius, height: 2 * PointerMarker.radius))
        #expect(pressed.items.contains { if case let .fill(r, _, _, _, _) = $0.command { r == disc } else { false } }, "filled while pressed")
        #expect(!ring.items.contains { if case .fill = $0.command { true } else { false } })
        model.pointerLocation = nil
        #expect(markers(overlay()).isEmpty, "no pointer seen yet")
    }
}
