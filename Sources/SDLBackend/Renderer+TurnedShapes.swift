internal import CSDL2
import Geometry
import Drawing

/// Small shapes under a rotation, as Core Animation draws a turned layer: the shape's stamp
/// (``ShapeAtlas/slot(stamp:height:radius:offsetX:offsetY:margin:)``, unturned and anti-aliased)
/// on one quad turned with it and sampled bilinearly.
///
/// Tessellated, a turned rounded rectangle is a fan and a feather ring of 40–100 triangles; the
/// stress demo's 500 turning pieces made some 31,000 a frame, and Mesa's llvmpipe transforms and
/// bins every one on the app's own thread (about half of its time there). A stamped quad is two.
extension Renderer {
    /// The largest turned shape (pixels a side) drawn from a stamp; larger ones are tessellated.
    static let turnedStampLimit = 128.0

    /// Draws `rect` rounded by `radius` (points) in `color` under `t` from a turned stamp, and
    /// returns true; false (nothing drawn) where that does not apply: the software renderer
    /// (whose textured triangles never filter), a layer drawn directly (its shapes change every
    /// frame, and a stamp each would be drawn on the CPU), a transform other than a pure
    /// rotation (a scale changing every frame would need a stamp a frame), or a shape larger
    /// than ``turnedStampLimit``.
    func fillTurned(_ rect: Rect, radius: Double, color: Color, transform t: AffineTransform) -> Bool {
        guard !isSoftware, !drawingDirectly, let atlasTexture = shapes.texture else { return false }
        // A rotation: (a, b) a unit vector and (c, d) the same turned a quarter.
        guard abs(t.a * t.a + t.b * t.b - 1) < 1e-9, abs(t.a - t.d) < 1e-9, abs(t.b + t.c) < 1e-9 else { return false }
        let s = scale
        let w = rect.width * s, h = rect.height * s
        guard w > 0, h > 0, w <= Self.turnedStampLimit, h <= Self.turnedStampLimit else { return false }
        let q = Double(ShapeAtlas.stampQuantum)
        let sw = Int(saturating: (w * q).rounded()), sh = Int(saturating: (h * q).rounded())
        let sr = Int(saturating: (Swift.min(Swift.max(radius, 0) * s, w / 2, h / 2) * q).rounded())
        // One clear pixel on every side: the quad's edge texels are clear, so bilinear
        // sampling fades the shape's edge out inside the quad.
        guard let st = atlasSlot({ shapes.slot(stamp: sw, height: sh, radius: sr, offsetX: Int(q), offsetY: Int(q), margin: 1) }) else {
            return false
        }
        use(atlasTexture, smooth: true)
        let q4 = Self.turnedStampQuad(rect: rect, transform: t, scale: s, stampWidth: sw, stampHeight: sh, slot: st, atlasSize: shapes.size)
        func f(_ p: Point) -> SDL_FPoint { SDL_FPoint(x: Float(p.x), y: Float(p.y)) }
        let u0 = Float(q4.uv.minX), v0 = Float(q4.uv.minY), u1 = Float(q4.uv.maxX), v1 = Float(q4.uv.maxY)
        tess.addQuad((f(q4.corners.0), f(q4.corners.1), f(q4.corners.2), f(q4.corners.3)),
                     uv: (SDL_FPoint(x: u0, y: v0), SDL_FPoint(x: u1, y: v0), SDL_FPoint(x: u1, y: v1), SDL_FPoint(x: u0, y: v1)),
                     color: Self.sdlColor(color))
        return true
    }

    /// The quad that shows a turned stamp: its corners (pixels; top-left, top-right,
    /// bottom-right, bottom-left of the unturned stamp) and the atlas coordinates they sample.
    /// The stamp is the shape of `sw × sh` (1/``ShapeAtlas/stampQuantum`` pixels) placed a pixel
    /// into `slot` of an atlas `atlasSize` pixels a side; the quad is the slot turned by `t`
    /// about the centre the tessellator uses, (centre + translation) × scale, and stops half a
    /// texel inside the slot, so bilinear sampling never reads the atlas around it (its gaps
    /// hold whatever the texture was created with).
    static func turnedStampQuad(rect: Rect, transform t: AffineTransform, scale s: Double, stampWidth sw: Int, stampHeight sh: Int,
                                slot: ShapeAtlas.Slot, atlasSize: Int) -> (corners: (Point, Point, Point, Point), uv: Rect) {
        let q = Double(ShapeAtlas.stampQuantum)
        let cx = (rect.midX + t.tx) * s, cy = (rect.midY + t.ty) * s
        let left = 0.5 - (1 + Double(sw) / q / 2), top = 0.5 - (1 + Double(sh) / q / 2)
        let right = left + Double(slot.w) - 1, bottom = top + Double(slot.h) - 1
        func corner(_ x: Double, _ y: Double) -> Point { Point(x: cx + t.a * x + t.c * y, y: cy + t.b * x + t.d * y) }
        let n = Double(atlasSize)
        let uv = Rect(x: (Double(slot.x) + 0.5) / n, y: (Double(slot.y) + 0.5) / n,
                      width: (Double(slot.w) - 1) / n, height: (Double(slot.h) - 1) / n)
        return ((corner(left, top), corner(right, top), corner(right, bottom), corner(left, bottom)), uv)
    }
}
