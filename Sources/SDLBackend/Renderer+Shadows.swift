internal import CSDL2
import Geometry
import Drawing

/// Soft shadows: nine-sliced from blurred images in the ``ShapeAtlas``.
extension Renderer {
    /// A soft shadow: a 3 × 3 grid of quads over a blurred image of the shape.
    func drawShadow(_ rect: Rect, radius: Double, blur: Double, color: Color, transform t: AffineTransform) {
        guard color.alpha > 0.001, rect.width > 0, rect.height > 0 else { return }
        let k = Swift.max(abs(t.determinant).squareRoot(), 1e-6)
        let s = scale * k
        let w = rect.width * s, h = rect.height * s
        let rp = Swift.min(Swift.max(radius, 0) * s, w / 2, h / 2)
        let rKey = Int(saturating: (rp * 4).rounded()), sigmaKey = Int(saturating: (Swift.max(blur, 0) / 2 * s * 4).rounded())
        if t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1, let atlasTexture = shapes.texture {
            let pw = Int(saturating: w.rounded()), ph = Int(saturating: h.rounded())
            let whole = atlasSlot { shapes.slot(shadowWidth: pw, height: ph, radius: rKey, sigma: sigmaKey, color: color) }
            if let (slot, offsetX, offsetY) = whole {
                // Unrotated, unscaled: the whole shadow, one-to-one on whole pixels (one blit).
                guard slot.w > 0 else { return }
                use(atlasTexture, smooth: false)
                let n = Double(shapes.size)
                let x = ((rect.minX + t.tx) * scale).rounded() - Double(offsetX), y = ((rect.minY + t.ty) * scale).rounded() - Double(offsetY)
                let sw = Double(slot.w), sh = Double(slot.h)
                let u0 = Double(slot.x) / n, v0 = Double(slot.y) / n, u1 = Double(slot.x + slot.w) / n, v1 = Double(slot.y + slot.h) / n
                tess.addRect(x0: x, y0: y, x1: x + sw, y1: y + sh, u0: u0, v0: v0, u1: u1, v1: v1,
                             color: SDL_Color(r: 255, g: 255, b: 255, a: 255))
                return
            }
        }
        guard let img = shapes.shadow(radius: rKey, sigma: sigmaKey) else { return }
        use(img.texture)
        let e = Double(img.extent)
        // Grid lines in pixels relative to the shape's centre, and in the image.
        let ow = w + 2 * e, oh = h + 2 * e
        let tx = Swift.min(Double(img.tile), ow / 2), ty = Swift.min(Double(img.tile), oh / 2)
        let xs = [-ow / 2, -ow / 2 + tx, ow / 2 - tx, ow / 2], ys = [-oh / 2, -oh / 2 + ty, oh / 2 - ty, oh / 2]
        let n = Double(img.size)
        // Each slice's texture range: the corners' tiles, and for the middle slices (drawn only
        // when the corners are whole) the centres of the image's uniform middle texels, at least
        // one whole texel apart (see ``ShapeAtlas/shadowMiddle``).
        let mid0 = Double(img.tile) + 0.5, mid1 = n - Double(img.tile) - 0.5
        let us = [(0, tx), (mid0, mid1), (n - tx, n)].map { (Self.texCoord($0.0, of: n), Self.texCoord($0.1, of: n)) }
        let vs = [(0, ty), (mid0, mid1), (n - ty, n)].map { (Self.texCoord($0.0, of: n), Self.texCoord($0.1, of: n)) }
        // Rotation (and any skew) about the centre; the scale is already in the pixel sizes.
        var r = t
        r.tx = 0; r.ty = 0
        r = AffineTransform(a: r.a / k, b: r.b / k, c: r.c / k, d: r.d / k, tx: 0, ty: 0)
        let cx = (rect.midX + t.tx) * scale, cy = (rect.midY + t.ty) * scale
        func point(_ i: Int, _ j: Int) -> SDL_FPoint {
            let q = r.apply(to: Point(x: xs[i], y: ys[j]))
            return SDL_FPoint(x: Float(cx + q.x), y: Float(cy + q.y))
        }
        let c = Self.sdlColor(color)
        for j in 0..<3 {
            for i in 0..<3 where xs[i + 1] > xs[i] && ys[j + 1] > ys[j] {
                tess.addQuad((point(i, j), point(i + 1, j), point(i + 1, j + 1), point(i, j + 1)),
                             uv: (SDL_FPoint(x: us[i].0, y: vs[j].0), SDL_FPoint(x: us[i].1, y: vs[j].0),
                                  SDL_FPoint(x: us[i].1, y: vs[j].1), SDL_FPoint(x: us[i].0, y: vs[j].1)),
                             color: c)
            }
        }
    }

    /// The texture coordinate `texels / size`, rounded up to a `Float` whose product with `size`
    /// in `Float` is not below `texels`: SDL's software renderer copies an axis-aligned quad from
    /// the source rectangle `Int(u * size)`, and a coordinate a rounding below a whole texel
    /// dropped that texel (a right corner then started a texel early, squeezed by one column).
    static func texCoord(_ texels: Double, of size: Double) -> Float {
        var u = Float(texels / size)
        while u * Float(size) < Float(texels) { u = u.nextUp }
        return u
    }
}
