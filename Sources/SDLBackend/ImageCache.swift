internal import CSDL2
import Geometry
import Drawing

/// The textures of image commands (``Drawing/DrawCommand/image(path:frame:cornerRadius:alpha:transform:)``),
/// one per file path: a PNG is decoded (``PNGImage``) and uploaded the first time a frame draws
/// it, and kept until ``forget(path:)`` (the host calls it when the file changes) or the
/// renderer closes.
///
/// A file that cannot be read or decoded is remembered as missing, so a scene that names one
/// draws its placeholder every frame without trying the file again each time.
///
/// Rounded corners are cut into a copy of the image's pixels (their alpha multiplied by the
/// rounded rectangle's coverage, in the image's own pixels, so a corner that is round on screen
/// is elliptical in a stretched image; a small image drawn large is copied larger first, so the
/// cut edge stays about a screen pixel wide): one such copy is kept per path, for the last
/// corner size asked, and made again when that size changes.
public final class ImageCache {
    /// A loaded image's texture and size.
    struct Texture {
        let texture: OpaquePointer
        /// Size in pixels.
        let width: Int, height: Int
    }

    /// Corner radii in the rounded copy's pixels, quantised (quarter pixels) so that the copy is
    /// not made again for a change nobody could see; how many times larger than the image the
    /// copy is; the cut edge's width, the copy's pixels.
    private struct Rounding: Equatable {
        var rx: Int, ry: Int, factor: Int, feather: Int
    }

    private struct Loaded {
        var image: PNGImage
        var plain: OpaquePointer
        var rounded: (rounding: Rounding, texture: OpaquePointer)?
    }

    private enum Entry {
        case loaded(Loaded)
        case missing
    }

    private let renderer: OpaquePointer
    private var entries: [String: Entry] = [:]
    private var isClosed = false
    /// How many times a file was read (a test checks that a missing file is read once, not every frame).
    public private(set) var fileReads = 0

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// Number of paths remembered, loaded or missing.
    public var count: Int { entries.count }

    /// Drops what is kept for `path` (its textures, or that it was missing), so the next frame
    /// that draws it reads the file again. Call it between frames (not while one is drawn).
    public func forget(path: String) {
        guard let e = entries.removeValue(forKey: path), case let .loaded(l) = e else { return }
        destroy(l)
    }

    /// Drops everything kept (a scene file was saved: its pictures may have changed too), so
    /// each image is read again when next drawn. Call it between frames.
    public func forgetAll() {
        for path in Array(entries.keys) { forget(path: path) }
    }

    /// Releases every texture. Called by the renderer before it destroys the SDL renderer.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        for e in entries.values { if case let .loaded(l) = e { destroy(l) } }
        entries.removeAll()
    }

    private func destroy(_ l: Loaded) {
        SDL_DestroyTexture(l.plain)
        if let r = l.rounded { SDL_DestroyTexture(r.texture) }
    }

    /// The texture of the image at `path`, with its corners cut round by `radius` points when
    /// `radius` > 0, for a frame `frame` points in size drawn at `pixelsPerPoint` (the feather of
    /// the cut edge is about one screen pixel); nil when the file cannot be read. `flush` is
    /// called before a texture the queued geometry may sample is destroyed.
    func texture(path: String, radius: Double, frame: Size, pixelsPerPoint: Double, flush: () -> Void) -> Texture? {
        guard !isClosed else { return nil }
        let loaded: Loaded
        switch entries[path] {
        case .missing: return nil
        case .loaded(let l): loaded = l
        case nil:
            guard let l = load(path) else { entries[path] = .missing; return nil }
            entries[path] = .loaded(l)
            loaded = l
        }
        let w = loaded.image.width, h = loaded.image.height
        let r = Swift.min(Swift.max(radius, 0), frame.width / 2, frame.height / 2)
        guard r > 0, frame.width > 0, frame.height > 0 else { return Texture(texture: loaded.plain, width: w, height: h) }
        // Image pixels per point along each axis, and per screen pixel.
        let kx = Double(w) / frame.width, ky = Double(h) / frame.height
        let perScreenPixel = Swift.max(kx, ky) / Swift.max(pixelsPerPoint, 1e-6)
        // A small image drawn large is copied `m` times larger (each pixel repeated), so that its
        // cut edge is about one screen pixel wide rather than one stretched image pixel; both in
        // powers of two, so a scale animation makes a new copy a few times, not every frame.
        var m = 1
        while Double(m) * perScreenPixel < 0.75 && m < 8 && w * h * m * m * 4 <= Self.roundedCopyLimit { m *= 2 }
        var feather = 1
        while Double(feather) * 1.5 < perScreenPixel * Double(m) && feather < 4096 { feather *= 2 }
        let want = Rounding(rx: Int(saturating: (r * kx * Double(m) * 4).rounded()), ry: Int(saturating: (r * ky * Double(m) * 4).rounded()),
                            factor: m, feather: feather)
        guard want.rx > 0, want.ry > 0 else { return Texture(texture: loaded.plain, width: w, height: h) }
        if let kept = loaded.rounded, kept.rounding == want { return Texture(texture: kept.texture, width: w * m, height: h * m) }
        var l = loaded
        if let old = l.rounded {
            flush()
            SDL_DestroyTexture(old.texture)
            l.rounded = nil
        }
        let pixels = Self.roundedCorners(l.image, factor: m, rx: Double(want.rx) / 4, ry: Double(want.ry) / 4, feather: Double(feather))
        guard let t = makeTexture(pixels, width: w * m, height: h * m) else {
            entries[path] = .loaded(l)
            return Texture(texture: l.plain, width: w, height: h) // square corners rather than nothing
        }
        l.rounded = (want, t)
        entries[path] = .loaded(l)
        return Texture(texture: t, width: w * m, height: h * m)
    }

    /// The most bytes a rounded copy enlarged for a small image may take (16 MB).
    static let roundedCopyLimit = 16 << 20

    private func load(_ path: String) -> Loaded? {
        fileReads += 1
        guard let image = try? PNGImage.load(path: path), image.width > 0, image.height > 0 else { return nil }
        let argb = image.rgba.withUnsafeBufferPointer { Self.argb($0, count: image.width * image.height) }
        guard let plain = makeTexture(argb, width: image.width, height: image.height) else { return nil }
        return Loaded(image: image, plain: plain, rounded: nil)
    }

    /// RGBA bytes as ARGB8888 words (straight alpha, what `SDL_BLENDMODE_BLEND` expects).
    private static func argb(_ rgba: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: count)
        for i in 0..<count {
            let j = i * 4
            out[i] = UInt32(rgba[j + 3]) << 24 | UInt32(rgba[j]) << 16 | UInt32(rgba[j + 1]) << 8 | UInt32(rgba[j + 2])
        }
        return out
    }

    /// The image's pixels (ARGB8888), each repeated `factor` × `factor` times, with each
    /// corner's alpha multiplied by the coverage of an ellipse of radii `rx` × `ry` pixels (of
    /// the copy), its edge `feather` pixels wide.
    static func roundedCorners(_ image: PNGImage, factor m: Int, rx: Double, ry: Double, feather: Double) -> [UInt32] {
        let source = image.rgba.withUnsafeBufferPointer { argb($0, count: image.width * image.height) }
        let w = image.width * m, h = image.height * m
        var out: [UInt32]
        if m == 1 {
            out = source
        } else {
            out = [UInt32](repeating: 0, count: w * h)
            for y in 0..<h {
                let row = (y / m) * image.width
                for x in 0..<w { out[y * w + x] = source[row + x / m] }
            }
        }
        // Only the corner boxes change (the feather reaches half its width outside the ellipse's box).
        let bx = Swift.min(w, Int((rx + feather).rounded(.up))), by = Swift.min(h, Int((ry + feather).rounded(.up)))
        for y in 0..<h where y < by || y >= h - by {
            for x in 0..<w where x < bx || x >= w - bx {
                // The pixel's centre relative to its corner's ellipse centre, folded to the top-left corner.
                let px = Swift.min(Double(x) + 0.5, Double(w) - Double(x) - 0.5)
                let py = Swift.min(Double(y) + 0.5, Double(h) - Double(y) - 0.5)
                let u = (px - rx) / rx, v = (py - ry) / ry
                guard u < 0, v < 0 else { continue }
                let d = (u * u + v * v).squareRoot()
                let gradient = ((u * u) / (rx * rx) + (v * v) / (ry * ry)).squareRoot()
                // Signed distance to the ellipse, pixels (first order: (d − 1) / |∇d|).
                let distance = gradient > 0 ? (d - 1) * d / gradient : -Swift.min(rx, ry)
                let coverage = Swift.min(1, Swift.max(0, 0.5 - distance / feather))
                guard coverage < 1 else { continue }
                let i = y * w + x
                let a = Double(out[i] >> 24) * coverage
                out[i] = out[i] & 0x00FF_FFFF | UInt32(a.rounded()) << 24
            }
        }
        return out
    }

    private func makeTexture(_ pixels: [UInt32], width: Int, height: Int) -> OpaquePointer? {
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(width), Int32(height)) else { return nil }
        let ok = pixels.withUnsafeBytes { SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(width * 4)) } == 0
        guard ok else { SDL_DestroyTexture(t); return nil }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        return t
    }
}
