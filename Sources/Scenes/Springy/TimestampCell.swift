import Geometry
import Views

/// A springy-scene row between runs of messages that shows when they were sent ("Monday 9:41 AM"),
/// small, grey and centred, as in Messages. It is an item of the flow layout like a message, so it
/// rides its own spring.
final class TimestampCell: CollectionViewCell {
    static let reuseIdentifier = "TimestampCell"
    /// The time, centred in the row.
    let label = Label()

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        label.fontSize = MessageStyle.timestampFontSize
        label.textColor = MessageStyle.timestampText
        label.textAlignment = .center
        contentView.addSubview(label)
        contentView.isUserInteractionEnabled = false
        label.isUserInteractionEnabled = false
    }

    /// Shows `text`.
    func configure(text: String) { label.text = text }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }
}
