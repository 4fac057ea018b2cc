import Geometry
import Drawing
import Layout
import Views

/// A drag-scene cell: a square that turns red when selected, drawn in the scene's ``GridLook``:
/// the source's plain grey square (seed) or Kinetic's rounded, numbered one that casts a shadow
/// when lifted (refined).
final class GridCell: CollectionViewCell {
    static let reuseIdentifier = "GridCell"
    /// The item number's colour.
    static let textColor = Color.white
    let label = Label()
    /// The look the cell draws in (the drag scene sets it for its variant).
    var look = GridLook.source {
        didSet {
            guard look != oldValue else { return }
            applyLook()
        }
    }

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        shadowRadius = 10
        label.fontSize = 11
        label.textColor = GridCell.textColor
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        contentView.addSubview(label)
        contentView.isUserInteractionEnabled = false
        applyLook()
    }

    /// How far the cell is lifted off the grid, 0…1 (the drag scene sets it each frame for the
    /// dragged cells). In a look that ``GridLook/castsShadow`` a soft shadow below it grows with
    /// it (opacity up to 0.45, offset up to 8 pt down, 10 pt blur). It only draws: the motion is
    /// the springs'.
    var lift = 0.0 {
        didSet {
            guard lift != oldValue else { return }
            applyShadow()
        }
    }

    override var isSelected: Bool {
        didSet { backgroundColor = fill }
    }

    /// The fill for the current selection: the look's cell or selected colour.
    private var fill: Color { isSelected ? look.selectedCellColor : look.cellColor }

    private func applyLook() {
        cornerRadius = look.cornerRadius
        backgroundColor = fill
        label.isHidden = !look.showsNumbers
        applyShadow()
    }

    private func applyShadow() {
        let shown = look.castsShadow ? lift : 0
        shadowOpacity = 0.45 * shown
        shadowOffset = Vector(dx: 0, dy: 2 + 6 * shown)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        lift = 0
        backgroundColor = look.cellColor
    }

    /// A cell back in the grid (z-index 0 once the drag state clears) casts no shadow.
    override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        if layoutAttributes.zIndex == 0 { lift = 0 }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = Rect(origin: .zero, size: bounds.size)
    }
}
