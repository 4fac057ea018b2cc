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

    /// The turned stamp `rect` rounded by `radius` (points) under `t` at `s` pixels a point is
    /// drawn from, in 1/``ShapeAtlas/stampQuantum`` pixels: the shape at its size rounded to
    /// whole pixels (at least one) with its radius (half the smaller side where the corners
    /// meet); nil where a stamp does not apply (a transform other than a pure rotation: a scale
    /// changing every frame would need a stamp a frame; a shape larger than ``turnedStampLimit``).
    /// The quad stretches the stamp to the shape's exact size
    /// (``turnedStampQuad(rect:transform:scale:stampWidth:stampHeight:slot:atlasSize:)``), by
    /// under 1 % for a shape of 50 pixels: sampled bilinearly anyway, the edge lands where it
    /// should within a hundredth of a pixel. Keyed to 1/16 pixel instead, the stress demo's 500
    /// pieces of as many sizes needed some 400 stamps and filled the atlas at 2560×1440 (an
    /// atlas emptied and filled again mid-frame took a 60 ms frame).
    static func turnedStampKey(_ rect: Rect, radius: Double, transform t: AffineTransform, scale s: Double) -> (w: Int, h: Int, r: Int)? {
        // A rotation: (a, b) a unit vector and (c, d) the same turned a quarter.
        guard abs(t.a * t.a + t.b * t.b - 1) < 1e-9, abs(t.a - t.d) < 1e-9, abs(t.b + t.c) < 1e-9 else { return nil }
        let w = rect.width * s, h = rect.height * s
        guard w > 0, h > 0, w <= Self.turnedStampLimit, h <= Self.turnedStampLimit else { return nil }
        let q = ShapeAtlas.stampQuantum
        let pw = Swift.max(1, w.rounded()), ph = Swift.max(1, h.rounded())
        // The radius as it is (the stretch changes it by under 1 %), so neighbouring sizes share
        // a stamp; a shape whose corners meet (a circle) stays one.
        let rp = Swift.max(radius, 0) * s, half = Swift.min(pw, ph) / 2
        let r = rp >= Swift.min(w, h) / 2 ? half : Swift.min(rp, half)
        return (Int(pw) * q, Int(ph) * q, Int(saturating: (r * Double(q)).rounded()))
    }

    /// Draws `rect` rounded by `radius` (points) in `color` under `t` from a turned stamp
    /// (``turnedStampKey(_:radius:transform:scale:)``), and returns true; false (nothing drawn)
    /// where that does not apply: the software renderer (whose textured triangles never filter), a
    /// layer drawn directly (its shapes change every frame, and a stamp each would be drawn on
    /// the CPU), or where the stamp key is nil.
    func fillTurned(_ rect: Rect, radius: Double, color: Color, transform t: AffineTransform) -> Bool {
        guard !isSoftware, !drawingDirectly, let atlasTexture = shapes.texture,
              let key = Self.turnedStampKey(rect, radius: radius, transform: t, scale: scale) else { return false }
        let s = scale
        let q = ShapeAtlas.stampQuantum
        // One clear pixel on every side: the quad's edge texels are clear, so bilinear
        // sampling fades the shape's edge out inside the quad.
        guard let st = atlasSlot({ shapes.slot(stamp: key.w, height: key.h, radius: key.r, offsetX: q, offsetY: q, margin: 1) }) else {
            return false
        }
        use(atlasTexture, smooth: true)
        let q4 = Self.turnedStampQuad(rect: rect, transform: t, scale: s, stampWidth: key.w, stampHeight: key.h, slot: st, atlasSize: shapes.size)
        func f(_ p: Point) -> SDL_FPoint { SDL_FPoint(x: Float(p.x), y: Float(p.y)) }
        let u0 = Float(q4.uv.minX), v0 = Float(q4.uv.minY), u1 = Float(q4.uv.maxX), v1 = Float(q4.uv.maxY)
        tess.addQuad((f(q4.corners.0), f(q4.corners.1), f(q4.corners.2), f(q4.corners.3)),
                     uv: (SDL_FPoint(x: u0, y: v0), SDL_FPoint(x: u1, y: v0), SDL_FPoint(x: u1, y: v1), SDL_FPoint(x: u0, y: v1)),
                     color: Self.sdlColor(color))
        return true
    }

    /// Makes the turned stamps this frame's fills will draw from before anything is queued, as
    /// ``prepareLayers(_:)`` uploads layers: a stamp made mid-frame is an upload to the atlas
    /// the frame is already drawing from, and llvmpipe finishes the frame so far first. When the
    /// stress pile lands at 2560×1440 its squares start to turn, two to fifteen new stamps a
    /// frame for about 30 frames, and those frames' drawing took 4–7 ms instead of 1.5. Covers
    /// the fills in the list itself that ``draw(_:)`` sends to
    /// ``fillTurned(_:radius:color:transform:)``: turned ones, and unturned ones whose corners
    /// meet (a moving one stands in with its turned stamp until it stands still).
    func prepareTurnedStamps(_ items: [DisplayList.Item]) {
        guard !isSoftware, shapes.texture != nil else { return }
        let q = ShapeAtlas.stampQuantum
        for item in items {
            guard case let .fill(rect, radius, color, alpha, t) = item.command, color.alpha * alpha > 0.001,
                  rect.width > 0, rect.height > 0, item.command.isDrawable else { continue }
            if t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0 {
                let (w, h, rp) = Self.axisAlignedPixels(rect, radius: radius, transform: t, scale: scale)
                guard Self.cornersMeet(width: w, height: h, radius: rp) else { continue }
            }
            guard let key = Self.turnedStampKey(rect, radius: radius, transform: t, scale: scale) else { continue }
            _ = atlasSlot { shapes.slot(stamp: key.w, height: key.h, radius: key.r, offsetX: q, offsetY: q, margin: 1) }
        }
    }

    /// The quad that shows a turned stamp: its corners (pixels; top-left, top-right,
    /// bottom-right, bottom-left of the unturned stamp) and the atlas coordinates they sample.
    /// The stamp is the shape of `sw × sh` (1/``ShapeAtlas/stampQuantum`` pixels) placed a pixel
    /// into `slot` of an atlas `atlasSize` pixels a side; the quad is the slot turned by `t`
    /// about the centre the tessellator uses, (centre + translation) × scale, stretched from the
    /// stamp's size to `rect`'s, and stops half a texel inside the slot, so bilinear sampling
    /// never reads the atlas around it (its gaps hold whatever the texture was created with).
    static func turnedStampQuad(rect: Rect, transform t: AffineTransform, scale s: Double, stampWidth sw: Int, stampHeight sh: Int,
                                slot: ShapeAtlas.Slot, atlasSize: Int) -> (corners: (Point, Point, Point, Point), uv: Rect) {
        let q = Double(ShapeAtlas.stampQuantum)
        let cx = (rect.midX + t.tx) * s, cy = (rect.midY + t.ty) * s
        let left = 0.5 - (1 + Double(sw) / q / 2), top = 0.5 - (1 + Double(sh) / q / 2)
        let right = left + Double(slot.w) - 1, bottom = top + Double(slot.h) - 1
        // The stamp stretched to the shape's size (``turnedStampKey(_:radius:transform:scale:)``).
        let kx = rect.width * s / (Double(sw) / q), ky = rect.height * s / (Double(sh) / q)
        func corner(_ x: Double, _ y: Double) -> Point {
            let x = x * kx, y = y * ky
            return Point(x: cx + t.a * x + t.c * y, y: cy + t.b * x + t.d * y)
        }
        let n = Double(atlasSize)
        let uv = Rect(x: (Double(slot.x) + 0.5) / n, y: (Double(slot.y) + 0.5) / n,
                      width: (Double(slot.w) - 1) / n, height: (Double(slot.h) - 1) / n)
        return ((corner(left, top), corner(right, top), corner(right, bottom), corner(left, bottom)), uv)
    }
}
