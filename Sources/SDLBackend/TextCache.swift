internal import CSDL2
import Geometry
import Drawing

/// Renders strings with SDL_ttf once and keeps the textures for later frames.
///
/// Text is rendered white and tinted per draw (colour and alpha modulation), so one texture serves
/// every colour. Entries unused for ``maximumIdleFrames`` frames are destroyed once the cache
/// holds more than ``softLimit`` of them, so a changing HUD does not leak textures.
///
/// The textures belong to `renderer` and the fonts to SDL_ttf: the owning ``Renderer`` calls
/// ``close()`` before it destroys the SDL renderer, and the ``SDLSession`` closes its renderers
/// before `TTF_Quit`. After ``close()`` the cache draws and measures nothing.
final class TextCache: GlyphRasterizing {
    private struct Key: Hashable { let text: String; let pixelSize: Int }
    private struct Entry { let texture: OpaquePointer; let width: Int32; let height: Int32; var lastUse: Int }

    private let renderer: OpaquePointer
    private let fontPath: String
    private var fonts: [Int: OpaquePointer] = [:]
    private var entries: [Key: Entry] = [:]
    private var frame = 0
    private struct MaskKey: Hashable { let text: String; let pixelSize: Int }
    private var masks: [MaskKey: AlphaMask] = [:]
    /// Masks kept for layer rasterization before the mask cache is emptied.
    let maskLimit = 2_000
    private(set) var isClosed = false
    let softLimit = 600
    let maximumIdleFrames = 120

    /// Whether the renderer is SDL's software one (``Renderer/setSampling(_:_:smooth:software:)``).
    private let software: Bool

    init(renderer: OpaquePointer, fontPath: String, software: Bool) {
        self.renderer = renderer
        self.fontPath = fontPath
        self.software = software
    }

    /// Destroys every cached texture and closes every font. Call while the renderer and SDL_ttf
    /// are still alive; calling it again does nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        for e in entries.values { SDL_DestroyTexture(e.texture) }
        entries.removeAll()
        masks.removeAll()
        for f in fonts.values { TTF_CloseFont(f) }
        fonts.removeAll()
    }

    // No deinit that frees: by the time the last reference goes, the renderer that owns the
    // textures may be gone. The owner closes the cache explicitly (see ``Renderer/close()``).
    deinit { assert(isClosed || entries.isEmpty && fonts.isEmpty, "TextCache released without close()") }

    private func font(pixelSize: Int) -> OpaquePointer? {
        guard !isClosed else { return nil }
        if let f = fonts[pixelSize] { return f }
        guard let f = TTF_OpenFont(fontPath, Int32(pixelSize)) else { return nil }
        fonts[pixelSize] = f
        return f
    }

    private func entry(_ text: String, pixelSize: Int) -> Entry? {
        let key = Key(text: text, pixelSize: pixelSize)
        if var e = entries[key] {
            e.lastUse = frame
            entries[key] = e
            return e
        }
        guard !text.isEmpty, let f = font(pixelSize: pixelSize),
              let surface = TTF_RenderUTF8_Blended(f, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let e = Entry(texture: tex, width: surface.pointee.w, height: surface.pointee.h, lastUse: frame)
        entries[key] = e
        return e
    }

    /// `text` at `pixelSize` as an alpha mask (``GlyphRasterizing``), for layers drawn on the CPU.
    func mask(for text: String, pixelSize: Int) -> AlphaMask? {
        let key = MaskKey(text: text, pixelSize: pixelSize)
        if let m = masks[key] { return m }
        guard !text.isEmpty, let f = font(pixelSize: pixelSize),
              let rendered = TTF_RenderUTF8_Blended(f, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(rendered) }
        // Convert to a known layout (ARGB8888: alpha in the top byte of each 32-bit pixel).
        guard let s = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(s) }
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        if kinetic_MUSTLOCK(s) != 0 { SDL_LockSurface(s) }
        defer { if kinetic_MUSTLOCK(s) != 0 { SDL_UnlockSurface(s) } }
        guard let base = s.pointee.pixels else { return nil }
        var alpha = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = base.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { alpha[y * w + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
        }
        if masks.count >= maskLimit { masks.removeAll(keepingCapacity: true) }
        let m = AlphaMask(width: w, height: h, pixels: alpha)
        masks[key] = m
        return m
    }

    func measure(_ text: String, size: Double, scale: Double) -> Size {
        let px = Swift.max(1, Int(saturating: (size * scale).rounded()))
        guard let f = font(pixelSize: px) else { return .zero }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(f, text, &w, &h)
        return Size(width: Double(w) / scale, height: Double(h) / scale)
    }

    func draw(_ text: String, frame rect: Rect, size: Double, color: Color, alignment: TextAlignment,
              transform: AffineTransform, scale: Double) {
        let px = Swift.max(1, Int(saturating: (size * scale).rounded()))
        guard color.alpha > 0.001, let e = entry(text, pixelSize: px) else { return }
        let w = Double(e.width), h = Double(e.height)
        let origin = LayerRasterizer.textOrigin(frame: rect, alignment: alignment, width: Int(e.width), height: Int(e.height), scale: scale)
        let x = Double(origin.x), y = Double(origin.y)
        let c = color.rgba8
        SDL_SetTextureColorMod(e.texture, c.0, c.1, c.2)
        SDL_SetTextureAlphaMod(e.texture, c.3)
        // Untransformed, a string lands one texel per pixel on whole pixels: nearest sampling.
        Renderer.setSampling(renderer, e.texture, smooth: !transform.isIdentity, software: software)
        if transform.isIdentity {
            var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(w), h: Float(h))
            SDL_RenderCopyF(renderer, e.texture, nil, &dst)
        } else {
            // Scale and rotate about the frame's centre, like the fill it labels.
            let sx = transform.scaleX, sy = abs(transform.scaleY)
            let cx = rect.midX * scale + transform.tx * scale, cy = rect.midY * scale + transform.ty * scale
            let ox = (x + w / 2 - rect.midX * scale) * sx, oy = (y + h / 2 - rect.midY * scale) * sy
            let angle = transform.rotationAngle
            let rx = ox * cos(angle) - oy * sin(angle), ry = ox * sin(angle) + oy * cos(angle)
            var dst = SDL_FRect(x: Float(cx + rx - w * sx / 2), y: Float(cy + ry - h * sy / 2), w: Float(w * sx), h: Float(h * sy))
            SDL_RenderCopyExF(renderer, e.texture, nil, &dst, angle * 180 / .pi, nil, SDL_FLIP_NONE)
        }
    }

    /// Ends a frame: evicts textures that have not been drawn for a while when the cache is large.
    func endFrame() {
        guard !isClosed else { return }
        frame += 1
        guard entries.count > softLimit else { return }
        let cutoff = frame - maximumIdleFrames
        for (k, e) in entries where e.lastUse < cutoff {
            SDL_DestroyTexture(e.texture)
            entries[k] = nil
        }
    }

    var count: Int { entries.count }
}
