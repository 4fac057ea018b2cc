internal import CSDL2
import Geometry
import Drawing

/// The textures of rasterized layers (``LayerContent``), Core Animation's backing stores.
///
/// A layer's content is drawn on the CPU (``LayerRasterizer``) at the display's pixel scale and
/// uploaded once; later frames composite the same pixels. It is drawn again only when its
/// version, size or rasterization scale changes. Layers up to ``atlasLimit`` pixels a side share
/// atlas pages (so a screenful of cells is one geometry call); bigger ones get a texture of
/// their own, kept when they shrink and grown in steps of 64 pixels.
///
/// When every page is full, pages are emptied and the layers on screen are drawn again (once).
/// Entries of layers not drawn for ``maximumIdleFrames`` frames are dropped when a page empties.
final class LayerCache {
    /// Where a layer's pixels are.
    struct Placement {
        let texture: OpaquePointer
        /// Texture size in pixels (for texture coordinates).
        let textureWidth: Int, textureHeight: Int
        /// The content's pixels within the texture.
        let x: Int, y: Int, w: Int, h: Int
        /// Pixels per point the content was drawn at.
        let scale: Double
    }

    private struct Entry {
        var version: Int
        var size: Size
        var scale: Double
        var page: Int      // -1: own texture
        var texture: OpaquePointer
        var textureWidth: Int, textureHeight: Int
        var slotW: Int, slotH: Int
        var x: Int, y: Int, w: Int, h: Int
        var lastUse: Int
    }

    private struct Page { let texture: OpaquePointer; var packer: ShelfPacker }

    let pageSize = 2048
    let maximumPages = 3
    /// Layers bigger than this (pixels, either side) get their own texture.
    let atlasLimit = 512
    let maximumIdleFrames = 120

    private let renderer: OpaquePointer
    private var pages: [Page] = []
    private var entries: [Int: Entry] = [:]
    private var buffer = PixelBuffer(width: 0, height: 0)
    private var upload: [UInt32] = []
    private var frame = 0
    private var isClosed = false
    /// Layers drawn (rasterized and uploaded) during the current frame, and in total.
    private(set) var rasterizedThisFrame = 0, rasterizedTotal = 0
    /// Whether a page filled up during this frame (the renderer flushed and the cache emptied pages).
    private(set) var evictions = 0

    init(renderer: OpaquePointer) { self.renderer = renderer }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        for e in entries.values where e.page < 0 { SDL_DestroyTexture(e.texture) }
        for p in pages { SDL_DestroyTexture(p.texture) }
        entries.removeAll()
        pages.removeAll()
    }

    /// Number of layers with pixels in the cache.
    var count: Int { entries.count }

    /// Starts a frame's bookkeeping.
    func beginFrame() {
        frame += 1
        rasterizedThisFrame = 0
    }

    /// The pixels of `content` at `scale` pixels per point, drawing them if needed. `flush` is
    /// called before a page is emptied, so geometry already queued from it is drawn first.
    func placement(for content: LayerContent, scale: Double, glyphs: GlyphRasterizing, flush: () -> Void) -> Placement? {
        guard !isClosed, content.size.width > 0, content.size.height > 0 else { return nil }
        if var e = entries[content.id], e.version == content.version, e.size == content.size, e.scale == scale {
            e.lastUse = frame
            entries[content.id] = e
            return placement(e)
        }
        let (w, h) = LayerRasterizer.pixelSize(of: content.size, scale: scale)
        guard w <= 8192, h <= 8192 else { return nil }
        LayerRasterizer.rasterize(content, scale: scale, glyphs: glyphs, into: &buffer)
        buffer.straightARGB(into: &upload)
        rasterizedThisFrame += 1
        rasterizedTotal += 1

        var e: Entry
        if let old = entries[content.id], w <= old.slotW, h <= old.slotH {
            e = old // same slot: the new content fits
        } else {
            if let old = entries[content.id], old.page < 0 { SDL_DestroyTexture(old.texture) }
            entries[content.id] = nil
            guard let fresh = allocate(w: w, h: h, flush: flush) else { return nil }
            e = fresh
        }
        e.version = content.version; e.size = content.size; e.scale = scale
        e.w = w; e.h = h; e.lastUse = frame
        var rect = SDL_Rect(x: Int32(e.x), y: Int32(e.y), w: Int32(w), h: Int32(h))
        upload.withUnsafeBytes { _ = SDL_UpdateTexture(e.texture, &rect, $0.baseAddress, Int32(w * 4)) }
        entries[content.id] = e
        return placement(e)
    }

    private func placement(_ e: Entry) -> Placement {
        Placement(texture: e.texture, textureWidth: e.textureWidth, textureHeight: e.textureHeight,
                  x: e.x, y: e.y, w: e.w, h: e.h, scale: e.scale)
    }

    private func allocate(w: Int, h: Int, flush: () -> Void) -> Entry? {
        if w > atlasLimit || h > atlasLimit {
            let tw = (w + 63) / 64 * 64, th = (h + 63) / 64 * 64
            guard let t = makeTexture(width: tw, height: th) else { return nil }
            return Entry(version: 0, size: .zero, scale: 0, page: -1, texture: t, textureWidth: tw, textureHeight: th,
                         slotW: tw, slotH: th, x: 0, y: 0, w: w, h: h, lastUse: frame)
        }
        for attempt in 0..<2 {
            for i in pages.indices {
                if let p = pages[i].packer.insert(width: w, height: h) {
                    return Entry(version: 0, size: .zero, scale: 0, page: i, texture: pages[i].texture, textureWidth: pageSize,
                                 textureHeight: pageSize, slotW: w, slotH: h, x: p.x, y: p.y, w: w, h: h, lastUse: frame)
                }
            }
            if pages.count < maximumPages, let t = makeTexture(width: pageSize, height: pageSize) {
                pages.append(Page(texture: t, packer: ShelfPacker(width: pageSize, height: pageSize, gap: 2)))
                continue
            }
            guard attempt == 0 else { break }
            // Every page is full: draw what is queued, then empty the page whose layers were used
            // least recently (its layers are drawn again when next needed).
            flush()
            evictions += 1
            var oldest = 0, oldestUse = Int.max
            for i in pages.indices {
                let use = entries.values.filter { $0.page == i }.map(\.lastUse).max() ?? 0
                if use < oldestUse { oldestUse = use; oldest = i }
            }
            entries = entries.filter { $0.value.page != oldest }
            pages[oldest].packer.reset()
            // Own textures of layers long gone.
            let cutoff = frame - maximumIdleFrames
            for (k, e) in entries where e.page < 0 && e.lastUse < cutoff {
                SDL_DestroyTexture(e.texture)
                entries[k] = nil
            }
        }
        return nil
    }

    private func makeTexture(width: Int, height: Int) -> OpaquePointer? {
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(width), Int32(height)) else { return nil }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        return t
    }
}
