import Geometry
import Views

/// What a scene tells a fuzzer's ``SceneProbe`` about itself: which window and collection view to
/// watch, its own bounds and timings, its rearrangeable content and transactions, and its own
/// invariants at rest. Every ``Scene`` is one; each scene answers in its own folder
/// (`<Scene>Scene+Probe.swift`), so the probe never asks which scene it holds.
///
/// The extension gives the neutral answers of a scene with nothing to say: no window, no
/// collection view, no bound, no transactions, nothing to check at rest.
public protocol SceneProbing: AnyObject {
    /// The window whose steppers, root views and gesture arena the probe watches, or nil for a
    /// scene without one. Default nil.
    var probedWindow: Window? { get }
    /// The collection view whose cells the probe counts, or nil. Default nil.
    var probedCollectionView: CollectionView? { get }
    /// How many views besides its cells the collection view may hold beyond the two any may
    /// (section headers). Default 0.
    var supplementaryViewCount: Int { get }
    /// Whether the scene holds something caught from the keyboard (the exchange scene: Space
    /// drops it, Escape cancels). Default false.
    var isKeyboardTransaction: Bool { get }
    /// Seconds of each animation segment that keeps running after a parameter reset (the
    /// exchange scene's), 0 when the scene has none. Default 0.
    var segmentDuration: Double { get }
    /// How much longer than 5 s the scene may take to come to rest, seconds (a running card
    /// animation's duration, the dynamics demo's allowance). Default 0.
    var extraRestTime: Double { get }
    /// Whether a seed drag flock (every cell on one shared square) is held or swinging home: it
    /// may swing for ``SceneProbe/swingingFlockAllowance``. Default false.
    var holdsSeedFlock: Bool { get }
    /// Whether a drag flock is still held or swinging home. Default false.
    var holdsFlock: Bool { get }
    /// The most cells a content area of `area` (points) may show: what tiles it, twice over for
    /// cells in flight, plus what a gesture carries. Default `Int.max` (no bound).
    func cellBound(for area: Size) -> Int
    /// The scene's rearrangeable content, names per section, which must stay a permutation of
    /// what it was when the probe began; nil when the scene has none. Default nil.
    var arrangement: [[String]]? { get }
    /// Whether a transaction is in progress that a cancel must undo, restoring ``arrangement``
    /// as it was before the transaction. Default false.
    var isTransactionInProgress: Bool { get }
    /// Calls `observer` with the arrangement each finished transaction reports (before whoever
    /// the scene reported to already). Default: never called.
    func observeFinishedTransactions(_ observer: @escaping (_ reported: [[String]]) -> Void)
    /// The scene's own problem once input stopped and the scene had its time to settle (the
    /// common window checks come first, the collection view's after), or nil. `resting`: the
    /// parameters are at their defaults; `largestContent`: the episode's largest content area,
    /// points. Default nil.
    func restProblem(resting: Bool, largestContent: Size) -> String?
    /// Why the scene itself still needs frames, in words, for a failure message (after the
    /// window's reasons). Default none.
    var busyReasons: [String] { get }
}

extension SceneProbing {
    /// No window.
    public var probedWindow: Window? { nil }
    /// No collection view.
    public var probedCollectionView: CollectionView? { nil }
    /// No views besides the cells.
    public var supplementaryViewCount: Int { 0 }
    /// Nothing caught from the keyboard.
    public var isKeyboardTransaction: Bool { false }
    /// No segments, 0 s.
    public var segmentDuration: Double { 0 }
    /// No time beyond 5 s, 0 s.
    public var extraRestTime: Double { 0 }
    /// No seed flock.
    public var holdsSeedFlock: Bool { false }
    /// No flock.
    public var holdsFlock: Bool { false }
    /// No bound: `Int.max`.
    public func cellBound(for area: Size) -> Int { Int.max }
    /// No arrangement.
    public var arrangement: [[String]]? { nil }
    /// No transactions.
    public var isTransactionInProgress: Bool { false }
    /// No transactions to report: `observer` is never called.
    public func observeFinishedTransactions(_ observer: @escaping (_ reported: [[String]]) -> Void) {}
    /// Nothing of its own to check.
    public func restProblem(resting: Bool, largestContent: Size) -> String? { nil }
    /// No reasons of its own.
    public var busyReasons: [String] { [] }
}
