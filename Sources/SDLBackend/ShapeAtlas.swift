internal import CSDL2
import Geometry
import Drawing

/// Coverage textures for the shapes drawn straight to the screen: a white block (solid areas),
/// rounded-corner masks (one per radius, nine-sliced), whole small shapes (when the corners would
/// meet) and blurred shadow images. All are white with the coverage in alpha, so the vertex
/// colour tints them, and all are computed analytically (``Coverage``), so corners are round and
/// evenly anti-aliased at any scale.
///
/// Corner masks and small shapes share one atlas texture, so a run of fills is one geometry
/// call. When the atlas is full ``slot(corner:)`` and ``slot(stamp:height:radius:)`` return nil;
/// the renderer flushes what it queued, calls ``reset()`` and asks again.
final class ShapeAtlas {
    /// A rectangle of the atlas, in pixels.
    struct Slot { var x: Int, y: Int, w: Int, h: Int }
    /// A shadow image: `size × size` pixels, nine-sliced with corner tiles of `tile` pixels,
    /// ``ShapeAtlas/shadowMiddle`` uniform middle rows and columns between them, and `extent`
    /// pixels of blur outside the shape's edge.
    struct ShadowImage { let texture: OpaquePointer; let size: Int; let tile: Int; let extent: Int }
    private struct StampKey: Hashable { let w: Int, h: Int, r: Int, fx: Int, fy: Int, margin: Int }
    /// An exact stamp asked for at a pixel of the target.
    private struct PlacedStamp: Hashable { let key: StampKey, x: Int, y: Int }
    private struct ShadowKey: Hashable { let r: Int, sigma: Int }
    private struct WholeShadowKey: Hashable { let w: Int, h: Int, r: Int, sigma: Int, argb: UInt32 }

    let size = 1024
    private let renderer: OpaquePointer
    private(set) var texture: OpaquePointer?
    private var packer: ShelfPacker
    private var corners: [Int: Slot] = [:]
    private var stamps: [StampKey: Slot] = [:]
    private var shadows: [ShadowKey: ShadowImage] = [:]
    private var wholeShadows: [WholeShadowKey: (slot: Slot, offsetX: Int, offsetY: Int)] = [:]
    private var upload: [UInt32] = []
    /// The inner 2×2 pixels of a 4×4 white block: sampled for solid areas.
    let white = Slot(x: 1, y: 1, w: 2, h: 2)
    /// How many times the atlas filled up and was emptied (for tests).
    private(set) var resets = 0
    /// Exact stamps asked for and not yet made, with where, this frame and the one before
    /// (``mayMakeStamp(_:height:radius:offsetX:offsetY:at:_:)``), and this frame's in the order
    /// asked (the drawing order: which are made first does not depend on hashing).
    private var askedNow: Set<PlacedStamp> = [], askedBefore: Set<PlacedStamp> = []
    private var askedInOrder: [PlacedStamp] = []
    /// At most this many a frame: when a pile lands, a dozen circles came to rest in one frame,
    /// and their uploads took 5 ms of it; the rest wait a frame or two, drawn as before.
    static let settledStampsPerFrame = 4

    /// `software`: SDL rasterizes on the CPU, where stretching the white block with linear
    /// filtering costs several times a nearest copy and buys nothing (masks land on whole pixels).
    init(renderer: OpaquePointer, software: Bool) {
        self.renderer = renderer
        packer = ShelfPacker(width: size, height: size, gap: 2)
        texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                    Int32(size), Int32(size))
        if let t = texture {
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(t, software ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        }
        reset()
    }

    /// Destroys the textures; call before the SDL renderer goes.
    func close() {
        if let t = texture { SDL_DestroyTexture(t) }
        texture = nil
        for s in shadows.values { SDL_DestroyTexture(s.texture) }
        shadows.removeAll()
        corners.removeAll()
        stamps.removeAll()
    }

    /// Empties the atlas, keeping only the white block.
    func reset() {
        packer.reset()
        corners.removeAll(keepingCapacity: true)
        stamps.removeAll(keepingCapacity: true)
        wholeShadows.removeAll(keepingCapacity: true)
        resets += 1
        _ = packer.insert(width: 4, height: 4)
        put(Slot(x: 0, y: 0, w: 4, h: 4), coverage: { _, _ in 1 })
    }

    /// Starts a frame: makes the exact stamps of shapes that stood at the same pixel in the last
    /// two frames (``settledStampsPerFrame`` at most, in the order they were asked for), before
    /// the frame draws anything. Made while drawing, each upload to the atlas the frame already
    /// drew from made llvmpipe finish the frame so far first: when the stress pile settled at
    /// 2560 × 1440, frames with four took 16–19 ms instead of 10.
    func beginFrame() {
        var made = 0
        for placed in askedInOrder where askedBefore.contains(placed) && stamps[placed.key] == nil {
            guard made < Self.settledStampsPerFrame else { break }
            let k = placed.key
            guard slot(stamp: k.w, height: k.h, radius: k.r, offsetX: k.fx, offsetY: k.fy) != nil else { break }
            made += 1
        }
        swap(&askedNow, &askedBefore)
        askedNow.removeAll(keepingCapacity: true)
        askedInOrder.removeAll(keepingCapacity: true)
    }

    /// The mask of a top-left corner of radius `key` / 4 pixels: `ceil(r) × ceil(r)` pixels.
    func slot(corner key: Int) -> Slot? {
        if let s = corners[key] { return s }
        let r = Double(key) / 4
        let n = Int(saturating: r.rounded(.up))
        guard let p = packer.insert(width: n, height: n) else { return nil }
        let s = Slot(x: p.x, y: p.y, w: n, h: n)
        put(s) { x, y in
            Coverage.roundedRect(px: x, py: y, minX: 0, minY: 0, maxX: Double(4 * n + 4), maxY: Double(4 * n + 4), radius: r)
        }
        corners[key] = s
        return s
    }

    /// Stamps are keyed in 1/16 pixels: a shape is off by at most 1/32 pixel.
    static let stampQuantum = 16

    /// A whole rounded rectangle of `w × h` and radius `r`, placed `(fx, fy)` from the slot's
    /// top-left corner (all in 1/``stampQuantum`` pixels), for shapes too small to nine-slice
    /// (their corners meet, as in a circle), with `margin` clear pixels past its right and bottom
    /// edges (a turned stamp, sampled bilinearly, needs clear texels all round).
    func slot(stamp w: Int, height h: Int, radius r: Int, offsetX fx: Int, offsetY fy: Int, margin: Int = 0) -> Slot? {
        let key = StampKey(w: w, h: h, r: r, fx: fx, fy: fy, margin: margin)
        if let s = stamps[key] { return s }
        let q = Double(Self.stampQuantum)
        let ox = Double(fx) / q, oy = Double(fy) / q
        let fw = Double(w) / q, fh = Double(h) / q, fr = Double(r) / q
        let pw = Int(saturating: (ox + fw).rounded(.up)) + margin, ph = Int(saturating: (oy + fh).rounded(.up)) + margin
        guard let p = packer.insert(width: pw, height: ph) else { return nil }
        let s = Slot(x: p.x, y: p.y, w: pw, h: ph)
        put(s) { x, y in Coverage.roundedRect(px: x, py: y, minX: ox, minY: oy, maxX: ox + fw, maxY: oy + fh, radius: fr) }
        stamps[key] = s
        return s
    }

    /// Whether an exact stamp (no margin) is in the atlas. When it is not, the shape is drawn
    /// another way this frame, and its key and pixel `(x, y)` are remembered: asked for at the
    /// same pixel in two frames running, its shape stands still, and ``beginFrame()`` makes the
    /// stamp. (The key alone would not do: 250 falling circles of a few sizes share fractions of
    /// a pixel from frame to frame, and their stamps were made by the hundred.) A moving shape
    /// asks for a new one every frame (its fraction of a pixel changes), and each would be drawn
    /// on the CPU and uploaded: the stress demo's 250 falling circles asked for about 250 a
    /// frame, which held its first second at 30 fps at 2560×1440.
    func mayMakeStamp(_ w: Int, height h: Int, radius r: Int, offsetX fx: Int, offsetY fy: Int, at x: Int, _ y: Int) -> Bool {
        let key = StampKey(w: w, h: h, r: r, fx: fx, fy: fy, margin: 0)
        if stamps[key] != nil { return true }
        let placed = PlacedStamp(key: key, x: x, y: y)
        if askedNow.insert(placed).inserted { askedInOrder.append(placed) }
        return false
    }

    /// The largest shape (pixels a side) whose shadow is kept whole in the atlas.
    static let wholeShadowLimit = 192

    /// The whole shadow of a `w × h`-pixel rounded rectangle of radius `r` / 4 pixels blurred by
    /// a Gaussian of standard deviation `sigma` / 4 pixels, with up to 3σ (rounded up) pixels of
    /// blur on every side, in the atlas, already in its colour `color` (its alpha, the shadow's
    /// opacity, in steps of 1/32): composited one-to-one and untinted, a shadow is one plain
    /// blended blit in the software renderer, where the nine tinted slices of
    /// ``shadow(radius:sigma:)`` go through SDL's slower modulating copies (a lifted flock of 100
    /// cells spent ~5 ms a frame on them). The image keeps only the rows and columns with a
    /// texel that is not clear, since a clear texel blended changes nothing (a lift shadow of
    /// radius 10 at opacity 0.45 loses 2 of its 15 pixels of blur a side, a tenth of its
    /// pixels); `offsetX` and `offsetY` are how far the slot's top-left corner lies left of and
    /// above the shape's. Nil when the shape is larger than ``wholeShadowLimit`` or the atlas is
    /// full; a slot of no size when every texel is clear.
    func slot(shadowWidth w: Int, height h: Int, radius r: Int, sigma: Int, color: Color) -> (slot: Slot, offsetX: Int, offsetY: Int)? {
        guard w > 0, h > 0, w <= Self.wholeShadowLimit, h <= Self.wholeShadowLimit else { return nil }
        let q = color.rgba8
        let opacity = (Double(q.3) / 255 * 32).rounded() / 32
        let rgb = UInt32(q.0) << 16 | UInt32(q.1) << 8 | UInt32(q.2)
        let key = WholeShadowKey(w: w, h: h, r: r, sigma: sigma, argb: UInt32(clamping: Int(saturating: (opacity * 255).rounded())) << 24 | rgb)
        if let s = wholeShadows[key] { return s }
        let image = Self.shadowAlpha(width: w, height: h, radius: r, sigma: sigma, opacity: opacity)
        let b = image.kept
        guard b.w > 0, b.h > 0 else {
            let none = (slot: Slot(x: 0, y: 0, w: 0, h: 0), offsetX: 0, offsetY: 0)
            wholeShadows[key] = none
            return none
        }
        guard let p = packer.insert(width: b.w, height: b.h) else { return nil }
        let s = Slot(x: p.x, y: p.y, w: b.w, h: b.h)
        putPixels(s) { x, y in UInt32(image.alpha[(y + b.y) * image.width + x + b.x]) << 24 | rgb }
        let placed = (slot: s, offsetX: image.extent - b.x, offsetY: image.extent - b.y)
        wholeShadows[key] = placed
        return placed
    }

    /// A whole shadow's alpha (``slot(shadowWidth:height:radius:sigma:color:)``), 0–255, on a
    /// `width` × `height` grid: the shape of `w × h` pixels `extent` (3σ, rounded up) pixels in
    /// from each side, blurred, times `opacity`; and `kept`, the smallest rectangle of the grid
    /// holding every texel that is not 0 (of no size when none is).
    static func shadowAlpha(width w: Int, height h: Int, radius r: Int, sigma: Int, opacity: Double)
        -> (alpha: [UInt8], width: Int, extent: Int, kept: Slot) {
        let sp = max(Double(sigma) / 4, 0.25)
        let extent = Int(saturating: (3 * sp).rounded(.up))
        let W = w + 2 * extent, H = h + 2 * extent
        let rp = min(Double(r) / 4, Double(min(w, h)) / 2)
        let e = Double(extent)
        let a = blurredRoundedRect(width: W, height: H, shape: Rect(x: e, y: e, width: Double(w), height: Double(h)), radius: rp, sigma: sp)
        var alpha = [UInt8](repeating: 0, count: W * H)
        var x0 = W, y0 = H, x1 = -1, y1 = -1
        for y in 0..<H {
            for x in 0..<W {
                let v = UInt8(clamping: Int(saturating: (a[y * W + x] * opacity * 255).rounded()))
                alpha[y * W + x] = v
                if v != 0 { x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y) }
            }
        }
        let kept = x1 < 0 ? Slot(x: 0, y: 0, w: 0, h: 0) : Slot(x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1)
        return (alpha, W, extent, kept)
    }

    /// Texels between a shadow image's corner tiles, all alike across the middle. The edge
    /// slices sample from the centre of the first to the centre of the last, a source two
    /// texels wide: SDL's software renderer turns an axis-aligned textured quad into a copy of
    /// the source rectangle `Int(u * size)`…, and a one-texel range (u = tile/size…(tile+1)/size)
    /// truncated to zero width there, so it filled the edge with the flat tint instead.
    static let shadowMiddle = 3

    /// The shadow of a rounded rectangle with corner radius `r` / 4 pixels blurred by a
    /// Gaussian of standard deviation `sigma` / 4 pixels.
    func shadow(radius r: Int, sigma: Int) -> ShadowImage? {
        let key = ShadowKey(r: r, sigma: sigma)
        if let s = shadows[key] { return s }
        let rp = Double(r) / 4, sp = max(Double(sigma) / 4, 0.25)
        let extent = Int(saturating: (3 * sp).rounded(.up))
        let m = Int(saturating: rp.rounded(.up)) + extent
        let tile = extent + m
        let n = 2 * tile + Self.shadowMiddle
        guard n <= 4096 else { return nil }
        let lo = Double(extent), hi = Double(n - extent)
        let a = Self.blurredRoundedRect(width: n, height: n, shape: Rect(x: lo, y: lo, width: hi - lo, height: hi - lo),
                                        radius: rp, sigma: sp)
        guard let tex = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                          Int32(n), Int32(n)) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
        upload.removeAll(keepingCapacity: true)
        for v in a { upload.append(Self.white(alpha: v)) }
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(n), h: Int32(n))
        upload.withUnsafeBytes { _ = SDL_UpdateTexture(tex, &rect, $0.baseAddress, Int32(n * 4)) }
        let s = ShadowImage(texture: tex, size: n, tile: tile, extent: extent)
        shadows[key] = s
        return s
    }

    /// A `width × height`-pixel image of the rounded rectangle `shape` (pixels, radius `radius`):
    /// exact coverage (``Coverage``), blurred by a separable Gaussian of standard deviation
    /// `sigma` pixels (kernel ±3σ), row-major, 0…1. Both kinds of shadow image are made from it.
    private static func blurredRoundedRect(width W: Int, height H: Int, shape: Rect, radius: Double, sigma: Double) -> [Double] {
        var a = [Double](repeating: 0, count: W * H)
        for y in 0..<H { for x in 0..<W {
            a[y * W + x] = Coverage.roundedRect(px: x, py: y, minX: shape.minX, minY: shape.minY, maxX: shape.maxX, maxY: shape.maxY,
                                                radius: radius)
        } }
        let k = Int(saturating: (3 * sigma).rounded(.up))
        var kernel = (-k...k).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var b = [Double](repeating: 0, count: W * H)
        for y in 0..<H { for x in 0..<W {
            var v = 0.0
            for i in -k...k where x + i >= 0 && x + i < W { v += a[y * W + x + i] * kernel[i + k] }
            b[y * W + x] = v
        } }
        for y in 0..<H { for x in 0..<W {
            var v = 0.0
            for i in -k...k where y + i >= 0 && y + i < H { v += b[(y + i) * W + x] * kernel[i + k] }
            a[y * W + x] = v
        } }
        return a
    }

    private static func white(alpha v: Double) -> UInt32 {
        UInt32(clamping: min(max(Int(saturating: (v * 255).rounded()), 0), 255)) << 24 | 0x00FF_FFFF
    }

    private func put(_ s: Slot, coverage: (Int, Int) -> Double) {
        putPixels(s) { x, y in Self.white(alpha: coverage(x, y)) }
    }

    /// Uploads `s`'s pixels, ARGB8888 (straight alpha) from `pixel`.
    private func putPixels(_ s: Slot, pixel: (Int, Int) -> UInt32) {
        guard let t = texture else { return }
        upload.removeAll(keepingCapacity: true)
        for y in 0..<s.h { for x in 0..<s.w { upload.append(pixel(x, y)) } }
        var rect = SDL_Rect(x: Int32(s.x), y: Int32(s.y), w: Int32(s.w), h: Int32(s.h))
        upload.withUnsafeBytes { _ = SDL_UpdateTexture(t, &rect, $0.baseAddress, Int32(s.w * 4)) }
    }
}
