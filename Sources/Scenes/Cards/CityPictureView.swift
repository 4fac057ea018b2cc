import Geometry
import Drawing
import Views

/// A view that shows a city's generated picture (``CityPicture``) filling its bounds, like a
/// `UIImageView` with `.scaleAspectFill` that redraws at its size instead of scaling pixels: as
/// the card grows the skyline grows with the picture's height and more of it shows at the sides.
/// Everything it draws stays inside its bounds, so it needs no clip (a rasterized card drawn
/// directly does not keep inner clips).
final class CityPictureView: View {
    /// The city shown; nil draws nothing.
    var city: City? {
        didSet {
            guard city != oldValue else { return }
            picture = city.map(CityPicture.init(city:))
            cached = nil
            setNeedsDisplay()
        }
    }

    /// Radius of the top corners, points (the card's ``View/cornerRadius``, so the sky follows
    /// the card's rounded corners); default 0. The bottom corners stay square.
    var topCornerRadius = 0.0 {
        didSet { if topCornerRadius != oldValue { setNeedsDisplay() } }
    }

    private var picture: CityPicture?
    /// The commands last made and what for: a picture is drawn again only when its size or its
    /// corners change.
    private var cached: (size: Size, radius: Double, commands: [DrawCommand])?

    /// The picture's commands at `size` points, in this view's coordinates (origin top-left).
    func commands(size: Size) -> [DrawCommand] {
        guard let picture else { return [] }
        if let cached, cached.size == size, cached.radius == topCornerRadius { return cached.commands }
        let commands = picture.commands(size: size, topCornerRadius: topCornerRadius)
        cached = (size, topCornerRadius, commands)
        return commands
    }

    /// Draws the background (if any), then the picture, placed like the view (its transform and
    /// the accumulated alpha applied to every command).
    override func draw(into list: inout DisplayList, context: DrawingContext) {
        super.draw(into: &list, context: context)
        let b = presentationBounds
        let (frame, t) = context.place(b)
        for command in commands(size: Size(width: b.width, height: b.height)) {
            list.append(DisplayList.windowCommand(command, inLayerOfSize: frame.size, frame: frame, alpha: context.alpha, transform: t),
                        z: context.z)
        }
    }
}
