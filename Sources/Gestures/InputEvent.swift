import Geometry

/// One input event for a window, the desktop counterpart of UIKit's `UIEvent`: a pointer phase,
/// a wheel turn, a key, or a change of the window's focus or hover. Locations are window
/// coordinates in points; timestamps are seconds on the caller's clock (the library never reads
/// one). This is the only event type from the app's backend translation up to the scenes; it is
/// also one line of a `--script` / `--record` file.
public enum InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// A pointer (mouse) event: button down, moved, button up (or a cancelled sequence).
    case pointer(PointerEvent)
    /// A wheel or trackpad scroll at the pointer.
    case scroll(ScrollEvent)
    /// A key went down (possibly an auto-repeat) or up.
    case key(KeyEvent)
    /// The window lost keyboard focus: the pointer sequence in progress cancels.
    case focusLost(timestamp: Double)
    /// The pointer left the window (it is no longer over any view).
    case pointerExited(timestamp: Double)

    /// When the event happened, in seconds.
    public var timestamp: Double {
        switch self {
        case .pointer(let e): e.timestamp
        case .scroll(let e): e.timestamp
        case .key(let e): e.timestamp
        case .focusLost(let t), .pointerExited(let t): t
        }
    }

    /// The pointer location (window points) of a pointer or scroll event, else nil.
    public var location: Point? {
        switch self {
        case .pointer(let e): e.location
        case .scroll(let e): e.location
        case .key, .focusLost, .pointerExited: nil
        }
    }

    /// The same event with its location (pointer and scroll events) moved by `offset` points;
    /// other events unchanged. An A/B compare delivers one pointer to both halves this way.
    public func offset(by offset: Vector) -> InputEvent {
        switch self {
        case .pointer(var e): e.location = e.location + offset; return .pointer(e)
        case .scroll(var e): e.location = e.location + offset; return .scroll(e)
        case .key, .focusLost, .pointerExited: return self
        }
    }

    /// The same event at `time` (seconds): a recording started mid-session shifts its events to
    /// its own zero.
    public func retimed(_ time: Double) -> InputEvent {
        switch self {
        case .pointer(var e): e.timestamp = time; return .pointer(e)
        case .scroll(var e): e.timestamp = time; return .scroll(e)
        case .key(var e): e.timestamp = time; return .key(e)
        case .focusLost: return .focusLost(timestamp: time)
        case .pointerExited: return .pointerExited(timestamp: time)
        }
    }

    /// A primary-button `.down` at `location` (window points) at `time` (seconds).
    public static func down(_ location: Point, at time: Double) -> InputEvent { .pointer(.down(location, at: time)) }
    /// A `.moved` pointer event at `location` (window points) at `time` (seconds).
    public static func moved(_ location: Point, at time: Double) -> InputEvent { .pointer(.moved(location, at: time)) }
    /// A primary-button `.up` at `location` (window points) at `time` (seconds).
    public static func up(_ location: Point, at time: Double) -> InputEvent { .pointer(.up(location, at: time)) }
    /// A wheel turn of `delta` notches at `location` (window points) at `time` (seconds), SDL's
    /// sign convention (see ``ScrollEvent``).
    public static func wheel(_ location: Point, delta: Vector, at time: Double) -> InputEvent {
        .scroll(ScrollEvent(location: location, delta: delta, unit: .lines, timestamp: time))
    }
    /// A key press (not a repeat) of `key` with `modifiers` at `time` (seconds).
    public static func keyDown(_ key: String, modifiers: KeyModifiers = [], at time: Double) -> InputEvent {
        .key(KeyEvent(.down, key: key, modifiers: modifiers, timestamp: time))
    }

    /// A short human-readable form, for logs.
    public var description: String {
        switch self {
        case .pointer(let e): e.description
        case .scroll(let e): e.description
        case .key(let e): e.description
        case .focusLost(let t): "focus lost @\(t)s"
        case .pointerExited(let t): "pointer exited @\(t)s"
        }
    }
}
