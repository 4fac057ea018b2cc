import Testing
import Geometry
import Gestures
import Scenes
import Animation
import LabUI
@testable import Lab

/// Issue 41 in the window: E exports first in the dialect last used (a HUD dialect value, K, a
/// paste's platform), and the code panel (`) shows that export, scrolls, copies a clicked line
/// and follows the tuned spring — all from the session's input, so a replay shows the same panel.
@Suite struct CodePanelSessionTests {
    typealias FakeClipboard = SpringDialectHUDTests.FakeClipboard
    /// Standard output for a headless session.
    final class Printed: @unchecked Sendable { var value = "" }

    func key(_ k: String, _ mods: KeyModifiers = [], at t: Double = 1) -> InputEvent {
        .key(KeyEvent(.down, key: k, modifiers: mods, timestamp: t))
    }
    func wheel(_ s: LabSession, notches: Double, at p: Point? = nil) {
        let p = p ?? Point(x: s.codePanelLayout.body.midX, y: s.codePanelLayout.body.midY)
        s.dispatch(.scroll(ScrollEvent(location: p, delta: Vector(dx: 0, dy: notches), timestamp: 1)))
    }
    /// A click on line `i` of the panel as it is scrolled now.
    func click(_ s: LabSession, line i: Int, releaseOn j: Int? = nil) {
        let layout = s.codePanelLayout, lh = CodePanelLayout.lineHeight
        let p = Point(x: layout.body.midX, y: layout.lineTop(i, scroll: s.codePanelScroll) + lh / 2)
        let q = Point(x: layout.body.midX, y: layout.lineTop(j ?? i, scroll: s.codePanelScroll) + lh / 2)
        s.dispatch(.pointer(.down(p, at: 1)))
        s.dispatch(.pointer(.moved(q, at: 1.02)))
        s.dispatch(.pointer(.up(q, at: 1.05)))
    }
    func clickAndTypeDialect(_ s: LabSession, row: Int, _ text: String) throws {
        let f = try #require(s.moment.hudColumn).dialectRowFrame(row)
        let p = Point(x: f.maxX - 40, y: f.midY)
        s.dispatch(.pointer(.down(p, at: 1)))
        s.dispatch(.pointer(.up(p, at: 1.05)))
        for c in text { s.dispatch(key(String(c))) }
        s.dispatch(key("return"))
    }
    /// The platform of each section E wrote in `code`, in order.
    func sectionFormats(_ code: String) -> [ExportFormat] {
        CodePanelLine.lines(of: code).dropFirst().filter { $0.kind == .header }.compactMap { line in
            ExportFormat.allCases.first { line.text.hasPrefix("// \($0.displayName) — ") || line.text.hasPrefix("/* \($0.displayName) — ") }
        }
    }

    /// Nothing used yet: E's usual order. After a SwiftUI value is typed in the HUD's duration ·
    /// bounce row, E writes SwiftUI's section first and says so; the panel's title names it.
    @Test func typingASwiftUIValuePutsSwiftUIFirst() throws {
        let clip = FakeClipboard()
        let s = try openedSession(services: clip.services) { $0.scene = .springy }
        s.dispatch(key("e"))
        #expect(sectionFormats(try #require(clip.text)) == ExportFormat.allCases)
        let all = ExportFormat.allCases.map(\.displayName).joined(separator: ", ")
        #expect(s.overlay.notice(at: s.now) == "copied \(all) to the clipboard")
        #expect(s.moment.lastExportFormat == nil && s.codePanelFirstFormat == nil)
        try clickAndTypeDialect(s, row: 0, "0.5")            // duration 0.5 s
        #expect(s.moment.lastExportFormat == .swiftui)
        s.dispatch(key("e"))
        // SwiftUI, then the rest in their usual order (UIKit, CSS, Android, Compose, web, …).
        let rest = ExportFormat.allCases.filter { $0 != .swiftui }
        #expect(sectionFormats(try #require(clip.text)) == [.swiftui] + rest)
        let restNames = rest.map(\.displayName).joined(separator: ", ")
        #expect(s.overlay.notice(at: s.now) == "copied SwiftUI first, then \(restNames) to the clipboard")
        #expect(restNames.hasPrefix("UIKit, CSS, Android, Compose, web"))
        #expect(s.codePanelFirstFormat == "SwiftUI")
        // Headless (no clipboard): printed, in the same order.
        let printed = Printed()
        var services = LabServices.silent
        services.print = { printed.value += $0 }
        let h = try openedSession(services: services) { $0.scene = .springy }
        try clickAndTypeDialect(h, row: 1, "0.2")
        h.dispatch(key("e"))
        #expect(sectionFormats(printed.value).first == .swiftui)
        #expect(h.overlay.notice(at: h.now) == "printed SwiftUI first, then \(restNames) to standard output")
    }

    /// Pasted Compose code puts Compose first; K choosing a dialect puts its platform first
    /// (response · damping fraction: SwiftUI; unit mass: Compose; m · k · c: UIKit); text the
    /// reader refuses changes nothing.
    @Test func pastesAndDialectsChooseTheFirstFormat() throws {
        let clip = FakeClipboard()
        let s = try openedSession(services: clip.services) { $0.scene = .springy }
        clip.text = "animationSpec = spring(dampingRatio = 0.6f, stiffness = 300f)"
        s.dispatch(key("v", .control))
        #expect(s.moment.lastExportFormat == .compose)
        s.dispatch(key("e"))
        #expect(sectionFormats(try #require(clip.text)).first == .compose)
        clip.text = "bogus(1)"
        s.dispatch(key("v", .control))
        #expect(s.moment.lastExportFormat == .compose)
        var chosen: [ExportFormat?] = []
        for _ in 0..<3 { s.dispatch(key("k")); chosen.append(s.moment.lastExportFormat) }
        #expect(chosen == [.swiftui, .compose, .uikit])
        clip.text = "transition: transform 0.3s cubic-bezier(0.1, 0.7, 1.0, 0.1);"
        let cards = try openedSession(services: clip.services) { $0.scene = .cards }
        cards.dispatch(key("v", .control))
        cards.dispatch(key("e"))
        #expect(sectionFormats(try #require(clip.text)).first == .css)
    }

    /// ` shows and hides the panel; while shown it holds E's export of the tuned half, the
    /// format last used first, the same text E copies.
    @Test func theKeyTogglesThePanelShowingEsExport() throws {
        let clip = FakeClipboard()
        let s = try openedSession(services: clip.services) { $0.scene = .drag }
        #expect(!s.codePanelShown)
        s.dispatch(key("`"))
        #expect(s.codePanelShown && s.overlay.notice(at: s.now)?.hasPrefix("code panel") == true)
        clip.text = ".spring(duration: 0.5, bounce: 0.3)"
        s.dispatch(key("v", .control))
        s.dispatch(key("e"))
        #expect(s.codePanelLines.map(\.text).joined(separator: "\n") + "\n" == clip.text)
        #expect(s.codePanelLines.dropFirst().first { $0.kind == .header }?.text.hasPrefix("// SwiftUI — ") == true)
        s.dispatch(key("`"))
        #expect(!s.codePanelShown)
        // The exchange scene's curve; the dynamics demo's panel says when there is nothing.
        let e = try openedSession { $0.scene = .exchange }
        e.dispatch(key("`"))
        #expect(e.codePanelLines.contains { $0.text.hasPrefix("// UIKit — cubic Bézier") })
    }

    /// The wheel over the panel scrolls it (three lines a notch, within its range), Page Down a
    /// page; the wheel elsewhere is the scene's; the panel hidden, the wheel is the scene's.
    @Test func theWheelAndPageKeysScrollWithinRange() throws {
        let s = try openedSession { $0.scene = .springy }
        s.resize(to: Size(width: 800, height: 600))
        s.dispatch(key("`"))
        let lh = CodePanelLayout.lineHeight
        wheel(s, notches: -1)                                   // towards the user: down the text
        #expect(s.codePanelScroll == 3 * lh)
        wheel(s, notches: 5)
        #expect(s.codePanelScroll == 0)
        wheel(s, notches: -1000)
        #expect(s.codePanelScroll == s.codePanelLayout.maximumScroll && s.codePanelScroll > 0)
        s.dispatch(key("pageup"))
        #expect(abs(s.codePanelScroll - (s.codePanelLayout.maximumScroll - (s.codePanelLayout.body.height - lh))) < 1e-9)
        wheel(s, notches: -1, at: Point(x: 100, y: 60))         // over the scene, above the panel
        #expect(s.codePanelScroll == s.codePanelLayout.maximumScroll - (s.codePanelLayout.body.height - lh))
        s.dispatch(key("`"))
        let before = s.codePanelScroll
        wheel(s, notches: -1, at: Point(x: 100, y: 500))
        #expect(s.codePanelScroll == before)
    }

    /// A click copies exactly the line under it through the clipboard, with "copied: …"; a
    /// press dragged to another line copies nothing; scrolled, the click finds the scrolled line.
    /// The scene never sees the panel's presses.
    @Test func aClickCopiesThatLine() throws {
        let clip = FakeClipboard()
        let s = try openedSession(services: clip.services) { $0.scene = .drag }
        s.dispatch(key("`"))
        let lines = s.codePanelLines
        let i = try #require(lines.firstIndex { $0.text.hasPrefix("let timing = UISpringTimingParameters(") })
        click(s, line: i)
        #expect(clip.text == lines[i].text)
        #expect(s.overlay.notice(at: s.now) == "copied: " + lines[i].text)
        #expect(!s.isPointerDown && s.codePanelPressedLine == nil)
        clip.text = nil
        click(s, line: 2, releaseOn: 3)
        #expect(clip.text == nil)
        wheel(s, notches: -2)
        click(s, line: 8)
        #expect(clip.text == lines[8].text)
        // The panel's presses are logged input (a replay makes them again), and never the scene's.
        #expect(s.log?.lines.contains { if case .input(.pointer) = $0 { return true } else { return false } } == true)
        #expect(s.scene.dump().items.allSatisfy { !$0.selected })
    }

    /// The panel follows the tuned spring: a changed value is in its lines at once; an unchanged
    /// frame gives the same lines (the cached array, not made again).
    @Test func thePanelFollowsAValueChange() throws {
        let s = try openedSession { $0.scene = .springy }
        s.dispatch(key("`"))
        let before = s.codePanelLines
        #expect(s.codePanelLines == before)
        s.dispatch(key("k"))                                    // response · damping fraction: SwiftUI first
        #expect(s.codePanelLines.dropFirst().first { $0.kind == .header }?.text.hasPrefix("// SwiftUI — ") == true)
        let f = try #require(s.scene.parameter("frequency")).value
        s.dispatch(key("f"))
        let after = s.codePanelLines
        #expect(after != before && s.scene.parameter("frequency")!.value != f)
        let spring = try #require(s.moment.dialectSpring)
        #expect(after.contains { $0.text.contains("ω₀ \(ExportNumber.significant(spring.angularFrequency, digits: 4)) rad/s") })
    }

    /// A replay of the session's log — its inputs and pastes — shows the same panel: shown,
    /// scrolled as far, the same format first, the same lines; and a moment rebuilt from the log
    /// (as the timeline rebuilds one) too. The replayed click copies through the replay's own
    /// clipboard only.
    @Test func aReplayShowsTheSamePanel() throws {
        let clip = FakeClipboard()
        let s = try openedSession(services: clip.services) { $0.scene = .springy }
        s.dispatch(key("`"))
        clip.text = "SpringForce().setStiffness(400f).setDampingRatio(0.4f)"
        s.dispatch(key("v", .control))
        wheel(s, notches: -2)
        let shown = s.codePanelLayout.visibleLines(scroll: s.codePanelScroll).lowerBound + 2
        click(s, line: shown)
        #expect(clip.text == s.codePanelLines[shown].text)
        s.step(realDt: 1.0 / 60)
        let log = try #require(s.log)
        let replayClip = FakeClipboard()
        let r = try openedSession(services: replayClip.services) { $0.scene = .springy }
        for line in log.lines { r.deliver(line) }
        #expect(r.codePanelShown && r.codePanelScroll == s.codePanelScroll && r.codePanelScroll > 0)
        #expect(r.moment.lastExportFormat == .android && r.codePanelLines == s.codePanelLines)
        #expect(replayClip.text == s.codePanelLines[shown].text)
        let m = LabMoment(configuration: s.configuration, start: log.start, textMeasurer: s.textMeasurer)
        for line in log.lines { m.apply(line) }
        #expect(m.codePanel.shown && m.codePanel.scroll == s.codePanelScroll && m.lastExportFormat == .android)
        #expect(m.codePanelLines == s.codePanelLines)
    }

    /// While comparing, the panel (over both halves) shows the half tuned when the pointer came
    /// onto it: moving across the panel does not swap A's lines for B's under the pointer.
    @Test func comparingThePanelKeepsTheHalfThePointerCameFrom() throws {
        let s = try openedSession { $0.scene = .springy; $0.compare = true }
        try #require(s.compareHalf != nil)
        s.compareHalf!.scene.setParameter("frequency", to: 3)
        s.dispatch(key("`"))
        let frames = s.halfFrames, panel = s.codePanelLayout.frame
        func move(_ p: Point) { s.dispatch(.pointer(.moved(p, at: 1))) }
        move(Point(x: frames[1].midX, y: frames[1].minY + 40))          // over B's scene
        let b = s.codePanelLines
        #expect(b.contains { $0.text.contains("(3 Hz)") } && s.codePanelHalfName == "B")
        move(Point(x: frames[1].midX, y: panel.midY))                   // onto the panel, B's side
        move(Point(x: frames[0].midX, y: panel.midY))                   // across to A's side
        #expect(s.codePanelLines == b && s.codePanelHalfName == "B")
        move(Point(x: frames[0].midX, y: frames[0].minY + 40))          // over A's scene
        #expect(s.codePanelLines != b && !s.codePanelLines.contains { $0.text.contains("(3 Hz)") } && s.codePanelHalfName == "A")
    }
}
