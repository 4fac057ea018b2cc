import Geometry
import Views

/// What a fuzzer checks about one scene beyond its dump. The checks every scene shares are here:
/// its window's steppers and root views stay where they started (memory flat), the gesture arena
/// lets go when the pointer does, the visible cells stay under the scene's bound, an arrangement
/// stays a permutation of the original, a cancelled transaction restores the arrangement from
/// before it and a finished one reports the scene's. Each scene answers for its own invariants
/// through ``SceneProbing`` (`<Scene>Scene+Probe.swift`), so neither the probe nor the fuzzer
/// (which drives the lab's session and sees only ``Scene``) asks which scene it holds.
///
/// The probe holds its scene weakly: a probe never keeps a scene alive.
public final class SceneProbe {
    /// The scene probed (nil once it is gone).
    public private(set) weak var scene: (any Scene)?
    /// The first invariant the probe saw broken between checks, if any.
    public private(set) var failure: String?
    /// Transactions (the exchange scene's) that finished (a drop) and that were cancelled.
    public private(set) var transactionsFinished = 0
    public private(set) var transactionsCancelled = 0

    private let baseSteppers: Int
    private let baseRootViews: Int
    private let originalNames: [String]
    private var wasInTransaction = false
    private var arrangementBeforeStep: [[String]]?
    private var arrangementAtTransactionStart: [[String]]?
    private var finishedInStep = false

    /// A probe of `scene` as it is now (its window's steppers and root views are the baseline).
    public init(_ scene: any Scene) {
        self.scene = scene
        let window = scene.probedWindow
        baseSteppers = window?.steppers.count ?? 0
        baseRootViews = window?.rootView.subviews.count ?? 0
        originalNames = scene.arrangement?.flatMap { $0 }.sorted() ?? []
        scene.observeFinishedTransactions { [weak self] reported in self?.transactionFinished(reported) }
    }

    // MARK: What the fuzzer reads

    /// The scene's window (``Views/Window``), or nil for a scene without one.
    public var window: Window? { scene?.probedWindow }

    /// The scene's collection view, or nil.
    public var collectionView: CollectionView? { scene?.probedCollectionView }

    /// Where the scene's items are now, window points: what a press may aim at in a scene
    /// without a collection view (the dynamics scene's squares).
    public var itemFrames: [Rect] { scene?.itemFrames.map(\.frame) ?? [] }

    /// Whether the scene holds something caught from the keyboard (``SceneProbing/isKeyboardTransaction``).
    public var isKeyboardTransaction: Bool { scene?.isKeyboardTransaction ?? false }

    /// The scene's segment duration (seconds; 0 for most): segments started with it keep running
    /// after a parameter reset (``SceneProbing/segmentDuration``).
    public var segmentDuration: Double { scene?.segmentDuration ?? 0 }

    /// How much longer than 5 s the scene may take to come to rest, seconds: a running card
    /// animation's duration, or what the dynamics scene's demo needs to calm a fling at its
    /// tunables (``SceneProbing/extraRestTime``). A seed drag flock swings for longer than any
    /// bound: see ``holdsSeedFlock``.
    public var extraRestTime: Double { scene?.extraRestTime ?? 0 }

    /// Whether a seed drag flock (every cell on one shared square, the source document's layout)
    /// is held or swinging home: it may swing for ``swingingFlockAllowance``.
    public var holdsSeedFlock: Bool { scene?.holdsSeedFlock ?? false }

    /// Whether a drag flock is still held or swinging home.
    public var holdsFlock: Bool { scene?.holdsFlock ?? false }

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
    /// (``SceneProbing/cellBound(for:)``; no bound without a scene.)
    public func cellBound(for area: Size) -> Int { scene?.cellBound(for: area) ?? Int.max }

    // MARK: Steps

    /// Before an event or frame: remembers the scene's arrangement.
    public func beginStep() {
        if let scene { arrangementBeforeStep = scene.arrangement }
        finishedInStep = false
    }

    /// After an event or frame: transactions start, finish or are cancelled; a cancel must
    /// restore the arrangement from before its transaction.
    public func endStep() {
        guard let scene, let arrangement = scene.arrangement else { return }
        let inTransaction = scene.isTransactionInProgress
        if finishedInStep {
            // A drop: the next transaction (which may have begun in the same step) starts from here.
            arrangementAtTransactionStart = inTransaction ? arrangement : nil
        } else if inTransaction && !wasInTransaction {
            // The catch itself exchanges nothing: the arrangement before this step is the one to restore.
            arrangementAtTransactionStart = arrangementBeforeStep
        } else if !inTransaction && wasInTransaction {
            transactionsCancelled += 1
            if let start = arrangementAtTransactionStart, arrangement != start {
                fail("a cancelled transaction left the line-up \(arrangement), not \(start) as before it")
            }
            arrangementAtTransactionStart = nil
        }
        wasInTransaction = inTransaction
    }

    private func transactionFinished(_ reported: [[String]]) {
        transactionsFinished += 1
        finishedInStep = true
        if reported != scene?.arrangement { fail("the finished transaction reported a line-up that is not the scene's") }
    }

    private func fail(_ what: String) { if failure == nil { failure = what } }

    /// The cheap checks after every event: the exchange line-up is a permutation of the original;
    /// the visible cells stay under ``cellBound(for:)`` of `area` (points); the content offset is
    /// finite. Returns the first problem, or nil.
    public func checkAfterEvent(area: Size) -> String? {
        if let failure { return failure }
        if let arrangement = scene?.arrangement {
            let names = arrangement.flatMap { $0 }
            if names.count != originalNames.count || names.sorted() != originalNames {
                return "the line-up is no longer a permutation of the original: \(arrangement)"
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
        if let problem = scene.restProblem(resting: resting, largestContent: largestContent) { return problem }
        if let cv = collectionView {
            let cells = cv.visibleCellCount + cv.reusableCellCount
            let bound = cellBound(for: largestContent)
            if cells > bound { return "\(cv.visibleCellCount) visible and \(cv.reusableCellCount) reusable cells, more than the bound \(bound)" }
            let views = cv.subviews.count - cv.visibleCellCount
            let headers = scene.supplementaryViewCount
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
        reasons += scene?.busyReasons ?? []
        return reasons.isEmpty ? "a view waits for layout or animates" : reasons.joined(separator: "; ")
    }
}
