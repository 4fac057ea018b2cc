internal import CSDL2
import Geometry
import Drawing

/// Occlusion: what lies under an opaque layer (``Drawing/LayerContent/opaqueRect``, a view's
/// `isOpaque` promise) is not drawn. A command wholly under one is skipped; a composited layer
/// partly under one is drawn as the pieces that show. A card opened over the carousel hides the
/// cards behind it, which otherwise cost a blended pass over their pixels every frame (at 2× a
/// large share of a frame's rasterizing in Mesa's llvmpipe).
extension Renderer {
    /// An opaque area in window pixels and the position in the drawing order of the layer that
    /// covers it: only what is drawn before that position lies under it.
    struct Occluder {
        var position: Int
        var x0: Double, y0: Double, x1: Double, y1: Double
    }

    /// Occluders smaller than this share of the target are not worth the test for every item.
    static let occluderMinimumShare = 1.0 / 32

    /// Finds the opaque layers among `items` drawn in `order` on a target `w` × `h` pixels: unrotated, at full opacity, in
    /// whole pixels inside their kept area and their clip. At most ``maximumOccluders`` (the
    /// largest are kept) so the per-item test stays a few comparisons.
    func collectOccluders(_ items: [DisplayList.Item], order: [Int], width w: Int32, height h: Int32) {
        occluders.removeAll(keepingCapacity: true)
        let minimumArea = Double(w) * Double(h) * Self.occluderMinimumShare
        for (position, index) in order.enumerated() {
            let item = items[index]
            guard case let .layer(content, frame, alpha, t) = item.command, let opaque = content.opaqueRect,
                  alpha >= 1, t.b == 0, t.c == 0, t.a > 0, t.d > 0, item.command.isDrawable else { continue }
            // Layer point p ↦ frame centre + (t.tx, t.ty) + T(p − size / 2).
            let cx = frame.midX + t.tx, cy = frame.midY + t.ty
            let hw = content.size.width / 2, hh = content.size.height / 2
            var r = Rect(x: cx + (opaque.minX - hw) * t.a, y: cy + (opaque.minY - hh) * t.d,
                         width: opaque.width * t.a, height: opaque.height * t.d)
            if let clip = item.clip { r = r.intersection(clip) }
            guard !r.isEmpty else { continue }
            // Whole pixels inside: edge pixels are anti-aliased, so they do not hide what is under them.
            let o = Occluder(position: position, x0: (r.minX * scale).rounded(.up) + 1, y0: (r.minY * scale).rounded(.up) + 1,
                             x1: (r.maxX * scale).rounded(.down) - 1, y1: (r.maxY * scale).rounded(.down) - 1)
            guard o.x1 > o.x0, o.y1 > o.y0, (o.x1 - o.x0) * (o.y1 - o.y0) >= minimumArea else { continue }
            occluders.append(o)
        }
        if occluders.count > Self.maximumOccluders {
            occluders.sort { ($0.x1 - $0.x0) * ($0.y1 - $0.y0) > ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
            occluders.removeLast(occluders.count - Self.maximumOccluders)
        }
    }

    /// The most occluders a frame tests against.
    static let maximumOccluders = 4

    /// Whether the item drawn at `position` lies wholly under an opaque layer drawn after it.
    func isOccluded(_ item: DisplayList.Item, at position: Int) -> Bool {
        var b = item.command.bounds
        if let clip = item.clip { b = b.intersection(clip) }
        let x0 = b.minX * scale, y0 = b.minY * scale, x1 = b.maxX * scale, y1 = b.maxY * scale
        for o in occluders where o.position > position {
            if x0 >= o.x0 && y0 >= o.y0 && x1 <= o.x1 && y1 <= o.y1 { return true }
        }
        return false
    }

    /// Queues the textured rectangle (`x0`…`x1`, `y0`…`y1` in pixels, texture coordinates
    /// `u0`…`u1`, `v0`…`v1` in step with it) without the parts under the occluders drawn after
    /// the item being drawn: up to four pieces per occluder it crosses.
    func addVisibleRect(x0: Double, y0: Double, x1: Double, y1: Double, u0: Double, v0: Double, u1: Double, v1: Double,
                        color: SDL_Color) {
        guard let o = occluders.first(where: { $0.position > drawingPosition && $0.x0 < x1 && x0 < $0.x1 && $0.y0 < y1 && y0 < $0.y1 }) else {
            tess.addRect(x0: x0, y0: y0, x1: x1, y1: y1, u0: u0, v0: v0, u1: u1, v1: v1, color: color)
            return
        }
        let du = (u1 - u0) / (x1 - x0), dv = (v1 - v0) / (y1 - y0)
        func piece(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
            guard c > a, d > b else { return }
            // Occluders are on whole pixels and so are these quads: the pieces meet exactly.
            addVisibleRect(x0: a, y0: b, x1: c, y1: d, u0: u0 + (a - x0) * du, v0: v0 + (b - y0) * dv,
                           u1: u0 + (c - x0) * du, v1: v0 + (d - y0) * dv, color: color)
        }
        let cy0 = Swift.max(y0, o.y0), cy1 = Swift.min(y1, o.y1)
        piece(x0, y0, x1, cy0)                         // above
        piece(x0, cy1, x1, y1)                         // below
        piece(x0, cy0, Swift.max(x0, o.x0), cy1)      // left
        piece(Swift.min(x1, o.x1), cy0, x1, cy1)      // right
    }
}
