import Geometry

/// An 8-bit alpha mask (e.g. a rendered line of text: 255 where a glyph covers a pixel fully).
public struct AlphaMask: Sendable {
    /// Width and height in pixels.
    public var width: Int, height: Int
    /// Row-major coverage, `width × height` values.
    public var pixels: [UInt8]

    /// Creates a mask; `pixels` must hold `width × height` values.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "AlphaMask: \(pixels.count) values for \(width)x\(height)")
        self.width = width; self.height = height; self.pixels = pixels
    }
}

/// A CPU image in premultiplied RGBA (four `Float`s per pixel, 0…1), the canvas a layer's
/// content is drawn into before it goes to a texture. Compositing is Porter–Duff "over".
public struct PixelBuffer: Sendable {
    /// Width and height in pixels.
    public private(set) var width: Int, height: Int
    /// Premultiplied red, green, blue, alpha per pixel, row-major.
    public private(set) var pixels: [SIMD4<Float>]
    /// Drawing outside this pixel rectangle (`x0..<x1`, `y0..<y1`) is cut off; the whole buffer by default.
    public var clip: (x0: Int, y0: Int, x1: Int, y1: Int)

    /// A transparent buffer of `width × height` pixels.
    public init(width: Int, height: Int) {
        self.width = max(0, width); self.height = max(0, height)
        pixels = Array(repeating: .zero, count: self.width * self.height)
        clip = (0, 0, self.width, self.height)
    }

    /// Makes the buffer `width × height` and transparent, reusing its storage.
    public mutating func reset(width: Int, height: Int) {
        self.width = max(0, width); self.height = max(0, height)
        let n = self.width * self.height
        if pixels.count == n {
            pixels.withUnsafeMutableBufferPointer { $0.update(repeating: .zero) }
        } else {
            pixels.removeAll(keepingCapacity: true)
            pixels.append(contentsOf: repeatElement(.zero, count: n))
        }
        clip = (0, 0, self.width, self.height)
    }

    /// The straight (non-premultiplied) colour at `(x, y)` as 8-bit RGBA.
    public func rgba8(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let p = pixels[y * width + x]
        guard p.w > 0 else { return (0, 0, 0, 0) }
        @inline(__always) func q(_ v: Float) -> UInt8 { v.isNaN ? 0 : UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (q(p.x / p.w), q(p.y / p.w), q(p.z / p.w), q(p.w))
    }

    /// Composites `color` over pixel `(x, y)` with `coverage` (0…1) times the colour's alpha.
    @inline(__always)
    public mutating func blend(x: Int, y: Int, color: SIMD4<Float>, coverage: Float) {
        guard coverage > 0, x >= clip.x0, x < clip.x1, y >= clip.y0, y < clip.y1 else { return }
        let a = color.w * min(coverage, 1)
        let i = y * width + x
        if a >= 1 { pixels[i] = SIMD4(color.x, color.y, color.z, 1); return }
        let src = SIMD4(color.x * a, color.y * a, color.z * a, a)
        pixels[i] = src + pixels[i] * (1 - a)
    }

    /// Fills the rounded rectangle `rect` (pixels) with `color` (straight RGBA 0…1), with exact
    /// per-pixel coverage (``Coverage/roundedRect(px:py:minX:minY:maxX:maxY:radius:)``).
    /// Pixels the shape covers fully are written as spans; only the rim is integrated.
    public mutating func fillRoundedRect(_ rect: Rect, radius: Double, color: SIMD4<Float>) {
        guard color.w > 0, rect.width > 0, rect.height > 0 else { return }
        let x0 = max(clip.x0, Int(saturating: rect.minX.rounded(.down))), x1 = min(clip.x1, Int(saturating: rect.maxX.rounded(.up)))
        let y0 = max(clip.y0, Int(saturating: rect.minY.rounded(.down))), y1 = min(clip.y1, Int(saturating: rect.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        // Whole pixels inside the straight part (between the corners) and inside the edges.
        let innerX0 = Int(saturating: (rect.minX + r).rounded(.up)), innerX1 = Int(saturating: (rect.maxX - r).rounded(.down))
        let innerY0 = Int(saturating: (rect.minY + r).rounded(.up)), innerY1 = Int(saturating: (rect.maxY - r).rounded(.down))
        let solidX0 = Int(saturating: rect.minX.rounded(.up)), solidX1 = Int(saturating: rect.maxX.rounded(.down))
        let solidY0 = Int(saturating: rect.minY.rounded(.up)), solidY1 = Int(saturating: rect.maxY.rounded(.down))
        let a = min(color.w, 1)
        let premultiplied = SIMD4(color.x * a, color.y * a, color.z * a, a)
        let w = width
        pixels.withUnsafeMutableBufferPointer { px in
            for y in y0..<y1 {
                let rowSolid = y >= solidY0 && y + 1 <= solidY1
                let rowInner = y >= innerY0 && y + 1 <= innerY1
                // The run of fully covered pixels in this row.
                var s0 = 0, s1 = 0
                if rowInner { (s0, s1) = (solidX0, solidX1) } else if rowSolid { (s0, s1) = (innerX0, innerX1) }
                s0 = max(s0, x0); s1 = min(s1, x1)
                if s0 < s1 {
                    let base = y * w
                    if a >= 1 {
                        for i in (base + s0)..<(base + s1) { px[i] = premultiplied }
                    } else {
                        for i in (base + s0)..<(base + s1) { px[i] = premultiplied + px[i] * (1 - a) }
                    }
                } else {
                    s0 = x1; s1 = x1
                }
                for x in x0..<x1 where x < s0 || x >= s1 {
                    let c = Float(Coverage.roundedRect(px: x, py: y, minX: rect.minX, minY: rect.minY,
                                                       maxX: rect.maxX, maxY: rect.maxY, radius: r))
                    guard c > 0 else { continue }
                    let k = a * min(c, 1)
                    let i = y * w + x
                    px[i] = SIMD4(color.x * k, color.y * k, color.z * k, k) + px[i] * (1 - k)
                }
            }
        }
    }

    /// Fills a rounded rectangle of `size` (points) drawn with `transform` (points → pixels,
    /// mapping the rect's centre-origin coordinates), with coverage from the signed distance:
    /// the path for rotated or skewed content.
    public mutating func fillTransformedRoundedRect(size: Size, radius: Double, transform: AffineTransform, color: SIMD4<Float>) {
        guard color.w > 0, size.width > 0, size.height > 0, abs(transform.determinant) > 1e-12 else { return }
        let hw = size.width / 2, hh = size.height / 2
        let corners = [Point(x: -hw, y: -hh), Point(x: hw, y: -hh), Point(x: hw, y: hh), Point(x: -hw, y: hh)].map { transform.apply(to: $0) }
        let x0 = max(clip.x0, Int(saturating: (corners.map(\.x).min()! - 1).rounded(.down)))
        let x1 = min(clip.x1, Int(saturating: (corners.map(\.x).max()! + 1).rounded(.up)))
        let y0 = max(clip.y0, Int(saturating: (corners.map(\.y).min()! - 1).rounded(.down)))
        let y1 = min(clip.y1, Int(saturating: (corners.map(\.y).max()! + 1).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let inv = transform.inverted()
        let pixelsPerUnit = abs(transform.determinant).squareRoot()
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = inv.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let d = Coverage.roundedRectDistance(x: p.x, y: p.y, halfWidth: hw, halfHeight: hh, radius: radius)
                blend(x: x, y: y, color: color, coverage: Float(Coverage.fromDistance(d * pixelsPerUnit)))
            }
        }
    }

    /// Strokes the segment `a`–`b` (pixels), `width` pixels wide, with a one-pixel ramp at its sides.
    public mutating func strokeSegment(from a: Point, to b: Point, width: Double, color: SIMD4<Float>) {
        guard color.w > 0 else { return }
        let half = max(width, 1) / 2
        let fade = Float(min(width, 1)) // hairlines: thinner = fainter
        let x0 = max(clip.x0, Int(saturating: (min(a.x, b.x) - half - 1).rounded(.down)))
        let x1 = min(clip.x1, Int(saturating: (max(a.x, b.x) + half + 1).rounded(.up)))
        let y0 = max(clip.y0, Int(saturating: (min(a.y, b.y) - half - 1).rounded(.down)))
        let y1 = min(clip.y1, Int(saturating: (max(a.y, b.y) + half + 1).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
        for y in y0..<y1 {
            for x in x0..<x1 {
                let px = Double(x) + 0.5 - a.x, py = Double(y) + 0.5 - a.y
                let t = len2 > 0 ? min(1, max(0, (px * dx + py * dy) / len2)) : 0
                let ex = px - t * dx, ey = py - t * dy
                let d = (ex * ex + ey * ey).squareRoot() - half
                blend(x: x, y: y, color: color, coverage: Float(Coverage.fromDistance(d)) * fade)
            }
        }
    }

    /// Composites `mask` with its top-left pixel at `(x, y)`, tinted `color`.
    public mutating func blend(_ mask: AlphaMask, x: Int, y: Int, color: SIMD4<Float>) {
        guard color.w > 0 else { return }
        let sx0 = max(0, clip.x0 - x), sx1 = min(mask.width, clip.x1 - x)
        let sy0 = max(0, clip.y0 - y), sy1 = min(mask.height, clip.y1 - y)
        guard sx0 < sx1, sy0 < sy1 else { return }
        for sy in sy0..<sy1 {
            for sx in sx0..<sx1 {
                let m = mask.pixels[sy * mask.width + sx]
                if m != 0 { blend(x: x + sx, y: y + sy, color: color, coverage: Float(m) / 255) }
            }
        }
    }

    /// `v` (0…255) rounded to a byte; NaN and negatives give 0.
    @inline(__always) static func byte(_ v: Float) -> UInt32 { v > 0 ? (v < 255 ? UInt32(v + 0.5) : 255) : 0 }

    /// The image as straight-alpha 32-bit ARGB (`0xAARRGGBB`), row-major, ready for a texture.
    /// Fully transparent pixels take the colour of a visible neighbour, so a texture sampled with
    /// bilinear filtering has no dark fringe at its edges.
    public func straightARGB(into out: inout [UInt32]) {
        let n = width * height
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: repeatElement(0, count: n))
        let w = width, h = height
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<n {
                    let p = src[i]
                    guard p.w > 0 else { continue }
                    // Un-premultiply and round to 8 bits (scalar: the generic SIMD conversions
                    // are not specialised and cost ten times as much).
                    let k = 255 / p.w
                    dst[i] = Self.byte(p.w * 255) << 24 | Self.byte(p.x * k) << 16 | Self.byte(p.y * k) << 8 | Self.byte(p.z * k)
                }
                for y in 0..<h {
                    for x in 0..<w where dst[y * w + x] == 0 {
                        let i = y * w + x
                        var rgb: UInt32 = 0
                        if x > 0, dst[i - 1] >> 24 != 0 { rgb = dst[i - 1] }
                        else if x + 1 < w, dst[i + 1] >> 24 != 0 { rgb = dst[i + 1] }
                        else if y > 0, dst[i - w] >> 24 != 0 { rgb = dst[i - w] }
                        else if y + 1 < h, dst[i + w] >> 24 != 0 { rgb = dst[i + w] }
                        dst[i] = rgb & 0x00FF_FFFF
                    }
                }
            }
        }
    }
}

extension Color {
    /// The colour as a straight RGBA vector (0…1) with its alpha multiplied by `alpha`.
    @inlinable public func vector(alpha factor: Double = 1) -> SIMD4<Float> {
        SIMD4(Float(red), Float(green), Float(blue), Float(max(0, min(1, alpha * factor))))
    }
}
