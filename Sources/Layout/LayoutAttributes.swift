import Geometry
import Dynamics

/// What a set of ``LayoutAttributes`` describes (UIKit's `UICollectionView.ElementCategory`).
public enum ElementCategory: Sendable, Hashable {
    /// An item's cell.
    case cell
    /// A supplementary view such as a section header (see ``LayoutAttributes/representedElementKind``).
    case supplementaryView
}

/// The position, size and look of one element of a collection view
/// (UIKit's `UICollectionViewLayoutAttributes`), in the collection view's content coordinates (points).
///
/// A final class because a ``DynamicAnimator`` moves it by identity: attributes are ``DynamicItem``s,
/// so a layout can hand copies of them to an animator and read back the moved ``center`` and
/// ``transform``. `frame` is the untransformed frame (``center`` and ``size``), as in UIKit.
public final class LayoutAttributes: DynamicItem, CustomStringConvertible {
    /// The item (or, for a supplementary view, the section and index) this element shows.
    public var indexPath: IndexPath {
        get { storedIndexPath }
        set { storedIndexPath = newValue }
    }
    /// Whether this is a cell or a supplementary view.
    public let representedElementCategory: ElementCategory
    /// The kind of supplementary view (for example ``FlowLayout/elementKindSectionHeader``); nil for cells.
    public let representedElementKind: String?

    /// Centre of the element, in content coordinates (points).
    public var center: Point {
        get { storedCenter }
        set { storedCenter = newValue }
    }
    // Every value keeps private storage: a dynamic animator sets `center` and `transform` on
    // every moving item every step, and layouts and collection views read and write the others
    // for every visible element; with every access in view Swift proves they never overlap and
    // drops the runtime exclusivity check a public stored property of a class costs on each
    // access (about 5 ns, a fifth of a solo spring's step; see ``DynamicItem``). A property
    // wrapper holding the value privately was measured instead and is not the same: the solo
    // step went from 14.1 to 18.3 ns per item-step and the flow query from 22 to 27 µs.
    private var storedIndexPath: IndexPath
    private var storedCenter: Point
    private var storedSize: Size
    private var storedTransform = AffineTransform.identity
    private var storedAlpha = 1.0
    private var storedZIndex = 0
    private var storedIsHidden = false
    /// Untransformed width and height, in points.
    public var size: Size {
        get { storedSize }
        set { storedSize = newValue }
    }
    /// The transform applied about ``center`` (scale, rotation); identity by default.
    public var transform: AffineTransform {
        get { storedTransform }
        set { storedTransform = newValue }
    }
    /// Opacity, 0…1; default 1.
    public var alpha: Double {
        get { storedAlpha }
        set { storedAlpha = newValue }
    }
    /// Stacking order among the collection view's elements: higher draws on top; default 0.
    public var zIndex: Int {
        get { storedZIndex }
        set { storedZIndex = newValue }
    }
    /// Whether the element is hidden (it keeps its cell but draws nothing); default false.
    public var isHidden: Bool {
        get { storedIsHidden }
        set { storedIsHidden = newValue }
    }

    /// Creates attributes for the cell of the item at `indexPath`, with a zero frame.
    public init(forCellWith indexPath: IndexPath) {
        self.storedIndexPath = indexPath
        self.representedElementCategory = .cell
        self.representedElementKind = nil
        self.storedCenter = .zero
        self.storedSize = .zero
    }

    /// Creates attributes for a supplementary view of `kind` at `indexPath`, with a zero frame.
    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.storedIndexPath = indexPath
        self.representedElementCategory = .supplementaryView
        self.representedElementKind = kind
        self.storedCenter = .zero
        self.storedSize = .zero
    }

    /// Creates attributes for the cell at `indexPath` with the given frame (points).
    public convenience init(forCellWith indexPath: IndexPath, frame: Rect) {
        self.init(forCellWith: indexPath)
        self.frame = frame
    }

    /// The untransformed frame: ``size`` centred on ``center``. Setting it moves the centre and resizes.
    public var frame: Rect {
        get { Rect(center: center, size: size) }
        set { center = newValue.center; size = Size(width: newValue.width, height: newValue.height) }
    }

    /// The element's own bounds: its ``size`` at the origin (the ``DynamicItem`` requirement).
    public var bounds: Rect {
        get { Rect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The bounding box of the frame after ``transform`` (about the centre): what a hit test or
    /// visibility test should use.
    public var transformedFrame: Rect {
        if transform.isIdentity { return frame }
        let t = AffineTransform(translationX: -center.x, y: -center.y)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
        return frame.applying(t)
    }

    /// A new, independent object with the same values (UIKit's `copy()`); give copies, not the
    /// layout's own objects, to a ``DynamicAnimator``.
    public func copy() -> LayoutAttributes {
        let c = representedElementCategory == .cell
            ? LayoutAttributes(forCellWith: indexPath)
            : LayoutAttributes(forSupplementaryViewOfKind: representedElementKind ?? "", with: indexPath)
        c.center = center
        c.size = size
        c.transform = transform
        c.alpha = alpha
        c.zIndex = zIndex
        c.isHidden = isHidden
        return c
    }

    /// Whether every value (not identity) matches `other`'s.
    public func hasSameValues(as other: LayoutAttributes) -> Bool {
        indexPath == other.indexPath && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind && center == other.center
            && size == other.size && transform == other.transform && alpha == other.alpha
            && zIndex == other.zIndex && isHidden == other.isHidden
    }

    /// A one-line summary: index path, frame, alpha, zIndex, hidden state.
    public var description: String {
        "LayoutAttributes(\(indexPath), frame: \(frame), alpha: \(alpha), zIndex: \(zIndex)\(isHidden ? ", hidden" : ""))"
    }
}
