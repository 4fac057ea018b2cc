internal import CSDL2
import Geometry
import Drawing

/// Layers: composited from ``LayerCache`` textures, or drawn directly when volatile or too big
/// to keep.
extension Renderer {
    /// Composites a rasterized layer: one textured quad. Returns false, drawing nothing, when
    /// the cache cannot keep the layer's pixels.
    func composite(_ content: LayerContent, frame: Rect, alpha: Double, transform t: AffineTransform) -> Bool {
        guard alpha > 0.001 else { return true }
        if alpha >= 1 && t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1, let color = solidColor(of: content) {
            // One opaque colour over whole pixels (the source's plain grid cells): the pixels its
            // texture would give, as an untextured quad drawn without blending (a third of the
            // time per pixel in llvmpipe), and no texture kept.
            lastLayersComposited += 1
            useOpaque()
            let x = ((frame.minX + t.tx) * scale).rounded(), y = ((frame.minY + t.ty) * scale).rounded()
            addVisibleRect(x0: x, y0: y, x1: x + content.size.width * scale, y1: y + content.size.height * scale,
                           u0: 0, v0: 0, u1: 0, v1: 0, color: Self.sdlColor(color))
            return true
        }
        let k = abs(t.determinant).squareRoot()
        let boost = Self.boost(t)
        guard let p = layers.placement(for: content, scale: scale * boost, glyphs: text, flush: { self.flush() }) else { return false }
        guard let texture = p.texture else { return true } // draws nothing
        lastLayersComposited += 1
        let c = SDL_Color(r: 255, g: 255, b: 255, a: alpha.isNaN ? 0 : UInt8(Swift.max(0, Swift.min(255, (alpha * 255).rounded()))))
        let tw = Double(p.textureWidth), th = Double(p.textureHeight)
        let u0 = Double(p.x) / tw, v0 = Double(p.y) / th, u1 = Double(p.x + p.w) / tw, v1 = Double(p.y + p.h) / th
        // The kept pixels' first one, in the whole image's pixels from the layer's top-left corner.
        let padX = Double(LayerRasterizer.padding - p.originX), padY = Double(LayerRasterizer.padding - p.originY)
        if t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && boost == 1 {
            // Unrotated, unscaled: on whole pixels, one-to-one (a blit in the software renderer;
            // nearest sampling in GL, which reads one texel instead of four for the same pixels).
            use(texture, smooth: false)
            let x = ((frame.minX + t.tx) * scale).rounded() - padX, y = ((frame.minY + t.ty) * scale).rounded() - padY
            addVisibleRect(x0: x, y0: y, x1: x + Double(p.w), y1: y + Double(p.h), u0: u0, v0: v0, u1: u1, v1: v1, color: c)
            return true
        }
        use(texture)
        var linear = t
        linear.tx = 0; linear.ty = 0
        let cx = (frame.midX + t.tx), cy = (frame.midY + t.ty)
        let hw = content.size.width / 2, hh = content.size.height / 2
        if isSoftware && (t.b != 0 || t.c != 0) {
            // A rotation (uniform scale assumed): SDL's smoothed rotate-and-blit of the kept
            // pixels about their own centre, put where the layer's transform takes that centre.
            flush()
            tess.texture = nil
            let size = Double(scale) * k / p.scale
            var src = SDL_Rect(x: Int32(p.x), y: Int32(p.y), w: Int32(p.w), h: Int32(p.h))
            let w = Double(p.w) * size, h = Double(p.h) * size
            let mid = linear.apply(to: Point(x: (Double(p.w) / 2 - padX) / p.scale - hw, y: (Double(p.h) / 2 - padY) / p.scale - hh))
            var dst = SDL_FRect(x: Float((cx + mid.x) * scale - w / 2), y: Float((cy + mid.y) * scale - h / 2), w: Float(w), h: Float(h))
            SDL_SetTextureAlphaMod(texture, c.a)
            SDL_RenderCopyExF(sdl, texture, &src, &dst, t.rotationAngle * 180 / .pi, nil, SDL_FLIP_NONE)
            SDL_SetTextureAlphaMod(texture, 255)
            return true
        }
        func corner(_ u: Double, _ v: Double) -> SDL_FPoint {
            // Pixel (u, v) of the kept pixels → layer point → window pixels.
            let q = linear.apply(to: Point(x: (u - padX) / p.scale - hw, y: (v - padY) / p.scale - hh))
            return SDL_FPoint(x: Float((cx + q.x) * scale), y: Float((cy + q.y) * scale))
        }
        let W = Double(p.w), H = Double(p.h)
        tess.addQuad((corner(0, 0), corner(W, 0), corner(W, H), corner(0, H)),
                     uv: (SDL_FPoint(x: Float(u0), y: Float(v0)), SDL_FPoint(x: Float(u1), y: Float(v0)),
                          SDL_FPoint(x: Float(u1), y: Float(v1)), SDL_FPoint(x: Float(u0), y: Float(v1))), color: c)
        return true
    }

    /// The colour of a layer whose whole content is one opaque, square-cornered fill of its
    /// bounds on whole pixels at this scale, so that its texture would hold that colour in every
    /// pixel; nil for any other content.
    func solidColor(of content: LayerContent) -> Color? {
        let items = content.list.items
        guard items.count == 1, items[0].clip == nil, case let .fill(r, radius, color, a, ft) = items[0].command,
              radius == 0, a >= 1, color.alpha >= 1, ft.isIdentity, r == Rect(origin: .zero, size: content.size) else { return nil }
        let w = content.size.width * scale, h = content.size.height * scale
        guard w > 0, h > 0, w == w.rounded(), h == h.rounded() else { return nil }
        return color
    }

    /// How much finer than the display a layer under `t` is drawn: more when it is scaled up,
    /// in half steps (so a scale animation re-draws it a few times, not every frame).
    private static func boost(_ t: AffineTransform) -> Double {
        let k = abs(t.determinant).squareRoot()
        return k <= 1.01 ? 1 : Swift.min(4, (k * 2).rounded(.up) / 2)
    }

    /// Draws and uploads the layers of `items` that need it before anything is queued: in GL,
    /// updating a texture that queued triangles sample makes Mesa's llvmpipe rasterize them
    /// first, mid-frame, while the app thread waits.
    func prepareLayers(_ items: [DisplayList.Item]) {
        for item in items {
            guard case let .layer(content, _, alpha, t) = item.command, !content.isVolatile, alpha > 0.001,
                  item.command.isDrawable else { continue }
            _ = layers.placement(for: content, scale: scale * Self.boost(t), glyphs: text, flush: {})
        }
    }

    /// Draws a volatile layer's commands in window coordinates, cut at the layer's bounding box.
    func drawDirectly(_ content: LayerContent, frame: Rect, alpha: Double, transform t: AffineTransform) {
        guard alpha > 0.001 else { return }
        let outer = clip
        var linear = t
        linear.tx = 0; linear.ty = 0
        let box = Rect(center: .zero, size: content.size).applying(linear)
            .offset(by: Vector(dx: frame.midX + t.tx, dy: frame.midY + t.ty))
        let cut = outer.map { $0.intersection(box) } ?? box
        flush()
        setClip(cut)
        drawingDirectly = true
        for item in content.list.ordered {
            // Inner clips are in layer coordinates; the bounding box stands for them (cells do not nest clips).
            draw(DisplayList.windowCommand(item.command, inLayerOfSize: content.size, frame: frame, alpha: alpha, transform: t))
        }
        drawingDirectly = false
        flush()
        setClip(outer)
    }
}
