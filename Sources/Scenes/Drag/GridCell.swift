import Geometry
import Drawing
import Layout
import Views

/// A drag-scene cell: a grey rounded square that turns red when selected, with its item number.
/// The greys and reds are iOS's darker accessible variants (systemGray2 #636366 in dark mode, the
/// high-contrast red #D70015) rather than #8E8E93 and #FF3B30, on which white text reaches only
/// 3.3:1 and 3.6:1: white on these is 6.0:1 and 5.4:1, above WCAG's 4.5:1 for text.
final class GridCell: CollectionViewCell {
    static let reuseIdentifier = "GridCell"
    static let normal = Color(hex: 0x636366)
    static let selectedColor = Color(hex: 0xD70015)
    /// The item number's colour.
    static let textColor = Color.white
    let label = Label()

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 6
        backgroundColor = GridCell.normal
        shadowRadius = 10
        label.fontSize = 11
        label.textColor = GridCell.textColor
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        contentView.addSubview(label)
        contentView.isUserInteractionEnabled = false
    }

    /// How far the cell is lifted off the grid, 0…1 (the drag scene sets it each frame for the
    /// dragged cells): a soft shadow below it grows with it (opacity up to 0.45, offset up to
    /// 8 pt down, 10 pt blur). It only draws: the motion is the springs'.
    var lift = 0.0 {
        didSet {
            guard lift != oldValue else { return }
            shadowOpacity = 0.45 * lift
            shadowOffset = Vector(dx: 0, dy: 2 + 6 * lift)
        }
    }

    override var isSelected: Bool {
        didSet { backgroundColor = isSelected ? GridCell.selectedColor : GridCell.normal }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        lift = 0
        backgroundColor = GridCell.normal
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
