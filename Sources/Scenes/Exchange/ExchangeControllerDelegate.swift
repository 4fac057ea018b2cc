import Geometry

/// Keeps a model in step with an ``ExchangeController`` and decides which items may take part
/// (the reference controller's `SSCollectionViewExchangeControllerDelegate`).
///
/// The controller reports every single exchange it makes, in order; apply each one to the model
/// (swap the two items) and the model always matches what the user sees. The four reporting
/// methods are required; the two questions default to `true` and the reload to nothing.
public protocol ExchangeControllerDelegate: AnyObject {
    /// The items at `indexPath1` and `indexPath2` swapped places: swap them in the model.
    func exchangeController(_ controller: ExchangeController, didExchangeItemAt indexPath1: IndexPath,
                            withItemAt indexPath2: IndexPath)
    /// One exchange event (one hover) is complete: every exchange of the event has been reported.
    /// Update the view now (animate the batch of exchanges).
    func exchangeControllerDidFinishExchangeEvent(_ controller: ExchangeController)
    /// The user released: the transaction is complete. `indexPath1` (P) and `indexPath2` (D) are the
    /// two items of the final exchange, already reported; they are equal when the user came back to
    /// the start (nothing changed). Save the model or set up undo here.
    func exchangeController(_ controller: ExchangeController, didFinishExchangeTransactionWith indexPath1: IndexPath,
                            and indexPath2: IndexPath)
    /// The transaction was cancelled (Escape, focus loss); the exchange that restores the model was
    /// reported just before. The controller asks for a reload after its backlog delay.
    func exchangeControllerDidCancelExchangeTransaction(_ controller: ExchangeController)

    /// Whether an exchange transaction may begin with the item at `indexPath` (a locked item may
    /// not). Default `true`.
    func exchangeController(_ controller: ExchangeController, canBeginExchangeTransactionWithItemAt indexPath: IndexPath) -> Bool
    /// Whether the item at `indexPath` may be displaced by the item being dragged from
    /// `draggedIndexPath` (D). Asked at most once per index path and transaction. Default `true`.
    func exchangeController(_ controller: ExchangeController, canDisplaceItemAt indexPath: IndexPath,
                            withItemBeingDraggedFrom draggedIndexPath: IndexPath) -> Bool
    /// The backlog delay after a cancel has passed: reload the collection view from the model, so
    /// no half-finished exchange animation survives. Default: nothing.
    func exchangeControllerNeedsReloadData(_ controller: ExchangeController)
}

extension ExchangeControllerDelegate {
    /// Default: `true`.
    public func exchangeController(_ controller: ExchangeController, canBeginExchangeTransactionWithItemAt indexPath: IndexPath) -> Bool { true }
    /// Default: `true`.
    public func exchangeController(_ controller: ExchangeController, canDisplaceItemAt indexPath: IndexPath,
                                   withItemBeingDraggedFrom draggedIndexPath: IndexPath) -> Bool { true }
    /// Default: nothing.
    public func exchangeControllerNeedsReloadData(_ controller: ExchangeController) {}
}
