import Geometry
import Drawing
import Views

/// A springy-scene row: a full-width rounded bar labelled with its index.
final class RowCell: CollectionViewCell {
    static let reuseIdentifier = "RowCell"
    let label = Label()

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 8
        backgroundColor = Color(hex: 0x3A3A44)
        label.fontSize = 15
        label.textColor = Color(white: 0.95)
        label.isUserInteractionEnabled = false
        contentView.addSubview(label)
        contentView.isUserInteractionEnabled = false
    }

    /// Alternating tints make the lag between neighbouring rows easy to see.
    func configure(index: Int) {
        label.text = "Row \(index)"
        backgroundColor = index % 2 == 0 ? Color(hex: 0x3A3A44) : Color(hex: 0x2F4858)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = Rect(x: 16, y: 0, width: max(0, bounds.width - 32), height: bounds.height)
    }
}
