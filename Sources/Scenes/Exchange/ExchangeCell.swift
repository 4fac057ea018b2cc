import Geometry
import Drawing
import Views

/// An exchange-scene cell: a rounded card with a name. A locked name is drawn darker, in grey,
/// with a small "locked" caption (the bundled font may lack emoji).
final class ExchangeCell: CollectionViewCell {
    static let reuseIdentifier = "ExchangeCell"
    static let normal = Color(hex: 0x2F4858)
    static let lockedColor = Color(hex: 0x26262C)
    /// A name's colour (a locked one's is greyer).
    static let nameColor = Color(white: 0.95)
    /// The refined snapshot's fill: the cell's blue-grey lifted toward the light, so the held
    /// name reads as picked up (white on it: 6.4:1).
    static let lifted = Color(hex: 0x3F6378)
    let label = Label()
    let caption = Label()

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 8
        label.fontSize = 15
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        caption.text = "locked"
        caption.fontSize = 10
        caption.textColor = Color(white: 0.6)
        caption.textAlignment = .center
        caption.isUserInteractionEnabled = false
        contentView.addSubview(label)
        contentView.addSubview(caption)
        contentView.isUserInteractionEnabled = false
        configure(name: "", locked: false)
    }

    func configure(name: String, locked: Bool) {
        label.text = name
        label.textColor = locked ? Color(white: 0.65) : ExchangeCell.nameColor
        backgroundColor = locked ? ExchangeCell.lockedColor : ExchangeCell.normal
        caption.isHidden = !locked
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let w = bounds.width, h = bounds.height
        if caption.isHidden {
            label.frame = Rect(x: 4, y: 0, width: max(0, w - 8), height: h)
        } else {
            label.frame = Rect(x: 4, y: 2, width: max(0, w - 8), height: h * 0.6)
            caption.frame = Rect(x: 4, y: h * 0.55, width: max(0, w - 8), height: h * 0.4)
        }
    }
}
