import Geometry
import Drawing
import Views

/// A section header of the exchange scene: the section's title, inset like the cells.
final class SectionHeaderView: View {
    let label = Label()

    init(title: String) {
        super.init(frame: .zero)
        label.text = title
        label.fontSize = 14
        label.textColor = Color(white: 0.7)
        isUserInteractionEnabled = false
        addSubview(label)
    }

    override func layoutSubviews() {
        label.frame = Rect(x: 16, y: 0, width: max(0, bounds.width - 32), height: bounds.height)
    }
}
