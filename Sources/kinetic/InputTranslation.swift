import Geometry
import Gestures
import SDLBackend
internal import CSDL2

/// Puts SDL's event timestamps on the session's clock (seconds since the first frame).
struct EventClock {
    /// SDL's event clock (``SDLSystem/eventSeconds()``) at the first windowed frame.
    var origin = 0.0
    /// Live events are stamped no earlier than this (the previous frame, or the previous event).
    var earliest = 0.0

    /// A live event's SDL timestamp on the session's clock, kept between the previous frame (or
    /// event) and this frame at `now`, so times never run backwards.
    mutating func time(of sdlTime: Double, now: Double) -> Double {
        let t = min(now, max(earliest, sdlTime - origin))
        earliest = t
        return t
    }
}

extension App {
    /// The one translation from the backend's SDL event to the library's ``InputEvent``, with
    /// `time` putting SDL's timestamp on the app clock. Nil for events that are not input (resize,
    /// focus gained, expose, quit) and for key releases, which no scene uses.
    /// `unitsPerPoint` converts SDL's window coordinates to points (2 in a window with `--scale 2`).
    static func inputEvent(from e: BackendEvent, unitsPerPoint k: Double = 1, time: (Double) -> Double) -> InputEvent? {
        func button(_ b: MouseButton) -> PointerButton {
            switch b {
            case .left: .left
            case .middle: .middle
            case .right: .right
            }
        }
        func modifiers(_ state: UInt16) -> KeyModifiers {
            let m = UInt32(state)
            var mods: KeyModifiers = []
            if m & KMOD_SHIFT.rawValue != 0 { mods.insert(.shift) }
            if m & KMOD_CTRL.rawValue != 0 { mods.insert(.control) }
            if m & KMOD_ALT.rawValue != 0 { mods.insert(.alt) }
            if m & KMOD_GUI.rawValue != 0 { mods.insert(.command) }
            return mods
        }
        switch e {
        case let .mouseDown(x, y, b, m, t):
            return .pointer(.down(Point(x: x / k, y: y / k), at: time(t), button: button(b), modifiers: modifiers(m)))
        case let .mouseUp(x, y, b, m, t):
            return .pointer(.up(Point(x: x / k, y: y / k), at: time(t), button: button(b), modifiers: modifiers(m)))
        case let .mouseMoved(x, y, m, t):
            return .pointer(.moved(Point(x: x / k, y: y / k), at: time(t), modifiers: modifiers(m)))
        case let .wheel(x, y, dx, dy, m, t):
            return .scroll(ScrollEvent(location: Point(x: x / k, y: y / k), delta: Vector(dx: dx, dy: dy), timestamp: time(t), modifiers: modifiers(m)))
        case let .key(key, state, down, isRepeat, t):
            guard down else { return nil }
            return .key(KeyEvent(.down, key: key, modifiers: modifiers(state), timestamp: time(t), isRepeat: isRepeat))
        case let .focusLost(t): return .focusLost(timestamp: time(t))
        case let .pointerLeft(t): return .pointerExited(timestamp: time(t))
        case .resized, .focusGained, .exposed, .quit: return nil
        }
    }
}
