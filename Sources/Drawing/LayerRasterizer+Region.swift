import Geometry

/// A rectangle of whole pixels, `x0 ..< x1` by `y0 ..< y1`.
public struct PixelRegion: Equatable, Sendable {
    /// The first column and row inside, and the first column and row past the region (pixels).
    public var x0: Int, y0: Int, x1: Int, y1: Int
    /// The region from (`x0`, `y0`) up to, not including, (`x1`, `y1`).
    public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    /// Columns, pixels.
    public var width: Int { x1 - x0 }
    /// Rows, pixels.
    public var height: Int { y1 - y0 }
    /// Whether it holds no pixel.
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
}

/// The part of a layer's image its commands can touch: a layer's texture need hold only that.
/// A chat row as wide as the window whose bubble fills a third of it keeps a third of the
/// pixels, and composites a third of them each frame (the transparent rest would be blended
/// for nothing); rows wider than a texture page can be kept at all.
extension LayerRasterizer {
    /// The pixels of the layer's image (``pixelSize(of:scale:)``, padding included) that
    /// drawing `content` at `scale` can change, grown by ``padding`` so the kept part keeps a
    /// transparent rim for bilinear filtering, and cut at the image. Nil when nothing is drawn.
    /// Text is measured with `glyphs`' masks (the ones ``rasterize(_:scale:glyphs:region:into:)`` draws).
    public static func drawnRegion(of content: LayerContent, scale: Double, glyphs: GlyphRasterizing?) -> PixelRegion? {
        let (w, h) = pixelSize(of: content.size, scale: scale)
        let p = Double(padding)
        var box: (x0: Double, y0: Double, x1: Double, y1: Double)? = nil
        accumulate(content.list, offset: Vector(dx: p, dy: p), scale: scale, glyphs: glyphs, into: &box)
        guard let b = box else { return nil }
        // One pixel for edge coverage rounding, and the padding's rim.
        let grow = 1 + padding
        let r = PixelRegion(x0: max(0, Int(saturating: b.x0.rounded(.down)) - grow), y0: max(0, Int(saturating: b.y0.rounded(.down)) - grow),
                            x1: min(w, Int(saturating: b.x1.rounded(.up)) + grow), y1: min(h, Int(saturating: b.y1.rounded(.up)) + grow))
        return r.isEmpty ? nil : r
    }

    /// Grows `box` (image pixels) by what each drawable command of `list` covers, within its clip.
    private static func accumulate(_ list: DisplayList, offset o: Vector, scale s: Double, glyphs: GlyphRasterizing?,
                                   into box: inout (x0: Double, y0: Double, x1: Double, y1: Double)?) {
        for item in list.items {
            guard item.command.isDrawable, item.clip.map(DrawCommand.fits) ?? true else { continue }
            let r: Rect
            switch item.command {
            case let .fill(rect, _, color, alpha, t):
                guard color.alpha * alpha > 0, rect.width > 0, rect.height > 0 else { continue }
                var linear = t
                linear.tx = 0; linear.ty = 0
                r = Rect(center: .zero, size: rect.size).applying(linear).offset(by: Vector(dx: rect.midX + t.tx, dy: rect.midY + t.ty))
            case let .stroke(points, _, width, _):
                guard let first = points.first, points.count >= 2 else { continue }
                var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
                for q in points { minX = min(minX, q.x); minY = min(minY, q.y); maxX = max(maxX, q.x); maxY = max(maxY, q.y) }
                let e = width / 2
                r = Rect(x: minX - e, y: minY - e, width: maxX - minX + 2 * e, height: maxY - minY + 2 * e)
            case let .text(string, frame, size, color, alignment, t):
                guard let (mask, x, y) = placedText(string, frame: frame, size: size, color: color, alignment: alignment,
                                                    transform: t, scale: s, glyphs: glyphs) else { continue }
                // Already in pixels: back to points so one conversion below serves every case.
                r = Rect(x: Double(x) / s, y: Double(y) / s, width: Double(mask.width) / s, height: Double(mask.height) / s)
            case let .layer(inner, frame, _, _):
                accumulate(inner.list, offset: Vector(dx: o.dx + frame.minX * s, dy: o.dy + frame.minY * s), scale: s,
                           glyphs: glyphs, into: &box)
                continue
            case .shadow, .image:
                continue // not drawn inside a rasterized layer
            }
            guard !r.isNull, r.width > 0, r.height > 0 else { continue }
            var x0 = r.minX * s + o.dx, y0 = r.minY * s + o.dy, x1 = r.maxX * s + o.dx, y1 = r.maxY * s + o.dy
            if let c = item.clip {
                // Cut where the rasterizer cuts.
                let p = clipPixels(c, scale: s, offset: o)
                x0 = max(x0, p.x0); y0 = max(y0, p.y0); x1 = min(x1, p.x1); y1 = min(y1, p.y1)
                guard x1 > x0, y1 > y0 else { continue }
            }
            if let b = box {
                box = (min(b.x0, x0), min(b.y0, y0), max(b.x1, x1), max(b.y1, y1))
            } else {
                box = (x0, y0, x1, y1)
            }
        }
    }
}
