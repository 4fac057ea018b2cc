internal import CSDL2
import Geometry
import Drawing

/// Images: a PNG file's texture (``ImageCache``) stretched over the command's frame, or a
/// placeholder when the file cannot be read.
extension Renderer {
    /// The placeholder's fill: a neutral grey (iOS's `systemGray`), visible on light and dark stages.
    static let placeholderFill = Color(hex: 0x8E8E93)
    /// The placeholder's diagonal, lighter than its fill.
    static let placeholderLine = Color(hex: 0xD1D1D6)

    /// Draws the image at `path` scaled into `frame` (points) with `alpha` and `transform` about
    /// the frame's centre, its corners cut round by `radius` points.
    func drawImage(_ path: String, frame: Rect, cornerRadius radius: Double, alpha: Double, transform t: AffineTransform) {
        guard alpha > 0.001, frame.width > 0, frame.height > 0 else { return }
        let k = abs(t.determinant).squareRoot()
        guard let image = images.texture(path: path, radius: radius, frame: frame.size, pixelsPerPoint: scale * k,
                                         flush: { self.flush() }) else {
            drawPlaceholder(frame, cornerRadius: radius, alpha: alpha, transform: t)
            return
        }
        let a = UInt8(Swift.max(0, Swift.min(255, (alpha * 255).rounded())))
        var linear = t
        linear.tx = 0; linear.ty = 0
        let cx = frame.midX + t.tx, cy = frame.midY + t.ty
        let hw = frame.width / 2, hh = frame.height / 2
        if isSoftware && (t.b != 0 || t.c != 0) {
            // Rotated in the software renderer, whose triangles sample without filtering: SDL's
            // smoothed rotate-and-blit (uniform scale assumed), as rotated layers are drawn.
            flush()
            tess.texture = nil
            let w = frame.width * k * scale, h = frame.height * k * scale
            var dst = SDL_FRect(x: Float(cx * scale - w / 2), y: Float(cy * scale - h / 2), w: Float(w), h: Float(h))
            SDL_SetTextureAlphaMod(image.texture, a)
            SDL_RenderCopyExF(sdl, image.texture, nil, &dst, t.rotationAngle * 180 / .pi, nil, SDL_FLIP_NONE)
            SDL_SetTextureAlphaMod(image.texture, 255)
            return
        }
        use(image.texture)
        func corner(_ x: Double, _ y: Double) -> SDL_FPoint {
            let q = linear.apply(to: Point(x: x, y: y))
            return SDL_FPoint(x: Float((cx + q.x) * scale), y: Float((cy + q.y) * scale))
        }
        tess.addQuad((corner(-hw, -hh), corner(hw, -hh), corner(hw, hh), corner(-hw, hh)),
                     uv: (SDL_FPoint(x: 0, y: 0), SDL_FPoint(x: 1, y: 0), SDL_FPoint(x: 1, y: 1), SDL_FPoint(x: 0, y: 1)),
                     color: SDL_Color(r: 255, g: 255, b: 255, a: a))
    }

    /// What an image that cannot be read draws: its frame in grey, rounded and transformed as the
    /// image would be, crossed by a diagonal from the top-left to the bottom-right corner.
    func drawPlaceholder(_ frame: Rect, cornerRadius radius: Double, alpha: Double, transform t: AffineTransform) {
        draw(.fill(rect: frame, cornerRadius: radius, color: Self.placeholderFill, alpha: alpha, transform: t))
        let c = frame.center
        // Ends pulled in from a rounded corner, so the line stays inside the arc.
        let r = Swift.min(Swift.max(radius, 0), frame.width / 2, frame.height / 2) * 0.3
        let hw = frame.width / 2 - r, hh = frame.height / 2 - r
        func placed(_ x: Double, _ y: Double) -> Point {
            let q = t.apply(to: Point(x: x, y: y))
            return Point(x: c.x + q.x, y: c.y + q.y)
        }
        draw(.stroke(points: [placed(-hw, -hh), placed(hw, hh)], closed: false, width: 2, color: Self.placeholderLine.fading(alpha)))
    }
}
