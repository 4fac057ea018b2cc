import Geometry
import Dynamics

/// The abstract base of collection view layouts (UIKit's `UICollectionViewLayout`): subclass it
/// and override ``prepare()``, ``collectionViewContentSize``, ``layoutAttributesForElements(in:)``
/// and ``layoutAttributesForItem(at:)``.
///
/// Life cycle, as in UIKit: the collection view calls ``prepareIfNeeded()`` (which calls
/// ``prepare()`` once after each ``invalidateLayout()``) before it asks for attributes, and asks for
/// the attributes of its visible rectangle every frame. On every change of its bounds (every scroll
/// step) it asks ``shouldInvalidateLayout(forBoundsChange:)``; the layout may adjust its state there.
///
/// Dynamics: a layout may own a ``DynamicAnimator`` whose items are copies of its attributes
/// (create it with `DynamicAnimator(collectionViewLayout:)`). That animator invalidates the layout
/// after every step in which items moved, and **the collection view's window steps it** once per
/// frame (the collection view registers it as one of the window's frame steppers when it joins a
/// window); nobody else should step it.
open class CollectionViewLayout {
    /// Creates a layout that is not yet attached to a collection view.
    public init() {}

    /// The collection view this layout belongs to (set by the collection view), or nil.
    public weak var collectionView: (any CollectionViewLayoutContext)?

    /// The dynamic animator driving this layout's attributes, if any; stepped by the collection
    /// view's window.
    /// Setting it makes the animator invalidate this layout after each step in which items moved.
    public var dynamicAnimator: DynamicAnimator? {
        didSet {
            oldValue?.itemsDidMove = nil
            dynamicAnimator?.itemsDidMove = { [weak self] in self?.dynamicAnimatorItemsDidMove() }
        }
    }

    /// Called after a step of ``dynamicAnimator`` in which items moved. Default:
    /// ``invalidateLayout()``. A layout that knows which of its items the animator moves may
    /// invalidate only those (``invalidateItems(at:)``).
    open func dynamicAnimatorItemsDidMove() { invalidateLayout() }

    /// Whether ``prepare()`` must run before the next query (true until the first preparation).
    public private(set) var needsPrepare = true

    /// Incremented by every ``invalidateLayout()``: a cheap way for a view to notice invalidation.
    public private(set) var invalidationCount = 0

    /// Computes whatever the layout caches; called once after each invalidation, before queries.
    /// Subclasses call `super.prepare()` first.
    open func prepare() {}

    /// Runs ``prepare()`` if the layout was invalidated since it last ran.
    public func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }

    /// Marks the layout as needing ``prepare()`` before its next query. Subclasses call super.
    open func invalidateLayout() {
        needsPrepare = true
        invalidationCount &+= 1
        pendingInvalidation = .everything
    }

    /// Marks the attributes of `indexPaths` as changed, and nothing else: ``prepare()`` does not
    /// run again (UIKit's `invalidateItems(at:)` on an invalidation context passed to
    /// `invalidateLayout(with:)`). A collection view whose layout ``reportsEveryChange`` then
    /// asks only for these items' attributes (``layoutAttributesForItems(at:in:)``) instead of
    /// every visible one.
    public func invalidateItems(at indexPaths: Set<IndexPath>) {
        switch pendingInvalidation {
        case .everything: break
        case .none: pendingInvalidation = .items(indexPaths)
        case .items(let earlier): pendingInvalidation = .items(earlier.union(indexPaths))
        }
    }

    /// What changed since the collection view last read it with ``takeInvalidation()``.
    public enum Invalidation: Equatable, Sendable {
        /// Nothing was invalidated.
        case none
        /// Only these items' attributes changed (``invalidateItems(at:)``).
        case items(Set<IndexPath>)
        /// The whole layout (``invalidateLayout()``; also before the first query).
        case everything
    }

    /// What was invalidated since the last ``takeInvalidation()``.
    public private(set) var pendingInvalidation = Invalidation.everything

    /// Returns what was invalidated since the last call and starts over; the collection view
    /// calls it once per layout pass.
    public func takeInvalidation() -> Invalidation {
        defer { pendingInvalidation = .none }
        return pendingInvalidation
    }

    /// Whether every change of this layout's attributes comes with ``invalidateLayout()`` or
    /// ``invalidateItems(at:)``, so that a collection view whose bounds did not change may skip the
    /// query of its visible rectangle and update only the invalidated items' cells (or none).
    /// Default false: the collection view asks for every visible item's attributes at each layout
    /// pass, as layouts whose attributes follow animations without invalidating need.
    open var reportsEveryChange: Bool { false }

    /// The attributes ``layoutAttributesForElements(in:)`` returns for the cells of `indexPaths`
    /// in `rect`, in the same order (and only those). Default: that query, filtered; override it
    /// with something cheaper when ``reportsEveryChange`` is true.
    open func layoutAttributesForItems(at indexPaths: Set<IndexPath>, in rect: Rect) -> [LayoutAttributes] {
        layoutAttributesForElements(in: rect).filter {
            $0.representedElementCategory == .cell && indexPaths.contains($0.indexPath)
        }
    }

    /// The size of the whole content, in points; zero by default.
    open var collectionViewContentSize: Size { .zero }

    /// Attributes of every element whose frame intersects `rect` (content coordinates, points);
    /// empty by default. Return fresh or copied objects: callers may keep them.
    open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

    /// Attributes of the item at `indexPath`, or nil when there is no such item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Attributes of the supplementary view of `kind` at `indexPath`, or nil.
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Called on every change of the collection view's bounds (scrolling or resizing) with the new
    /// bounds; return true to have the layout invalidated. Default: false.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    /// Where scrolling that would rest at `proposedContentOffset` should stop instead (UIKit's
    /// method of the same name), e.g. with an item centred; `velocity` is the pointer's at the
    /// release, points per second. Default: the proposed offset.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Vector) -> Point {
        proposedContentOffset
    }
}

extension DynamicAnimator {
    /// Creates an animator whose items live in `layout`'s content coordinates and makes it the
    /// layout's ``CollectionViewLayout/dynamicAnimator`` (UIKit's `init(collectionViewLayout:)`):
    /// the layout is invalidated after each step in which items moved, and the collection view
    /// steps the animator every frame.
    public convenience init(collectionViewLayout layout: CollectionViewLayout) {
        self.init(referenceBounds: nil)
        layout.dynamicAnimator = self
    }
}
