import Testing
import Geometry
import Drawing
import Animation
import LabUI

/// The code panel's geometry and drawing (issue 41) for a stub model: where it sits beside the
/// HUD, its lines, the line under the pointer, the scroll's range and bar, and the lines cut
/// once for its width.
@Suite struct CodePanelDrawingTests {
    /// E's export of a mass-1, stiffness-100, damping-10 spring, SwiftUI first, as panel lines.
    static let lines = CodePanelLine.lines(of: MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 10),
                                                            origin: "drag: a cell's spring").code(for: ExportFormat.order(first: .swiftui)))

    static func model(size: Size = Size(width: 1280, height: 800), expanded: Bool = true) -> StubInterfaceModel {
        let model = StubInterfaceModel(.drag, size: size)
        model.hudExpanded = expanded
        model.codePanelShown = true
        model.codePanelLines = lines
        model.codePanelFirstFormat = "SwiftUI"
        return model
    }

    /// A measurer that counts what it measures.
    final class CountingMeasurer: TextMeasuring, @unchecked Sendable {
        var measured: [String] = []
        func width(of text: String, size: Double) -> Double {
            measured.append(text)
            return EstimatedTextMeasurer.shared.width(of: text, size: size)
        }
    }

    static func draw(_ model: StubInterfaceModel, _ panel: inout CodePanel, measurer: TextMeasuring = EstimatedTextMeasurer.shared) -> DisplayList {
        var list = DisplayList()
        panel.draw(model, measurer: measurer, into: &list, z: 0)
        return list
    }

    /// The lines' kinds: the origin and each platform's header are headers, comments dimmed,
    /// blank lines between the sections; the final newline makes no line.
    @Test func linesKeepTheExportAndMarkItsHeaders() {
        let lines = Self.lines
        #expect(lines.map(\.text).joined(separator: "\n") + "\n"
                == MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 10), origin: "drag: a cell's spring")
                    .code(for: ExportFormat.order(first: .swiftui)))
        let headers = lines.filter { $0.kind == .header }.map(\.text)
        #expect(headers.count == 1 + ExportFormat.allCases.count)
        #expect(headers[0] == "// drag: a cell's spring" && headers[1].hasPrefix("// SwiftUI — ") && headers[2].hasPrefix("// UIKit — "))
        #expect(headers.contains { $0.hasPrefix("/* CSS — ") })
        #expect(lines.filter { $0.kind == .blank }.count == ExportFormat.allCases.count)
        #expect(lines.contains { $0.kind == .code && $0.text.hasPrefix(".spring(") })
        #expect(lines.contains { $0.kind == .comment && $0.text == "// Core Animation:" })
        #expect(CodePanelLine.lines(of: "") == [] && CodePanelLine.lines(of: "x\n") == [CodePanelLine("x", kind: .code)])
    }

    /// In both window sizes the panel lies in the scenes' area (never over the HUD column),
    /// above the timeline strip's band, with at least six lines of room; its lines are one
    /// line height apart.
    @Test func thePanelSitsBesideTheHUDAboveTheStrip() {
        for (size, expanded) in [(Size(width: 1280, height: 800), true), (Size(width: 800, height: 600), false), (Size(width: 1280, height: 800), false)] {
            let layout = CodePanelLayout(windowSize: size, hudExpanded: expanded, lineCount: Self.lines.count)
            let content = HUDLayout.contentFrame(in: size, expanded: expanded)
            let hud = HUDLayout.frame(in: size, expanded: expanded)
            let strip = TimelineStripLayout(windowSize: size, hudExpanded: expanded, end: 10, span: 10).frame
            #expect(content.contains(layout.frame.origin) && layout.frame.maxX <= content.maxX && layout.frame.maxX <= hud.minX, "\(size)")
            #expect(layout.frame.maxY <= strip.minY && layout.frame.minY >= content.minY, "\(size)")
            #expect(layout.body.height >= Double(CodePanelLayout.minimumLines) * CodePanelLayout.lineHeight, "\(size)")
            #expect(layout.frame.height >= content.height * CodePanelLayout.heightShare - 1e-9 || layout.frame.minY - content.minY <= CodePanelLayout.margin + 1e-9)
            #expect(layout.lineTop(3, scroll: 0) - layout.lineTop(2, scroll: 0) == CodePanelLayout.lineHeight)
            #expect(layout.lineTop(0, scroll: 0) == layout.body.minY)
        }
    }

    /// A point on line i's row is line i (in the gutter too); the title bar, the scroll bar and
    /// the room below the last line are none; scrolled by two lines, the same point is line i + 2.
    @Test func thePointerFindsTheLineDrawnUnderIt() {
        let layout = CodePanelLayout(windowSize: Size(width: 1280, height: 800), hudExpanded: true, lineCount: Self.lines.count)
        let lh = CodePanelLayout.lineHeight
        for i in [0, 1, 5, 9] {
            let y = layout.lineTop(i, scroll: 0) + lh / 2
            #expect(layout.line(at: Point(x: layout.body.midX, y: y), scroll: 0) == i)
            #expect(layout.line(at: Point(x: layout.frame.minX + 4, y: y), scroll: 0) == i)
            #expect(layout.line(at: Point(x: layout.body.midX, y: y), scroll: 2 * lh) == i + 2)
        }
        #expect(layout.line(at: Point(x: layout.body.midX, y: layout.frame.minY + 5), scroll: 0) == nil)
        #expect(layout.line(at: Point(x: layout.frame.maxX - 6, y: layout.body.midY), scroll: 0) == nil)
        #expect(layout.line(at: Point(x: layout.body.midX, y: layout.body.midY), scroll: 0) != nil)
        let short = CodePanelLayout(windowSize: Size(width: 1280, height: 800), hudExpanded: true, lineCount: 2)
        #expect(short.line(at: Point(x: short.body.midX, y: short.lineTop(2, scroll: 0) + lh / 2), scroll: 0) == nil)
    }

    /// The scroll stays between 0 and the height of the lines less the body's (0 when they fit;
    /// NaN is 0); the scroll bar's thumb is at the track's top at 0 and at its bottom at the end,
    /// and there is no bar when the lines fit.
    @Test func theScrollIsClampedAndShown() throws {
        let layout = CodePanelLayout(windowSize: Size(width: 800, height: 600), hudExpanded: false, lineCount: Self.lines.count)
        let maximum = Double(Self.lines.count) * CodePanelLayout.lineHeight - layout.body.height
        #expect(maximum > 0 && abs(layout.maximumScroll - maximum) < 1e-9)
        #expect(layout.clamped(-40) == 0 && layout.clamped(1e9) == layout.maximumScroll && layout.clamped(.nan) == 0 && layout.clamped(12) == 12)
        let top = try #require(layout.scrollBar(scroll: 0)), bottom = try #require(layout.scrollBar(scroll: 1e9))
        #expect(top.thumb.minY == top.track.minY && abs(bottom.thumb.maxY - bottom.track.maxY) < 1e-9)
        #expect(top.thumb.height < top.track.height && top.track.maxX <= layout.frame.maxX && top.track.minX >= layout.body.maxX)
        let few = CodePanelLayout(windowSize: Size(width: 800, height: 600), hudExpanded: false, lineCount: 3)
        #expect(few.maximumScroll == 0 && few.clamped(50) == 0 && few.scrollBar(scroll: 0) == nil)
        let visible = layout.visibleLines(scroll: 3 * CodePanelLayout.lineHeight)
        #expect(visible.lowerBound == 3 && visible.count <= Int((layout.body.height / CodePanelLayout.lineHeight).rounded(.up)) + 1)
    }

    /// The drawing: the title names the format first, the visible lines are drawn (headers in the
    /// accent colour, numbered), long lines cut with "…", a pressed line highlighted, nothing when
    /// hidden; a second frame of the same lines at the same width measures none of them.
    @Test func thePanelDrawsItsVisibleLinesOnce() {
        let model = Self.model()
        var panel = CodePanel()
        let counting = CountingMeasurer()
        let list = Self.draw(model, &panel, measurer: counting)
        let texts = InterfaceDrawingTests.texts(list)
        #expect(texts.contains("Code · SwiftUI first"))
        #expect(texts.contains("1") && texts.contains(Self.lines[0].text))
        // While comparing, the title names the half shown.
        let comparing = Self.model()
        comparing.codePanelHalfName = "B"
        var other = CodePanel()
        #expect(InterfaceDrawingTests.texts(Self.draw(comparing, &other, measurer: EstimatedTextMeasurer.shared)).contains("Code · B · SwiftUI first"))
        let drawnHeaders = list.items.compactMap { item -> String? in
            if case let .text(s, _, _, c, _, _) = item.command, c == Overlay.accent { s } else { nil }
        }
        #expect(drawnHeaders.contains { $0.hasPrefix("// SwiftUI — ") })
        let layout = model.codePanelLayout
        #expect(texts.filter { Int($0) != nil }.count == layout.visibleLines(scroll: 0).count)
        let long = Self.model()
        long.codePanelLines = [CodePanelLine("transition: transform 1s linear(" + String(repeating: "0.5, ", count: 200) + "1);", kind: .code)]
        var longPanel = CodePanel()
        let cut = InterfaceDrawingTests.texts(Self.draw(long, &longPanel)).filter { $0.hasPrefix("transition:") }
        #expect(cut.count == 1 && cut[0].hasSuffix("…")
                && EstimatedTextMeasurer.shared.width(of: cut[0], size: CodePanelLayout.fontSize) <= long.codePanelLayout.body.width, "a long line is cut")
        #expect(list.items.allSatisfy { $0.clip == nil || $0.clip == Rect(x: layout.frame.minX, y: layout.body.minY, width: layout.frame.width, height: layout.body.height) })
        counting.measured = []
        model.codePanelPressedLine = 2
        let again = Self.draw(model, &panel, measurer: counting)
        #expect(!counting.measured.contains { t in Self.lines.contains { $0.text == t } }, "no line measured again")
        #expect(again.items.contains { if case let .fill(_, _, c, _, _) = $0.command { c == CodePanel.pressedColor } else { false } })
        model.codePanelScroll = 1e9
        let scrolled = InterfaceDrawingTests.texts(Self.draw(model, &panel))
        #expect(scrolled.contains("\(Self.lines.count)") && !scrolled.contains("1"))
        model.codePanelShown = false
        #expect(Self.draw(model, &panel).items.isEmpty)
    }

    /// The overlay draws the panel over the scenes and puts a notice above it.
    @Test func theOverlayDrawsThePanelAndANoticeAboveIt() {
        let model = Self.model(size: Size(width: 800, height: 600), expanded: false)
        model.noticeText = "copied: let animator = UIViewPropertyAnimator(duration: 0.1231, timingParameters: timing)  // runs for the spring's settling time"
        var overlay = Overlay()
        var list = DisplayList()
        overlay.draw(session: model, measurer: EstimatedTextMeasurer.shared, into: &list)
        #expect(InterfaceDrawingTests.texts(list).contains("Code · SwiftUI first"))
        let notice = list.items.compactMap { item -> Rect? in
            if case let .text(s, f, _, _, _, _) = item.command, s.hasPrefix("copied: let animator") { f } else { nil }
        }
        let panel = model.codePanelLayout.frame
        #expect(notice.count == 1 && notice[0].maxY <= panel.minY && notice[0].minX >= panel.minX && notice[0].maxX <= panel.maxX, "\(notice)")
    }
}
