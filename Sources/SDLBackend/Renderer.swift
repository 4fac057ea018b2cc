internal import CSDL2
import Geometry
import Drawing

/// Draws a ``DisplayList`` with an SDL renderer (a window's or a headless surface's), the way
/// Core Animation composites layers: content is drawn once into textures, and each frame
/// composites textured quads.
///
/// - **Layers** (``DrawCommand/layer(_:frame:alpha:transform:)``, from views that rasterize,
///   such as every collection-view cell) come from ``LayerCache`` (window-sized ones and ones
///   whose content changes every frame are drawn directly instead): drawn on the CPU with exact
///   coverage at the display's pixel scale (higher when the layer is scaled up), only the part
///   their commands touch, uploaded once, then composited with their frame, transform and
///   opacity. Unrotated, unscaled layers land on whole pixels, so they are as crisp as when they
///   were drawn, and are sampled texel for texel.
/// - **Fills** that are not rotated are nine-sliced from analytic corner masks in a
///   ``ShapeAtlas`` (round, evenly anti-aliased corners at any scale); rotated fills and strokes
///   are tessellated with a feathered edge.
/// - **Shadows** are nine-sliced from blurred images; **text** comes from a cache of rendered strings;
///   **images** are PNG files kept as one texture each (``ImageCache``).
///
/// Everything is drawn in order (ascending z, then insertion order): consecutive quads that use
/// the same texture (or none) go into one `SDL_RenderGeometry` call. In SDL's software renderer
/// (headless, and windows without GL) axis-aligned textured quads become blits, which is what
/// makes compositing cheaper than rasterizing triangles there. Coordinates arrive in points and
/// are multiplied by ``scale`` (pixels per point).
///
/// A renderer owns its SDL renderer, the text cache's textures and fonts, and the layer and
/// shape textures: ``close()`` (called by the window or canvas that made it, before that
/// destroys the window or surface) releases those first, then the SDL renderer. A closed
/// renderer draws nothing.
public final class Renderer: TextMeasuring {
    let sdl: OpaquePointer
    /// Whether ``close()`` has released the SDL renderer.
    public private(set) var isClosed = false
    /// Pixels per point: 1 on a normal display, 2 on a HiDPI one.
    public var scale: Double {
        didSet { tess.scale = scale }
    }
    var tess = Tessellator()
    /// Whether SDL rasterizes on the CPU (headless, or a window without GL). Its triangles
    /// sample textures without filtering, so rotated layers go through `SDL_RenderCopyEx`,
    /// whose rotation is smoothed, instead.
    let isSoftware: Bool
    let text: TextCache
    let shapes: ShapeAtlas
    let layers: LayerCache
    /// The textures of image commands, one per file (``ImageCache/forget(path:)`` when a file changes).
    public let images: ImageCache
    private var order: [Int] = []
    /// This frame's opaque layers (``collectOccluders(_:order:width:height:)``).
    var occluders: [Occluder] = []
    /// The position in the drawing order of the item being drawn.
    var drawingPosition = 0
    /// Whether commands under opaque layers are left out (default true; tests compare both ways).
    public var cullsOccluded = true
    /// Whether a frame with a backdrop is cleared to it instead of filling it (default true;
    /// tests compare both ways; ``findBackdrop(_:order:width:height:)``).
    public var clearsToBackdrop = true
    /// Whether the last ``draw(_:)`` cleared to a backdrop.
    public private(set) var lastClearedToBackdrop = false
    /// Whether a volatile layer's commands are being drawn (``drawDirectly(_:frame:alpha:transform:)``).
    var drawingDirectly = false
    /// GL's `glFinish` where SDL draws with OpenGL (or OpenGL ES), found once; nil otherwise.
    private let glFinish: (@convention(c) () -> Void)?
    /// Number of `SDL_RenderGeometry` calls made by the last ``draw(_:)`` (for tests and the HUD).
    public private(set) var lastGeometryCalls = 0
    /// Number of triangles submitted by the last ``draw(_:)``.
    public private(set) var lastTriangles = 0
    /// Number of small unturned shapes the last ``draw(_:)`` drew from their turned stamp,
    /// sampled between pixels, because they had moved (``ShapeAtlas/mayMakeStamp(_:height:radius:offsetX:offsetY:at:_:)``).
    /// Where it is not zero, drawing the same list twice more draws them exact (up to
    /// ``ShapeAtlas/settledStampsPerFrame`` a frame; a stamp is made at the start of the frame
    /// after a shape stood at the same pixel in two): a window draws on after motion stops
    /// until it is zero, so what stays on screen is exact.
    public private(set) var lastStandInStamps = 0
    /// Number of layers composited by the last ``draw(_:)``.
    public internal(set) var lastLayersComposited = 0
    /// Number of commands the last ``draw(_:)`` skipped because a number in them was not finite
    /// or out of range (``Drawing/DrawCommand/isDrawable``); the host reports them.
    public private(set) var lastItemsSkipped = 0
    /// Number of commands the last ``draw(_:)`` left out because an opaque layer hid them.
    public private(set) var lastItemsOccluded = 0
    /// Number of layers whose content the last ``draw(_:)`` had to draw (not found in the cache).
    public var lastLayersRasterized: Int { layers.rasterizedThisFrame }


    /// Takes ownership of `sdl` on success; when it throws, the caller still owns (and destroys) it.
    init(sdl: OpaquePointer, scale: Double) throws {
        // Every check that can fail comes before the last stored property: a throw then leaves
        // no half-built renderer whose deinit would destroy `sdl` a second time.
        let path = try FontLocator.locate()
        // Open it once now: a file that is not a font would otherwise give a run with every
        // label silently missing (TextCache draws nothing for a font it cannot open).
        guard let probe = TTF_OpenFont(path, 12) else {
            let reason = String(cString: SDL_GetError())
            let cause = reason.isEmpty ? "unknown format" : reason
            let chosen = getenv("KINETIC_FONT").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            throw FontLocator.Problem(chosen != nil ? "KINETIC_FONT is \(path), which is not a font SDL_ttf can open (\(cause)); it must name a .ttf font file"
                                                    : "\(path) is not a font SDL_ttf can open (\(cause))")
        }
        TTF_CloseFont(probe)
        if SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND) != 0 { throw SDLError("SDL_SetRenderDrawBlendMode") }
        var info = SDL_RendererInfo()
        isSoftware = SDL_GetRendererInfo(sdl, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        // SDL's GL renderers keep their context current on this thread.
        let name = isSoftware || info.name == nil ? "" : String(cString: info.name)
        glFinish = name.hasPrefix("opengl") ? SDL_GL_GetProcAddress("glFinish").map { unsafeBitCast($0, to: (@convention(c) () -> Void).self) } : nil
        self.sdl = sdl
        self.scale = scale
        tess.scale = scale
        shapes = ShapeAtlas(renderer: sdl, software: isSoftware)
        layers = LayerCache(renderer: sdl)
        images = ImageCache(renderer: sdl)
        text = TextCache(renderer: sdl, fontPath: path, software: isSoftware)
    }

    /// Releases the cached textures and fonts, then the SDL renderer. Call before the window
    /// or surface it draws to is destroyed and before SDL_ttf quits; calling it again does nothing.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        text.close()
        layers.close()
        images.close()
        shapes.close()
        SDL_DestroyRenderer(sdl)
    }

    deinit { close() }

    /// Hands what is drawn so far to the GPU (Mesa: transforms and bins it) now rather than at
    /// the present, so it is drawing while the app does other work before presenting.
    public func submit() {
        guard !isClosed else { return }
        flush()
        SDL_RenderFlush(sdl)
    }

    /// Waits until everything drawn so far is in the target's pixels (GL: `glFinish`; Mesa's
    /// llvmpipe rasterizes on its threads until then), so the present that follows only shows
    /// the frame and takes the same short time every frame (``FramePacer``). The software
    /// renderer draws as it goes: it only hands over what is queued.
    public func finish() {
        guard !isClosed else { return }
        submit()
        glFinish?()
    }

    /// Clears to the list's background and draws every item in z order.
    public func draw(_ list: DisplayList) {
        lastGeometryCalls = 0
        lastTriangles = 0
        lastLayersComposited = 0
        lastItemsSkipped = 0
        lastItemsOccluded = 0
        lastStandInStamps = 0
        guard !isClosed else { return }
        SDL_RenderSetClipRect(sdl, nil)
        layers.beginFrame()
        shapes.beginFrame()
        let items = list.items
        if !isSoftware {
            prepareLayers(items)
            prepareTurnedStamps(items)
        }
        // Stable order by z without re-sorting when already ordered (the common case).
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: items.indices)
        var sorted = true
        for i in 1..<Swift.max(items.count, 1) where items[i - 1].z > items[i].z { sorted = false; break }
        if !sorted { order.sort { items[$0].z != items[$1].z ? items[$0].z < items[$1].z : $0 < $1 } }
        // Cleared to the backdrop's colour where there is one (``findBackdrop(_:order:width:height:)``).
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(sdl, &w, &h)
        let backdrop = findBackdrop(items, order: order, width: w, height: h)
        lastClearedToBackdrop = backdrop != nil
        if let backdrop {
            clear(to: backdrop, background: list.background, width: w, height: h)
        } else {
            let bg = list.background.rgba8
            SDL_SetRenderDrawColor(sdl, bg.0, bg.1, bg.2, 255)
            SDL_RenderClear(sdl)
        }

        if cullsOccluded { collectOccluders(items, order: order, width: w, height: h) } else { occluders.removeAll(keepingCapacity: true) }
        var currentClip: Rect?? = .none
        for (position, index) in order.enumerated() {
            if position == backdrop?.position { continue }
            let item = items[index]
            drawingPosition = position
            if !occluders.isEmpty && isOccluded(item, at: position) { lastItemsOccluded += 1; continue }
            if currentClip != .some(item.clip) {
                flush()
                setClip(item.clip)
                currentClip = .some(item.clip)
            }
            draw(item.command)
        }
        clip = nil
        flush()
        occluders.removeAll(keepingCapacity: true)
        SDL_RenderSetClipRect(sdl, nil)
        text.endFrame()
    }

    func draw(_ command: DrawCommand) {
        // NaN, an infinity or a runaway value would trap in a conversion to whole pixels.
        guard command.isDrawable else { lastItemsSkipped += 1; return }
        switch command {

        case let .fill(rect, radius, color, alpha, t):
            let a = color.alpha * alpha
            guard a > 0.001, rect.width > 0, rect.height > 0 else { return }
            if t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0 {
                fillAxisAligned(rect, radius: radius, color: color.withAlpha(a), transform: t)
            } else if !fillTurned(rect, radius: radius, color: color.withAlpha(a), transform: t) {
                useSolid()
                tess.addRoundedRect(rect, radius: radius, color: color, alpha: alpha, transform: t)
            }
        case let .stroke(points, closed, width, color):
            useSolid()
            tess.addStroke(points, closed: closed, width: width, color: color)
        case let .text(s, frame, size, color, alignment, transform):
            flush()
            text.draw(s, frame: frame, size: size, color: color, alignment: alignment, transform: transform, scale: scale)
        case let .layer(content, frame, alpha, t):
            // Content changing every frame, or that the cache cannot keep (too many pixels, at
            // the boosted scale too), is drawn directly.
            if content.isVolatile || !composite(content, frame: frame, alpha: alpha, transform: t) {
                drawDirectly(content, frame: frame, alpha: alpha, transform: t)
            }
        case let .shadow(rect, radius, blur, color, t):
            drawShadow(rect, radius: radius, blur: blur, color: color, transform: t)
        case let .image(path, frame, radius, alpha, t):
            drawImage(path, frame: frame, cornerRadius: radius, alpha: alpha, transform: t)
        }
    }

    // MARK: Batching

    /// Makes `texture` the one the queued triangles sample, drawing what is queued first if it
    /// differs. `smooth` (default true) samples it bilinearly; false samples the nearest texel,
    /// for quads that land one texel per pixel on whole pixels, where both give the same pixels
    /// and nearest reads a quarter of the texels (a third less time per pixel in Mesa's llvmpipe).
    func use(_ texture: OpaquePointer?, smooth: Bool = true) {
        // Quads that ask for the nearest texel land texel for texel on whole pixels, where
        // bilinear sampling gives the same pixels: they join a bilinear batch of their texture
        // rather than end it. (Switching sampling flushes SDL's queue; the stress demo's falling
        // squares and circles alternated, 240 geometry calls a frame.)
        if !smooth && tess.smooth && tess.texture == texture && !tess.opaque && !tess.isEmpty { return }
        if tess.texture != texture || tess.smooth != smooth || tess.opaque {
            flush()
            tess.texture = texture
            tess.smooth = smooth
            tess.opaque = false
        }
    }

    /// Prepares the batch for opaque untextured quads (``Tessellator/opaque``).
    func useOpaque() {
        guard !tess.opaque else { return }
        flush()
        tess.texture = nil
        tess.opaque = true
    }

    /// Prepares the batch for tessellated (untextured) geometry. In GL it joins the shape
    /// atlas's batch, sampling its white block, rather than starting a batch of its own: every
    /// `SDL_RenderGeometry` call costs llvmpipe about as much as a few thousand pixels. The
    /// software renderer draws untextured triangles faster than textured ones.
    private func useSolid() {
        guard !isSoftware, let atlas = shapes.texture else { use(nil); return }
        if tess.texture != atlas || tess.opaque { use(atlas, smooth: false) }
        let n = Float(shapes.size)
        // The middle of the 2 × 2 white block: white under either sampling.
        tess.solidUV = SDL_FPoint(x: Float(shapes.white.x + 1) / n, y: Float(shapes.white.y + 1) / n)
    }

    /// Sets how `texture` is sampled (SDL keeps it per texture). SDL applies a change at once,
    /// not in its command queue, so what is queued is drawn first. The software renderer's
    /// triangles never filter and its one-to-one copies are blits: it keeps one mode.
    static func setSampling(_ sdl: OpaquePointer, _ texture: OpaquePointer, smooth: Bool, software: Bool) {
        guard !software else { return }
        var mode = SDL_ScaleModeLinear
        let wanted = smooth ? SDL_ScaleModeLinear : SDL_ScaleModeNearest
        guard SDL_GetTextureScaleMode(texture, &mode) == 0, mode != wanted else { return }
        SDL_RenderFlush(sdl)
        SDL_SetTextureScaleMode(texture, wanted)
    }

    func flush() {
        guard !tess.isEmpty else { return }
        if let t = tess.texture { Self.setSampling(sdl, t, smooth: tess.smooth, software: isSoftware) }
        // Untextured geometry draws with the renderer's blend mode.
        if tess.opaque { SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_NONE) }
        tess.vertices.withUnsafeBufferPointer { v in
            tess.indices.withUnsafeBufferPointer { ix in
                _ = SDL_RenderGeometry(sdl, tess.texture, v.baseAddress, Int32(v.count), ix.baseAddress, Int32(ix.count))
            }
        }
        if tess.opaque { SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND) }
        lastGeometryCalls += 1
        lastTriangles += tess.indices.count / 3
        tess.removeAll()
    }

    /// The clip rectangle set on the SDL renderer (points), nil when none.
    var clip: Rect?

    func setClip(_ clip: Rect?) {
        self.clip = clip
        guard let c = clip else { SDL_RenderSetClipRect(sdl, nil); return }
        var r = Self.pixelRect(c, scale: scale)
        SDL_RenderSetClipRect(sdl, &r)
    }

    /// `rect` (points) in whole pixels at `scale` (origin rounded down, size up), within SDL's
    /// `Int32` range. A rectangle with a non-finite value gives an empty one (nothing is drawn in
    /// it): a presented frame that went infinite must never trap in the conversion.
    static func pixelRect(_ rect: Rect, scale: Double) -> SDL_Rect {
        let x = (rect.minX * scale).rounded(.down), y = (rect.minY * scale).rounded(.down)
        let w = (rect.width * scale).rounded(.up), h = (rect.height * scale).rounded(.up)
        guard x.isFinite, y.isFinite, w.isFinite, h.isFinite else { return SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
        // A quarter of Int32's range each way keeps x + w representable too.
        let limit = Double(Int32.max / 4)
        func int(_ v: Double) -> Int32 { Int32(Swift.min(Swift.max(v, -limit), limit)) }
        return SDL_Rect(x: int(x), y: int(y), w: int(Swift.max(0, w)), h: int(Swift.max(0, h)))
    }

    static func sdlColor(_ c: Color) -> SDL_Color {
        let q = c.rgba8
        return SDL_Color(r: q.0, g: q.1, b: q.2, a: q.3)
    }

    // MARK: Fills

    /// Solid areas of at least this many pixels are filled as rectangles rather than quads.
    static let fillRectArea = 16_384.0

    /// A fill with no rotation: nine slices from the corner mask of its radius (four corners,
    /// three solid bands), or one stamp of the whole shape when its corners meet.
    private func fillAxisAligned(_ rect: Rect, radius: Double, color: Color, transform t: AffineTransform) {
        let s = scale
        let (w, h, rp) = Self.axisAlignedPixels(rect, radius: radius, transform: t, scale: s)
        var x0 = (rect.midX + t.tx) * s - w / 2, y0 = (rect.midY + t.ty) * s - h / 2
        var x1 = x0 + w, y1 = y0 + h
        let key = Int(saturating: (rp * 4).rounded())
        let c = Self.sdlColor(color)
        guard let atlasTexture = shapes.texture else { return }
        // Every textured quad below is one texel per pixel on whole pixels, or stretches the
        // solid white block; each add makes the atlas the batch's texture first (opaque solids
        // may have left the batch untextured).
        let size = Double(shapes.size)
        let white = shapes.white
        func solid(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
            // A large solid area is one rectangle fill (SDL's fill loops): as a stretched copy of
            // the white block it costs several times as much in the software renderer (a
            // full-window background took ~5 ms a frame).
            if (bx - ax) * (by - ay) >= Self.fillRectArea {
                flush()
                SDL_SetRenderDrawBlendMode(sdl, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a)
                var r = SDL_FRect(x: Float(ax.rounded()), y: Float(ay.rounded()), w: Float(bx.rounded() - ax.rounded()),
                                  h: Float(by.rounded() - ay.rounded()))
                SDL_RenderFillRectF(sdl, &r)
                // Untextured geometry (strokes) draws with the renderer's blend mode: put it back.
                SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND)
                return
            }
            if c.a == 255 && drawingDirectly {
                // A layer drawn directly (a card growing) is mostly solid shapes, redrawn every
                // frame: opaque ones skip the texture and the blending.
                useOpaque()
                tess.addRect(x0: ax, y0: ay, x1: bx, y1: by, u0: 0, v0: 0, u1: 0, v1: 0, color: c)
                return
            }
            use(atlasTexture, smooth: false)
            tess.addRect(x0: ax, y0: ay, x1: bx, y1: by, u0: Double(white.x) / size, v0: Double(white.y) / size,
                         u1: Double(white.x + white.w) / size, v1: Double(white.y + white.h) / size, color: c)
        }
        guard key > 0 else { solid(x0, y0, x1, y1); return }
        let n = Double((Double(key) / 4).rounded(.up))
        if Self.cornersMeet(width: w, height: h, radius: rp) {
            if drawingDirectly && !isSoftware {
                // A layer drawn directly changes every frame or is too big to keep: its small shapes
                // would need new stamps every frame (drawn on the CPU and uploaded mid-frame, which
                // stalls llvmpipe), so they are tessellated instead.
                useSolid()
                tess.addRoundedRect(rect, radius: radius, color: color, alpha: 1, transform: t)
                return
            }
            // A whole stamp, drawn on whole pixels with the fractional offset inside it, so a
            // circle is exact wherever it sits.
            let px = x0.rounded(.down), py = y0.rounded(.down)
            let q = Double(ShapeAtlas.stampQuantum)
            // Each edge on the 1/16-pixel grid (so no edge is off by more than 1/32 pixel).
            let fx = Int(saturating: ((x0 - px) * q).rounded()), fy = Int(saturating: ((y0 - py) * q).rounded())
            let sw = Int(saturating: ((x1 - px) * q).rounded()) - fx, sh = Int(saturating: ((y1 - py) * q).rounded()) - fy
            let sr = Int(saturating: (rp * q).rounded())
            // A moving shape comes from its turned stamp (one per size, sampled bilinearly between
            // pixels, as Core Animation draws a layer off the grid) until it stands still.
            if !isSoftware, !shapes.mayMakeStamp(sw, height: sh, radius: sr, offsetX: fx, offsetY: fy, at: Int(saturating: px), Int(saturating: py)),
               fillTurned(rect, radius: radius, color: color, transform: t) {
                lastStandInStamps += 1
                return
            }
            guard let st = atlasSlot({ shapes.slot(stamp: sw, height: sh, radius: sr, offsetX: fx, offsetY: fy) }) else { return }
            use(atlasTexture, smooth: false)
            tess.addRect(x0: px, y0: py, x1: px + Double(st.w), y1: py + Double(st.h),
                         u0: Double(st.x) / size, v0: Double(st.y) / size, u1: Double(st.x + st.w) / size, v1: Double(st.y + st.h) / size, color: c)
            return
        }
        // Nine slices on whole pixels (edges snap; panels and bars do not move).
        (x0, y0, x1, y1) = (x0.rounded(), y0.rounded(), x1.rounded(), y1.rounded())
        guard let m = atlasSlot({ shapes.slot(corner: key) }) else { return }
        use(atlasTexture, smooth: false)
        let u0 = Double(m.x) / size, v0 = Double(m.y) / size, u1 = Double(m.x + m.w) / size, v1 = Double(m.y + m.h) / size
        // Corners, the mask mirrored for each.
        tess.addRect(x0: x0, y0: y0, x1: x0 + n, y1: y0 + n, u0: u0, v0: v0, u1: u1, v1: v1, color: c)
        tess.addRect(x0: x1 - n, y0: y0, x1: x1, y1: y0 + n, u0: u1, v0: v0, u1: u0, v1: v1, color: c)
        tess.addRect(x0: x1 - n, y0: y1 - n, x1: x1, y1: y1, u0: u1, v0: v1, u1: u0, v1: v0, color: c)
        tess.addRect(x0: x0, y0: y1 - n, x1: x0 + n, y1: y1, u0: u0, v0: v1, u1: u1, v1: v0, color: c)
        // Bands between them.
        solid(x0 + n, y0, x1 - n, y0 + n)
        solid(x0, y0 + n, x1, y1 - n)
        solid(x0 + n, y1 - n, x1 - n, y1)
    }

    /// An unturned fill's size and corner radius in pixels at `s` pixels a point (`t` scales it
    /// along each axis; the radius by the smaller scale, at most half of either side).
    static func axisAlignedPixels(_ rect: Rect, radius: Double, transform t: AffineTransform, scale s: Double)
        -> (width: Double, height: Double, radius: Double) {
        let w = rect.width * t.a * s, h = rect.height * t.d * s
        return (w, h, Swift.min(Swift.max(radius, 0) * Swift.min(t.a, t.d) * s, w / 2, h / 2))
    }

    /// Whether a `width × height`-pixel shape of corner radius `radius` (pixels) is too small
    /// to nine-slice (its corners meet, as in a circle): drawn whole, from a stamp.
    static func cornersMeet(width w: Double, height h: Double, radius rp: Double) -> Bool {
        let key = Int(saturating: (rp * 4).rounded())
        guard key > 0 else { return false }
        let n = Double((Double(key) / 4).rounded(.up))
        return 2 * n + 1 > w || 2 * n + 1 > h
    }

    /// A slot of the shape atlas from `make`; when the atlas is full, what is queued is drawn,
    /// the atlas emptied, and `make` asked again.
    func atlasSlot<T>(_ make: () -> T?) -> T? {
        if let s = make() { return s }
        flush()
        shapes.reset()
        return make()
    }

    /// The exact width and height of `string` at `size` points, in points.
    /// ``TextMeasuring``: the width of `text` at `size` points with the app's font, at this
    /// renderer's pixel scale (so wrapping matches the pixels drawn), in points.
    public func width(of text: String, size: Double) -> Double { measure(text, size: size).width }

    public func measure(_ string: String, size: Double) -> Size {
        text.measure(string, size: size, scale: scale)
    }
}
