import Geometry
import Layout

/// A reusable cell of a ``CollectionView`` (UIKit's `UICollectionViewCell`). The collection view
/// positions it from its item's ``LayoutAttributes`` every frame and recycles it when it scrolls
/// out of view; put the content in ``contentView``. Cells rasterize (``View/shouldRasterize`` is
/// true by default): each is drawn once into a texture and composited as it moves.
open class CollectionViewCell: View {
    /// The view holding the cell's content; it fills the cell and follows its size.
    public let contentView = View()

    /// Creates a cell with `frame`; the collection view creates cells of a registered class with this.
    public required override init(frame: Rect = .zero) {
        super.init(frame: frame)
        shouldRasterize = true
        addSubview(contentView)
        contentView.frame = Rect(origin: .zero, size: frame.size)
    }

    /// The identifier the cell was dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// The item the cell currently shows, or nil while in the reuse pool.
    @exclusivity(unchecked) public internal(set) var indexPath: IndexPath?
    /// The collection view's partial layout pass that last applied attributes to this cell.
    var layoutPass = 0
    /// Whether the cell's item is selected; the collection view sets it. Default false.
    open var isSelected = false
    /// Whether the pointer is held down on the cell; the collection view sets it. Default false.
    open var isHighlighted = false

    /// Called before a recycled cell is handed out again; reset content here (call `super`).
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
    }

    /// Applies `layoutAttributes` (content coordinates): centre, size, transform, alpha,
    /// hidden state and `zIndex` as ``View/zPosition``. Subclasses may read more (call `super`).
    open func apply(_ layoutAttributes: LayoutAttributes) {
        center = layoutAttributes.center
        let size = layoutAttributes.size
        if bounds.size != size { bounds = Rect(origin: bounds.origin, size: size) }
        transform = layoutAttributes.transform
        alpha = layoutAttributes.alpha
        isHidden = layoutAttributes.isHidden
        zPosition = Double(layoutAttributes.zIndex)
    }

    /// Keeps ``contentView`` filling the cell.
    open override func layoutSubviews() {
        contentView.frame = Rect(origin: .zero, size: bounds.size)
    }
}
