internal import CSDL2

/// A PNG file decoded in process with SDL2_image: its size and RGBA pixels.
///
/// Needs no running SDL (no `SDLSystem.start`), so tests and tools can check a screenshot's pixels
/// without an external program. Loads go through the same process-wide lock as SDL's start and
/// quit, because SDL_image initialises its PNG loader on first use.
public struct PNGImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Four bytes a pixel (red, green, blue, alpha), rows top to bottom, no padding.
    public let rgba: [UInt8]

    /// Decodes the PNG at `path`; throws an ``SDLError`` carrying SDL_image's explanation.
    public static func load(path: String) throws -> PNGImage {
        try sdlGlobalState.withLock { _ in
            guard let loaded = IMG_Load(path) else { throw SDLError("IMG_Load(\(path))") }
            defer { SDL_FreeSurface(loaded) }
            guard let s = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
                throw SDLError("SDL_ConvertSurfaceFormat(\(path))")
            }
            defer { SDL_FreeSurface(s) }
            if kinetic_MUSTLOCK(s) != 0, SDL_LockSurface(s) != 0 { throw SDLError("SDL_LockSurface(\(path))") }
            defer { if kinetic_MUSTLOCK(s) != 0 { SDL_UnlockSurface(s) } }
            let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
            guard let base = s.pointee.pixels else { throw SDLError("IMG_Load(\(path))", message: "no pixels") }
            var out = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                let row = base.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let v = row[x], i = (y * w + x) * 4
                    out[i] = UInt8(truncatingIfNeeded: v >> 16)
                    out[i + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    out[i + 2] = UInt8(truncatingIfNeeded: v)
                    out[i + 3] = UInt8(truncatingIfNeeded: v >> 24)
                }
            }
            return PNGImage(width: w, height: h, rgba: out)
        }
    }

    /// The pixel at (`x`, `y`); nil outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
