/// A keyboard event (UIKit's `UIPress` with a `UIKey`).
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    /// Whether the key went down or up.
    public enum Phase: Hashable, Sendable {
        /// The key was pressed (or auto-repeated, see ``KeyEvent/isRepeat``).
        case down
        /// The key was released.
        case up
    }

    /// Down or up.
    public var phase: Phase
    /// The key's name as `SDL_GetKeyName` gives it, lower-cased: `"escape"`, `"space"`, `"tab"`,
    /// `"return"`, `"f"`, `"left"`, `"right"`, `"up"`, `"down"`, `"1"`, …
    public var key: String
    /// Modifier keys held. Default none.
    public var modifiers: KeyModifiers
    /// When the event happened, in seconds.
    public var timestamp: Double
    /// Whether this `.down` is a keyboard auto-repeat rather than a fresh press. Default `false`.
    public var isRepeat: Bool

    /// Creates a key event. `key` is lower-cased here, so `"Escape"` and `"escape"` are the same key.
    public init(_ phase: Phase, key: String, modifiers: KeyModifiers = [], timestamp: Double, isRepeat: Bool = false) {
        self.phase = phase
        self.key = key.lowercased()
        self.modifiers = modifiers
        self.timestamp = timestamp
        self.isRepeat = isRepeat
    }

    /// A short human-readable form, for logs.
    public var description: String { "key \(phase) \(key) @\(timestamp)s" }
}
