import Testing
import Geometry
import Drawing
import Gestures
import Scenes
import LabUI
@testable import Lab

/// A press the HUD takes while a button is held in the scene (a second button, or a release lost
/// on the way) ends the scene's pointer sequence: the HUD keeps the releases that follow, so the
/// scene would otherwise track the sequence for ever (found by `kinetic fuzz --scene dynamics`).
@Suite struct HUDPressSequenceTests {
    @Test(arguments: [PointerButton.left, .middle])
    func aHUDPressEndsTheScenesSequence(_ first: PointerButton) throws {
        let s = try openedSession { $0.scene = .exchange }
        s.step(realDt: 1.0 / 60)
        let window = try #require((s.scene as? HostedScene)?.host.window)
        let row = HUDRows.rowFrame(0, panel: HUDLayout.frame(in: Size(width: 1280, height: 800), expanded: true), comparing: false)
        s.dispatch(.pointer(.down(Point(x: 300, y: 300), at: 0.1, button: first)))
        #expect(window.arena.isTracking)
        s.dispatch(.pointer(.down(row.center, at: 0.2)))
        #expect(s.hudControl != .idle, "the HUD took the press")
        // The release the HUD keeps (a lost one: the left button's only release; or the first
        // button's, while the HUD's press is held), then the other.
        s.dispatch(.pointer(.up(row.center, at: 0.3, button: first)))
        if first != .left { s.dispatch(.pointer(.up(row.center, at: 0.4))) }
        #expect(!window.arena.isTracking)
    }
}
