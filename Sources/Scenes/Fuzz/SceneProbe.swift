import Geometry
import Views

/// What a fuzzer checks about one scene beyond its dump: each scene's own invariants, written here
/// where the scenes' types are visible, so the fuzzer (which drives the lab's session and sees
/// only ``Scene``) never asks which scene it holds.
///
/// - every scene: its window's steppers and root views stay where they started (memory flat),
///   the gesture arena lets go when the pointer does;
/// - drag: the flock is let go after the pointer goes up, no behaviors stay without a drag; a
///   seed flock may swing for ``swingingFlockAllowance``;
/// - springy: springs stay under the tiling bound, the list is not dragged after the pointer goes up;
/// - cards: no animator left paused or alive at rest, but one a cancelled seed scrub left paused;
/// - dynamics: like every scene, its items stay finite and come to rest with the parameters at
///   their defaults, within the time its demo's springs and resistance need;
/// - exchange: the line-up stays a permutation of the original, a cancel restores the line-up from
///   before the transaction, a finished transaction reports the scene's line-up, and at rest no
///   snapshot, hidden or dimmed item or disabled long press remains and every cell shows the
///   line-up's name (a seed cancel's stale view ends with its reload).
///
/// The probe holds its scene weakly: a probe never keeps a scene alive.
public final class SceneProbe {
    /// The scene probed (nil once it is gone).
    public private(set) weak var scene: (any Scene)?
    /// The first invariant the probe saw broken between checks, if any.
    public private(set) var failure: String?
    /// Exchange transactions that finished (a drop) and that were cancelled.
    public private(set) var transactionsFinished = 0
    public private(set) var transactionsCancelled = 0

    private let baseSteppers: Int
    private let baseRootViews: Int
    private let originalNames: [String]
    private var wasInTransaction = false
    private var modelBeforeStep: ExchangeModel?
    private var modelAtTransactionStart: ExchangeModel?
    private var finishedInStep = false

    /// A probe of `scene` as it is now (its window's steppers and root views are the baseline).
    public init(_ scene: any Scene) {
        self.scene = scene
        let window = Self.window(of: scene)
        baseSteppers = window?.steppers.count ?? 0
        baseRootViews = window?.rootView.subviews.count ?? 0
        if let x = scene as? ExchangeScene {
            originalNames = x.model.sections.flatMap { $0 }.sorted()
            let reported = x.onTransactionFinished
            x.onTransactionFinished = { [weak self, unowned x] model in
                self?.transactionFinished(model, in: x)
                reported?(model)
            }
        } else {
            originalNames = []
        }
    }

    // MARK: What the fuzzer reads

    /// The scene's window (``Views/Window``), or nil for a scene without one.
    public var window: Window? { scene.flatMap(Self.window(of:)) }

    /// The scene's collection view, or nil.
    public var collectionView: CollectionView? { (scene as? HostedScene)?.collectionView }

    private static func window(of scene: any Scene) -> Window? {
        (scene as? HostedScene)?.host.window ?? (scene as? DynamicsScene)?.host.window
    }

    /// Where the scene's items are now, window points: what a press may aim at in a scene
    /// without a collection view (the dynamics scene's squares).
    public var itemFrames: [Rect] { scene?.itemFrames.map(\.frame) ?? [] }

    /// Whether the exchange scene holds a name caught from the keyboard (Space drops it, Escape cancels).
    public var isKeyboardTransaction: Bool { (scene as? ExchangeScene)?.isKeyboardTransaction ?? false }

    /// The exchange scene's segment duration (seconds; 0 elsewhere): segments started with it
    /// keep running after a parameter reset.
    public var segmentDuration: Double { (scene as? ExchangeScene)?.animationDuration ?? 0 }

    /// How much longer than 5 s the scene may take to come to rest, seconds: a running card
    /// animation's duration, or what the dynamics scene's demo needs to calm a fling at its
    /// tunables (``DynamicsScene/restAllowance``). A seed drag flock swings for longer than any
    /// bound: see ``holdsSeedFlock``.
    public var extraRestTime: Double {
        (scene as? CardsScene)?.animator?.duration ?? (scene as? DynamicsScene)?.restAllowance ?? 0
    }

    /// Whether a seed drag flock (every cell on one shared square, the source document's layout)
    /// is held or swinging home: it may swing for ``swingingFlockAllowance``.
    public var holdsSeedFlock: Bool {
        guard let d = scene as? DragScene, let b = d.layout.dragBehavior else { return false }
        return b.anchoring == .sharedSquare
    }

    /// Whether a drag flock is still held or swinging home.
    public var holdsFlock: Bool { (scene as? DragScene)?.layout.dragBehavior != nil }

    /// How long the rest check waits for the drag scene's seed flock, simulated seconds, before it
    /// lets it swing on. Every selected cell hangs from four springs to one 40 pt square around the
    /// pointer (the source document's `DraggableLayout`), each as long as it was at the catch: for
    /// a cell hundreds of points away the four springs are nearly parallel and at their rest
    /// length, so nothing pulls or damps its sideways swing but second-order terms. Measured at
    /// the default 8 Hz and damping 0.6: an ordinary drag of two cells 400–800 pt apart lands in
    /// 11–17 s, a flick of 8000 pt released at once in up to 33 s, a flick to the edge of
    /// ``Views/Window/maximumPointerDistance`` not within minutes (the refined variant, which keeps
    /// offsets, lands in 0.5 s). Such a flock is counted, not failed; every other check still applies.
    public static let swingingFlockAllowance = 30.0

    /// The most cells a content area of `area` may show: what tiles it (cells are at least 40×40
    /// with 10 pt gaps in the drag grid, 44 pt rows in springy, 250×350 cards, 136×52 names),
    /// twice over for cells in flight, plus every item the drag flock carries.
    public func cellBound(for area: Size) -> Int {
        let w = max(area.width, 1), h = max(area.height, 1)
        switch scene {
        case let s as DragScene:
            return 2 * Int(saturating: (w / 50 + 2) * (h / 50 + 2)) + s.layout.draggedIndexPaths.count + 16
        case is SpringyScene: return 2 * Int(saturating: h / 50 + 8) + 16
        case let s as CardsScene: return 2 * Int(saturating: w / 270 + 3) + min(s.cities.count, 3) + 4
        case let s as ExchangeScene:
            return min(2 * Int(saturating: (w / 146 + 2) * (h / 62 + 2)) + 16, s.model.sections.reduce(0) { $0 + $1.count })
        default: return Int.max
        }
    }

    // MARK: Steps

    /// Before an event or frame: remembers the exchange line-up.
    public func beginStep() {
        if let x = scene as? ExchangeScene { modelBeforeStep = x.model }
        finishedInStep = false
    }

    /// After an event or frame: exchange transactions start, finish or are cancelled; a cancel
    /// must restore the line-up from before its transaction.
    public func endStep() {
        guard let x = scene as? ExchangeScene else { return }
        let inTransaction = x.controller.isExchangeTransactionInProgress
        if finishedInStep {
            // A drop: the next transaction (which may have begun in the same step) starts from here.
            modelAtTransactionStart = inTransaction ? x.model : nil
        } else if inTransaction && !wasInTransaction {
            // The catch itself exchanges nothing: the line-up before this step is the one to restore.
            modelAtTransactionStart = modelBeforeStep
        } else if !inTransaction && wasInTransaction {
            transactionsCancelled += 1
            if let start = modelAtTransactionStart, x.model != start {
                fail("a cancelled transaction left the line-up \(x.model.sections), not \(start.sections) as before it")
            }
            modelAtTransactionStart = nil
        }
        wasInTransaction = inTransaction
    }

    private func transactionFinished(_ model: ExchangeModel, in x: ExchangeScene) {
        transactionsFinished += 1
        finishedInStep = true
        if model != x.model { fail("the finished transaction reported a line-up that is not the scene's") }
    }

    private func fail(_ what: String) { if failure == nil { failure = what } }

    /// The cheap checks after every event: the exchange line-up is a permutation of the original;
    /// the visible cells stay under ``cellBound(for:)`` of `area` (points); the content offset is
    /// finite. Returns the first problem, or nil.
    public func checkAfterEvent(area: Size) -> String? {
        if let failure { return failure }
        if let x = scene as? ExchangeScene {
            let names = x.model.sections.flatMap { $0 }
            if names.count != originalNames.count || names.sorted() != originalNames {
                return "the line-up is no longer a permutation of the original: \(x.model.sections)"
            }
        }
        if let cv = collectionView {
            let visible = cv.visibleCellCount
            let bound = cellBound(for: area)
            if visible > bound { return "\(visible) cells are visible, more than the bound \(bound) for \(area)" }
            let o = cv.contentOffset
            if !o.x.isFinite || !o.y.isFinite { return "the content offset is \(o)" }
        }
        return nil
    }

    /// The scene's own checks once input stopped and the scene had its time to settle: nothing in
    /// progress, memory where it started (under the bounds of `largestContent`, the episode's
    /// largest content area), and, when `resting` (parameters at their defaults), nothing left
    /// shown that belongs to a gesture. (Whether it still needs frames is the fuzzer's check.)
    /// Returns the first problem, or nil.
    public func restProblem(resting: Bool, largestContent: Size) -> String? {
        if let failure { return failure }
        guard let scene else { return nil }
        if let w = window {
            if w.arena.isTracking {
                let who = w.arena.participants.map { "\(type(of: $0)) \($0.state)" }
                return "after the pointer went up, the gesture arena still tracks a pointer sequence (\(type(of: scene)); "
                    + "recognizers: \(who.isEmpty ? "none" : who.joined(separator: ", ")))"
            }
            if w.steppers.count != baseSteppers { return "the window has \(w.steppers.count) steppers, \(baseSteppers) at the start" }
            if w.rootView.subviews.count != baseRootViews {
                return "the root view has \(w.rootView.subviews.count) subviews, \(baseRootViews) at the start"
            }
        }
        switch scene {
        case let s as DragScene:
            if resting && s.isDragging { return "at rest, a drag is still in progress" }
            if s.layout.dragBehavior != nil && !s.layout.isReturning { return "after the pointer went up, the flock is still held" }
            if let a = s.layout.dynamicAnimator, s.layout.dragBehavior == nil, !a.behaviors.isEmpty {
                return "no drag, but the drag animator still holds \(a.behaviors.count) behaviors"
            }
        case let s as SpringyScene:
            let bound = Int(saturating: (largestContent.height + 2 * s.layout.tilingMargin) / 50 + 8)
            if s.layout.springs.count > bound { return "\(s.layout.springs.count) springs, more than the tiling bound \(bound)" }
            if s.collectionView.isDragging { return "after the pointer went up, the list is still being dragged" }
        case let s as CardsScene:
            // The one animator allowed to stay: a seed scrub that was cancelled leaves the card
            // paused where it was, as the source's `default: ()` does (a click, scrub or Escape
            // moves it on).
            if s.isPausedByCancelledScrub { break }
            if resting, let a = s.animator { return "at rest, a card animator still exists (\(a.state))" }
            if let a = s.animator, a.state == .active, !a.isRunning {
                return "after the pointer went up, the card animator is still paused (a grab or scrub that never ended)"
            }
        case let s as ExchangeScene:
            if s.controller.isExchangeTransactionInProgress {
                return "after input stopped, an exchange transaction is still in progress (\(s.isKeyboardTransaction ? "keyboard" : "pointer"))"
            }
            if resting {
                if s.snapshot != nil { return "at rest, the snapshot is still shown" }
                if s.layout.hiddenIndexPath != nil || s.layout.dimmedIndexPath != nil { return "at rest, an item is still hidden or dimmed" }
                if !s.longPress.isEnabled { return "at rest, the long press is still disabled" }
                // A seed cancel leaves the view behind the model only until its reload.
                if let ip = s.collectionView.indexPathsForVisibleItems.first(where: { s.displayedName(at: $0) != s.model.name(at: $0) }) {
                    return "at rest, the cell at \(ip) shows \(s.displayedName(at: ip)), not the line-up's \(s.model.name(at: ip) ?? "nothing")"
                }
            }
        default: break
        }
        if let cv = collectionView {
            let cells = cv.visibleCellCount + cv.reusableCellCount
            let bound = cellBound(for: largestContent)
            if cells > bound { return "\(cv.visibleCellCount) visible and \(cv.reusableCellCount) reusable cells, more than the bound \(bound)" }
            let views = cv.subviews.count - cv.visibleCellCount
            let headers = (scene as? ExchangeScene)?.model.numberOfSections ?? 0
            if views > headers + 2 { return "the collection view holds \(views) views besides its cells" }
        }
        return nil
    }

    /// Why the scene still needs frames, for a failure message.
    public func busyReasons() -> String {
        var reasons: [String] = []
        if let w = window {
            if w.timeline.hasRunningAnimators { reasons.append("an animator runs on the timeline") }
            if let d = w.arena.nextTimerDeadline { reasons.append("a recognizer waits for \(d)") }
            for s in w.steppers where !s.isAtRest { reasons.append("stepper \(type(of: s)) is not at rest") }
        }
        if let x = scene as? ExchangeScene, x.controller.pendingReloadDelay != nil { reasons.append("a reload is pending") }
        if let d = scene as? DragScene, let a = d.layout.dynamicAnimator {
            let fastest = a.dynamicItems.map { a.linearVelocity(for: $0).length }.max() ?? 0
            let spin = a.dynamicItems.map { abs(a.angularVelocity(for: $0)) }.max() ?? 0
            reasons.append("drag: dragging \(d.isDragging), returning \(d.layout.isReturning), \(a.awakeItemCount) of "
                           + "\(a.dynamicItems.count) items awake, fastest \(fastest) pt/s, \(spin) rad/s, "
                           + "frequency \(d.layout.frequency) Hz, damping \(d.layout.damping)")
        }
        if let d = scene as? DynamicsScene { reasons.append(d.busyDescription) }
        return reasons.isEmpty ? "a view waits for layout or animates" : reasons.joined(separator: "; ")
    }
}
