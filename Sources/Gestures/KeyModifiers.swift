/// Keyboard modifier keys held during an event (UIKit's `UIKeyModifierFlags`).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The raw bit mask.
    public let rawValue: UInt8
    /// Creates a modifier set from a raw bit mask.
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Either Shift key.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Either Control key.
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Either Alt (Option) key.
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// Either Command / Super (GUI) key.
    public static let command = KeyModifiers(rawValue: 1 << 3)
}
