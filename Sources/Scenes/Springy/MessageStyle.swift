import Drawing

/// The springy scene's look, after the iOS Messages app in light mode: its colours, type sizes and
/// bubble metrics (points), in one place so the cells and the contrast tests read the same values.
enum MessageStyle {
    // MARK: Colours

    /// The transcript's background (the collection view's): white, as in Messages.
    static let background = Color.white
    /// Sent bubbles. Messages uses systemBlue (#007AFF), but white text on it is only 4.0:1,
    /// below WCAG's 4.5:1 for body text; #0071E3 (Apple's own link blue on the web) looks the
    /// same at a glance and gives 4.7:1.
    static let sentBubble = Color(hex: 0x0071E3)
    /// Text on a sent bubble.
    static let sentText = Color.white
    /// Received bubbles: Messages' light grey (#E9E9EB).
    static let receivedBubble = Color(hex: 0xE9E9EB)
    /// Text on a received bubble.
    static let receivedText = Color.black
    /// Timestamp rows. Messages' systemGray (#8E8E93) is 3.3:1 on white; #6E6E73 is 5.1:1.
    static let timestampText = Color(hex: 0x6E6E73)

    /// Every text colour with the colour it is read on, for the contrast checks (WCAG 2: 4.5:1).
    static let textPairs: [(name: String, text: Color, background: Color)] = [
        ("sent message", sentText, sentBubble),
        ("received message", receivedText, receivedBubble),
        ("timestamp", timestampText, background),
    ]

    // MARK: Type

    /// Message text size, points (lines of ``TextLayout/lineHeight(size:)``, 18 pt, so two fit a row).
    static let fontSize = 14.0
    /// The most lines a message shows; longer text ends with "…" (the rows are 44 pt tall).
    static let maximumLines = 2
    /// Timestamp text size, points.
    static let timestampFontSize = 12.0

    // MARK: Bubbles

    /// Space between a bubble's edge and its text, horizontally, points.
    static let horizontalPadding = 12.0
    /// Space above and below the text, points, reduced when two lines would not fit the row.
    static let verticalPadding = 8.0
    /// Corner radius of a bubble, points (a one-line bubble, 34 pt tall, is a pill).
    static let cornerRadius = 17.0
    /// How far a tail reaches past its bubble's side, points. Bubbles keep this much room to the
    /// row's edge so that the tail stays inside the row (a cell's layer is cut at its bounds).
    static let tailReach = 8.0
    /// The narrowest bubble, points: a circle of ``cornerRadius``.
    static let minimumBubbleWidth = 2 * cornerRadius
    /// The widest a bubble may be, as a fraction of its row (Messages uses about 70 %).
    static let maximumWidthFraction = 0.7

    /// The widest bubble in a row `rowWidth` points wide, points.
    static func maximumBubbleWidth(rowWidth: Double) -> Double {
        max(minimumBubbleWidth, rowWidth * maximumWidthFraction)
    }
}
