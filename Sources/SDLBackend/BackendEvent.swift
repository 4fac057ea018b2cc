internal import CSDL2

/// Which mouse button an event concerns.
public enum MouseButton: Int, Sendable, Codable {
    case left = 1, middle = 2, right = 3
}

/// An input or window event from SDL, translated into Swift but still SDL's own: the app turns
/// the input cases into the library's `InputEvent` in one function. Positions are SDL's window
/// coordinates (points, unless the window draws at an extra scale: ``AppWindow/unitsPerPoint``);
/// timestamps are seconds on SDL's event clock (``SDLSystem/eventSeconds()``).
public enum BackendEvent: Sendable, Equatable {
    case mouseDown(x: Double, y: Double, button: MouseButton, modifierState: UInt16, time: Double)
    case mouseMoved(x: Double, y: Double, modifierState: UInt16, time: Double)
    case mouseUp(x: Double, y: Double, button: MouseButton, modifierState: UInt16, time: Double)
    /// Wheel motion at the pointer: `dx`, `dy` in wheel notches (fractional on smooth wheels);
    /// positive `dy` means the wheel turned away from the user (SDL's "scroll up"), positive `dx` to the right.
    case wheel(x: Double, y: Double, dx: Double, dy: Double, modifierState: UInt16, time: Double)
    /// A key press (`down`) or release; `key` is `SDL_GetKeyName` lower-cased ("escape", "f", "space");
    /// `modifierState` is SDL's raw `SDL_Keymod` bit mask (`KMOD_SHIFT`, `KMOD_CTRL`, …).
    case key(key: String, modifierState: UInt16, down: Bool, isRepeat: Bool, time: Double)
    /// The window's size changed (points).
    case resized(width: Double, height: Double)
    /// The window lost keyboard focus (gestures should cancel).
    case focusLost(time: Double)
    /// The pointer left the window.
    case pointerLeft(time: Double)
    /// The window gained keyboard focus.
    case focusGained
    /// The window's content must be drawn again: it was exposed, shown or restored, or the
    /// renderer lost its targets. A loop that stops drawing when nothing changes draws a frame.
    case exposed
    /// The user asked to close the window.
    case quit
}

extension BackendEvent {
    /// The timestamp of a pointer event (press, release, motion or wheel), seconds on SDL's event
    /// clock; nil for other events. What the `--stats` latency is measured from.
    public var pointerTime: Double? {
        switch self {
        case let .mouseDown(_, _, _, _, t), let .mouseMoved(_, _, _, t), let .mouseUp(_, _, _, _, t), let .wheel(_, _, _, _, _, t): t
        default: nil
        }
    }
}

/// Drains SDL's event queue into ``BackendEvent``s.
public enum EventTranslator {
    /// Returns every pending event, translated; events Kinetic does not use are dropped.
    public static func poll() -> [BackendEvent] {
        var out: [BackendEvent] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if let t = translate(&e) { out.append(t) }
        }
        return out
    }

    /// Sleeps until SDL has an event or about `timeout` seconds pass (`SDL_WaitEventTimeout`,
    /// millisecond resolution, at least 1 ms), then returns every pending event, translated like
    /// ``poll()``: empty when time ran out, or when only events Kinetic does not use
    /// arrived. A quit request (SIGINT, SIGTERM, a closed window) arrives as ``BackendEvent/quit``.
    /// The app's wait while nothing on screen changes.
    public static func wait(timeout: Double) -> [BackendEvent] {
        let ms = timeout.isFinite ? Int32(max(1, min(Double(Int32.max), (timeout * 1000).rounded(.up)))) : Int32.max
        var e = SDL_Event()
        guard SDL_WaitEventTimeout(&e, ms) != 0 else { return [] }
        var out: [BackendEvent] = []
        if let t = translate(&e) { out.append(t) }
        return out + poll()
    }

    static func translate(_ e: inout SDL_Event) -> BackendEvent? {
        let t = Double(e.common.timestamp) / 1000
        // SDL's mouse events carry no modifiers: the keyboard state as the event is translated.
        let mods = UInt16(truncatingIfNeeded: SDL_GetModState().rawValue)
        switch e.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            guard let b = MouseButton(rawValue: Int(e.button.button)) else { return nil }
            let x = Double(e.button.x), y = Double(e.button.y)
            return e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .mouseDown(x: x, y: y, button: b, modifierState: mods, time: t)
                                                           : .mouseUp(x: x, y: y, button: b, modifierState: mods, time: t)
        case SDL_MOUSEMOTION.rawValue:
            return .mouseMoved(x: Double(e.motion.x), y: Double(e.motion.y), modifierState: mods, time: t)
        case SDL_MOUSEWHEEL.rawValue:
            var dx = Double(e.wheel.preciseX), dy = Double(e.wheel.preciseY)
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dx = -dx; dy = -dy }
            return .wheel(x: Double(e.wheel.mouseX), y: Double(e.wheel.mouseY), dx: dx, dy: dy, modifierState: mods, time: t)
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let name = String(cString: SDL_GetKeyName(e.key.keysym.sym)).lowercased()
            return .key(key: name, modifierState: UInt16(e.key.keysym.mod), down: e.type == SDL_KEYDOWN.rawValue,
                        isRepeat: e.key.repeat != 0, time: t)
        case SDL_WINDOWEVENT.rawValue:
            switch Int(e.window.event) {
            case Int(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
                return .resized(width: Double(e.window.data1), height: Double(e.window.data2))
            case Int(SDL_WINDOWEVENT_FOCUS_LOST.rawValue): return .focusLost(time: t)
            case Int(SDL_WINDOWEVENT_LEAVE.rawValue): return .pointerLeft(time: t)
            case Int(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue): return .focusGained
            case Int(SDL_WINDOWEVENT_EXPOSED.rawValue), Int(SDL_WINDOWEVENT_SHOWN.rawValue),
                 Int(SDL_WINDOWEVENT_RESTORED.rawValue): return .exposed
            case Int(SDL_WINDOWEVENT_CLOSE.rawValue): return .quit
            default: return nil
            }
        case SDL_RENDER_TARGETS_RESET.rawValue, SDL_RENDER_DEVICE_RESET.rawValue:
            return .exposed
        default:
            return nil
        }
    }
}
