internal import CSDL2

/// Reads back what an SDL renderer drew, for PNG capture and tests.
enum PixelReader {
    /// Copies the renderer's current output into a new ARGB8888 surface (caller frees it).
    static func snapshot(_ renderer: OpaquePointer) throws -> UnsafeMutablePointer<SDL_Surface> {
        var w: Int32 = 0, h: Int32 = 0
        if SDL_GetRendererOutputSize(renderer, &w, &h) != 0 { throw SDLError("SDL_GetRendererOutputSize") }
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format) else { throw SDLError("SDL_CreateRGBSurfaceWithFormat") }
        if SDL_RenderReadPixels(renderer, nil, format, surface.pointee.pixels, surface.pointee.pitch) != 0 {
            SDL_FreeSurface(surface)
            throw SDLError("SDL_RenderReadPixels")
        }
        return surface
    }

    /// Writes the renderer's output to `path` as PNG, atomically (temporary file, then rename).
    static func savePNG(_ renderer: OpaquePointer, to path: String) throws {
        let surface = try snapshot(renderer)
        defer { SDL_FreeSurface(surface) }
        try write(surface, to: path)
    }

    static func write(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws {
        let tmp = path + ".tmp-\(getpid())"
        // Under the global lock: SDL_image sets up its PNG writer on first use (see PNGImage).
        let saved = sdlGlobalState.withLock { _ in IMG_SavePNG(surface, tmp) == 0 ? nil : SDLError("IMG_SavePNG(\(path))") }
        if let e = saved { throw e }
        if rename(tmp, path) != 0 {
            unlink(tmp)
            throw SDLError("rename", message: "cannot write \(path)")
        }
    }

    static func pixel(_ renderer: OpaquePointer, x: Int, y: Int) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: 1, h: 1)
        var value: UInt32 = 0
        if SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, &value, 4) != 0 {
            throw SDLError("SDL_RenderReadPixels")
        }
        return (UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF), UInt8(value >> 24))
    }
}

#if canImport(Glibc)
import Glibc
#endif
