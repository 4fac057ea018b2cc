internal import CSDL2
import Geometry
import Drawing

/// Collects triangles for one `SDL_RenderGeometry` call: all untextured, or all from one
/// ``texture`` (an atlas of coverage masks or layer pixels; geometry without a texture of its
/// own samples a white texel of it, ``solidUV``).
///
/// Untextured, a rounded rectangle is a centre fan (opaque) plus a one-pixel ring that fades
/// from opaque to transparent across the edge: the path for rotated fills and for strokes.
/// Textured quads carry a tint colour and texture coordinates. Buffers are kept between frames,
/// so a steady frame allocates nothing.
struct Tessellator {
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []
    /// The texture every queued triangle samples (nil: untextured).
    var texture: OpaquePointer?
    /// Whether ``texture`` is sampled bilinearly (false: nearest texel).
    var smooth = true
    /// Whether every queued triangle is untextured and opaque, drawn without blending: the
    /// cheapest pixels Mesa's llvmpipe makes (less than half the time per pixel of a blended
    /// textured quad), for the solid fills of a layer drawn directly.
    var opaque = false
    /// The texture coordinates of untextured geometry (fills and strokes): a white texel of
    /// ``texture`` when they share a batch with its quads, anything when there is no texture.
    var solidUV = SDL_FPoint(x: 0, y: 0)
    /// Pixels per point (2 on a HiDPI display).
    var scale: Double = 1

    var isEmpty: Bool { indices.isEmpty }

    mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func vertex(_ x: Double, _ y: Double, _ c: (UInt8, UInt8, UInt8, UInt8)) {
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)),
                                   color: SDL_Color(r: c.0, g: c.1, b: c.2, a: c.3),
                                   tex_coord: solidUV))
    }

    /// Adds a filled rounded rectangle; `transform` applies about the rect's centre.
    mutating func addRoundedRect(_ rect: Rect, radius: Double, color: Color, alpha: Double, transform: AffineTransform) {
        let a = color.alpha * alpha
        guard a > 0.001, rect.width > 0, rect.height > 0 else { return }
        let rgba = color.withAlpha(a).rgba8
        let clear = (rgba.0, rgba.1, rgba.2, UInt8(0))
        let s = scale
        let c = rect.center
        // Pixels per local unit, for a feather half a pixel wide on each side of the edge.
        let k = s * Swift.max(abs(transform.determinant).squareRoot(), 1e-6)
        let fw = 0.5 / k
        let hw = rect.width / 2, hh = rect.height / 2
        let r = Swift.max(Swift.min(radius, hw, hh), fw)
        let segments = clamp(Int(saturating: (r * k).squareRoot() * 1.5 + 1), 1, 12)
        let base = Int32(vertices.count)
        // Centre.
        let tc = transform.apply(to: Point.zero)
        vertex((c.x + tc.x) * s, (c.y + tc.y) * s, rgba)
        // Corners clockwise from top-left: centre signs and start angles (no per-call arrays).
        let inner = Swift.max(r - fw, 0), outer = r + fw
        let cx = hw - r, cy = hh - r
        for corner in 0..<4 {
            let sx: Double = (corner == 1 || corner == 2) ? 1 : -1
            let sy: Double = corner >= 2 ? 1 : -1
            let start = Double((corner + 2) % 4) * (.pi / 2)
            for i in 0...segments {
                let th = start + Double(i) / Double(segments) * (.pi / 2)
                let dx = cos(th), dy = sin(th)
                let pi = transform.apply(to: Point(x: sx * cx + inner * dx, y: sy * cy + inner * dy))
                let po = transform.apply(to: Point(x: sx * cx + outer * dx, y: sy * cy + outer * dy))
                vertex((c.x + pi.x) * s, (c.y + pi.y) * s, rgba)
                vertex((c.x + po.x) * s, (c.y + po.y) * s, clear)
            }
        }
        let n = Int32(4 * (segments + 1))
        for i in 0..<n {
            let j = (i + 1) % n
            let ii = base + 1 + 2 * i, io = ii + 1, ji = base + 1 + 2 * j, jo = ji + 1
            // Centre fan, then the feather ring's two triangles.
            triangle(base, ii, ji)
            triangle(ii, io, jo)
            triangle(ii, jo, ji)
        }
    }

    /// Adds a quad with corners `p` (pixels, in order around the quad) sampling texture
    /// coordinates `uv` (0…1), tinted `color` (8-bit RGBA). Emitted as triangles (0, 1, 2) and
    /// (0, 2, 3), which SDL's software renderer recognises as a rectangle and blits when the
    /// quad is axis-aligned.
    mutating func addQuad(_ p: (SDL_FPoint, SDL_FPoint, SDL_FPoint, SDL_FPoint),
                          uv: (SDL_FPoint, SDL_FPoint, SDL_FPoint, SDL_FPoint), color c: SDL_Color) {
        let base = Int32(vertices.count)
        vertices.append(SDL_Vertex(position: p.0, color: c, tex_coord: uv.0))
        vertices.append(SDL_Vertex(position: p.1, color: c, tex_coord: uv.1))
        vertices.append(SDL_Vertex(position: p.2, color: c, tex_coord: uv.2))
        vertices.append(SDL_Vertex(position: p.3, color: c, tex_coord: uv.3))
        triangle(base, base + 1, base + 2)
        triangle(base, base + 2, base + 3)
    }

    /// Adds an axis-aligned quad from pixel `(x0, y0)` to `(x1, y1)` sampling `u0…u1 × v0…v1`.
    mutating func addRect(x0: Double, y0: Double, x1: Double, y1: Double, u0: Double, v0: Double, u1: Double, v1: Double,
                          color c: SDL_Color) {
        guard x1 > x0, y1 > y0 else { return }
        addQuad((SDL_FPoint(x: Float(x0), y: Float(y0)), SDL_FPoint(x: Float(x1), y: Float(y0)),
                 SDL_FPoint(x: Float(x1), y: Float(y1)), SDL_FPoint(x: Float(x0), y: Float(y1))),
                uv: (SDL_FPoint(x: Float(u0), y: Float(v0)), SDL_FPoint(x: Float(u1), y: Float(v0)),
                     SDL_FPoint(x: Float(u1), y: Float(v1)), SDL_FPoint(x: Float(u0), y: Float(v1))), color: c)
    }

    @inline(__always)
    private mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(a); indices.append(b); indices.append(c)
    }

    /// Adds a polyline `width` points wide with feathered sides (butt ends, no joins).
    mutating func addStroke(_ points: [Point], closed: Bool, width: Double, color: Color) {
        guard points.count >= 2, color.alpha > 0.001 else { return }
        let s = scale
        var halfCore = (width * s) / 2 - 0.5
        var a = color.alpha
        if halfCore < 0 { a *= Swift.max(width * s, 0.25); halfCore = 0 } // hairlines: thinner = fainter
        let rgba = color.withAlpha(Swift.min(a, 1)).rgba8
        let clear = (rgba.0, rgba.1, rgba.2, UInt8(0))
        let count = closed ? points.count : points.count - 1
        for i in 0..<count {
            let p = points[i], q = points[(i + 1) % points.count]
            let px = p.x * s, py = p.y * s, qx = q.x * s, qy = q.y * s
            let len = ((qx - px) * (qx - px) + (qy - py) * (qy - py)).squareRoot()
            guard len > 1e-9 else { continue }
            let nx = -(qy - py) / len, ny = (qx - px) / len
            // Four parallel lines across the stroke: transparent, opaque, opaque, transparent.
            let base = Int32(vertices.count)
            for k in 0..<4 {
                let o = k < 2 ? -(halfCore + Double(1 - k)) : halfCore + Double(k - 2)
                let col = (k == 0 || k == 3) ? clear : rgba
                vertex(px + nx * o, py + ny * o, col)
                vertex(qx + nx * o, qy + ny * o, col)
            }
            for band in 0..<3 {
                let a0 = base + Int32(2 * band), a1 = a0 + 1, b0 = a0 + 2, b1 = a0 + 3
                triangle(a0, a1, b1)
                triangle(a0, b1, b0)
            }
        }
    }
}
