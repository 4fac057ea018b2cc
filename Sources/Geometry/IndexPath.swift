/// The position of an item in a sectioned collection: a section and an item within it.
///
/// Ordered by section, then item, as Foundation's `IndexPath` orders two-element paths.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The item's index within its section.
    public var item: Int
    /// The section's index.
    public var section: Int

    /// Creates the index path of `item` in `section` (UIKit's `IndexPath(item:section:)`).
    @inlinable public init(item: Int, section: Int) { self.item = item; self.section = section }

    /// One word into the hasher instead of two: collection views look items up in dictionaries
    /// several times per visible cell per frame.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt(bitPattern: item) &+ UInt(bitPattern: section) &* 0x9E37_79B9_7F4A_7C15)
    }

    @inlinable public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    /// `[section, item]`, the form used by dumps and scripts.
    public var description: String { "[\(section), \(item)]" }
}
