import Geometry
import Drawing
import Views

/// A springy-scene row holding one message: a ``BubbleView`` as wide as its text needs (at most
/// ``MessageStyle/maximumBubbleWidth(rowWidth:)``), up to two lines that end with "…" when the
/// text is longer, on the right in blue when sent and on the left in grey when received.
///
/// The bubble sits inside the cell's frame, which is the flow layout's full-width row: the springs
/// move rows and never see the bubbles.
final class MessageCell: CollectionViewCell {
    static let reuseIdentifier = "MessageCell"
    /// The bubble, in ``contentView`` coordinates (the cell's).
    let bubble = BubbleView()
    /// The text, in the bubble.
    let label = Label()
    /// Who wrote the message shown.
    private(set) var sender = Conversation.Sender.them
    /// Where the message stands in its run by one sender, which sets its height in the row.
    private(set) var runPosition = RunPosition.only

    /// A message's place in a run of messages by one sender. The rows are evenly spaced, but a
    /// bubble shorter than its row leans towards the rest of its run (the first sits low, the last
    /// high), so a run reads as a group, as in Messages, and runs stand apart.
    enum RunPosition: Equatable {
        case only, first, middle, last

        init(isFirst: Bool, isLast: Bool) {
            switch (isFirst, isLast) {
            case (true, true): self = .only
            case (true, false): self = .first
            case (false, true): self = .last
            case (false, false): self = .middle
            }
        }

        /// The share of the row's spare height above the bubble (0 top … 1 bottom).
        var lean: Double {
            switch self {
            case .first: return 1
            case .last: return 0
            case .only, .middle: return 0.5
            }
        }
    }

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        label.fontSize = MessageStyle.fontSize
        label.numberOfLines = MessageStyle.maximumLines
        bubble.cornerRadius = MessageStyle.cornerRadius
        bubble.addSubview(label)
        contentView.addSubview(bubble)
        for v in [contentView, bubble, label] { v.isUserInteractionEnabled = false }
    }

    /// Shows `text` from `sender` at `position` in its run; the last (or only) message of a run
    /// has a tail.
    func configure(text: String, from sender: Conversation.Sender, position: RunPosition) {
        self.sender = sender
        runPosition = position
        let hasTail = position == .last || position == .only
        label.text = text
        label.textColor = sender == .me ? MessageStyle.sentText : MessageStyle.receivedText
        bubble.backgroundColor = sender == .me ? MessageStyle.sentBubble : MessageStyle.receivedBubble
        bubble.tail = hasTail ? (sender == .me ? .right : .left) : nil
        // The bubble's width depends on the text, which is measured in layout (with the window's font).
        setNeedsLayout()
    }

    /// Fits the bubble to the text (measured with the window's text measurer) and puts it on the
    /// sender's side, leaning towards the rest of its run (``RunPosition/lean``), leaving room for
    /// the tail at the row's edge.
    override func layoutSubviews() {
        super.layoutSubviews()
        let h = MessageStyle.horizontalPadding
        let maxWidth = MessageStyle.maximumBubbleWidth(rowWidth: max(0, bounds.width - MessageStyle.tailReach))
        let text = label.sizeThatFits(Size(width: max(0, maxWidth - 2 * h), height: .infinity))
        let textWidth = text.width.rounded(.up)
        let width = min(maxWidth, max(MessageStyle.minimumBubbleWidth, textWidth + 2 * h))
        let height = min(bounds.height, text.height + 2 * MessageStyle.verticalPadding)
        let x = sender == .me ? bounds.width - MessageStyle.tailReach - width : MessageStyle.tailReach
        bubble.frame = Rect(x: x, y: ((bounds.height - height) * runPosition.lean).rounded(), width: width, height: height)
        // The label is as wide as the widest line, so it breaks the text where sizeThatFits did.
        label.frame = Rect(x: (width - textWidth) / 2, y: 0, width: textWidth, height: height)
    }
}
