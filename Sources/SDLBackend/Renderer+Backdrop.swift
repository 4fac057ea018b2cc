internal import CSDL2
import Geometry
import Drawing

/// The backdrop: a frame whose first large command is an opaque, square-cornered, unturned fill
/// on whole pixels (the lab's stage, 2260 × 1410 points of a 2560 × 1440 window) is cleared to
/// that fill's colour, and only the rest of the window to the list's background; the fill itself
/// is not drawn. The pixels are the same, but a clear costs almost nothing where a fill is shaded
/// pixel by pixel: in Mesa's llvmpipe that one fill took about 6 ms of a 2560 × 1440 frame.
extension Renderer {
    /// The window area in pixels a fill must cover to be the backdrop (a quarter).
    static let backdropMinimumShare = 0.25
    /// How many items into the drawing order the backdrop is looked for: everything drawn before
    /// it must stay clear of it, and a backdrop comes first or nearly.
    static let backdropSearchDepth = 4

    /// A backdrop found among `items` drawn in `order`: its position in the drawing order, its
    /// colour and its pixel rectangle (clamped to the window `w` × `h`).
    struct Backdrop {
        var position: Int
        var color: Color
        var x0: Int32, y0: Int32, x1: Int32, y1: Int32
    }

    /// The backdrop of a frame (see the extension's comment), or nil.
    func findBackdrop(_ items: [DisplayList.Item], order: [Int], width w: Int32, height h: Int32) -> Backdrop? {
        guard clearsToBackdrop, w > 0, h > 0 else { return nil }
        for position in 0..<Swift.min(order.count, Self.backdropSearchDepth) {
            let item = items[order[position]]
            guard case let .fill(rect, radius, color, alpha, t) = item.command, item.command.isDrawable,
                  radius == 0, alpha >= 1, color.rgba8.3 == 255, t.isIdentity else { continue }
            let s = scale
            let x0 = rect.minX * s, y0 = rect.minY * s, x1 = rect.maxX * s, y1 = rect.maxY * s
            // Whole pixels only: a fill's edge pixels on fractions are partly covered.
            guard x0 == x0.rounded(), y0 == y0.rounded(), x1 == x1.rounded(), y1 == y1.rounded() else { continue }
            if let clip = item.clip, clip.intersection(rect) != rect { continue }
            let cx0 = Swift.max(0, Swift.min(Double(w), x0)), cx1 = Swift.max(0, Swift.min(Double(w), x1))
            let cy0 = Swift.max(0, Swift.min(Double(h), y0)), cy1 = Swift.max(0, Swift.min(Double(h), y1))
            guard (cx1 - cx0) * (cy1 - cy0) >= Double(w) * Double(h) * Self.backdropMinimumShare else { continue }
            // Whatever is drawn before it must not reach it (it would be painted over by the fill).
            let reached = (0..<position).contains { earlier in
                let e = items[order[earlier]]
                var b = e.command.bounds
                if let clip = e.clip { b = b.intersection(clip) }
                return !b.isEmpty && !b.intersection(rect).isEmpty
            }
            if reached { return nil }
            return Backdrop(position: position, color: color, x0: Int32(cx0), y0: Int32(cy0), x1: Int32(cx1), y1: Int32(cy1))
        }
        return nil
    }

    /// Clears the window to the backdrop's colour and the rest of it (up to four bands round
    /// the backdrop) to `background`.
    func clear(to backdrop: Backdrop, background: Color, width w: Int32, height h: Int32) {
        let c = backdrop.color.rgba8
        SDL_SetRenderDrawColor(sdl, c.0, c.1, c.2, 255)
        SDL_RenderClear(sdl)
        let bg = background.rgba8
        SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(sdl, bg.0, bg.1, bg.2, 255)
        func band(_ x: Int32, _ y: Int32, _ bw: Int32, _ bh: Int32) {
            guard bw > 0, bh > 0 else { return }
            var r = SDL_Rect(x: x, y: y, w: bw, h: bh)
            SDL_RenderFillRect(sdl, &r)
        }
        let b = backdrop
        band(0, 0, w, b.y0)
        band(0, b.y1, w, h - b.y1)
        band(0, b.y0, b.x0, b.y1 - b.y0)
        band(b.x1, b.y0, w - b.x1, b.y1 - b.y0)
        // Untextured geometry (strokes) draws with the renderer's blend mode: put it back.
        SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND)
    }
}
