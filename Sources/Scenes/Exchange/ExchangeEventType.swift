/// What one hover did in an ``ExchangeController`` (the reference controller's `ExchangeEventType`).
public enum ExchangeEventType: Sendable, Hashable {
    /// No transaction, no item under the pointer, or the item where the dragged item already is (P).
    case nothingToExchange
    /// The delegate refused to let the hovered item be displaced.
    case cannotDisplaceItem
    /// First exchange away from the start: `(c, D)`.
    case draggedFromStartingItem
    /// From one displaced item to another: `(D, P)` undoes the previous exchange, then `(c, D)`.
    case draggedToOtherItem
    /// Back to the start: `(D, P)` undoes the previous exchange.
    case draggedToStartingItem
}
