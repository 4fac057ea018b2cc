import Geometry

/// A mouse (pointer) event in window coordinates, the desktop counterpart of a single `UITouch` phase.
///
/// The window delivers one pointer sequence at a time: a `.down`, any number of `.moved`, then `.up`
/// or `.cancelled` (for example when the window loses focus).
public struct PointerEvent: Hashable, Sendable, CustomStringConvertible {
    /// Where in its sequence a pointer event falls (UIKit's `UITouch.Phase`).
    public enum Phase: Hashable, Sendable {
        /// A button went down: the sequence begins.
        case down
        /// The pointer moved (with the button held, or hovering when no sequence is active).
        case moved
        /// The button was released: the sequence ends.
        case up
        /// The system interrupted the sequence (focus loss, Escape, a view removed): it ends without an `up`.
        case cancelled
    }

    /// The event's phase.
    public var phase: Phase
    /// Pointer location in window coordinates, in points.
    public var location: Point
    /// When the event happened, in seconds (any fixed origin; the library never reads a clock).
    public var timestamp: Double
    /// The button that went down or up; for `.moved` the button that started the sequence. Default `.left`.
    public var button: PointerButton
    /// Keyboard modifiers held at the time of the event. Default none.
    public var modifiers: KeyModifiers

    /// Creates a pointer event; `location` in window points, `timestamp` in seconds.
    @inlinable
    public init(_ phase: Phase, location: Point, timestamp: Double,
                button: PointerButton = .left, modifiers: KeyModifiers = []) {
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.button = button
        self.modifiers = modifiers
    }

    /// A `.down` event at `location` (window points) at `time` (seconds).
    @inlinable
    public static func down(_ location: Point, at time: Double, button: PointerButton = .left,
                            modifiers: KeyModifiers = []) -> PointerEvent {
        PointerEvent(.down, location: location, timestamp: time, button: button, modifiers: modifiers)
    }

    /// A `.moved` event at `location` (window points) at `time` (seconds).
    @inlinable
    public static func moved(_ location: Point, at time: Double, button: PointerButton = .left,
                             modifiers: KeyModifiers = []) -> PointerEvent {
        PointerEvent(.moved, location: location, timestamp: time, button: button, modifiers: modifiers)
    }

    /// An `.up` event at `location` (window points) at `time` (seconds).
    @inlinable
    public static func up(_ location: Point, at time: Double, button: PointerButton = .left,
                          modifiers: KeyModifiers = []) -> PointerEvent {
        PointerEvent(.up, location: location, timestamp: time, button: button, modifiers: modifiers)
    }

    /// A `.cancelled` event at `location` (window points) at `time` (seconds).
    @inlinable
    public static func cancelled(_ location: Point, at time: Double, button: PointerButton = .left,
                                 modifiers: KeyModifiers = []) -> PointerEvent {
        PointerEvent(.cancelled, location: location, timestamp: time, button: button, modifiers: modifiers)
    }

    /// A short human-readable form, for logs.
    public var description: String { "\(phase) \(location) @\(timestamp)s \(button)" }
}

/// A mouse button.
public enum PointerButton: Hashable, Sendable {
    /// The primary button.
    case left
    /// The secondary (context-menu) button.
    case right
    /// The middle button (wheel click).
    case middle
}
