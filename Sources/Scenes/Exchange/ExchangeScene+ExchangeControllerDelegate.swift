import Geometry
import Drawing
import Animation
import Gestures
import Layout
import Views

/// The scene as the controller's delegate: every exchange the controller reports is made in
/// ``ExchangeScene/model`` and, batched per event, in the collection view.
extension ExchangeScene: ExchangeControllerDelegate {

    /// Swaps the two names in ``model`` and queues the swap for the view.
    public func exchangeController(_ controller: ExchangeController, didExchangeItemAt indexPath1: IndexPath,
                                   withItemAt indexPath2: IndexPath) {
        model.exchange(indexPath1, indexPath2)
        pendingExchanges.append((indexPath1, indexPath2))
    }

    /// Hides P, dims D and animates the event's exchanges (``animationDuration``).
    public func exchangeControllerDidFinishExchangeEvent(_ controller: ExchangeController) {
        layout.hiddenIndexPath = controller.indexPathForDisplacedItem
        layout.dimmedIndexPath = controller.originalIndexPathForDraggedItem
        flushExchanges()
    }

    /// Reports the new model through ``onTransactionFinished``.
    public func exchangeController(_ controller: ExchangeController, didFinishExchangeTransactionWith indexPath1: IndexPath,
                                   and indexPath2: IndexPath) {
        onTransactionFinished?(model)
    }

    /// Removes the snapshot at once (the model is already restored). Seed, the source's: the
    /// view is left as it was, the exchanged names, the dimmed one and the hidden place still on
    /// screen, until the controller's reload after its backlog delay (0.5 s,
    /// ``exchangeControllerNeedsReloadData(_:)``) shows the line-up again. Refined: every item shows
    /// normally at once and the restoring exchange animates.
    public func exchangeControllerDidCancelExchangeTransaction(_ controller: ExchangeController) {
        isKeyboardTransaction = false
        resetDimmedRecovery()
        if variant == .seed {
            pendingExchanges.removeAll()
        } else {
            layout.hiddenIndexPath = nil
            layout.dimmedIndexPath = nil
            flushExchanges()
        }
        snapshots.tearDown()
    }

    /// Locked names cannot be caught.
    public func exchangeController(_ controller: ExchangeController, canBeginExchangeTransactionWithItemAt indexPath: IndexPath) -> Bool {
        model.contains(indexPath) && !model.isLocked(at: indexPath)
    }

    /// Locked names cannot be displaced.
    public func exchangeController(_ controller: ExchangeController, canDisplaceItemAt indexPath: IndexPath,
                                   withItemBeingDraggedFrom draggedIndexPath: IndexPath) -> Bool {
        model.contains(indexPath) && !model.isLocked(at: indexPath)
    }

    /// Reloads the collection view from ``model``. As the source's layout asks its controller
    /// what to hide and dim on every pass, the reload shows the controller's items hidden and
    /// dimmed: a transaction's, or none (clearing what a seed cancel left on screen), unless a
    /// released snapshot is still flying to its place.
    public func exchangeControllerNeedsReloadData(_ controller: ExchangeController) {
        if controller.isExchangeTransactionInProgress {
            layout.hiddenIndexPath = controller.indexPathForDisplacedItem
            layout.dimmedIndexPath = controller.originalIndexPathForDraggedItem
        } else if snapshot == nil {
            layout.hiddenIndexPath = nil
            layout.dimmedIndexPath = nil
        }
        collectionView.reloadData()
    }

    /// Animates the exchanges of the event just reported (the model already has them).
    func flushExchanges() {
        guard !pendingExchanges.isEmpty else { return }
        let ops = pendingExchanges
        pendingExchanges.removeAll()
        collectionView.performBatchUpdates {
            for (a, b) in ops { collectionView.exchangeItem(at: a, withItemAt: b) }
        }
    }
}
