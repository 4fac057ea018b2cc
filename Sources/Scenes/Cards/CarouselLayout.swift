import Geometry
import Animation
import Layout

/// A one-row horizontal flow of cards, plus the expansion of one card. Unless ``isPlain``, cards
/// away from the middle of the view shrink and fade (scale 1 → ``minimumScale``, alpha 1 →
/// ``minimumAlpha`` as the card's centre gets ``fadeDistance`` points from the view's centre).
///
/// The expansion is three numbers that a `PropertyAnimator` animates together: ``expansion``
/// (0 = in the carousel, 1 = open), which the cells read for their corner radius, name size,
/// description and close button (``expansion(for:)``); ``frameExpansion``, which places the
/// expanded card between its carousel frame (0) and the visible bounds (1); and
/// ``neighbourShift``, which slides its two neighbours (index ± 1, as the source does)
/// ``neighbourOffset`` × shift points outward. Every frame the layout reads their presentation
/// values. They move as one except where the source's own code parts them (the seed: a second
/// `expand()` slides the neighbours again and overwrites the card's stored initial frame).
public final class CarouselLayout: FlowLayout {
    /// Distance from the view's centre at which a card is fully shrunk and faded, points: 200.
    public static let fadeDistance = 200.0
    /// Scale of a card ``fadeDistance`` or more from the centre: 0.9.
    public static let minimumScale = 0.9
    /// Alpha of a card ``fadeDistance`` or more from the centre: 0.3.
    public static let minimumAlpha = 0.3
    /// How far the other cards slide outward when a card is fully expanded, points: 50.
    public static let neighbourOffset = 50.0

    /// Whether every card shows at full size and opacity (the seed variant); default true. When
    /// false (refined) cards shrink and fade toward the sides.
    public var isPlain = true

    /// The card that is expanded, expanding or collapsing; nil when every card sits in the carousel.
    public var expandedIndexPath: IndexPath?
    /// How far ``expandedIndexPath`` has expanded: 0 in the carousel, 1 open; springs may
    /// overshoot either way. Its presentation value is what the cells show (corners,
    /// description, close button).
    public let expansion = AnimatableProperty<Double>(0)
    /// Where ``expandedIndexPath``'s frame lies between its carousel frame (0) and the visible
    /// bounds (1), the source's `self.frame`; it moves with ``expansion`` except where the seed's
    /// collapse returns it to an overwritten `initialFrame`.
    public let frameExpansion = AnimatableProperty<Double>(0)
    /// How many times the neighbours of ``expandedIndexPath`` have slid ``neighbourOffset``
    /// outward: the source's `expand()` slides them once more each time it runs (`center.x ∓= 50`),
    /// its `collapse()` once back. It moves with ``expansion`` (0 → 1) except in the seed.
    public let neighbourShift = AnimatableProperty<Double>(0)

    /// Whether the expanded card is back in the carousel in the model: all three values 0.
    public var isClosedInModel: Bool { expansion.value == 0 && frameExpansion.value == 0 && neighbourShift.value == 0 }

    /// A horizontal flow layout.
    public override init() {
        super.init()
        scrollDirection = .horizontal
    }

    /// Sizes the cards and centres the row in a view of `size` points, with room for the first
    /// and the last card to reach the middle.
    public func configure(cardSize: Size, spacing: Double, viewSize: Size) {
        itemSize = cardSize
        minimumLineSpacing = spacing
        let h = max(0, (viewSize.width - cardSize.width) / 2)
        let v = max(0, (viewSize.height - cardSize.height) / 2)
        sectionInset = EdgeInsets(top: v, left: h, bottom: v, right: h)
    }

    /// The expansion shown for the item at `indexPath` now: the presentation value of
    /// ``expansion`` for the expanded card, 0 for the others.
    public func expansion(for indexPath: IndexPath) -> Double {
        indexPath == expandedIndexPath ? expansion.presentationValue : 0
    }

    /// Scrolling changes every card's scale and alpha, so every bounds change invalidates.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    /// The flow attributes near `rect`, shrunk and faded by distance from the view's centre, with
    /// the expansion applied.
    public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let shown = presentedExpansion
        // Neighbours slide outward by `neighbourOffset` per shift, so look that much farther.
        let reach = Self.neighbourOffset * max(1, abs(shown.shift))
        var out = super.layoutAttributesForElements(in: rect.insetBy(dx: -reach, dy: 0))
        if let ip = expandedIndexPath, !out.contains(where: { $0.indexPath == ip }),
           let a = super.layoutAttributesForItem(at: ip) {
            out.append(a)
        }
        for a in out where a.representedElementCategory == .cell { adjust(a, shown) }
        return out.filter { $0.indexPath == expandedIndexPath || $0.transformedFrame.intersects(rect) }
    }

    /// The attributes of one card, adjusted like ``layoutAttributesForElements(in:)``'s.
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let a = super.layoutAttributesForItem(at: indexPath) else { return nil }
        adjust(a, presentedExpansion)
        return a
    }

    /// The presentation values of ``expansion``, ``frameExpansion`` and ``neighbourShift`` (all 0
    /// when no card is expanded).
    private var presentedExpansion: (look: Double, frame: Double, shift: Double) {
        guard expandedIndexPath != nil else { return (0, 0, 0) }
        return (expansion.presentationValue, frameExpansion.presentationValue, neighbourShift.presentationValue)
    }

    /// Pages: scrolling comes to rest with the card nearest the proposed middle centred, so a
    /// click in the middle always lands on a card (both variants).
    public override func targetContentOffset(forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Vector) -> Point {
        guard let cv = collectionView, itemSize.width > 0 else { return proposed }
        let pitch = itemSize.width + minimumLineSpacing
        let count = cv.numberOfSections > 0 ? cv.numberOfItems(inSection: 0) : 0
        guard count > 0 else { return proposed }
        // Card i's centre sits at left inset + i·pitch + width/2; the view's middle at offset + width/2.
        let middle = proposed.x + cv.bounds.width / 2
        let i = clamp(((middle - sectionInset.left - itemSize.width / 2) / pitch).rounded(), 0, Double(count - 1))
        let x = sectionInset.left + i * pitch + itemSize.width / 2 - cv.bounds.width / 2
        return Point(x: x, y: proposed.y)
    }

    /// Up to this frame expansion the card's frame follows the animation exactly: 2, the most
    /// a spring released from rest overshoots (under 100 %), so every spring without an
    /// initial velocity shows as it runs.
    public static let exactFrameExpansion = 2.0
    /// The frame expansion a card's frame never reaches: 3 (a card 2.5 times the default
    /// content's width and twice its height).
    public static let maximumFrameExpansion = 3.0

    /// The frame expansion a card is drawn at for the animated value `e`: `e` itself up to
    /// ``exactFrameExpansion``, then eased toward ``maximumFrameExpansion`` (slope 1 at the knee,
    /// so the motion stays smooth), as a scroll view's rubber band eases an overscroll.
    ///
    /// Why: a fast, soft spring (initial velocity 50, stiffness 0.1, damping 0.01) overshoots the
    /// open card by up to 1,600 times, and every frame redraws the card's picture at its size,
    /// whose shapes (the sun, the clouds, the stars) grow with it: a frame cost 50 ms and more
    /// and kept growing. Past three times the open frame the card covers the window whatever its
    /// size, so bounding it bounds the frame's cost and shows the same thing.
    public static func presentedFrameExpansion(_ e: Double) -> Double {
        guard e > exactFrameExpansion else { return e }
        let room = maximumFrameExpansion - exactFrameExpansion
        let over = e - exactFrameExpansion
        return exactFrameExpansion + room * over / (over + room)
    }

    /// Scale and alpha of a card whose centre is `distance` points from the view's centre.
    public static func carouselScaleAndAlpha(distance: Double) -> (scale: Double, alpha: Double) {
        let k = min(1, abs(distance) / fadeDistance)
        return (1 - (1 - minimumScale) * k, 1 - (1 - minimumAlpha) * k)
    }

    private func adjust(_ a: LayoutAttributes, _ shown: (look: Double, frame: Double, shift: Double)) {
        guard let bounds = collectionView?.bounds else { return }
        // Scale and fade from the card's carousel position, so sliding aside does not dim it further.
        var (scale, alpha) = isPlain ? (1.0, 1.0) : Self.carouselScaleAndAlpha(distance: a.center.x - bounds.midX)
        if let ip = expandedIndexPath {
            if a.indexPath == ip {
                let from = a.frame, e = Self.presentedFrameExpansion(shown.frame)
                a.center = Point(x: lerp(from.midX, bounds.midX, e), y: lerp(from.midY, bounds.midY, e))
                // A spring undershooting on the way back must not turn the card inside out.
                a.size = Size(width: max(0, lerp(from.width, bounds.width, e)),
                              height: max(0, lerp(from.height, bounds.height, e)))
                scale = lerp(scale, 1, e)
                // An opening card is opaque: a spring undershooting (e < 0) or a faded start
                // must not show the cards behind it.
                alpha = e > 0 || shown.look > 0 ? 1 : alpha
                a.zIndex = 1
            } else if a.indexPath.section == ip.section && abs(a.indexPath.item - ip.item) == 1 {
                a.center.x += (a.indexPath.item < ip.item ? -1 : 1) * Self.neighbourOffset * shown.shift
            }
        }
        a.transform = scale == 1 ? .identity : AffineTransform(scaleX: max(0, scale), y: max(0, scale))
        a.alpha = clamp(alpha, 0, 1)
    }
}
