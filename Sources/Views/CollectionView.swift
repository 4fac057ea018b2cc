import Geometry
import Layout
import Gestures

/// A scroll view of items placed by a ``CollectionViewLayout`` (UIKit's `UICollectionView`, which
/// subclasses `UIScrollView` as this class subclasses ``ScrollView``).
///
/// The class is split by concern: this file holds the stored state, data counts, the layout pass
/// of the cells, and the frame step; `CollectionView+CellLayout.swift` makes cells and runs the
/// partial layout pass; `CollectionView+SupplementaryViews.swift` places supplementary views;
/// `CollectionView+Reuse.swift` registers and recycles cells and answers which item is where; `CollectionView+Selection.swift` selects items
/// on clicks; `CollectionView+BatchUpdates.swift` moves and exchanges items with animation.
///
/// **Cells.** Only the cells of items whose attributes meet the visible rectangle exist; cells that
/// leave it go to a reuse pool per identifier. Every frame (``update(_:)`` then layout) the view
/// asks its layout for the attributes of the visible rectangle and applies them, so attributes that
/// change over time (a dynamic animator, a drag) show at once.
///
/// **Who steps what, each frame** (all by the ``Window``'s ``Window/tick(at:dt:)``, with its dt;
/// the collection view itself steps nothing):
/// 1. the window's ``Window/timeline`` advances: property animators of the scenes, and this view's
///    batch-update animations (see ``performBatchUpdates(_:completion:)``);
/// 2. the window's steppers run, among them, registered by this view when it joins the window:
///    its scrolling physics (``ScrollView/step(_:)``: wheel smoothing, momentum, rubber-band return),
///    which set ``ScrollView/contentOffset`` — every bounds change asks the layout
///    `shouldInvalidateLayout(forBoundsChange:)` *before* the bounds change (the layout sees the old
///    bounds on ``bounds`` and the new ones as the argument) — then the layout's
///    ``CollectionViewLayout/dynamicAnimator`` (if any; whichever layout and animator are current)
///    by dt: nobody else should step that animator;
/// 3. ``update(_:)``: a relayout is asked;
/// 4. layout: the cells are laid out from fresh attributes.
///
/// **Scrolling** is ``ScrollView``'s; ``contentSize`` comes from the layout. The scroll-view hooks
/// (``scrollViewDidScroll()`` and the others) go to the ``delegate``.
///
/// **Selection.** ``selectionTapRecognizer`` selects the clicked item (toggling it when
/// ``allowsMultipleSelection``) and tells the delegate.
open class CollectionView: ScrollView, CollectionViewLayoutContext {
    /// Creates a collection view with `frame` (points) laid out by `layout`.
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
        wantsFrameUpdates = true   // the batch-update clock and the per-frame relayout
        retainsSubviewDrawing = true   // cells that did not move are replayed, not walked
        layout.collectionView = self
        selectionTapRecognizer.name = "CollectionView.select"
        selectionTapRecognizer.addTarget { [weak self] r in self?.handleTap(r) }
        addGestureRecognizer(selectionTapRecognizer)
    }

    // MARK: Layout and data

    /// The layout; setting it attaches the new layout and reloads.
    @exclusivity(unchecked) public var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard oldValue !== collectionViewLayout else { return }
            if oldValue.collectionView === self { oldValue.collectionView = nil }
            collectionViewLayout.collectionView = self
            reloadData()
        }
    }
    /// Supplies the items and cells (weak).
    public weak var dataSource: (any CollectionViewDataSource)? { didSet { reloadData() } }
    /// Hears about selection and scrolling (weak).
    public weak var delegate: (any CollectionViewDelegate)?

    private var counts: [Int] = []
    /// Whether ``counts`` matches the data source (cleared by reloads and batch updates).
    var countsValid = false

    /// The number of sections, from the data source (cached until ``reloadData()``).
    public var numberOfSections: Int { loadCounts(); return counts.count }
    /// The number of items in `section`, from the data source (cached until ``reloadData()``).
    public func numberOfItems(inSection section: Int) -> Int {
        loadCounts()
        return counts.indices.contains(section) ? counts[section] : 0
    }
    private func loadCounts() {
        guard !countsValid else { return }
        countsValid = true
        counts.removeAll(keepingCapacity: true)
        guard let ds = dataSource else { return }
        for s in 0..<max(0, ds.numberOfSections(in: self)) {
            counts.append(max(0, ds.collectionView(self, numberOfItemsInSection: s)))
        }
    }

    /// Discards every cell and cached count and asks the data source and layout again (next frame).
    public func reloadData() {
        countsValid = false
        for (_, cell) in cells { enqueue(cell) }
        cells.removeAll(keepingCapacity: true)
        displayed.removeAll(keepingCapacity: true)
        for (_, v) in supplementary { v.removeFromSuperview() }
        supplementary.removeAll(keepingCapacity: true)
        selected = selected.filter { isValid($0) }
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    private func isValid(_ ip: IndexPath) -> Bool {
        ip.section >= 0 && ip.section < numberOfSections && ip.item >= 0 && ip.item < numberOfItems(inSection: ip.section)
    }

    // MARK: Stored state of the extensions (Swift extensions cannot hold stored properties)

    /// Cell classes by reuse identifier (``register(_:forCellWithReuseIdentifier:)``).
    var registered: [String: CollectionViewCell.Type] = [:]
    /// Recycled cells by reuse identifier.
    var pool: [String: [CollectionViewCell]] = [:]
    /// The visible cells by item.
    @exclusivity(unchecked) var cells: [IndexPath: CollectionViewCell] = [:]
    /// The attributes each visible item is shown with (content coordinates, batch animation blended in).
    @exclusivity(unchecked) var displayed: [IndexPath: LayoutAttributes] = [:]
    @exclusivity(unchecked) private var nextCells: [IndexPath: CollectionViewCell] = [:]
    @exclusivity(unchecked) var shownOrder: [LayoutAttributes] = []
    @exclusivity(unchecked) var partialShown: Set<IndexPath> = []
    /// The bounds of the last full layout pass that showed plain attributes (no batch animation
    /// blended in), or nil: then the next pass is a full one.
    private var lastFullLayoutBounds: Rect?
    /// Counts partial layout passes (``CollectionViewCell/layoutPass`` stamps).
    var partialPass = 0

    /// Whether new cells join ``subviews`` in index-path order (below the first cell of a later
    /// item) instead of on top, so that where items of equal `zIndex` overlap a later item draws
    /// over an earlier one, as in a stacked list. Default false: a new cell goes on top
    /// (``addSubview(_:)``), which draws an item scrolled in at the top over its lower neighbours.
    /// Only cells entering the view are placed, at a cost of one pass over the subviews each; a
    /// batch update that moves items does not reorder the cells already shown.
    public var keepsCellsInIndexPathOrder = false

    /// Identifies a supplementary element: its kind and index path.
    struct SupplementaryKey: Hashable { var kind: String; var indexPath: IndexPath }
    /// The visible supplementary views by element.
    var supplementary: [SupplementaryKey: View] = [:]
    /// Scratch: the supplementary views kept by the pass in progress.
    var nextSupplementary: [SupplementaryKey: View] = [:]

    /// The selected items.
    @exclusivity(unchecked) var selected: Set<IndexPath> = []
    /// Whether a click selects items. Default true.
    public var allowsSelection = true
    /// Whether clicks toggle items in and out of a multiple selection. Default false.
    public var allowsMultipleSelection = false
    /// Recognizes clicks that select items. Attached to this view.
    public let selectionTapRecognizer = TapGestureRecognizer()

    /// The operations recorded inside ``performBatchUpdates(_:completion:)``; nil outside a batch.
    var pendingUpdates: [BatchUpdate]?
    /// The running batch-update animation, if any.
    var batchAnimation: BatchAnimation?
    /// Duration of batch-update animations, seconds. Default 0.2.
    public var batchUpdateAnimationDuration = 0.2

    // MARK: Layout of the cells

    /// Asks the layout for the visible attributes and makes the cells match: reuses, creates and
    /// recycles cells and applies the attributes (with any batch-update animation blended in).
    ///
    /// When the layout ``CollectionViewLayout/reportsEveryChange`` and neither the bounds nor a
    /// batch animation changed anything since the last full pass, only the items the layout
    /// invalidated (``CollectionViewLayout/invalidateItems(at:)``) are asked for and updated: a
    /// drag of 100 cells over a screenful of 300 touches the 100.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let layout = collectionViewLayout
        let invalidation = layout.takeInvalidation()
        if layout.reportsEveryChange, invalidation != .everything, batchAnimation == nil,
           let last = lastFullLayoutBounds, last == bounds {
            if case .items(let items) = invalidation { updateCells(forItems: items) }
            return
        }
        layout.prepareIfNeeded()
        updateScrollRange()
        let attributes = layout.layoutAttributesForElements(in: bounds)
        let progress = batchAnimationProgress
        // The next pass may update only invalidated items if this one showed plain attributes.
        lastFullLayoutBounds = progress.map { $0 < 1 } == true ? nil : bounds
        // Pass 1: what to show, and recycle the cells of items that left, so that the cells
        // entering in the same frame reuse them.
        displayed.removeAll(keepingCapacity: true)
        shownOrder.removeAll(keepingCapacity: true)
        for a in attributes where a.representedElementCategory == .cell {
            let ip = a.indexPath
            guard displayed[ip] == nil else { continue }     // a layout may list an item twice; first wins
            var shown = a
            if let p = progress, p < 1, let from = batchAnimation?.from[ip] {
                shown = a.copy()
                shown.center = from.center.interpolated(to: a.center, at: p)
                shown.size = from.size.interpolated(to: a.size, at: p)
                shown.transform = from.transform.interpolated(to: a.transform, at: p)
                shown.alpha = from.alpha + (a.alpha - from.alpha) * p
                // Items moving in the update pass in front of the ones that stay.
                if from.center != a.center { shown.zIndex = max(a.zIndex, 1) }
            }
            displayed[ip] = shown
            shownOrder.append(shown)
        }
        for (ip, cell) in cells where displayed[ip] == nil { enqueue(cell) }
        // Pass 2: keep, reuse or create a cell per item and apply its attributes.
        nextCells.removeAll(keepingCapacity: true)
        for shown in shownOrder {
            let ip = shown.indexPath
            guard let cell = cells[ip] ?? makeCell(for: ip) else {
                displayed[ip] = nil
                continue
            }
            cell.apply(shown)
            nextCells[ip] = cell
        }
        swap(&cells, &nextCells)
        nextCells.removeAll(keepingCapacity: true)
        layoutSupplementaryViews(attributes)
    }

    // MARK: Scrolling

    /// The size of the content, from the layout (points); assignments are ignored, as the layout
    /// decides it.
    open override var contentSize: Size {
        get {
            collectionViewLayout.prepareIfNeeded()
            return collectionViewLayout.collectionViewContentSize
        }
        set {}
    }

    /// Where the pointer was last seen over (or dragging) this view, in window coordinates; the
    /// window updates it with every pointer and wheel event that concerns this view.
    public var pointerLocationInWindow: Point?

    /// The pointer in content coordinates (see ``CollectionViewLayoutContext/pointerLocation``).
    public var pointerLocation: Point? { pointerLocationInWindow.map { convert($0, from: nil) } }

    /// Tells the layout about the coming bounds change before it happens.
    open override func boundsWillChange(to newBounds: Rect) {
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            collectionViewLayout.invalidateLayout()
        }
    }

    /// Tells the delegate (``CollectionViewDelegate/collectionViewDidScroll(_:)``).
    open override func scrollViewDidScroll() { delegate?.collectionViewDidScroll(self) }

    /// The layout decides where scrolling comes to rest (``CollectionViewLayout/targetContentOffset(forProposedContentOffset:withScrollingVelocity:)``).
    open override func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Vector) -> Point {
        collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
    }
    /// Tells the delegate (``CollectionViewDelegate/collectionViewWillBeginDragging(_:)``).
    open override func scrollViewWillBeginDragging() { delegate?.collectionViewWillBeginDragging(self) }
    /// Tells the delegate (``CollectionViewDelegate/collectionViewDidEndDragging(_:willDecelerate:)``).
    open override func scrollViewDidEndDragging(willDecelerate decelerate: Bool) {
        delegate?.collectionViewDidEndDragging(self, willDecelerate: decelerate)
    }
    /// Tells the delegate (``CollectionViewDelegate/collectionViewDidEndDecelerating(_:)``).
    open override func scrollViewDidEndDecelerating() { delegate?.collectionViewDidEndDecelerating(self) }

    // MARK: Frame

    /// Registers, after the scrolling physics, a stepper that steps the current layout's
    /// ``CollectionViewLayout/dynamicAnimator`` (so a new layout or animator needs no new
    /// registration).
    open override var frameSteppers: [any FrameStepper] { super.frameSteppers + [layoutAnimatorStepper] }
    private lazy var layoutAnimatorStepper = LayoutAnimatorStepper(collectionView: self)

    /// True while a batch update animates (``isAnimatingBatchUpdates``; its animator on the
    /// window's timeline keeps the window drawing too).
    open override var isAnimating: Bool { super.isAnimating || isAnimatingBatchUpdates }

    /// Asks for a fresh layout of the cells (the window has advanced the batch-update animations,
    /// scrolling and the layout's animator already; see the class documentation).
    open override func update(_ dt: Double) {
        super.update(dt)
        setNeedsLayout()
    }

    // A batch animator still running would stay on the window's timeline (which it holds) after
    // the view is gone.
    deinit { batchAnimation?.animator.stopAnimation(true) }
}
