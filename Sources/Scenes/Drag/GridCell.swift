import Geometry
import Drawing
import Views

/// A drag-scene cell: a grey rounded square that turns red when selected, with its item number.
final class GridCell: CollectionViewCell {
    static let reuseIdentifier = "GridCell"
    static let normal = Color.gray
    static let selectedColor = Color.red
    let label = Label()

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 6
        backgroundColor = GridCell.normal
        label.fontSize = 11
        label.textColor = Color(white: 1, alpha: 0.85)
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
