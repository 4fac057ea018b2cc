internal import CSDL2
import Geometry
import Drawing

/// An offscreen frame: a software renderer drawing onto an SDL surface (no display needed).
/// Call `SDLSystem.start(.headless)` first (or make it with ``SDLSession/makeCanvas(size:scale:)``,
/// which also closes it in order). ``close()`` releases the renderer (its textures and fonts
/// first), then the surface.
public final class HeadlessCanvas: RenderTarget {
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let sdlRenderer: OpaquePointer
    public let renderer: Renderer
    public let size: Size

    /// Creates a canvas of `size` points at `scale` pixels per point (default 1).
    public init(size: Size, scale: Double = 1) throws {
        let w = Int32((size.width * scale).rounded()), h = Int32((size.height * scale).rounded())
        guard w > 0, h > 0, w <= 16384, h <= 16384 else {
            throw SDLError("HeadlessCanvas", message: "size \(Int(saturating: size.width))x\(Int(saturating: size.height)) is out of range (1…16384)")
        }
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw SDLError("SDL_CreateSoftwareRenderer")
        }
        surface = s
        sdlRenderer = r
        self.size = size
        do { renderer = try Renderer(sdl: r, scale: scale) } catch {
            SDL_DestroyRenderer(r); SDL_FreeSurface(s)
            throw error
        }
    }

    /// Whether ``close()`` has released the renderer and the surface.
    public private(set) var isClosed = false

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        renderer.close()
        SDL_FreeSurface(surface)
    }

    deinit { close() }

    public func present() {
        guard !isClosed else { return }
        SDL_RenderPresent(sdlRenderer)
    }

    public func savePNG(to path: String) throws {
        guard !isClosed else { throw SDLError("savePNG", message: "the canvas is closed") }
        SDL_RenderFlush(sdlRenderer)
        try PixelReader.write(surface, to: path)
    }

    /// Writes the pixels of `region` (pixels, within the frame) of the frame just drawn as a PNG
    /// file: a view into the frame, not a copy.
    public func savePNG(to path: String, region: (x: Int, y: Int, width: Int, height: Int)) throws {
        guard !isClosed else { throw SDLError("savePNG", message: "the canvas is closed") }
        SDL_RenderFlush(sdlRenderer)
        let s = surface.pointee
        guard region.x >= 0, region.y >= 0, region.width > 0, region.height > 0,
              region.x + region.width <= Int(s.w), region.y + region.height <= Int(s.h), let pixels = s.pixels else {
            throw SDLError("savePNG", message: "the region \(region) is not within the \(s.w)×\(s.h) frame")
        }
        let start = pixels.advanced(by: region.y * Int(s.pitch) + region.x * 4)
        guard let view = SDL_CreateRGBSurfaceWithFormatFrom(start, Int32(region.width), Int32(region.height), 32, s.pitch,
                                                            s.format.pointee.format) else { throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom") }
        defer { SDL_FreeSurface(view) }
        try PixelReader.write(view, to: path)
    }

    /// Calls `body` with the frame just drawn: its pixels as BGRA bytes in memory order (SDL's
    /// ARGB8888 on a little-endian machine), `pitch` bytes per row, and its size in pixels.
    /// Valid only inside `body` (video encoding reads each frame this way, without copying).
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer, _ pitch: Int, _ width: Int, _ height: Int) throws -> R) throws -> R {
        guard !isClosed else { throw SDLError("withPixels", message: "the canvas is closed") }
        SDL_RenderFlush(sdlRenderer)
        let s = surface.pointee
        let pitch = Int(s.pitch), h = Int(s.h)
        return try body(UnsafeRawBufferPointer(start: s.pixels, count: pitch * h), pitch, Int(s.w), h)
    }

    public func pixel(x: Int, y: Int) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard !isClosed else { throw SDLError("pixel", message: "the canvas is closed") }
        SDL_RenderFlush(sdlRenderer)
        return try PixelReader.pixel(sdlRenderer, x: x, y: y)
    }
}
