import Geometry
import Drawing
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
        label.fontSize = 11
        label.textColor = GridCell.textColor
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        contentView.addSubview(label)
        contentView.isUserInteractionEnabled = false
    }

    override var isSelected: Bool {
        didSet { backgroundColor = isSelected ? GridCell.selectedColor : GridCell.normal }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        backgroundColor = GridCell.normal
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = Rect(origin: .zero, size: bounds.size)
    }
}
