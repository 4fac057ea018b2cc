import Testing
import Geometry
@testable import Gestures

@Suite struct EventTests {
    @Test func keyNamesAreLowerCased() {
        let e = KeyEvent(.down, key: "Escape", modifiers: [.shift, .command], timestamp: 1.5)
        #expect(e.key == "escape")
        #expect(e.modifiers.contains(.command) && !e.modifiers.contains(.alt))
        #expect(!e.isRepeat)
    }

    @Test func scrollDeltaInPoints() {
        let lines = ScrollEvent(location: pt(1, 2), delta: Vector(dx: 0, dy: -3), timestamp: 0)
        #expect(lines.delta(pointsPerLine: 40) == Vector(dx: 0, dy: -120))
        let precise = ScrollEvent(location: pt(1, 2), delta: Vector(dx: 2.5, dy: 0), unit: .points, timestamp: 0)
        #expect(precise.delta(pointsPerLine: 40) == Vector(dx: 2.5, dy: 0))
    }

    @Test func pointerEventConstructors() {
        let e = PointerEvent.up(pt(3, 4), at: 2, button: .middle, modifiers: .alt)
        #expect(e == PointerEvent(.up, location: pt(3, 4), timestamp: 2, button: .middle, modifiers: .alt))
    }
}
