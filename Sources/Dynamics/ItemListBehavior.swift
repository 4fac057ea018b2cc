import Geometry

/// A behavior acting on a list of items, each listed once (UIKit's `items`, `addItem(_:)`,
/// `removeItem(_:)` on gravity, push, collision, field and item behaviors): the bookkeeping in one
/// place. Changing the list recompiles the animator's constraints before its next step.
public class ItemListBehavior: DynamicBehavior {
    /// The items this behavior acts on.
    public private(set) var items: [any DynamicItem]

    /// Creates the behavior for `items` (default none).
    public init(items: [any DynamicItem] = []) {
        self.items = items
        super.init()
    }

    /// Adds `item` (once: adding a listed item does nothing).
    public func addItem(_ item: any DynamicItem) {
        guard !items.contains(where: { $0 === item }) else { return }
        items.append(item)
        setNeedsRebuild()
    }

    /// Removes `item` and anything the behavior kept about it.
    public func removeItem(_ item: any DynamicItem) {
        items.removeAll { $0 === item }
        didRemove(item)
        setNeedsRebuild()
    }

    /// Hook for subclasses keeping per-item state (a push's target offsets). Default: nothing.
    func didRemove(_ item: any DynamicItem) {}
}
