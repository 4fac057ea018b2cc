import Testing
import Geometry
import Gestures
import SDLBackend
@testable import kinetic
@testable import Lab

/// The app's one translation from SDL's events to ``InputEvent``, and scripts' lines.
@Suite struct InputTranslationTests {
    /// SDL's raw `SDL_Keymod` bits: left Shift, left Ctrl, left Alt, left GUI, right Shift.
    static let lshift: UInt16 = 0x0001, lctrl: UInt16 = 0x0040, lalt: UInt16 = 0x0100, lgui: UInt16 = 0x0400, rshift: UInt16 = 0x0002

    @Test func backendEventsBecomeInputEventsOnTheAppClock() {
        let clock: (Double) -> Double = { $0 - 10 }
        func t(_ e: BackendEvent) -> InputEvent? { App.inputEvent(from: e, time: clock) }
        let all = Self.lshift | Self.lctrl | Self.lalt | Self.lgui
        #expect(t(.key(key: "f", modifierState: all, down: true, isRepeat: true, time: 12))
                == .key(KeyEvent(.down, key: "f", modifiers: [.shift, .control, .alt, .command], timestamp: 2, isRepeat: true)))
        #expect(t(.key(key: "escape", modifierState: Self.rshift, down: true, isRepeat: false, time: 11))
                == .key(KeyEvent(.down, key: "escape", modifiers: [.shift], timestamp: 1)))
        #expect(t(.key(key: "f", modifierState: 0, down: false, isRepeat: false, time: 12)) == nil)
        #expect(t(.mouseDown(x: 3, y: 4, button: .right, modifierState: 0, time: 10.5)) == .pointer(.down(Point(x: 3, y: 4), at: 0.5, button: .right)))
        #expect(t(.mouseUp(x: 3, y: 4, button: .left, modifierState: 0, time: 10.75)) == .pointer(.up(Point(x: 3, y: 4), at: 0.75)))
        #expect(t(.mouseMoved(x: 5, y: 6, modifierState: 0, time: 11)) == .pointer(.moved(Point(x: 5, y: 6), at: 1)))
        #expect(t(.wheel(x: 1, y: 2, dx: 0, dy: -3, modifierState: 0, time: 12)) == .wheel(Point(x: 1, y: 2), delta: Vector(dx: 0, dy: -3), at: 2))
        // Pointer and wheel events carry the keyboard modifiers held at the time (Shift+wheel scrolls sideways).
        let shift = Self.lshift, ctrl = Self.lctrl
        #expect(t(.wheel(x: 1, y: 2, dx: 0, dy: -3, modifierState: shift, time: 12))
                == .scroll(ScrollEvent(location: Point(x: 1, y: 2), delta: Vector(dx: 0, dy: -3), timestamp: 2, modifiers: [.shift])))
        #expect(t(.mouseDown(x: 3, y: 4, button: .left, modifierState: shift | ctrl, time: 10.5))
                == .pointer(.down(Point(x: 3, y: 4), at: 0.5, modifiers: [.shift, .control])))
        #expect(t(.focusLost(time: 13)) == .focusLost(timestamp: 3))
        #expect(t(.pointerLeft(time: 14)) == .pointerExited(timestamp: 4))
        #expect(t(.focusGained) == nil && t(.quit) == nil && t(.resized(width: 1, height: 1)) == nil)
    }

    @Test func scriptLinesRoundTrip() throws {
        let events: [InputEvent] = [
            .down(Point(x: 120, y: 80), at: 0.1),
            .pointer(.down(Point(x: 1, y: 2), at: 0.15, button: .right)),
            .moved(Point(x: 130, y: 90), at: 0.2),
            .up(Point(x: 130, y: 90), at: 0.3),
            .wheel(Point(x: 130, y: 90), delta: Vector(dx: 0, dy: -3), at: 0.4),
            .scroll(ScrollEvent(location: Point(x: 130, y: 90), delta: Vector(dx: 0, dy: -3), timestamp: 0.45, modifiers: [.shift])),
            .pointer(.down(Point(x: 1, y: 2), at: 0.46, modifiers: [.alt])),
            .key(KeyEvent(.down, key: "f", modifiers: [.shift, .command], timestamp: 0.5, isRepeat: true)),
            .keyDown("escape", at: 0.6),
            .focusLost(timestamp: 0.7),
            .pointerExited(timestamp: 0.8),
        ]
        for e in events {
            let line = InputScript.line(e)
            #expect(try InputScript.parse(line, where: "test") == e, "\(line)")
        }
        #expect(InputScript.line(.keyDown("f", modifiers: [.shift], at: 0.5)) == #"{"t":0.5,"type":"key","key":"f","mods":["shift"]}"#)
        #expect(try InputScript.parse(#"{"t":0.5,"type":"key","key":"F","mods":["ctrl"]}"#, where: "test")
                == .keyDown("f", modifiers: [.control], at: 0.5))
    }
}
