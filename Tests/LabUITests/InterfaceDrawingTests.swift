import Testing
import Geometry
import Drawing
import Gestures
import Scenes
import LabUI

/// The interface's display lists for a stub model, without pixels: what the HUD, the overlay and
/// the timeline strip draw from the values a model reports.
@Suite struct InterfaceDrawingTests {
    static func texts(_ list: DisplayList) -> [String] {
        list.items.compactMap { if case let .text(s, _, _, _, _, _) = $0.command { s } else { nil } }
    }

    @Test func theHUDShowsTheModelsFigures() throws {
        let model = StubInterfaceModel(.drag)
        model.isPaused = true
        let panel = HUDLayout.frame(in: model.windowSize, expanded: true)
        var list = DisplayList()
        var caches: [HUD.PlotCache] = []
        HUD.draw(session: model, in: panel, measurer: EstimatedTextMeasurer.shared, into: &list, z: 7, caches: &caches)
        let texts = Self.texts(list)
        #expect(texts.first == model.scene.name)
        #expect(texts.contains("paused"))
        #expect(texts.contains("60 fps   16.7 ms   @60 Hz"))
        for p in model.scene.rowParameters {
            #expect(texts.contains(p.label) && texts.contains(p.formatted), "\(p.name)")
        }
        #expect(texts.contains { $0.hasPrefix("step response") }, "the drag scene's spring is plotted")
        #expect(list.items.allSatisfy { $0.z == 7 })
        // Every text starts inside the column.
        for item in list.items {
            guard case let .text(s, frame, _, _, _, _) = item.command else { continue }
            #expect(frame.minX >= panel.minX && frame.minX < panel.maxX && frame.minY >= panel.minY, "\(s) at \(frame)")
        }
        #expect(caches.count == 2)
    }

    /// A value being typed shows in its field with a caret; a dragged row is highlighted.
    @Test func theHUDShowsWhatIsBeingChanged() {
        let model = StubInterfaceModel(.drag)
        let panel = HUDLayout.frame(in: model.windowSize, expanded: true)
        let first = model.scene.rowParameters[0]
        func draw() -> DisplayList {
            var list = DisplayList()
            var caches: [HUD.PlotCache] = []
            HUD.draw(session: model, in: panel, measurer: EstimatedTextMeasurer.shared, into: &list, z: 0, caches: &caches)
            return list
        }
        let idle = draw()
        model.hudActivity = .typing(HUDField(row: 0, half: 0, name: first.name), text: "12", refusal: "outside 1…10")
        let typing = Self.texts(draw())
        #expect(typing.contains("12|") && typing.contains("outside 1…10") && !typing.contains(first.label))
        model.hudActivity = .dragging(HUDField(row: 0, half: 0, name: first.name))
        let dragged = draw()
        let row = HUDRows.rowFrame(0, panel: panel, comparing: false)
        func highlights(_ list: DisplayList) -> Bool {
            list.items.contains { if case let .fill(r, _, _, _, _) = $0.command { r == row } else { false } }
        }
        #expect(highlights(dragged) && !highlights(idle))
    }

    /// The overlay's title line, REC mark, clip progress and notice come from the model; the
    /// collapsed HUD shows the frame rate.
    @Test func theOverlayShowsTheModelsState() {
        let model = StubInterfaceModel(.drag)
        model.hudExpanded = false
        model.recordingText = "REC 1.2 s"
        model.clipProgress = 0.5
        model.noticeText = "hello"
        var overlay = Overlay()
        var list = DisplayList()
        overlay.draw(session: model, measurer: EstimatedTextMeasurer.shared, into: &list)
        let texts = Self.texts(list)
        #expect(texts.contains("Kinetic · \(model.scene.name)"))
        #expect(texts.contains("REC 1.2 s") && texts.contains("clip 50 %") && texts.contains("hello") && texts.contains("60"))
        var quiet = DisplayList()
        overlay.draw(session: model, measurer: EstimatedTextMeasurer.shared, notices: false, into: &quiet)
        #expect(!Self.texts(quiet).contains("hello"))
    }

    /// The strip marks a press held to its release as a bar and a key as a tick, within the track,
    /// and labels the playhead.
    @Test func theStripMarksTheLogsGestures() {
        let model = StubInterfaceModel(.drag)
        model.timelineVisible = true
        model.timelineEnd = 8
        model.playhead = 6
        let p = Point(x: 100, y: 100)
        model.timelineLogLines = [.pointer(.down(p, at: 1)), .pointer(.moved(p, at: 1.5)), .pointer(.up(p, at: 3)),
                                  .key(KeyEvent(.down, key: "z", timestamp: 4))]
        var list = DisplayList()
        model.drawTimelineStrip(into: &list, z: 0)
        let layout = model.timelineStripLayout
        let bars = list.items.compactMap { item -> Rect? in
            if case let .fill(r, 2, _, _, _) = item.command { r } else { nil }
        }
        #expect(bars.count == 1)
        #expect(abs(bars[0].minX - layout.x(of: 1)) < 1e-9 && abs(bars[0].maxX - layout.x(of: 3)) < 1e-9)
        #expect(Self.texts(list).contains("6.00 s"))
        model.timelineVisible = false
        var hidden = DisplayList()
        model.drawTimelineStrip(into: &hidden, z: 0)
        #expect(hidden.items.isEmpty)
    }
}
