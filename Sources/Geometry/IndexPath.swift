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

    @inlinable public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    /// `[section, item]`, the form used by dumps and scripts.
    public var description: String { "[\(section), \(item)]" }
}
