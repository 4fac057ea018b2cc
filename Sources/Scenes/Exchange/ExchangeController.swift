import Geometry

/// Manages the exchange of two items of a collection by long-press and drag (a port of the
/// reference `SSCollectionViewExchangeController`), as pure logic: it owns no views and reads no
/// clock, so it can be driven and tested on its own. A scene feeds it what the pointer is over and
/// the frame time; the ``delegate`` applies the exchanges to the model and the view.
///
/// **An exchange, not a move.** Dragging item 1 onto item 5 of `1 2 3 4 5` gives `5 2 3 4 1`:
/// only the two items swap. While the user drags, the dragged item sits (hidden) where it would
/// land and the item it displaced sits (dimmed) at the dragged item's original place; hovering
/// another item first undoes the previous exchange.
///
/// **State.** `D` = ``originalIndexPathForDraggedItem`` (where the dragged item started),
/// `P` = ``indexPathForDisplacedItem`` (where the dragged item is now, i.e. the original place of
/// the displaced item), ``mustUndoPriorExchange``. On catch `D = P = s`, `mustUndo = false`.
/// A hover over `c` is ignored when `c` is nil or `c == P`, or when the delegate says `c` cannot be
/// displaced (asked once per distinct `c` per transaction, including `c == D`); otherwise:
/// - `!mustUndo`: exchange `(c, D)`; `P = c`; `mustUndo = true` (from the starting item);
/// - `mustUndo && c == D`: exchange `(D, P)`; `P = D`; `mustUndo = false` (back to the start);
/// - else: exchange `(D, P)` then `(c, D)`; `P = c`; `mustUndo = true` (to another item).
///
/// Each hover reports every single exchange (`didExchangeItemAt:withItemAt:`), then
/// `didFinishExchangeEvent`. Release reports `didFinishExchangeTransaction(P, D)`. A cancel
/// exchanges `(P, D)` to restore the model, reports `didCancelExchangeTransaction`, and asks for
/// a reload ``animationBacklogDelay`` seconds later (time comes in through ``advance(by:)``).
///
/// Example: catch (0,3), hover (1,3), (1,4), (1,5), release → exchanges `(1,3)↔(0,3)`;
/// `(0,3)↔(1,3)`, `(1,4)↔(0,3)`; `(0,3)↔(1,4)`, `(1,5)↔(0,3)`; finish `((1,5),(0,3))`.
public final class ExchangeController {
    /// Creates an idle controller reporting to `delegate` (weak).
    public init(delegate: (any ExchangeControllerDelegate)? = nil) {
        self.delegate = delegate
    }

    /// Applies the exchanges and answers the questions (weak).
    public weak var delegate: (any ExchangeControllerDelegate)?

    /// Seconds between a cancel and the reload it asks for, so the view's exchange animations
    /// (the backlog) finish first. Default 0.5.
    public var animationBacklogDelay = 0.5

    /// D: where the dragged item started; nil outside a transaction.
    public private(set) var originalIndexPathForDraggedItem: IndexPath?
    /// P: where the dragged item is now, which is the original place of the displaced item (equal
    /// to D when nothing is displaced); nil outside a transaction.
    public private(set) var indexPathForDisplacedItem: IndexPath?
    /// Whether the next hover must first undo the previous exchange (something is displaced).
    public private(set) var mustUndoPriorExchange = false
    /// Seconds left until the reload a cancel asked for, or nil when none is pending.
    public private(set) var pendingReloadDelay: Double?

    /// Whether a transaction is in progress (between a successful catch and a release or cancel).
    public var isExchangeTransactionInProgress: Bool { originalIndexPathForDraggedItem != nil }

    /// The delegate's answers to "can `c` be displaced?" in this transaction.
    private var displaceAnswers: [IndexPath: Bool] = [:]

    // MARK: Transaction

    /// Catches the item at `indexPath` (the long press began there): `D = P = indexPath`. Returns
    /// false, changing nothing, when `indexPath` is nil, a transaction is already in progress, or
    /// the delegate refuses (`canBeginExchangeTransactionWithItemAt`); the caller then cancels its
    /// gesture, and that cancel is not a transaction cancel.
    @discardableResult
    public func beginExchangeTransaction(at indexPath: IndexPath?) -> Bool {
        guard let s = indexPath, !isExchangeTransactionInProgress else { return false }
        if let d = delegate, !d.exchangeController(self, canBeginExchangeTransactionWithItemAt: s) { return false }
        originalIndexPathForDraggedItem = s
        indexPathForDisplacedItem = s
        mustUndoPriorExchange = false
        displaceAnswers.removeAll(keepingCapacity: true)
        return true
    }

    /// The pointer is over the item at `indexPath` (nil: over no item). Performs and reports the
    /// exchanges of that event (see the class documentation) and returns what happened.
    @discardableResult
    public func hover(over indexPath: IndexPath?) -> ExchangeEventType {
        let type = exchangeEventType(hovering: indexPath)
        guard let c = indexPath, let d = originalIndexPathForDraggedItem, let p = indexPathForDisplacedItem else { return type }
        switch type {
        case .nothingToExchange, .cannotDisplaceItem:
            return type
        case .draggedFromStartingItem:
            report(c, d)
            setState(displaced: c, mustUndo: true)
        case .draggedToStartingItem:
            report(d, p)
            setState(displaced: d, mustUndo: false)
        case .draggedToOtherItem:
            report(d, p)
            report(c, d)
            setState(displaced: c, mustUndo: true)
        }
        delegate?.exchangeControllerDidFinishExchangeEvent(self)
        return type
    }

    /// What hovering `indexPath` would do now. Asks the delegate whether it can be displaced (once
    /// per distinct index path per transaction; the answer is remembered).
    public func exchangeEventType(hovering indexPath: IndexPath?) -> ExchangeEventType {
        guard let c = indexPath, let d = originalIndexPathForDraggedItem, c != indexPathForDisplacedItem else {
            return .nothingToExchange
        }
        guard canDisplace(c, draggedFrom: d) else { return .cannotDisplaceItem }
        if !mustUndoPriorExchange { return .draggedFromStartingItem }
        return c == d ? .draggedToStartingItem : .draggedToOtherItem
    }

    /// The user released: reports `didFinishExchangeTransaction(P, D)` and ends the transaction.
    /// Returns `(P, D)`, or nil (doing nothing) when no transaction is in progress.
    @discardableResult
    public func finishExchangeTransaction() -> (displaced: IndexPath, dragged: IndexPath)? {
        guard let d = originalIndexPathForDraggedItem, let p = indexPathForDisplacedItem else { return nil }
        end()
        delegate?.exchangeController(self, didFinishExchangeTransactionWith: p, and: d)
        return (p, d)
    }

    /// The transaction was interrupted (Escape, focus loss): reports the exchange `(P, D)` that
    /// restores the model (reported even when `P == D`, where it changes nothing, as the reference
    /// does), then `didCancelExchangeTransaction`, and schedules a reload after
    /// ``animationBacklogDelay``. Does nothing (returns false) outside a transaction — in
    /// particular for the gesture cancel that follows a refused catch.
    @discardableResult
    public func cancelExchangeTransaction() -> Bool {
        guard let d = originalIndexPathForDraggedItem, let p = indexPathForDisplacedItem else { return false }
        end()
        delegate?.exchangeController(self, didExchangeItemAt: p, withItemAt: d)
        delegate?.exchangeControllerDidCancelExchangeTransaction(self)
        pendingReloadDelay = animationBacklogDelay
        return true
    }

    /// Advances the controller's timer (the reload after a cancel) by `dt` seconds.
    public func advance(by dt: Double) {
        guard var left = pendingReloadDelay, dt.isFinite, dt >= 0 else { return }
        left -= dt
        // A whole number of 1/60 s frames should land on the delay, not one frame after it.
        if left <= 1e-9 {
            pendingReloadDelay = nil
            delegate?.exchangeControllerNeedsReloadData(self)
        } else {
            pendingReloadDelay = left
        }
    }

    // MARK: Helpers

    private func canDisplace(_ c: IndexPath, draggedFrom d: IndexPath) -> Bool {
        if let known = displaceAnswers[c] { return known }
        let answer = delegate?.exchangeController(self, canDisplaceItemAt: c, withItemBeingDraggedFrom: d) ?? true
        displaceAnswers[c] = answer
        return answer
    }

    private func report(_ a: IndexPath, _ b: IndexPath) {
        delegate?.exchangeController(self, didExchangeItemAt: a, withItemAt: b)
    }

    private func setState(displaced p: IndexPath, mustUndo: Bool) {
        indexPathForDisplacedItem = p
        mustUndoPriorExchange = mustUndo
    }

    private func end() {
        originalIndexPathForDraggedItem = nil
        indexPathForDisplacedItem = nil
        mustUndoPriorExchange = false
        displaceAnswers.removeAll(keepingCapacity: true)
    }
}
