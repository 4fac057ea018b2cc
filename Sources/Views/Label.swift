import Geometry
import Drawing

/// A view that shows text (UIKit's `UILabel`), vertically centred in its bounds: one line by
/// default, or wrapped at word boundaries over up to ``numberOfLines`` lines. Text that does not
/// fit ends with "…" (UIKit's default `.byTruncatingTail`). Widths come from the window's
/// ``Window/textMeasurer`` (the real font in the app), so the break points match what is drawn.
public final class Label: View {
    /// The text; default empty (nothing drawn).
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// Font size in points; default 17 (UIKit's body size).
    public var fontSize: Double = 17 { didSet { if fontSize != oldValue { setNeedsDisplay() } } }
    /// Text colour; default white (the lab draws on a dark background, unlike UIKit's black).
    public var textColor: Color = .white { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// Horizontal alignment in the bounds; default left.
    public var textAlignment: TextAlignment = .left { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }

    /// The most lines the text may take; 0 means as many as it needs (UIKit's `numberOfLines`).
    /// Default 1: one line, cut with "…" when too wide.
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { setNeedsDisplay() } } }

    /// The lines last laid out and what they were laid out for (text, size, width, line limit,
    /// measurer), so a label that does not change measures nothing per frame.
    private var laidOut: (key: LayoutKey, lines: [String])?
    private struct LayoutKey: Equatable {
        var text: String, size: Double, width: Double, lines: Int, measurer: ObjectIdentifier
    }

    /// The measurer of the window this label is in (the estimate when it is in none).
    private var measurer: TextMeasuring { window?.textMeasurer ?? EstimatedTextMeasurer.shared }

    /// The text broken into the lines drawn for a width of `width` points.
    public func lines(forWidth width: Double) -> [String] {
        let m = measurer
        let key = LayoutKey(text: text, size: fontSize, width: width, lines: numberOfLines, measurer: ObjectIdentifier(m))
        if let laidOut, laidOut.key == key { return laidOut.lines }
        let lines = TextLayout.lines(text, size: fontSize, width: width, maximumLines: numberOfLines, measurer: m)
        laidOut = (key, lines)
        return lines
    }

    /// The size the text needs within `size.width` (UIKit's `sizeThatFits`): the widest line's
    /// width and the lines' height (``TextLayout/lineHeight(size:)`` each), in points.
    public func sizeThatFits(_ size: Size) -> Size {
        let lines = lines(forWidth: size.width)
        let m = measurer
        let w = lines.map { m.width(of: $0, size: fontSize) }.max() ?? 0
        return Size(width: min(size.width, w), height: Double(lines.count) * TextLayout.lineHeight(size: fontSize))
    }

    /// Creates a label with `text` in `frame` (points).
    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
    }

    /// Draws the background (if any), then the text with the accumulated alpha and transform.
    public override func draw(into list: inout DisplayList, context: DrawingContext) {
        super.draw(into: &list, context: context)
        guard !text.isEmpty, textColor.alpha > 0 else { return }
        let b = presentationBounds
        let lines = lines(forWidth: b.width)
        let color = textColor.fading(context.alpha)
        if lines.count == 1 {
            let (frame, t) = context.place(b)
            list.append(.text(lines[0], frame: frame, size: fontSize, color: color, alignment: textAlignment, transform: t), z: context.z)
            return
        }
        // The block of lines centred vertically, each line in its own band.
        let lineH = TextLayout.lineHeight(size: fontSize)
        var y = b.minY + (b.height - Double(lines.count) * lineH) / 2
        for line in lines {
            let (frame, t) = context.place(Rect(x: b.minX, y: y, width: b.width, height: lineH))
            list.append(.text(line, frame: frame, size: fontSize, color: color, alignment: textAlignment, transform: t), z: context.z)
            y += lineH
        }
    }
}
