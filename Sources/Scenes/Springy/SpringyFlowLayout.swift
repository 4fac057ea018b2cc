import Geometry
import Dynamics
import Layout

/// A Messages-style list layout (iOS 7): every item hangs on a spring at its rest position, and on
/// scroll the items lag behind in proportion to their distance from the pointer, then catch up.
///
/// Each item near the visible rect gets an ``AttachmentBehavior`` to its rest centre (length 0,
/// damping 1, 6.8 Hz). On a bounds change each spring's item is shifted by
/// `scrollDelta × |pointer.y − anchor.y| × resistance` (never more than `scrollDelta`) and
/// `updateItem(usingCurrentState:)` tells the animator; `shouldInvalidateLayout(forBoundsChange:)`
/// returns false. Only items within ``tilingMargin`` of the visible rect have behaviors (tiling), so
/// the cost of a frame does not grow with the item count.
public final class SpringyFlowLayout: FlowLayout {
    /// How strongly distance from the pointer makes an item lag, per point. Default 0.002.
    public var scrollResistance = SpringyTunables().resistance
    /// Spring frequency, Hz. Default 6.8; applies to live springs at once.
    public var frequency = SpringyTunables().frequency { didSet { for b in springs.values { b.frequency = frequency } } }
    /// Spring damping ratio. Default 1 (critically damped: no overshoot); applies at once.
    public var damping = SpringyTunables().damping { didSet { for b in springs.values { b.damping = damping } } }
    /// Items within this distance of the visible rect have springs, points. Default 100.
    public var tilingMargin = 100.0
    /// Whether each shift is cut to whole points, as the source document computes it (the seed
    /// variant): `MIN(abs(simpleScroll), abs(resistedScroll))` passes its floats to C's integer
    /// `abs()`, which truncates them, so a scroll step under 1 pt moves no row relative to the
    /// others. Default true; false (refined) shifts by the exact values.
    public var shiftsInWholePoints = true

    /// The springs by item, one per tiled item.
    public private(set) var springs: [IndexPath: AttachmentBehavior] = [:]
    private var latestDelta = 0.0
    private var latestPointer: Point?
    private var tiledRect: Rect = .null

    public override init() {
        super.init()
        dynamicAnimator = DynamicAnimator()
    }

    public override func prepare() {
        super.prepare()
        guard let cv = collectionView else { return }
        tile(visible: cv.bounds)
    }

    /// Adds springs for items entering the visible rect (plus margin) and removes those of items far away.
    func tile(visible: Rect) {
        guard let animator = dynamicAnimator else { return }
        let area = visible.insetBy(dx: -tilingMargin, dy: -tilingMargin)
        if area == tiledRect && !springs.isEmpty { return }
        tiledRect = area
        let wanted = super.layoutAttributesForElements(in: area).filter { $0.representedElementCategory == .cell }
        var keep = Set<IndexPath>()
        keep.reserveCapacity(wanted.count)
        for a in wanted { keep.insert(a.indexPath) }
        for (ip, b) in springs where !keep.contains(ip) {
            animator.removeBehavior(b)
            springs[ip] = nil
        }
        // Rows enter at the bottom when scrolling down and at the top when scrolling up; visit
        // them from the side that touches the existing springs, so each finds a placed neighbour.
        let entering = latestDelta >= 0 ? wanted : wanted.reversed()
        // The largest displacement of a row already hanging: no entering row starts beyond it.
        // Without the bound, the step between neighbours continued row after row over a long
        // fast scroll (hundreds of rows tiled in, frame after frame) and grew without end: the
        // fuzzer found rows thrown 10⁷ pt away.
        var largest = 0.0
        for b in springs.values { if let it = b.items.first { largest = max(largest, abs(it.center.y - b.anchorPoint.y)) } }
        for a in entering where springs[a.indexPath] == nil {
            let item = a.copy()
            let anchor = item.center
            // A row that scrolls in mid-motion joins displaced like its neighbours (their offset,
            // continued by the step between them), so the list shows no kink at the edge.
            if let offset = neighbourOffset(for: a.indexPath, towardsLower: latestDelta >= 0) {
                item.center.y += min(max(offset, -largest), largest)
            } else if latestDelta != 0, !isJump(latestDelta), let p = latestPointer {
                item.center.y += lag(delta: latestDelta, pointer: p, anchor: anchor)
            }
            let spring = AttachmentBehavior(item: item, attachedToAnchor: anchor)
            spring.length = 0
            spring.damping = damping
            spring.frequency = frequency
            animator.addBehavior(spring)
            springs[a.indexPath] = spring
        }
    }

    /// The displacement (centre − anchor, points) a new row at `ip` should start with, extrapolated
    /// from the two rows beside it on the side that already has springs; nil without such rows.
    private func neighbourOffset(for ip: IndexPath, towardsLower: Bool) -> Double? {
        let step = towardsLower ? -1 : 1
        func offset(_ k: Int) -> Double? {
            guard let b = springs[IndexPath(item: ip.item + k * step, section: ip.section)], let it = b.items.first else { return nil }
            return it.center.y - b.anchorPoint.y
        }
        guard let d1 = offset(1) else { return nil }
        guard let d2 = offset(2) else { return d1 }
        let d = d1 + (d1 - d2)
        // Never past zero or beyond twice the neighbour's: extrapolation must not invent motion.
        return d1 >= 0 ? min(max(d, 0), 2 * d1) : max(min(d, 0), 2 * d1)
    }

    /// Whether a bounds change of `delta` points is a jump rather than a scroll: more than the
    /// visible height in one step.
    private func isJump(_ delta: Double) -> Bool {
        abs(delta) >= max(1, collectionView?.bounds.height ?? .infinity)
    }

    /// The shift of an item anchored at `anchor` for a scroll of `delta` with the pointer at
    /// `pointer`, points: `delta × |pointer.y − anchor.y| × resistance`, never more than `delta`;
    /// with ``shiftsInWholePoints``, both cut to whole points first (``wholePointLag(delta:resisted:)``).
    func lag(delta: Double, pointer: Point, anchor: Point) -> Double {
        let shift = delta * abs(pointer.y - anchor.y) * scrollResistance
        if shiftsInWholePoints { return Self.wholePointLag(delta: delta, resisted: shift) }
        return delta < 0 ? max(delta, shift) : min(delta, shift)
    }

    /// The source document's shift for a scroll of `delta` points whose resisted shift is
    /// `resisted` points: both stored in `float`s, passed to C's `abs(int)` (which truncates toward
    /// zero), the smaller kept, then given `delta`'s sign:
    /// `actualScroll = MIN(abs(simpleScroll), abs(resistedScroll)); if (simpleScroll < 0) actualScroll *= -1`.
    static func wholePointLag(delta: Double, resisted: Double) -> Double {
        func cAbs(_ v: Double) -> Double { abs(Double(Float(v)).rounded(.towardZero)) }
        let actual = min(cAbs(delta), cAbs(resisted))
        return delta < 0 ? -actual : actual
    }

    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard let animator = dynamicAnimator else { return super.layoutAttributesForElements(in: rect) }
        var out: [LayoutAttributes] = []
        for case let a as LayoutAttributes in animator.items(in: rect) { out.append(a) }
        return out
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        if let item = springs[indexPath]?.items.first as? LayoutAttributes { return item }
        return super.layoutAttributesForItem(at: indexPath)
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView, let animator = dynamicAnimator else { return false }
        let old = cv.bounds
        let delta = newBounds.origin.y - old.origin.y
        // The pointer in content coordinates (the wheel's position or the drag point); without one,
        // the middle of the view.
        let pointer = cv.pointerLocation ?? Point(x: old.midX, y: old.midY)
        latestDelta = delta
        latestPointer = pointer
        // A jump (a programmatic scroll farther than a screen) moves no rows: nothing was dragged.
        if delta != 0 && !isJump(delta) {
            for b in springs.values {
                guard let item = b.items.first else { continue }
                item.center.y += lag(delta: delta, pointer: pointer, anchor: b.anchorPoint)
                animator.updateItem(usingCurrentState: item)
            }
        }
        // New rows must have springs before they are shown, even if nothing was displaced.
        if newBounds.size != old.size { invalidateLayout(); tiledRect = .null } else { tile(visible: newBounds) }
        return false
    }

    /// Takes over `other`'s springs (the A/B compare's B copying A): one spring per row `other`
    /// hangs, added in `other`'s order at the same anchor, its row where `other`'s is and moving
    /// as fast (``Dynamics/DynamicAnimator/adoptMotion(of:)``), with this layout's frequency and
    /// damping; and `other`'s memory of the last scroll, so rows tiled in next join alike.
    public func adoptSprings(of other: SpringyFlowLayout) {
        guard let animator = dynamicAnimator, let otherAnimator = other.dynamicAnimator else { return }
        prepareIfNeeded()
        animator.removeAllBehaviors()
        springs.removeAll()
        for case let o as AttachmentBehavior in otherAnimator.behaviors {
            guard let row = o.items.first as? LayoutAttributes else { continue }
            let spring = AttachmentBehavior(item: row.copy(), attachedToAnchor: o.anchorPoint)
            spring.length = 0
            spring.damping = damping
            spring.frequency = frequency
            animator.addBehavior(spring)
            springs[row.indexPath] = spring
        }
        animator.adoptMotion(of: otherAnimator)
        latestDelta = other.latestDelta
        latestPointer = other.latestPointer
        tiledRect = other.tiledRect
    }

    /// After the list was laid out at another width (a compare's split, a window resize): while
    /// rows move, each keeps its spring, how far it hangs from its place and how fast it moves,
    /// re-anchored at its new place, so the motion runs on (rebuilding them, as before, stopped
    /// every row dead at its place mid-scroll); at rest, rebuilds every spring
    /// (``resetSprings()``).
    public func relayoutSprings() {
        guard let animator = dynamicAnimator, animator.isRunning, !springs.isEmpty else { resetSprings(); return }
        invalidateLayout()
        prepareIfNeeded()
        for (ip, spring) in springs {
            guard let row = spring.items.first as? LayoutAttributes, let rest = flowFrame(ofItemAt: ip) else { continue }
            let offset = row.center - spring.anchorPoint
            spring.anchorPoint = rest.center
            row.size = rest.size
            row.center = rest.center + offset
            animator.updateItem(usingCurrentState: row)
        }
        // The bodies' masses follow the rows' new size: compiled again, each keeps its motion.
        let hanging = animator.behaviors
        animator.removeAllBehaviors()
        for b in hanging { animator.addBehavior(b) }
    }

    /// Rebuilds every spring (after the item count or size changed).
    public func resetSprings() {
        dynamicAnimator?.removeAllBehaviors()
        springs.removeAll()
        tiledRect = .null
        latestDelta = 0
        invalidateLayout()
    }
}
