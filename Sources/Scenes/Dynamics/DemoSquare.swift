import Geometry
import Drawing
import Dynamics
import Views

/// A catalog square: a 100 × 100 pt rounded square drawn as a view, which the animator moves
/// directly (in UIKit a view is a `UIDynamicItem`; here the square adopts ``DynamicItem``: its
/// `center`, `bounds` and `transform` are the view's). A dark rim around a lighter ``tint``, with
/// an optional label.
final class DemoSquare: View, DynamicItem {
    /// The catalog's square side, points (its mass at density 1 is 1).
    static let side = 100.0
    /// The rim's colour and the face's default tint.
    static let rim = Color(hex: 0x3E5F80), face = Color(hex: 0x9DBBD9)
    /// The face's colour (the collision demo lightens it while the square touches a boundary).
    var tint = DemoSquare.face { didSet { if tint != oldValue { setNeedsDisplay() } } }
    /// The label in the middle (the item properties demo writes each square's elasticity).
    let label = Label()

    /// A square of `side` points centred at `center` (stage points).
    init(center: Point, side: Double = DemoSquare.side, text: String = "") {
        super.init(frame: Rect(center: center, size: Size(width: side, height: side)))
        backgroundColor = Self.rim
        cornerRadius = 14
        label.text = text
        label.fontSize = 15
        label.textColor = Color(white: 0.12)
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    /// The rim (the background), then the face 4 pt inside it.
    override func draw(into list: inout DisplayList, context: DrawingContext) {
        super.draw(into: &list, context: context)
        let b = presentationBounds
        guard b.width > 8, b.height > 8 else { return }
        let (frame, t) = context.place(b.insetBy(dx: 4, dy: 4))
        list.append(.fill(rect: frame, cornerRadius: max(0, presentationCornerRadius - 4), color: tint,
                          alpha: context.alpha, transform: t), z: context.z)
    }

    override func layoutSubviews() {
        label.frame = Rect(origin: .zero, size: bounds.size)
    }

    /// Whether `point` (the superview's coordinates, the stage's) is on the square, turned as it is.
    func contains(stagePoint point: Point) -> Bool {
        let local = (point - center).applying(AffineTransform(rotationAngle: -transform.rotationAngle))
        return abs(local.dx) <= bounds.width / 2 && abs(local.dy) <= bounds.height / 2
    }

    /// `point` (stage points) as an offset from the centre in the square's own (turning) frame:
    /// where an attachment grabbing it there goes.
    func offset(of point: Point) -> Vector {
        (point - center).applying(AffineTransform(rotationAngle: -transform.rotationAngle))
    }
}
