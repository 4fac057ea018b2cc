import Geometry
import Views

/// The exchange scene's answers to a fuzzer's probe (``SceneProbing``): the line-up stays a
/// permutation of the original, a cancel restores the line-up from before the transaction, a
/// finished transaction reports the scene's line-up, and at rest no snapshot, hidden or dimmed
/// item or disabled long press remains and every cell shows the line-up's name (a seed cancel's
/// stale view ends with its reload).
extension ExchangeScene {
    /// The scene's window.
    public var probedWindow: Window? { host.window }
    /// The line-up's names.
    public var probedCollectionView: CollectionView? { collectionView }
    /// The section headers.
    public var supplementaryViewCount: Int { model.numberOfSections }
    /// ``animationDuration``: segments started with it keep running after a parameter reset.
    public var segmentDuration: Double { animationDuration }

    /// What tiles `area` (136×52 names with 10 pt gaps), twice over for names in flight, and
    /// never more than the line-up holds.
    public func cellBound(for area: Size) -> Int {
        let w = max(area.width, 1), h = max(area.height, 1)
        return min(2 * Int(saturating: (w / 146 + 2) * (h / 62 + 2)) + 16, model.sections.reduce(0) { $0 + $1.count })
    }

    /// The line-up (``model``'s sections).
    public var arrangement: [[String]]? { model.sections }
    /// Whether the controller holds a name (``ExchangeController/isExchangeTransactionInProgress``).
    public var isTransactionInProgress: Bool { controller.isExchangeTransactionInProgress }

    /// Chains `observer` before ``onTransactionFinished``'s current closure.
    public func observeFinishedTransactions(_ observer: @escaping (_ reported: [[String]]) -> Void) {
        let reported = onTransactionFinished
        onTransactionFinished = { model in
            observer(model.sections)
            reported?(model)
        }
    }

    /// No transaction after input stopped; at rest no snapshot, hidden or dimmed item, disabled
    /// long press, or cell showing another name than the line-up's.
    public func restProblem(resting: Bool, largestContent: Size) -> String? {
        if controller.isExchangeTransactionInProgress {
            return "after input stopped, an exchange transaction is still in progress (\(isKeyboardTransaction ? "keyboard" : "pointer"))"
        }
        guard resting else { return nil }
        if snapshot != nil { return "at rest, the snapshot is still shown" }
        if layout.hiddenIndexPath != nil || layout.dimmedIndexPath != nil { return "at rest, an item is still hidden or dimmed" }
        if !longPress.isEnabled { return "at rest, the long press is still disabled" }
        // A seed cancel leaves the view behind the model only until its reload.
        if let ip = collectionView.indexPathsForVisibleItems.first(where: { displayedName(at: $0) != model.name(at: $0) }) {
            return "at rest, the cell at \(ip) shows \(displayedName(at: ip)), not the line-up's \(model.name(at: ip) ?? "nothing")"
        }
        return nil
    }

    /// A pending reload.
    public var busyReasons: [String] { controller.pendingReloadDelay != nil ? ["a reload is pending"] : [] }
}
