import Testing
import Geometry
import Drawing
import Scenes
import LabUI
@testable import Lab

/// The HUD's state and settling lines fit its column: a long one (the cards scene's state while
/// a card is scrubbed) ends in "…" at the column's edge rather than running past the window.
@Suite struct HUDLineFitTests {
    @Test func everyHUDLineEndsInsideTheWindow() throws {
        var c = LabConfiguration()
        c.headless = true
        c.scene = .cards
        let s = try LabSession(c, services: .silent)
        let size = Size(width: 1280, height: 720)
        let measurer = EstimatedTextMeasurer.shared
        s.open(size: size, frameRate: 60, textMeasurer: measurer)
        let content = HUDLayout.contentFrame(in: size, expanded: true)
        let middle = Point(x: content.midX, y: content.midY)
        var t = 0.0
        func frames(_ n: Int) { for _ in 0..<n { t += 1.0 / 60; s.now = t; s.step(realDt: 1.0 / 60) } }
        frames(10)
        s.dispatch(.down(middle, at: t)); frames(1); s.dispatch(.up(middle, at: t)); frames(40)   // open
        s.dispatch(.down(middle, at: t))
        for k in 1...8 { frames(1); s.dispatch(.moved(Point(x: middle.x, y: middle.y + Double(k) * 30), at: t)) }
        frames(2)
        var list = DisplayList()
        var overlay = Overlay()
        overlay.draw(session: s, measurer: measurer, into: &list)
        let hud = HUDLayout.frame(in: size, expanded: true)
        var checked = 0
        for item in list.items {
            guard case let .text(text, frame, fontSize, _, _, _) = item.command, frame.minX >= hud.minX else { continue }
            #expect(frame.minX + measurer.width(of: text, size: fontSize) <= size.width, "\(text)")
            checked += 1
        }
        #expect(checked > 5)
        #expect(list.items.contains { if case .text(let text, _, _, _, _, _) = $0.command { text.hasPrefix("card animator") } else { false } },
                "the state line of a scrubbed card is shown")
    }
}
