import Geometry
import Drawing

/// A view that shows one line of text (UIKit's `UILabel`), vertically centred in its bounds.
public final class Label: View {
    /// The text; default empty (nothing drawn).
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// Font size in points; default 17 (UIKit's body size).
    public var fontSize: Double = 17 { didSet { if fontSize != oldValue { setNeedsDisplay() } } }
    /// Text colour; default white (the lab draws on a dark background, unlike UIKit's black).
    public var textColor: Color = .white { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// Horizontal alignment in the bounds; default left.
    public var textAlignment: TextAlignment = .left { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }

    /// Creates a label with `text` in `frame` (points).
    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
    }

    /// Draws the background (if any), then the text with the accumulated alpha and transform.
    public override func draw(into list: inout DisplayList, context: DrawingContext) {
        super.draw(into: &list, context: context)
        guard !text.isEmpty, textColor.alpha > 0 else { return }
        let (frame, t) = context.place(presentationBounds)
        list.append(.text(text, frame: frame, size: fontSize, color: textColor.fading(context.alpha),
                          alignment: textAlignment, transform: t), z: context.z)
    }
}
