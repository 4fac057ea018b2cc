import Testing
import Geometry
import Drawing
import Scenes
import LabUI

/// The HUD is drawn where the pointer finds it: a row the HUD draws at some y is the row
/// ``HUDRows`` (and, under the plot, ``HUDColumn``) finds at that y, for one scene or two.
@Suite struct HUDGeometryAgreementTests {
    /// The texts of `list` with their frames and colours, in drawing order.
    static func texts(_ list: DisplayList) -> [(text: String, frame: Rect, color: Color)] {
        list.items.compactMap { if case let .text(s, f, _, c, _, _) = $0.command { (s, f, c) } else { nil } }
    }

    static func drawHUD(_ model: StubInterfaceModel) -> (panel: Rect, list: DisplayList) {
        let panel = HUDLayout.frame(in: model.windowSize, expanded: true)
        var list = DisplayList()
        var caches: [HUD.PlotCache] = []
        HUD.draw(session: model, in: panel, measurer: EstimatedTextMeasurer.shared, into: &list, z: 0, caches: &caches)
        return (panel, list)
    }

    @Test(arguments: [SceneKind.drag, .springy, .cards, .exchange, .dynamics])
    func eachRowIsFoundWhereItsNameIsDrawn(kind: SceneKind) throws {
        let model = StubInterfaceModel(kind)
        let (panel, list) = Self.drawHUD(model)
        let texts = Self.texts(list)
        let rows = model.scene.rowParameters
        #expect(!rows.isEmpty)
        for (i, p) in rows.enumerated() {
            let name = try #require(texts.first { $0.text == p.label && $0.frame.minX > panel.minX + 40 }, "\(kind): row \(p.name) drawn")
            #expect(name.frame.minY == HUDRows.textTop(i, panel: panel, comparing: false))
            for x in [name.frame.minX + 1, panel.maxX - 10] {
                let hit = try #require(HUDRows.hit(Point(x: x, y: name.frame.midY), panel: panel, rows: rows.count, comparing: false, tunedHalf: 0))
                #expect(hit.row == i && hit.half == 0, "\(kind): \(p.name) drawn at y \(name.frame.midY) found as row \(hit.row)")
            }
            #expect(HUDRows.rowFrame(i, panel: panel, comparing: false).contains(Point(x: name.frame.midX, y: name.frame.midY)))
        }
    }

    /// While comparing, B's values (orange) are found as B's half of their row, A's as A's.
    @Test func comparedValuesAreFoundAsTheirHalf() throws {
        let model = StubInterfaceModel(.drag, comparing: true)
        let (panel, list) = Self.drawHUD(model)
        let rows = model.scene.rowParameters
        let bValues = Self.texts(list).filter { $0.color == HUD.colorB && $0.frame.minY >= HUDRows.textTop(0, panel: panel, comparing: true) }
        for (i, p) in rows.enumerated() {
            let b = try #require(bValues.first { $0.frame.minY == HUDRows.textTop(i, panel: panel, comparing: true) }, "B's \(p.name)")
            let right = Point(x: b.frame.maxX - 5, y: b.frame.midY)
            let hit = try #require(HUDRows.hit(right, panel: panel, rows: rows.count, comparing: true, tunedHalf: 0))
            #expect(hit.row == i && hit.half == 1)
            #expect(HUDRows.valueFrame(i, half: 1, panel: panel, comparing: true).contains(right))
            let aRight = HUDRows.valueColumns(panel: panel, comparing: true)[0].maxX - 5
            #expect(HUDRows.hit(Point(x: aRight, y: b.frame.midY), panel: panel, rows: rows.count, comparing: true, tunedHalf: 1)! == (i, 0))
        }
    }

    /// The dialect rows under the plot are found where they are drawn (``HUDColumn/dialectRow(at:)``).
    @Test func dialectRowsAreFoundWhereTheyAreDrawn() throws {
        let model = StubInterfaceModel(.drag)
        model.dialectParameters = [
            SceneParameter(name: "duration", unit: "s", key: "", range: 0.05...5, defaultValue: 0.5, step: .add(0.05)),
            SceneParameter(name: "bounce", key: "", range: -1...1, defaultValue: 0.2, step: .add(0.05)),
        ]
        let (panel, list) = Self.drawHUD(model)
        let column = HUDColumn(panel: panel, rows: model.scene.rowParameters.count, statuses: [model.scene.status], dialectRows: 2)
        #expect(column.dialectRowTops.count == 2)
        let texts = Self.texts(list)
        #expect(texts.contains { $0.text == "K · SwiftUI duration · bounce" })
        for (i, p) in model.dialectParameters.enumerated() {
            let name = try #require(texts.first { $0.text == p.label && $0.frame.minY > (column.plot?.maxY ?? 0) })
            #expect(column.dialectRow(at: Point(x: name.frame.midX, y: name.frame.midY)) == i)
        }
    }
}

/// The timeline strip's x and time agree both ways, so a press lands on the moment drawn under it.
@Suite struct TimelineStripLayoutTests {
    @Test(arguments: [(Size(width: 1280, height: 800), true), (Size(width: 640, height: 480), false), (Size(width: 1000, height: 300), true)])
    func xAndTimeRoundTrip(size: Size, expanded: Bool) {
        for (end, span) in [(4.0, 10.0), (35.5, 35.5), (125.25, 60.0)] {
            let layout = TimelineStripLayout(windowSize: size, hudExpanded: expanded, end: end, span: span)
            let content = HUDLayout.contentFrame(in: size, expanded: expanded)
            #expect(layout.frame.maxY == content.maxY && layout.frame.minX == content.minX && layout.frame.width == content.width)
            #expect(layout.frame.height == TimelineStripLayout.height)
            for k in 0...20 {
                let t = end - span + span * Double(k) / 20
                #expect(abs(layout.time(atX: layout.x(of: t)) - t) < 1e-9, "t \(t) in \(size)")
            }
            // The track's ends are the span's ends; beyond them a press clamps to them.
            #expect(layout.x(of: end) == layout.frame.maxX - TimelineStripLayout.trackInset)
            #expect(abs(layout.x(of: end - span) - (layout.frame.minX + TimelineStripLayout.trackInset)) < 1e-9)
            #expect(layout.time(atX: layout.frame.minX) == end - span && layout.time(atX: layout.frame.maxX) == end)
            for x in stride(from: layout.frame.minX + 8, through: layout.frame.maxX - 8, by: 37) {
                #expect(abs(layout.x(of: layout.time(atX: x)) - x) < 1e-9)
            }
        }
    }

    /// A model's strip geometry is its layout's.
    @Test func theModelsStripIsItsLayout() {
        let model = StubInterfaceModel(.drag)
        model.timelineEnd = 30
        model.timelineStripSpan = 30
        #expect(model.timelineStripFrame == model.timelineStripLayout.frame)
        #expect(model.timelineTime(atX: model.timelineX(of: 12.5)) == 12.5)
    }
}
