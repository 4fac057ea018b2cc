import Geometry
import Drawing
import Views

/// A chat bubble: its ``View/backgroundColor`` as a rounded rectangle (``View/cornerRadius``) and,
/// on the last message of a run, a tail hooking out of one bottom corner, as in Messages.
///
/// The display list has rounded rectangles but no paths, so the tail is built from them, in this
/// order: a square fills the rounded corner on the tail's side, a small rounded blade reaches
/// ``MessageStyle/tailReach`` points past the side, and a circle in ``cutoutColor`` (the colour
/// behind the bubble) carves the blade's top into the tail's concave curve; the body is drawn last,
/// over the square. The tail lies outside ``View/bounds`` (the bubble's frame is its body's), so
/// the bubble needs that much room beside it in its cell.
final class BubbleView: View {
    /// The bottom corner a tail leaves from.
    enum TailSide: Equatable {
        case left, right
    }

    /// Where the tail is; nil for a bubble without one (all but the last of a run). Default nil.
    var tail: TailSide? { didSet { if tail != oldValue { setNeedsDisplay() } } }
    /// The colour behind the bubble, which the tail's inner curve is cut with. Default
    /// ``MessageStyle/background``.
    var cutoutColor = MessageStyle.background { didSet { if cutoutColor != oldValue { setNeedsDisplay() } } }

    /// The radius of the cut-out circle and the height of the tail's root on the side, points:
    /// the curve leaves the side 16 pt above the bottom and meets the tip 8 pt out, 3.4 pt up.
    private static let cutoutRadius = 14.0
    private static let tailHeight = 16.0
    /// How far the blade reaches under the body, points, and the rounding of its tip.
    private static let bladeOverlap = 8.0
    private static let tipRadius = 3.0

    override func draw(into list: inout DisplayList, context: DrawingContext) {
        if let tail { drawTail(tail, into: &list, context: context) }
        super.draw(into: &list, context: context)
    }

    /// The square, blade and cut-out of a tail on `side`, computed for the right side and mirrored.
    private func drawTail(_ side: TailSide, into list: inout DisplayList, context: DrawingContext) {
        let color = presentationBackgroundColor
        guard color.alpha > 0 else { return }
        let b = presentationBounds
        let corner = min(presentationCornerRadius, b.width / 2, b.height / 2)
        let reach = MessageStyle.tailReach
        let square = Rect(x: b.maxX - corner, y: b.maxY - corner, width: corner, height: corner)
        let blade = Rect(x: b.maxX - Self.bladeOverlap, y: b.maxY - Self.tailHeight,
                         width: Self.bladeOverlap + reach, height: Self.tailHeight)
        let r = Self.cutoutRadius
        // Touches the side where the tail's root begins, so it carves the blade and never the body.
        let cutout = Rect(x: b.maxX, y: b.maxY - Self.tailHeight - r, width: 2 * r, height: 2 * r)
        func mirrored(_ rect: Rect) -> Rect {
            side == .right ? rect : Rect(x: b.minX + b.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
        }
        for (rect, radius, fill) in [(square, 0.0, color), (blade, Self.tipRadius, color), (cutout, r, cutoutColor)] {
            let (frame, t) = context.place(mirrored(rect))
            list.append(.fill(rect: frame, cornerRadius: radius, color: fill, alpha: context.alpha, transform: t), z: context.z)
        }
    }
}
