internal import CSDL2
import Geometry
import Drawing

/// The textures of rasterized layers (``LayerContent``), Core Animation's backing stores.
///
/// A layer's content is drawn on the CPU (``LayerRasterizer``) at the display's pixel scale and
/// uploaded once; later frames composite the same pixels. It is drawn again only when its
/// version, size or rasterization scale changes. Only the part its commands touch is kept
/// (``LayerRasterizer/drawnRegion(of:scale:glyphs:)``): a window-wide chat row keeps its bubble.
/// Layers share atlas pages (so a screenful of cells is one geometry call); a layer whose kept
/// part has more than ``areaLimit`` pixels is not kept (the renderer draws it directly: drawing
/// and uploading a window-sized texture costs more than drawing its few commands each frame).
///
/// When every page is full, the page used least recently is emptied and its layers are drawn
/// again when next needed.
final class LayerCache {
    /// Where a layer's pixels are.
    struct Placement {
        /// Nil when the layer draws nothing (there is nothing to composite).
        let texture: OpaquePointer?
        /// Texture size in pixels (for texture coordinates).
        let textureWidth: Int, textureHeight: Int
        /// The kept pixels within the texture.
        let x: Int, y: Int, w: Int, h: Int
        /// Where the kept pixels start in the layer's whole image (``LayerRasterizer/pixelSize(of:scale:)``,
        /// padding included).
        let originX: Int, originY: Int
        /// Pixels per point the content was drawn at.
        let scale: Double
    }

    private struct Entry {
        var version: Int
        var size: Size
        var scale: Double
        var page: Int
        var texture: OpaquePointer?
        var textureWidth: Int, textureHeight: Int
        var slotW: Int, slotH: Int
        var x: Int, y: Int, w: Int, h: Int
        var originX = 0, originY = 0
        var lastUse: Int
    }

    private struct Page { let texture: OpaquePointer; var packer: ShelfPacker }

    let pageSize = 2048
    let maximumPages = 3
    /// Layers of more pixels than this (a 512-pixel square; a full-width list row fits) are not kept.
    let areaLimit = 512 * 512

    private let renderer: OpaquePointer
    private var pages: [Page] = []
    private var entries: [Int: Entry] = [:]
    /// Layers found too big to keep, by id: the version, size and scale that were (so a
    /// window-sized layer is measured once, not every frame).
    private var unkept: [Int: (version: Int, size: Size, scale: Double)] = [:]
    private var buffer = PixelBuffer(width: 0, height: 0)
    private var upload: [UInt32] = []
    private var frame = 0
    private var isClosed = false
    /// Layers drawn (rasterized and uploaded) during the current frame.
    private(set) var rasterizedThisFrame = 0

    init(renderer: OpaquePointer) { self.renderer = renderer }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        for p in pages { SDL_DestroyTexture(p.texture) }
        entries.removeAll()
        unkept.removeAll()
        pages.removeAll()
    }

    private func keeps(_ w: Int, _ h: Int) -> Bool { w <= pageSize && h <= pageSize && w * h <= areaLimit }

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
        if let u = unkept[content.id], u.version == content.version, u.size == content.size, u.scale == scale { return nil }
        unkept[content.id] = nil
        guard let region = LayerRasterizer.drawnRegion(of: content, scale: scale, glyphs: glyphs) else {
            // Nothing drawn: nothing to keep either (a slot it had stays its own until evicted).
            var e = entries[content.id] ?? Entry(version: 0, size: .zero, scale: 0, page: -1, texture: nil, textureWidth: 0,
                                                 textureHeight: 0, slotW: 0, slotH: 0, x: 0, y: 0, w: 0, h: 0, lastUse: frame)
            e.version = content.version; e.size = content.size; e.scale = scale
            e.w = 0; e.h = 0; e.lastUse = frame
            entries[content.id] = e
            return placement(e)
        }
        let w = region.width, h = region.height
        guard keeps(w, h) else {
            entries[content.id] = nil
            if unkept.count >= 256 { unkept.removeAll(keepingCapacity: true) } // ids of views long gone
            unkept[content.id] = (content.version, content.size, scale)
            return nil
        }
        LayerRasterizer.rasterize(content, scale: scale, glyphs: glyphs, region: region, into: &buffer)
        buffer.straightARGB(into: &upload)
        rasterizedThisFrame += 1

        var e: Entry
        if let old = entries[content.id], old.texture != nil, w <= old.slotW, h <= old.slotH {
            e = old // same slot: the new content fits
        } else {
            entries[content.id] = nil
            guard let fresh = allocate(w: w, h: h, flush: flush) else { return nil }
            e = fresh
        }
        e.version = content.version; e.size = content.size; e.scale = scale
        e.w = w; e.h = h; e.originX = region.x0; e.originY = region.y0; e.lastUse = frame
        var rect = SDL_Rect(x: Int32(e.x), y: Int32(e.y), w: Int32(w), h: Int32(h))
        upload.withUnsafeBytes { _ = SDL_UpdateTexture(e.texture, &rect, $0.baseAddress, Int32(w * 4)) }
        entries[content.id] = e
        return placement(e)
    }

    private func placement(_ e: Entry) -> Placement {
        Placement(texture: e.texture, textureWidth: e.textureWidth, textureHeight: e.textureHeight,
                  x: e.x, y: e.y, w: e.w, h: e.h, originX: e.originX, originY: e.originY, scale: e.scale)
    }

    private func allocate(w: Int, h: Int, flush: () -> Void) -> Entry? {
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
            var oldest = 0, oldestUse = Int.max
            for i in pages.indices {
                let use = entries.values.filter { $0.page == i }.map(\.lastUse).max() ?? 0
                if use < oldestUse { oldestUse = use; oldest = i }
            }
            entries = entries.filter { $0.value.page != oldest }
            pages[oldest].packer.reset()
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
