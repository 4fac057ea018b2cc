import Geometry

/// Renders lines of text into alpha masks for ``LayerRasterizer`` (the backend owns the fonts).
public protocol GlyphRasterizing: AnyObject {
    /// `text` rendered at `pixelSize` pixels (the font size times the pixel scale), white
    /// coverage only; nil when it cannot be rendered.
    func mask(for text: String, pixelSize: Int) -> AlphaMask?
}

/// Draws a ``LayerContent`` into a ``PixelBuffer`` on the CPU: fills with exact analytic corner
/// coverage, strokes, and text from a ``GlyphRasterizing``. The buffer gets ``padding``
/// transparent pixels on every side, so a texture made from it has soft edges when it is
/// composited rotated or scaled with bilinear filtering.
public enum LayerRasterizer {
    /// Transparent pixels around the content, on every side.
    public static let padding = 1

    /// The buffer size for `size` points at `scale` pixels per point, padding included.
    public static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
        (Int(saturating: (size.width * scale).rounded(.up)) + 2 * padding, Int(saturating: (size.height * scale).rounded(.up)) + 2 * padding)
    }

    /// Draws `content` at `scale` pixels per point into `buffer` (resized and cleared first):
    /// the whole image, or only `region` of it (``drawnRegion(of:scale:glyphs:)``), whose
    /// top-left pixel is then the buffer's first.
    public static func rasterize(_ content: LayerContent, scale: Double, glyphs: GlyphRasterizing?, region: PixelRegion? = nil,
                                 into buffer: inout PixelBuffer) {
        let (w, h) = pixelSize(of: content.size, scale: scale)
        let r = region ?? PixelRegion(x0: 0, y0: 0, x1: w, y1: h)
        buffer.reset(width: r.width, height: r.height)
        let p = Double(padding)
        // The content is cut at its bounds (plus the padding's half pixel of edge ramp); a
        // region lies within them.
        let bounds = (x0: 0, y0: 0, x1: r.width, y1: r.height)
        draw(content.list, offset: Vector(dx: p, dy: p), shift: (r.x0, r.y0), scale: scale, bounds: bounds, glyphs: glyphs,
             into: &buffer)
    }

    /// Draws `list` offset by `o` in image pixels, into a buffer whose first pixel is the image's
    /// pixel `shift` (whole pixels, subtracted last, so a region's pixels are the whole image's).
    private static func draw(_ list: DisplayList, offset full: Vector, shift: (x: Int, y: Int), scale s: Double,
                             bounds: (x0: Int, y0: Int, x1: Int, y1: Int), glyphs: GlyphRasterizing?, into buffer: inout PixelBuffer) {
        let o = Vector(dx: full.dx - Double(shift.x), dy: full.dy - Double(shift.y))
        for item in list.ordered {
            // A number that would trap in a conversion to whole pixels; the window's own pass
            // over the list counts and reports such commands.
            guard item.command.isDrawable, item.clip.map(DrawCommand.fits) ?? true else { continue }
            if let c = item.clip {
                let p = clipPixels(c, scale: s, offset: full)
                buffer.clip = (max(bounds.x0, Int(saturating: p.x0) - shift.x), max(bounds.y0, Int(saturating: p.y0) - shift.y),
                               min(bounds.x1, Int(saturating: p.x1) - shift.x), min(bounds.y1, Int(saturating: p.y1) - shift.y))
            } else {
                buffer.clip = bounds
            }
            switch item.command {
            case let .fill(rect, radius, color, alpha, t):
                let c = color.vector(alpha: alpha)
                if t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0 {
                    // Axis-aligned (translation and scale): exact coverage.
                    let w = rect.width * t.a * s, h = rect.height * t.d * s
                    let cx = (rect.midX + t.tx) * s + o.dx, cy = (rect.midY + t.ty) * s + o.dy
                    buffer.fillRoundedRect(Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h),
                                           radius: radius * min(t.a, t.d) * s, color: c)
                } else {
                    var m = t
                    m.tx = 0; m.ty = 0
                    let toPixels = m.concatenating(AffineTransform(a: s, b: 0, c: 0, d: s,
                                                                   tx: (rect.midX + t.tx) * s + o.dx, ty: (rect.midY + t.ty) * s + o.dy))
                    buffer.fillTransformedRoundedRect(size: rect.size, radius: radius, transform: toPixels, color: c)
                }
            case let .stroke(points, closed, width, color):
                guard points.count >= 2 else { continue }
                let c = color.vector()
                let n = closed ? points.count : points.count - 1
                for i in 0..<n {
                    let a = points[i], b = points[(i + 1) % points.count]
                    buffer.strokeSegment(from: Point(x: a.x * s + o.dx, y: a.y * s + o.dy), to: Point(x: b.x * s + o.dx, y: b.y * s + o.dy),
                                         width: width * s, color: c)
                }
            case let .text(string, frame, size, color, alignment, t):
                guard let (mask, x, y) = placedText(string, frame: frame, size: size, color: color, alignment: alignment,
                                                    transform: t, scale: s, glyphs: glyphs) else { continue }
                buffer.blend(mask, x: x + Int(saturating: full.dx) - shift.x, y: y + Int(saturating: full.dy) - shift.y, color: color.vector())
            case let .layer(inner, frame, _, _):
                // Nested layers are drawn in place, translated (their transform and alpha are not applied).
                draw(inner.list, offset: Vector(dx: full.dx + frame.minX * s, dy: full.dy + frame.minY * s), shift: shift, scale: s,
                     bounds: bounds, glyphs: glyphs, into: &buffer)
            case .shadow:
                // A shadow inside a rasterized layer would be cut at its bounds; views draw theirs outside.
                continue
            case .image:
                // Images come from files, which only the backend reads: drawn in the window's list.
                continue
            }
        }
        buffer.clip = bounds
    }

    /// A text command's mask from `glyphs` and its top-left pixel (``textOrigin(frame:alignment:width:height:scale:)``,
    /// the transform's translation applied, its scale and rotation not), before the image's
    /// offset; nil when nothing is drawn. Drawing and ``drawnRegion(of:scale:glyphs:)`` both place text with it.
    static func placedText(_ string: String, frame: Rect, size: Double, color: Color, alignment: TextAlignment,
                           transform t: AffineTransform, scale s: Double, glyphs: GlyphRasterizing?) -> (AlphaMask, x: Int, y: Int)? {
        guard let g = glyphs, color.alpha > 0.001 else { return nil }
        let px = max(1, Int(saturating: (size * s).rounded()))
        guard let mask = g.mask(for: string, pixelSize: px) else { return nil }
        let (x, y) = textOrigin(frame: frame.offset(by: Vector(dx: t.tx, dy: t.ty)), alignment: alignment,
                                width: mask.width, height: mask.height, scale: s)
        return (mask, x, y)
    }

    /// Where a clip rectangle `c` (points) cuts an image drawn at `scale` and offset `o` (image
    /// pixels): its pixels, rounded outwards. Drawing and ``drawnRegion(of:scale:glyphs:)`` cut alike.
    static func clipPixels(_ c: Rect, scale s: Double, offset o: Vector) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        ((c.minX * s + o.dx).rounded(.down), (c.minY * s + o.dy).rounded(.down),
         (c.maxX * s + o.dx).rounded(.up), (c.maxY * s + o.dy).rounded(.up))
    }

    /// Where a text mask of `width × height` pixels goes for `frame` (points) and `alignment`:
    /// horizontally by alignment, vertically centred, on whole pixels. The window's text path
    /// uses the same rule, so a label looks the same rasterized or not.
    public static func textOrigin(frame: Rect, alignment: TextAlignment, width: Int, height: Int, scale s: Double) -> (x: Int, y: Int) {
        let w = Double(width), h = Double(height)
        let x: Double
        switch alignment {
        case .left: x = frame.minX * s
        case .center: x = frame.midX * s - w / 2
        case .right: x = frame.maxX * s - w
        }
        let y = frame.midY * s - h / 2
        return (Int(saturating: x.rounded()), Int(saturating: y.rounded()))
    }
}
