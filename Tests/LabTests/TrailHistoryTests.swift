import Testing
import Geometry
import Drawing
import Gestures
import Scenes
@testable import Lab

/// ``TrailHistory``: what is kept (every third frame, the last eight samples, per scene) and what
/// is drawn (only items that have moved since, at most 300 per sample, older ones fainter).
@Suite struct TrailHistoryTests {
    final class Owner {}
    let a = ObjectIdentifier(Owner.self)

    func frames(_ xs: [Double]) -> [(indexPath: IndexPath, frame: Rect)] {
        xs.enumerated().map { (IndexPath(item: $0.offset, section: 0), Rect(x: $0.element, y: 10, width: 40, height: 40)) }
    }

    func strokes(_ list: DisplayList) -> [(rect: Rect, alpha: Double)] {
        list.items.compactMap { item in
            guard case let .stroke(points, closed, _, color) = item.command, closed, points.count == 4 else { return nil }
            return (Rect(x: points[0].x, y: points[0].y, width: points[2].x - points[0].x, height: points[2].y - points[0].y), color.alpha)
        }
    }

    @Test func keepsEveryThirdFrameAndTheLastEight() {
        var t = TrailHistory()
        for f in 0..<40 { t.record(frames([Double(f)]), of: a) }
        // Frames 0, 3, …, 39 were sampled; the last eight are 18 … 39.
        #expect(t.history.count == 8)
        #expect(t.history.first?.first?.frame.minX == 18 && t.history.last?.first?.frame.minX == 39)
    }

    @Test func drawsOnlyWhatMovedOlderFainter() {
        var t = TrailHistory()
        // Item 0 moves 10 pt a frame; item 1 stays.
        for f in 0..<9 { t.record(frames([Double(f * 10), 500]), of: a) }
        var list = DisplayList()
        t.draw(current: frames([90, 500]), of: a, into: &list, z: 900)
        let s = strokes(list)
        #expect(s.map(\.rect.minX) == [0, 30, 60], "item 0's samples at frames 0, 3 and 6; item 1 never")
        #expect(s[0].alpha < s[1].alpha && s[1].alpha < s[2].alpha)
        #expect(list.items.allSatisfy { $0.z == 900 })
    }

    @Test func anotherSceneStartsAgain() {
        var t = TrailHistory()
        for f in 0..<9 { t.record(frames([Double(f * 10)]), of: a) }
        final class Other {}
        let b = ObjectIdentifier(Other.self)
        var list = DisplayList()
        t.draw(current: frames([0]), of: b, into: &list, z: 0)
        #expect(list.items.isEmpty, "the old scene's samples are not drawn over the new one")
        t.record(frames([5]), of: b)
        #expect(t.history.count == 1)
    }

    @Test func aScreenfulOfMovingItemsIsCapped() {
        var t = TrailHistory()
        t.record(frames((0..<1000).map(Double.init)), of: a)
        var list = DisplayList()
        t.draw(current: frames((0..<1000).map { Double($0) + 50 }), of: a, into: &list, z: 0)
        #expect(list.items.count == TrailHistory.maximumItems)
    }
}

/// `N` in a session: trails of the drag scene's flying cells are drawn over the scene, and gone
/// once turned off.
@Suite struct SessionTrailsTests {
    @Test func nShowsWhereTheFlockWas() throws {
        let s = try openedSession { $0.items = 200 }
        var t = 0.0
        func frame(_ inputs: [InputEvent] = []) -> DisplayList {
            t += 1.0 / 60
            s.now = t
            for i in inputs { s.dispatch(i) }
            s.step(realDt: 1.0 / 60)
            var list = DisplayList()
            s.drawScenes(into: &list)
            return list
        }
        func trailStrokes(_ l: DisplayList) -> Int {
            l.items.filter { if case .stroke = $0.command, $0.z == 900 { return true } else { return false } }.count
        }
        _ = frame([.key(KeyEvent(.down, key: "n", timestamp: t))])
        #expect(s.overlay.trailsVisible)
        // Select cell 0 (at 25, 55 in the seed grid), long-press it and drag 300 pt to the right.
        let p = Point(x: 25, y: 55)
        _ = frame([.down(p, at: t)]); _ = frame([.up(p, at: t)])
        _ = frame([.down(p, at: t)])
        for _ in 0..<40 { _ = frame() }
        var last = DisplayList()
        for i in 1...20 { last = frame([.pointer(.moved(Point(x: p.x + Double(i) * 15, y: p.y), at: t))]) }
        #expect(trailStrokes(last) > 0, "the dragged cell leaves a trail")
        _ = frame([.key(KeyEvent(.down, key: "n", timestamp: t))])
        #expect(trailStrokes(frame()) == 0)
    }
}

/// Issue 28: a scene's first visit shows its help card for a few seconds (in a window), as the
/// first scene's launch did; a second visit does not.
@Suite struct FirstVisitHelpTests {
    @Test func aNewSceneShowsItsHelpOnce() throws {
        let s = try openedSession { $0.headless = false }  // a window's session: its help card shows
        #expect(s.overlay.showsHelp(at: 1) && !s.overlay.showsHelp(at: 5))
        func key(_ k: String, at t: Double) {
            s.now = t
            s.dispatch(.key(KeyEvent(.down, key: k, timestamp: t)))
        }
        key("2", at: 10)
        #expect(s.overlay.showsHelp(at: 11), "springy's first visit")
        key("1", at: 20)
        #expect(!s.overlay.showsHelp(at: 21), "drag was seen at launch")
        key("2", at: 30)
        #expect(!s.overlay.showsHelp(at: 31), "springy was seen")
    }

    /// Issue 42: the card a first visit shows is the launch card (the scene's own lines, beside
    /// the stage's middle, so what happens at launch is seen); H shows the whole card.
    @Test func theLaunchCardIsTheBriefOne() throws {
        let s = try openedSession { $0.headless = false }
        #expect(s.overlay.showsBriefHelp(at: 1) && s.helpIsBrief)
        s.now = 2
        s.dispatch(.key(KeyEvent(.down, key: "h", timestamp: 2)))
        #expect(!s.overlay.showsHelp(at: 2.5), "H dismisses the launch card")
        s.dispatch(.key(KeyEvent(.down, key: "h", timestamp: 2)))
        #expect(s.overlay.showsHelp(at: 3) && !s.overlay.showsBriefHelp(at: 3) && !s.helpIsBrief, "H again: the whole card")
        let headless = try openedSession()
        #expect(!headless.overlay.showsHelp(at: 1) && !headless.overlay.showsBriefHelp(at: 1))
    }
}
