import Geometry

/// Modifier keys, as scripts name them ("shift", "ctrl", "alt", "cmd").
public struct InputModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = InputModifiers(rawValue: 1)
    public static let control = InputModifiers(rawValue: 2)
    public static let alt = InputModifiers(rawValue: 4)
    public static let command = InputModifiers(rawValue: 8)

    /// Script names in a fixed order, for recording.
    public var names: [String] {
        var n: [String] = []
        if contains(.shift) { n.append("shift") }
        if contains(.control) { n.append("ctrl") }
        if contains(.alt) { n.append("alt") }
        if contains(.command) { n.append("cmd") }
        return n
    }

    /// Parses a script name; nil for an unknown one.
    public init?(name: String) {
        switch name.lowercased() {
        case "shift": self = .shift
        case "ctrl", "control": self = .control
        case "alt", "option": self = .alt
        case "cmd", "command", "gui", "super": self = .command
        default: return nil
        }
    }
}

/// One input event for a scene, in window coordinates (points), stamped with the app's clock
/// (seconds since the first frame). This is also one line of a `--script` / `--record` file.
public enum SceneInput: Sendable, Equatable {
    /// The primary button went down.
    case down(Point, time: Double)
    /// The pointer moved (with or without the button held).
    case move(Point, time: Double)
    /// The primary button went up.
    case up(Point, time: Double)
    /// The wheel turned at the pointer: `delta` in wheel notches, positive `dy` away from the user (scroll up).
    case wheel(Point, delta: Vector, time: Double)
    /// A key went down; `key` as `SDL_GetKeyName` gives it, lower-cased ("escape", "space", "f").
    case key(String, modifiers: InputModifiers, time: Double)
    /// The window lost focus: gestures in progress cancel.
    case focusLost(time: Double)

    /// When the event happened, in seconds.
    public var time: Double {
        switch self {
        case let .down(_, t), let .move(_, t), let .up(_, t), let .wheel(_, _, t), let .key(_, _, t), let .focusLost(t): return t
        }
    }
}
