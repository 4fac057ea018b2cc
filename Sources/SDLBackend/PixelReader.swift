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
    /// The app writes to a temporary path of its own and hands the file to `AtomicFile.replace`,
    /// which keeps the mode, owner and hard links of a file it replaces.
    static func savePNG(_ renderer: OpaquePointer, to path: String) throws {
        let surface = try snapshot(renderer)
        defer { SDL_FreeSurface(surface) }
        try write(surface, to: path)
    }

    static func write(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws {
        let tmp = path + ".tmp-\(getpid())"
        // Under the global lock: SDL_image sets up its PNG writer on first use (see PNGImage).
        // SDL's message names the temporary file; the cause is errno's (the folder, a full disk).
        let saved = sdlGlobalState.withLock { _ in
            IMG_SavePNG(surface, tmp) == 0 ? nil
                : SDLError("IMG_SavePNG", message: String(cString: strerror(errno)).lowercased())
        }
        if let e = saved { unlink(tmp); throw e }
        // SDL_image reports success even when the disk filled up under it (the buffered bytes
        // are lost when the file closes): a PNG replaces nothing unless it is complete.
        guard isCompletePNG(tmp) else {
            unlink(tmp)
            throw SDLError("IMG_SavePNG", message: "the PNG came out incomplete (is the disk full?)")
        }
        if rename(tmp, path) != 0 {
            unlink(tmp)
            throw SDLError("rename", message: String(cString: strerror(errno)).lowercased())
        }
    }

    /// Whether the file at `path` is a whole PNG: the 8-byte signature first and the `IEND`
    /// chunk (length 0, type, CRC) last.
    static func isCompletePNG(_ path: String) -> Bool {
        guard let f = fopen(path, "rb") else { return false }
        defer { fclose(f) }
        var head = [UInt8](repeating: 0, count: 8), tail = [UInt8](repeating: 0, count: 12)
        guard fread(&head, 1, 8, f) == 8, head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              fseek(f, -12, SEEK_END) == 0, fread(&tail, 1, 12, f) == 12 else { return false }
        return tail[0..<8] == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44]
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
