import Geometry
import Animation
import Layout
import Gestures
import Dynamics

/// A scrolling view of items placed by a ``CollectionViewLayout`` (UIKit's `UICollectionView`,
/// with the `UIScrollView` behaviour it inherits).
///
/// **Cells.** Only the cells of items whose attributes meet the visible rectangle exist; cells that
/// leave it go to a reuse pool per identifier. Every frame (``update(_:)`` then layout) the view
/// asks its layout for the attributes of the visible rectangle and applies them, so attributes that
/// change over time (a dynamic animator, a drag) show at once.
///
/// **Who steps what, each frame** (the ``Window`` calls ``update(_:)`` once per frame with dt):
/// 1. scrolling physics advance (wheel smoothing, momentum, rubber-band return) and set
///    ``contentOffset``; every bounds change asks the layout `shouldInvalidateLayout(forBoundsChange:)`
///    *before* the bounds change (the layout sees the old bounds on ``bounds`` and the new ones as the argument);
/// 2. the layout's ``CollectionViewLayout/dynamicAnimator`` (if any) is stepped by dt — nobody else
///    should step that animator;
/// 3. batch-update animations advance;
/// 4. the cells are laid out from fresh attributes.
///
/// **Scrolling.** ``panGestureRecognizer`` drags the content (rubber-banded past the edges, then
/// momentum with ``decelerationRate`` per millisecond, or a spring back to the edge); the wheel
/// scrolls ``wheelLineHeight`` points per notch, smoothed. When only one axis can scroll, the pan
/// begins only for motion mainly along that axis, so a recognizer on a cell can take the other
/// direction (the cards scene's vertical pan in a horizontal carousel).
///
/// **Selection.** ``selectionTapRecognizer`` selects the clicked item (toggling it when
/// ``allowsMultipleSelection``) and tells the delegate.
open class CollectionView: View, CollectionViewLayoutContext, GestureRecognizerDelegate {
    /// Creates a collection view with `frame` (points) laid out by `layout`.
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
        clipsToBounds = true
        layout.collectionView = self
        panGestureRecognizer.name = "CollectionView.pan"
        panGestureRecognizer.delegate = self
        panGestureRecognizer.addTarget { [weak self] r in self?.handlePan(r) }
        addGestureRecognizer(panGestureRecognizer)
        selectionTapRecognizer.name = "CollectionView.select"
        selectionTapRecognizer.addTarget { [weak self] r in self?.handleTap(r) }
        addGestureRecognizer(selectionTapRecognizer)
    }

    // MARK: Layout and data

    /// The layout; setting it attaches the new layout and reloads.
    public var collectionViewLayout: CollectionViewLayout {
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
    private var countsValid = false

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

    // MARK: Cells and reuse

    private var registered: [String: CollectionViewCell.Type] = [:]
    private var pool: [String: [CollectionViewCell]] = [:]
    private var cells: [IndexPath: CollectionViewCell] = [:]
    private var displayed: [IndexPath: LayoutAttributes] = [:]
    private var nextCells: [IndexPath: CollectionViewCell] = [:]

    /// Makes ``dequeueReusableCell(withReuseIdentifier:for:)`` create `cellClass` cells for `identifier`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass
    }

    /// A recycled cell for `identifier` (after its ``CollectionViewCell/prepareForReuse()``), or a
    /// new one of the registered class (plain ``CollectionViewCell`` when none is registered).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        if let cell = pool[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        let cell = (registered[identifier] ?? CollectionViewCell.self).init(frame: .zero)
        cell.reuseIdentifier = identifier
        return cell
    }

    private func enqueue(_ cell: CollectionViewCell) {
        cell.removeFromSuperview()
        cell.indexPath = nil
        pool[cell.reuseIdentifier ?? "", default: []].append(cell)
    }

    /// The cells on screen (one per visible item), in no particular order.
    public var visibleCells: [CollectionViewCell] { Array(cells.values) }
    /// The index paths of the visible items, sorted.
    public var indexPathsForVisibleItems: [IndexPath] { cells.keys.sorted() }
    /// The cell showing the item at `indexPath`, or nil when that item is not visible.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { cells[indexPath] }
    /// The item a visible `cell` shows.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? { cell.superview === self ? cell.indexPath : nil }
    /// The attributes a visible item is shown with now (content coordinates), including batch
    /// animation; nil when it is not visible.
    public func displayedAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { displayed[indexPath] }

    /// The item at `point` (content coordinates): the top-most visible, unhidden item whose
    /// transformed frame contains it, else what the layout places there; nil for empty space.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        var best: LayoutAttributes?
        for (_, a) in displayed where !a.isHidden && a.transformedFrame.contains(point) {
            if best == nil || a.zIndex > best!.zIndex || (a.zIndex == best!.zIndex && a.indexPath < best!.indexPath) { best = a }
        }
        if let best { return best.indexPath }
        collectionViewLayout.prepareIfNeeded()
        let probe = Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        return collectionViewLayout.layoutAttributesForElements(in: probe)
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.transformedFrame.contains(point) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// Asks the layout for the visible attributes and makes the cells match: reuses, creates and
    /// recycles cells and applies the attributes (with any batch-update animation blended in).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let layout = collectionViewLayout
        layout.prepareIfNeeded()
        updateScrollRange()
        let attributes = layout.layoutAttributesForElements(in: bounds)
        let progress = batchAnimation.map { Self.easeInOut(min(1, $0.elapsed / $0.duration)) }
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
            }
            displayed[ip] = shown
            shownOrder.append(shown)
        }
        for (ip, cell) in cells where displayed[ip] == nil { enqueue(cell) }
        // Pass 2: keep, reuse or create a cell per item and apply its attributes.
        nextCells.removeAll(keepingCapacity: true)
        for shown in shownOrder {
            let ip = shown.indexPath
            let cell: CollectionViewCell
            if let existing = cells[ip] {
                cell = existing
            } else if let ds = dataSource {
                cell = ds.collectionView(self, cellForItemAt: ip)
                cell.indexPath = ip
                cell.isSelected = selected.contains(ip)
                if cell.superview !== self { addSubview(cell) }
            } else {
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
    private var shownOrder: [LayoutAttributes] = []

    private struct SupplementaryKey: Hashable { var kind: String; var indexPath: IndexPath }
    private var supplementary: [SupplementaryKey: View] = [:]
    private var nextSupplementary: [SupplementaryKey: View] = [:]

    /// Keeps one data-source view per visible supplementary element (created when it appears,
    /// dropped when it leaves) and places it from its attributes.
    private func layoutSupplementaryViews(_ attributes: [LayoutAttributes]) {
        nextSupplementary.removeAll(keepingCapacity: true)
        for a in attributes where a.representedElementCategory == .supplementaryView {
            let key = SupplementaryKey(kind: a.representedElementKind ?? "", indexPath: a.indexPath)
            guard nextSupplementary[key] == nil else { continue }
            let view: View
            if let v = supplementary.removeValue(forKey: key) {
                view = v
            } else if let v = dataSource?.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath) {
                view = v
                addSubview(v)
            } else {
                continue
            }
            view.center = a.center
            view.bounds = Rect(origin: view.bounds.origin, size: a.size)
            view.transform = a.transform
            view.alpha = a.alpha
            view.isHidden = a.isHidden
            view.zPosition = Double(a.zIndex)
            nextSupplementary[key] = view
        }
        for (_, v) in supplementary { v.removeFromSuperview() }
        swap(&supplementary, &nextSupplementary)
        nextSupplementary.removeAll(keepingCapacity: true)
    }

    /// The supplementary view of `kind` shown for `indexPath`, or nil when it is not visible.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> View? {
        supplementary[SupplementaryKey(kind: kind, indexPath: indexPath)]
    }

    // MARK: Selection

    private var selected: Set<IndexPath> = []
    /// Whether a click selects items. Default true.
    public var allowsSelection = true
    /// Whether clicks toggle items in and out of a multiple selection. Default false.
    public var allowsMultipleSelection = false
    /// The selected items, sorted.
    public var indexPathsForSelectedItems: [IndexPath] { selected.sorted() }

    /// Selects the item at `indexPath` (deselecting the others unless ``allowsMultipleSelection``).
    /// Does not call the delegate, as in UIKit.
    public func selectItem(at indexPath: IndexPath) {
        if !allowsMultipleSelection { for ip in selected where ip != indexPath { deselectItem(at: ip) } }
        selected.insert(indexPath)
        cells[indexPath]?.isSelected = true
    }
    /// Deselects the item at `indexPath`; does not call the delegate.
    public func deselectItem(at indexPath: IndexPath) {
        selected.remove(indexPath)
        cells[indexPath]?.isSelected = false
    }

    /// Recognizes clicks that select items. Attached to this view.
    public let selectionTapRecognizer = TapGestureRecognizer()

    private func handleTap(_ r: GestureRecognizer) {
        guard r.state == .ended, allowsSelection, let ip = indexPathForItem(at: r.location(in: self)) else { return }
        if selected.contains(ip) && allowsMultipleSelection {
            deselectItem(at: ip)
            delegate?.collectionView(self, didDeselectItemAt: ip)
            return
        }
        guard !selected.contains(ip), delegate?.collectionView(self, shouldSelectItemAt: ip) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selected { deselectItem(at: old); delegate?.collectionView(self, didDeselectItemAt: old) }
        }
        selectItem(at: ip)
        delegate?.collectionView(self, didSelectItemAt: ip)
    }

    // MARK: Scrolling

    private var axisX = ScrollAxis(), axisY = ScrollAxis()

    /// The content point shown at the view's top-left corner (points): the bounds' origin.
    /// Setting it scrolls at once (the layout is asked about the bounds change first).
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            axisX.offset = newValue.x; axisY.offset = newValue.y
            bounds = Rect(origin: newValue, size: bounds.size)
        }
    }
    /// The size of the content, from the layout (points).
    public var contentSize: Size {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.collectionViewContentSize
    }
    /// Whether the user can scroll (drag or wheel). Default true.
    public var isScrollEnabled = true
    /// Whether the content rubber-bands past its edges. Default true.
    public var bounces = true { didSet { axisX.bounces = bounces; axisY.bounces = bounces } }
    /// Whether vertical dragging and bouncing work even when the content is not taller than the view. Default false.
    public var alwaysBounceVertical = false
    /// Whether horizontal dragging and bouncing work even when the content is not wider than the view. Default false.
    public var alwaysBounceHorizontal = false
    /// Momentum decay per millisecond: velocity × rate^(ms). Default 0.998 (UIKit's `.normal`).
    public var decelerationRate = 0.998 {
        didSet { axisX.decelerationRate = decelerationRate; axisY.decelerationRate = decelerationRate }
    }
    /// Points scrolled per wheel notch. Default 40.
    public var wheelLineHeight = 40.0

    /// Whether the user is dragging the content.
    public var isDragging: Bool { axisX.mode == .dragging || axisY.mode == .dragging }
    /// Whether the content moves on its own (momentum, bounce or wheel smoothing).
    public var isDecelerating: Bool { axisX.isMoving || axisY.isMoving }
    /// The current scrolling velocity (points per second of content offset).
    public var scrollVelocity: Vector { Vector(dx: axisX.velocity, dy: axisY.velocity) }

    /// Whether the content can scroll horizontally (wider than the view, or ``alwaysBounceHorizontal``).
    public var canScrollHorizontally: Bool { contentSize.width > bounds.width || alwaysBounceHorizontal }
    /// Whether the content can scroll vertically (taller than the view, or ``alwaysBounceVertical``).
    public var canScrollVertically: Bool { contentSize.height > bounds.height || alwaysBounceVertical }

    /// The distance (points) momentum carries content flung at `velocity` (pt/s) with `rate` per
    /// millisecond: v / (−1000 ln rate) ≈ v/1000 · rate/(1 − rate). Use it to pick a landing spot.
    public static func decelerationDistance(velocity: Double, rate: Double = 0.998) -> Double {
        ScrollAxis.decelerationDistance(velocity: velocity, rate: rate)
    }

    private func updateScrollRange() {
        let c = collectionViewLayout.collectionViewContentSize
        axisX.setRange(min: 0, max: c.width - bounds.width, viewLength: bounds.width)
        axisY.setRange(min: 0, max: c.height - bounds.height, viewLength: bounds.height)
    }

    private func applyAxes() {
        let new = Point(x: axisX.offset, y: axisY.offset)
        guard new != bounds.origin else { return }
        bounds = Rect(origin: new, size: bounds.size)
    }

    /// Starts a drag of the content (the pan recognizer calls this; tests and scenes may too).
    public func beginDragging() {
        guard isScrollEnabled else { return }
        collectionViewLayout.prepareIfNeeded()
        updateScrollRange()
        if canScrollHorizontally { axisX.beginDrag() } else { axisX.stop() }
        if canScrollVertically { axisY.beginDrag() } else { axisY.stop() }
        delegate?.collectionViewWillBeginDragging(self)
    }
    /// Moves the dragged content: `translation` is the pointer's motion since ``beginDragging()``
    /// (points, view coordinates); past the edges the content follows with a rubber band.
    public func dragContent(translation: Vector) {
        axisX.drag(translation: translation.dx)
        axisY.drag(translation: translation.dy)
        applyAxes()
    }
    /// Ends the drag with the pointer's `velocity` (points per second, view coordinates): momentum
    /// continues the motion, or the content springs back inside its edges.
    public func endDragging(velocity: Vector) {
        guard isDragging else { return }
        axisX.endDrag(velocity: -velocity.dx)
        axisY.endDrag(velocity: -velocity.dy)
        delegate?.collectionViewDidEndDragging(self, willDecelerate: isDecelerating)
    }
    /// Sets the content in motion as if released at pointer `velocity` (pt/s) — a fling.
    public func fling(velocity: Vector) {
        collectionViewLayout.prepareIfNeeded()
        updateScrollRange()
        if canScrollHorizontally { axisX.fling(velocity: -velocity.dx) }
        if canScrollVertically { axisY.fling(velocity: -velocity.dy) }
    }
    /// Scrolls to `offset`: at once, or (`animated`) gliding there with the wheel's smoothing
    /// (time constant 0.06 s), clamped to the content. Used for auto-scrolling near the edges.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard animated else { stopScrolling(); contentOffset = offset; return }
        collectionViewLayout.prepareIfNeeded()
        updateScrollRange()
        axisX.glide(to: offset.x)
        axisY.glide(to: offset.y)
    }
    /// Stops momentum, bounce and wheel smoothing where the content is.
    public func stopScrolling() { axisX.stop(); axisY.stop() }

    /// The pan recognizer that drags the content. Attached to this view; its delegate is this view.
    public let panGestureRecognizer = PanGestureRecognizer()

    private func handlePan(_ r: GestureRecognizer) {
        guard let pan = r as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began:
            beginDragging()
            dragContent(translation: pan.translation(in: self))
        case .changed:
            dragContent(translation: pan.translation(in: self))
        case .ended:
            dragContent(translation: pan.translation(in: self))
            endDragging(velocity: pan.velocity(in: self))
        case .cancelled:
            endDragging(velocity: .zero)
        default:
            break
        }
    }

    /// The scroll pan begins only when scrolling is enabled and, if a single axis scrolls, when the
    /// motion is mainly along it.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return true }
        guard isScrollEnabled else { return false }
        let h = canScrollHorizontally, v = canScrollVertically
        if h == v { return h }
        let t = panGestureRecognizer.translation(in: self)
        return h ? abs(t.dx) >= abs(t.dy) : abs(t.dy) >= abs(t.dx)
    }

    /// Wheel scrolling: vertical notches scroll vertically (horizontally when only that axis
    /// scrolls, or with Shift), smoothed over the next frames. Returns whether it scrolled.
    open override func scrollWheel(_ event: ScrollEvent) -> Bool {
        guard isScrollEnabled else { return false }
        collectionViewLayout.prepareIfNeeded()
        updateScrollRange()
        var d = event.delta(pointsPerLine: wheelLineHeight)
        let h = canScrollHorizontally, v = canScrollVertically
        if event.modifiers.contains(.shift) || (h && !v) { d = Vector(dx: d.dx + d.dy, dy: 0) }
        // SDL: +dy turns the wheel away from the user, which moves the content down (offset decreases).
        let dx = h ? d.dx : 0, dy = v ? -d.dy : 0
        guard dx != 0 || dy != 0 else { return false }
        if dx != 0 { axisX.wheel(by: dx) }
        if dy != 0 { axisY.wheel(by: dy) }
        return true
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

    /// Keeps the scroll physics in step with the new bounds, relayouts the cells and tells the
    /// delegate about a scroll.
    open override func boundsDidChange(from oldBounds: Rect) {
        super.boundsDidChange(from: oldBounds)
        axisX.offset = bounds.origin.x; axisY.offset = bounds.origin.y
        setNeedsLayout()
        if oldBounds.origin != bounds.origin { delegate?.collectionViewDidScroll(self) }
    }

    // MARK: Batch updates

    private enum Update { case move(IndexPath, IndexPath), exchange(IndexPath, IndexPath) }
    private struct BatchAnimation {
        var elapsed = 0.0
        var duration: Double
        var from: [IndexPath: LayoutAttributes]
        var completion: ((Bool) -> Void)?
    }
    private var pendingUpdates: [Update]?
    private var batchAnimation: BatchAnimation?

    /// Duration of batch-update animations, seconds. Default 0.2.
    public var batchUpdateAnimationDuration = 0.2

    /// Whether a batch-update animation is running.
    public var isAnimatingBatchUpdates: Bool { batchAnimation != nil }

    /// Performs the moves and exchanges that `updates` records (update your model inside it too),
    /// then animates visible items from where they are shown to their new places over
    /// ``batchUpdateAnimationDuration`` (ease-in-out). Operations apply in order, each to the
    /// result of the previous one. `completion` runs when the animation ends (true) or when a newer
    /// batch interrupts it (false).
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let snapshot = displayed
        pendingUpdates = []
        updates()
        let ops = pendingUpdates ?? []
        pendingUpdates = nil
        countsValid = false
        func map(_ ip: IndexPath) -> IndexPath { ops.reduce(ip) { Self.apply($1, to: $0) } }
        var remapped: [IndexPath: CollectionViewCell] = [:]
        var from: [IndexPath: LayoutAttributes] = [:]
        for (ip, cell) in cells {
            let n = map(ip)
            cell.indexPath = n
            remapped[n] = cell
            if let a = snapshot[ip] { from[n] = a }
        }
        cells = remapped
        selected = Set(selected.map(map))
        for (ip, cell) in cells { cell.isSelected = selected.contains(ip) }
        batchAnimation?.completion?(false)
        batchAnimation = BatchAnimation(duration: max(batchUpdateAnimationDuration, 1e-9), from: from, completion: completion)
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    /// Moves the item at `indexPath` to `newIndexPath` (the items between shift by one). Inside
    /// ``performBatchUpdates(_:completion:)`` it animates; outside, it applies at once.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record(.move(indexPath, newIndexPath))
    }
    /// Swaps the items at `a` and `b` (no other item moves). Animated inside a batch.
    public func exchangeItem(at a: IndexPath, withItemAt b: IndexPath) {
        record(.exchange(a, b))
    }
    private func record(_ u: Update) {
        if pendingUpdates != nil { pendingUpdates!.append(u) } else { performBatchUpdates({ pendingUpdates!.append(u) }) ; batchAnimation = nil }
    }

    private static func apply(_ u: Update, to p: IndexPath) -> IndexPath {
        switch u {
        case let .exchange(a, b):
            return p == a ? b : p == b ? a : p
        case let .move(a, b):
            if p == a { return b }
            var q = p
            if q.section == a.section && q.item > a.item { q.item -= 1 }
            if q.section == b.section && q.item >= b.item { q.item += 1 }
            return q
        }
    }

    /// Core Animation's ease-in-out (0.42, 0, 0.58, 1), the curve of batch-update animations.
    static let batchCurve = CubicTimingParameters(animationCurve: .easeInOut)
    static func easeInOut(_ t: Double) -> Double { batchCurve.progress(at: t) }

    // MARK: Frame

    /// Advances scrolling, the layout's dynamic animator and batch animations by `dt` seconds, and
    /// asks for a fresh layout of the cells (see the class documentation for the order).
    open override func update(_ dt: Double) {
        super.update(dt)
        let wasMoving = isDecelerating
        if wasMoving {
            collectionViewLayout.prepareIfNeeded()
            updateScrollRange()
            axisX.step(dt); axisY.step(dt)
            applyAxes()
            if !isDecelerating && !isDragging { delegate?.collectionViewDidEndDecelerating(self) }
        }
        collectionViewLayout.dynamicAnimator?.step(dt)
        if var anim = batchAnimation {
            anim.elapsed += dt
            if anim.elapsed >= anim.duration {
                batchAnimation = nil
                anim.completion?(true)
            } else {
                batchAnimation = anim
            }
        }
        setNeedsLayout()
    }
}
