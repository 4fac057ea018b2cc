internal import CSDL2
import Geometry
import Drawing

/// Draws a ``DisplayList`` with an SDL renderer (a window's or a headless surface's).
///
/// Per layer (z) and clip rectangle, every fill and stroke goes into one `SDL_RenderGeometry`
/// call; the layer's text follows, from a cache of rendered strings. Coordinates arrive in
/// points and are multiplied by ``scale`` (pixels per point).
///
/// A renderer owns its SDL renderer and the text cache's textures and fonts: ``close()`` (called
/// by the window or canvas that made it, before that destroys the window or surface) releases
/// the textures and fonts first, then the SDL renderer. A closed renderer draws nothing.
public final class Renderer {
    let sdl: OpaquePointer
    /// Whether ``close()`` has released the SDL renderer.
    public private(set) var isClosed = false
    /// Pixels per point: 1 on a normal display, 2 on a HiDPI one.
    public var scale: Double {
        didSet { tess.scale = scale }
    }
    private var tess = Tessellator()
    let text: TextCache
    private var order: [Int] = []
    /// Number of `SDL_RenderGeometry` calls made by the last ``draw(_:)`` (for tests and the HUD).
    public private(set) var lastGeometryCalls = 0
    /// Number of triangles submitted by the last ``draw(_:)``.
    public private(set) var lastTriangles = 0

    /// Takes ownership of `sdl` on success; when it throws, the caller still owns (and destroys) it.
    init(sdl: OpaquePointer, scale: Double) throws {
        // Every check that can fail comes before the last stored property: a throw then leaves
        // no half-built renderer whose deinit would destroy `sdl` a second time.
        guard let path = FontLocator.bundledFontPath() else {
            throw SDLError("font", message: "DejaVuSans.ttf not found (looked in $KINETIC_FONT, Assets/ and /usr/share/fonts)")
        }
        if SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND) != 0 { throw SDLError("SDL_SetRenderDrawBlendMode") }
        self.sdl = sdl
        self.scale = scale
        tess.scale = scale
        text = TextCache(renderer: sdl, fontPath: path)
    }

    /// Releases the cached text textures and fonts, then the SDL renderer. Call before the window
    /// or surface it draws to is destroyed and before SDL_ttf quits; calling it again does nothing.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        text.close()
        SDL_DestroyRenderer(sdl)
    }

    deinit { close() }

    /// Clears to the list's background and draws every item in z order.
    public func draw(_ list: DisplayList) {
        lastGeometryCalls = 0
        lastTriangles = 0
        guard !isClosed else { return }
        let bg = list.background.rgba8
        SDL_SetRenderDrawColor(sdl, bg.0, bg.1, bg.2, 255)
        SDL_RenderSetClipRect(sdl, nil)
        SDL_RenderClear(sdl)
        let items = list.items
        // Stable order by z without re-sorting when already ordered (the common case).
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: items.indices)
        var sorted = true
        for i in 1..<Swift.max(items.count, 1) where items[i - 1].z > items[i].z { sorted = false; break }
        if !sorted { order.sort { items[$0].z != items[$1].z ? items[$0].z < items[$1].z : $0 < $1 } }

        var i = 0
        while i < order.count {
            // A run: same z and same clip.
            let z = items[order[i]].z, clip = items[order[i]].clip
            var j = i
            while j < order.count, items[order[j]].z == z, items[order[j]].clip == clip { j += 1 }
            setClip(clip)
            tess.removeAll()
            for k in i..<j {
                switch items[order[k]].command {
                case let .fill(rect, radius, color, alpha, transform):
                    tess.addRoundedRect(rect, radius: radius, color: color, alpha: alpha, transform: transform)
                case let .stroke(points, closed, width, color):
                    tess.addStroke(points, closed: closed, width: width, color: color)
                case .text: break
                }
            }
            flushGeometry()
            for k in i..<j {
                if case let .text(s, frame, size, color, alignment, transform) = items[order[k]].command {
                    text.draw(s, frame: frame, size: size, color: color, alignment: alignment, transform: transform, scale: scale)
                }
            }
            i = j
        }
        SDL_RenderSetClipRect(sdl, nil)
        text.endFrame()
    }

    private func setClip(_ clip: Rect?) {
        guard let c = clip else { SDL_RenderSetClipRect(sdl, nil); return }
        var r = SDL_Rect(x: Int32((c.minX * scale).rounded(.down)), y: Int32((c.minY * scale).rounded(.down)),
                         w: Int32(Swift.max(0, (c.width * scale).rounded(.up))), h: Int32(Swift.max(0, (c.height * scale).rounded(.up))))
        SDL_RenderSetClipRect(sdl, &r)
    }

    private func flushGeometry() {
        guard !tess.isEmpty else { return }
        tess.vertices.withUnsafeBufferPointer { v in
            tess.indices.withUnsafeBufferPointer { ix in
                _ = SDL_RenderGeometry(sdl, nil, v.baseAddress, Int32(v.count), ix.baseAddress, Int32(ix.count))
            }
        }
        lastGeometryCalls += 1
        lastTriangles += tess.indices.count / 3
    }

    /// The exact width and height of `string` at `size` points, in points.
    public func measure(_ string: String, size: Double) -> Size {
        text.measure(string, size: size, scale: scale)
    }
}
