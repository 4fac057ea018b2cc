import Testing
import Geometry
import Gestures
import Scenes
import LabUI
@testable import Lab

/// Issue 28 part 1: the HUD's parameter rows as controls, driven through the session's events
/// as a person's pointer and keys drive them.
@Suite struct HUDControlTests {
    /// The drag scene at 1280 × 800: its HUD column is x 980…1280 from y 30 (under the title line).
    func session(compare: Bool = false) throws -> LabSession {
        let s = try openedSession { $0.scene = .drag }
        if compare { s.dispatch(key("b")) }
        return s
    }
    func key(_ k: String, _ mods: KeyModifiers = [], at t: Double = 1) -> InputEvent {
        .key(KeyEvent(.down, key: k, modifiers: mods, timestamp: t))
    }
    /// The middle of row `row`'s value (half `half`'s while comparing).
    func valuePoint(_ s: LabSession, row: Int, half: Int = 0) -> Point {
        let panel = HUDLayout.frame(in: s.size, expanded: true)
        let f = HUDRows.valueFrame(row, half: half, panel: panel, comparing: s.compareHalf != nil)
        return Point(x: f.midX, y: f.midY)
    }
    func drag(_ s: LabSession, from p: Point, by dx: Double, _ mods: KeyModifiers = [], release: Bool = true) {
        s.dispatch(.pointer(.down(p, at: 1)))
        // In steps, as a pointer moves.
        for i in 1...4 { s.dispatch(.pointer(.moved(Point(x: p.x + dx * Double(i) / 4, y: p.y), at: 1 + Double(i) / 100, modifiers: mods))) }
        if release { s.dispatch(.pointer(.up(Point(x: p.x + dx, y: p.y), at: 1.1, modifiers: mods))) }
    }
    func value(_ s: LabSession, _ name: String, half: Int = 0) -> Double { s.scene(ofHalf: half).parameter(name)!.value }

    @Test func rowsSitWhereTheHUDDrawsThem() {
        let panel = Rect(x: 980, y: 30, width: 300, height: 770)
        #expect(HUDRows.rowFrame(0, panel: panel, comparing: false) == Rect(x: 980, y: 66, width: 300, height: 19))
        #expect(HUDRows.rowFrame(2, panel: panel, comparing: true) == Rect(x: 980, y: 120, width: 300, height: 19))
        #expect(HUDRows.valueColumns(panel: panel, comparing: true).map(\.maxX) == [1190, 1264])
        #expect(HUDRows.hit(Point(x: 1250, y: 70), panel: panel, rows: 3, comparing: false, tunedHalf: 1)! == (0, 0))
        #expect(HUDRows.hit(Point(x: 1250, y: 130), panel: panel, rows: 3, comparing: true, tunedHalf: 0)! == (2, 1))
        #expect(HUDRows.hit(Point(x: 1150, y: 130), panel: panel, rows: 3, comparing: true, tunedHalf: 1)! == (2, 0))
        #expect(HUDRows.hit(Point(x: 1000, y: 130), panel: panel, rows: 3, comparing: true, tunedHalf: 1)! == (2, 1))
        #expect(HUDRows.hit(Point(x: 1250, y: 65), panel: panel, rows: 3, comparing: false, tunedHalf: 0) == nil)
        #expect(HUDRows.hit(Point(x: 1250, y: 66 + 3 * 19), panel: panel, rows: 3, comparing: false, tunedHalf: 0) == nil)
        #expect(HUDRows.hit(Point(x: 970, y: 70), panel: panel, rows: 3, comparing: false, tunedHalf: 0) == nil)
    }

    /// A drag changes the value in proportion to the travel: one hotkey step per 8 pt (a
    /// multiplied value by the same factor, an added one by the same amount), a tenth of that
    /// with Shift; back to the start gives back the value.
    @Test func aDragChangesTheValueInProportion() throws {
        let s = try session()
        let f = valuePoint(s, row: 0), d = valuePoint(s, row: 1)
        drag(s, from: f, by: 16)
        #expect(abs(value(s, "frequency") - 9.68) < 1e-9)        // 8 × 1.1², shown as 9.68 Hz
        drag(s, from: f, by: -16)
        #expect(abs(value(s, "frequency") - 8.0) < 1e-9)
        drag(s, from: d, by: 40)
        #expect(abs(value(s, "damping") - 0.85) < 1e-9)          // 0.6 + 5 × 0.05
        drag(s, from: d, by: 40, .shift)
        #expect(abs(value(s, "damping") - 0.875) < 1e-9)         // a tenth: + 0.025
        drag(s, from: d, by: -1000)
        #expect(value(s, "damping") == 0)                         // clamped at the range
        // A drag the size of a tremble is a click, not a change.
        drag(s, from: f, by: 2)
        #expect(value(s, "frequency") == 8)
        #expect(s.hudControl.isEditing)
        s.dispatch(key("escape"))
        #expect(s.hudControl == .idle)
    }

    /// The value follows the pointer during the drag, and the scene never sees the press.
    @Test func theValueFollowsThePointerAndTheSceneSeesNothing() throws {
        let s = try session()
        let p = valuePoint(s, row: 2)
        drag(s, from: p, by: 80, release: false)
        #expect(value(s, "squareSize") == 90)                     // 40 + 10 × 5
        if case .pressed(_, _, _, true) = s.hudControl {} else { Issue.record("not dragging: \(s.hudControl)") }
        s.dispatch(.pointer(.up(Point(x: p.x + 80, y: p.y), at: 1.2)))
        #expect(s.hudControl == .idle)
        #expect(s.scene.status.itemsInMotion == 0)
    }

    /// A click opens the row for typing: Enter applies a value in range; a value outside it, or
    /// not a number, is refused in the row with the range shown and the field stays open; Esc
    /// cancels; keys typed into the field are not hotkeys.
    @Test func typedValuesApplyOrAreRefusedWithTheRange() throws {
        let s = try session()
        let d = valuePoint(s, row: 1)
        let damping = HUDField(row: 1, half: 0, name: "damping")
        s.dispatch(.pointer(.down(d, at: 1)))
        s.dispatch(.pointer(.up(d, at: 1.05)))
        #expect(s.hudControl == .editing(damping, text: "", refusal: nil))
        for k in ["keypad 0", ".", "3", "5"] { s.dispatch(key(k)) }
        s.dispatch(key("return"))
        #expect(value(s, "damping") == 0.35)
        #expect(s.hudControl == .idle)

        s.dispatch(.pointer(.down(d, at: 2)))
        s.dispatch(.pointer(.up(d, at: 2.05)))
        for k in ["9", "2"] { s.dispatch(key(k)) }                // "2" would switch to springy
        #expect(s.scene.kind == .drag)
        s.dispatch(key("return"))
        #expect(s.hudControl == .editing(damping, text: "92", refusal: "outside 0…5"))
        #expect(value(s, "damping") == 0.35)
        s.dispatch(key("backspace"))
        s.dispatch(key("backspace"))
        s.dispatch(key("-"))
        s.dispatch(key("return"))
        #expect(s.hudControl == .editing(damping, text: "-", refusal: "not a number: 0…5"))
        s.dispatch(key("escape"))
        #expect(s.hudControl == .idle)
        #expect(value(s, "damping") == 0.35)
        // Ctrl keys still reach the lab while typing, and a press elsewhere applies a valid value.
        s.dispatch(.pointer(.down(d, at: 3)))
        s.dispatch(.pointer(.up(d, at: 3.05)))
        s.dispatch(key("1"))
        s.dispatch(.pointer(.down(Point(x: 400, y: 400), at: 3.2)))
        #expect(value(s, "damping") == 1)
        #expect(s.hudControl == .idle)
    }

    @Test func theWheelStepsARow() throws {
        let s = try session()
        let f = valuePoint(s, row: 0)
        s.dispatch(.scroll(ScrollEvent(location: f, delta: Vector(dx: 0, dy: 2), timestamp: 1)))
        #expect(abs(value(s, "frequency") - 9.68) < 1e-9)
        s.dispatch(.scroll(ScrollEvent(location: f, delta: Vector(dx: 0, dy: -1), timestamp: 1.1)))
        #expect(abs(value(s, "frequency") - 8.8) < 1e-9)
        // A precise device: 20 pt a step.
        s.dispatch(.scroll(ScrollEvent(location: valuePoint(s, row: 2), delta: Vector(dx: 0, dy: 40), unit: .points, timestamp: 1.2)))
        #expect(value(s, "squareSize") == 50)
    }

    /// While comparing, A's value and B's are each their own control.
    @Test func eachHalfHasItsOwnControls() throws {
        let s = try session(compare: true)
        drag(s, from: valuePoint(s, row: 1, half: 1), by: 16)
        #expect(value(s, "damping", half: 1) == 0.7)
        #expect(value(s, "damping", half: 0) == 0.6)
        let a = valuePoint(s, row: 1, half: 0)
        s.dispatch(.pointer(.down(a, at: 2)))
        s.dispatch(.pointer(.up(a, at: 2.05)))
        s.dispatch(key("1"))
        s.dispatch(key("return"))
        #expect(value(s, "damping", half: 0) == 1)
        #expect(value(s, "damping", half: 1) == 0.7)
    }

    /// A choice (the cards scene's curve) steps on a click instead of opening a field; the
    /// collapsed HUD has no rows.
    @Test func aChoiceStepsOnAClickAndACollapsedHUDHasNoRows() throws {
        let s = try openedSession { $0.scene = .cards }
        let p = valuePoint(s, row: 0)
        let before = value(s, "curve")
        s.dispatch(.pointer(.down(p, at: 1)))
        s.dispatch(.pointer(.up(p, at: 1.05)))
        #expect(value(s, "curve") == before + 1)
        #expect(s.hudControl == .idle)
        s.dispatch(key("tab"))
        s.dispatch(.scroll(ScrollEvent(location: p, delta: Vector(dx: 0, dy: 1), timestamp: 2)))
        #expect(value(s, "curve") == before + 1)
    }

    /// The HUD's changes are inputs like any other: a replay of the session's log gives the same
    /// values.
    @Test func aReplayOfTheLogGivesTheSameValues() throws {
        let s = try session()
        drag(s, from: valuePoint(s, row: 0), by: 24)
        let d = valuePoint(s, row: 1)
        s.dispatch(.pointer(.down(d, at: 2)))
        s.dispatch(.pointer(.up(d, at: 2.05)))
        for k in ["1", ".", "2", "return"] { s.dispatch(key(k, at: 2.1)) }
        let replay = try session()
        for line in s.log!.lines { replay.deliver(line) }
        #expect(value(replay, "frequency") == value(s, "frequency"))
        #expect(value(replay, "damping") == 1.2)
    }
}

/// Issue 28 part 2: the HUD plot by hand — a cubic curve's handles, a spring's speed and bounce.
@Suite struct HUDPlotControlTests {
    func press(_ s: LabSession, at p: Point, to q: Point, steps: Int = 4) {
        s.dispatch(.pointer(.down(p, at: 1)))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            s.dispatch(.pointer(.moved(Point(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f), at: 1 + f / 10)))
        }
        s.dispatch(.pointer(.up(q, at: 1.2)))
    }
    func mapping(_ s: LabSession) -> PlotMapping {
        let h = s.scene.curveHandles!
        return PlotMapping(rect: s.moment.hudColumn!.plot!, xRange: 0...1, yRange: s.handleRange(h))
    }

    /// Dragging a handle of the cards scene's curve makes it a custom cubic with that control
    /// point (x clamped to 0…1), and the next card animation runs it.
    @Test func aHandleDragChangesTheCurveAndTheCardsAnimation() throws {
        let s = try openedSession { $0.scene = .cards }
        let (p1, p2) = try #require(s.scene.curveHandles)
        #expect(p1 == Point(x: 0.42, y: 0) && p2 == Point(x: 0.58, y: 1))     // easeInOut, the source's
        let m = mapping(s)
        press(s, at: m.point(p1), to: m.point(Point(x: 0.2, y: 0.6)))
        let (q1, q2) = try #require(s.scene.curveHandles)
        #expect(abs(q1.x - 0.2) < 1e-9 && abs(q1.y - 0.6) < 1e-9 && q2 == p2)
        #expect(s.scene.parameter("curve")?.formatted == "cubic")
        #expect(s.hudControl == .idle)
        // The second handle, dragged past the plot's right edge: x stops at 1.
        let m2 = mapping(s)
        press(s, at: m2.point(q2), to: Point(x: m2.rect.maxX + 60, y: m2.point(Point(x: 1, y: 0.5)).y))
        let (_, r2) = try #require(s.scene.curveHandles)
        #expect(r2.x == 1 && abs(r2.y - 0.5) < 1e-9)
        // A card opened now runs that curve.
        let content = s.halfFrames[0]
        s.dispatch(.pointer(.down(Point(x: content.midX, y: content.midY), at: 2)))
        s.dispatch(.pointer(.up(Point(x: content.midX, y: content.midY), at: 2.05)))
        s.step(realDt: 1.0 / 60)
        guard case let .timing(.cubic(c), position?)? = s.scene.plot else { Issue.record("no running cubic: \(String(describing: s.scene.plot))"); return }
        #expect(abs(c.controlPoint1.x - 0.2) < 1e-9 && abs(c.controlPoint1.y - 0.6) < 1e-9 && c.controlPoint2.x == 1)
        #expect(position.x > 0)
    }

    /// A press away from both handles grabs nothing; while comparing there are no handles.
    @Test func onlyTheHandlesAreGrabbed() throws {
        let s = try openedSession { $0.scene = .cards }
        let rect = try #require(s.moment.hudColumn?.plot)
        press(s, at: Point(x: rect.midX, y: rect.minY + 2), to: Point(x: rect.midX + 30, y: rect.minY + 2))
        #expect(s.scene.parameter("curve")?.formatted == "easeInOut")
        s.dispatch(.key(KeyEvent(.down, key: "b", timestamp: 3)))
        let m = PlotMapping(rect: try #require(s.moment.hudColumn?.plot), xRange: 0...1, yRange: PlotMapping.cubicRange(Point(x: 0.42, y: 0), Point(x: 0.58, y: 1)))
        press(s, at: m.point(Point(x: 0.42, y: 0)), to: m.point(Point(x: 0.1, y: 0.5)))
        #expect(s.scene.parameter("curve")?.formatted == "easeInOut")
    }

    /// Across the drag scene's spring plot: 100 pt right halves its frequency; 75 pt up takes 0.5
    /// from its damping ratio (each attachment's values are the plotted ones over √2).
    @Test func aSpringPlotDragChangesSpeedAndBounce() throws {
        let s = try openedSession { $0.scene = .drag }
        let rect = try #require(s.moment.hudColumn?.plot)
        let f0 = s.scene.parameter("frequency")!.value, z0 = s.scene.parameter("damping")!.value
        let start = Point(x: rect.midX, y: rect.midY)
        press(s, at: start, to: Point(x: start.x + 100, y: start.y - 37.5))
        #expect(abs(s.scene.parameter("frequency")!.value - f0 / 2) < 1e-9)
        #expect(abs(s.scene.parameter("damping")!.value - (z0 - 0.25 / 2.0.squareRoot())) < 1e-9)
        guard case let .spring(f, zeta, _)? = s.scene.plot else { Issue.record("no spring plot"); return }
        #expect(abs(f - f0 * 2.0.squareRoot() / 2) < 1e-9 && abs(zeta - (z0 * 2.0.squareRoot() - 0.25)) < 1e-9)
        #expect(s.hudControl == .idle)
    }

    /// The cards scene's spring choice: its plot drags its stiffness and damping at its mass.
    @Test func theCardsSpringPlotKeepsItsMass() throws {
        let s = try openedSession { $0.scene = .cards }
        s.scene.setParameter("curve", to: Double(TimingCurveChoice.spring.rawValue))
        #expect(s.scene.curveHandles == nil)
        let rect = try #require(s.moment.hudColumn?.plot)
        press(s, at: Point(x: rect.midX, y: rect.midY), to: Point(x: rect.midX - 100, y: rect.midY))
        // Twice the frequency at mass 1: four times the stiffness (2 → 8), twice the damping (0.2 → 0.4).
        #expect(abs(s.scene.parameter("stiffness")!.value - 8) < 1e-9)
        #expect(abs(s.scene.parameter("damping")!.value - 0.4) < 1e-9)
        #expect(s.scene.parameter("mass")!.value == 1)
    }
}
