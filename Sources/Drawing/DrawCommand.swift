import Geometry

/// How a line of text sits in its frame.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right
}

/// One drawing primitive, in window coordinates (points). The library describes what to draw;
/// only `SDLBackend` turns commands into pixels.
public enum DrawCommand: Sendable, Equatable {
    /// A filled rectangle with rounded corners (anti-aliased edge).
    /// - `rect`: the untransformed frame, in points.
    /// - `cornerRadius`: in points, clamped to half the shorter side.
    /// - `color`: fill colour; `alpha` multiplies its alpha (a view's `alpha`).
    /// - `transform`: applied about the rect's centre (UIKit's default anchor point), e.g. a scale or rotation.
    case fill(rect: Rect, cornerRadius: Double, color: Color, alpha: Double, transform: AffineTransform)
    /// A stroked polyline through `points` (closed back to the first point when `closed`), `width` points wide.
    case stroke(points: [Point], closed: Bool, width: Double, color: Color)
    /// A line of text laid out in `frame` with `alignment`, vertically centred; `size` is the font
    /// size in points; `transform` applies about the frame's centre.
    case text(String, frame: Rect, size: Double, color: Color, alignment: TextAlignment, transform: AffineTransform)
    /// A rasterized layer (``LayerContent``) composited into `frame` (the untransformed frame, in
    /// points; its size is the content's) with opacity `alpha` (0…1) and `transform` applied about
    /// the frame's centre. The backend draws the content once and keeps the pixels.
    case layer(LayerContent, frame: Rect, alpha: Double, transform: AffineTransform)
    /// The soft shadow of a rounded rectangle (`CALayer.shadowPath` of a rounded rect):
    /// `rect` and `cornerRadius` in points, blurred by `blur` points (`CALayer.shadowRadius`:
    /// a Gaussian of standard deviation `blur` / 2), in `color` (its alpha is the shadow's
    /// opacity); `transform` applies about the rect's centre.
    case shadow(rect: Rect, cornerRadius: Double, blur: Double, color: Color, transform: AffineTransform)
    /// A PNG image scaled to fill `frame` (the untransformed frame, in points), its corners cut
    /// round by `cornerRadius` points (clamped to half the shorter side), with opacity `alpha`
    /// (0…1) and `transform` applied about the frame's centre. `path` names the file (absolute):
    /// this module reads no files, so the backend loads and keeps it, and draws a grey
    /// placeholder with a diagonal when it cannot. Append it to the window's list: a rasterized
    /// layer (``LayerContent``) leaves images out of its pixels, as it does shadows.
    case image(path: String, frame: Rect, cornerRadius: Double, alpha: Double, transform: AffineTransform)

    /// The same command with its opacity multiplied by `factor` (0…1), e.g. to fade an overlay.
    public func fading(_ factor: Double) -> DrawCommand {
        switch self {
        case let .fill(r, radius, c, a, t): return .fill(rect: r, cornerRadius: radius, color: c, alpha: a * factor, transform: t)
        case let .stroke(p, closed, w, c): return .stroke(points: p, closed: closed, width: w, color: c.fading(factor))
        case let .text(s, f, size, c, al, t): return .text(s, frame: f, size: size, color: c.fading(factor), alignment: al, transform: t)
        case let .layer(content, f, a, t): return .layer(content, frame: f, alpha: a * factor, transform: t)
        case let .shadow(r, radius, blur, c, t): return .shadow(rect: r, cornerRadius: radius, blur: blur, color: c.fading(factor), transform: t)
        case let .image(p, f, radius, a, t): return .image(path: p, frame: f, cornerRadius: radius, alpha: a * factor, transform: t)
        }
    }

    /// A filled rounded rectangle with the common defaults (no transform, full alpha).
    public static func fill(_ rect: Rect, radius: Double = 0, color: Color) -> DrawCommand {
        .fill(rect: rect, cornerRadius: radius, color: color, alpha: 1, transform: .identity)
    }
    /// A straight segment from `a` to `b`.
    public static func line(from a: Point, to b: Point, width: Double = 1, color: Color) -> DrawCommand {
        .stroke(points: [a, b], closed: false, width: width, color: color)
    }
    /// Left-aligned text starting at `origin` (top-left), one line tall.
    public static func text(_ s: String, at origin: Point, size: Double, color: Color) -> DrawCommand {
        .text(s, frame: Rect(x: origin.x, y: origin.y, width: 10_000, height: size * 1.25), size: size,
              color: color, alignment: .left, transform: .identity)
    }
    /// The outline of a rectangle.
    public static func strokeRect(_ r: Rect, width: Double = 1, color: Color) -> DrawCommand {
        .stroke(points: [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                         Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)],
                closed: true, width: width, color: color)
    }
    /// A filled circle (a fully rounded square).
    public static func circle(center: Point, radius: Double, color: Color) -> DrawCommand {
        .fill(rect: Rect(center: center, size: Size(width: 2 * radius, height: 2 * radius)),
              cornerRadius: radius, color: color, alpha: 1, transform: .identity)
    }
}

/// Estimates text extents without a font rasteriser, for layout decisions in library code.
/// The backend measures exactly; this uses DejaVu Sans's average advance (about 0.6 em).
public enum TextMetrics {
    /// Approximate width of `text` at `size` points, in points.
    public static func estimatedWidth(of text: String, size: Double) -> Double {
        Double(text.count) * size * 0.6
    }
}
