internal import CSDL2
import Geometry
import Drawing

/// A resizable, HiDPI-aware window with a vsynced renderer. Call `SDLSystem.start(.windowed)` first
/// (or make it with ``SDLSession/makeWindow(title:size:vsync:)``, which also closes it in order).
/// ``close()`` releases the renderer (its textures and fonts first), then the window.
public final class AppWindow: RenderTarget {
    /// The smallest window every scene stays usable in (points): the cards scene's 350-pt card
    /// with room to scrub, the help card in two columns, the HUD collapsed. Also `--size`'s minimum.
    public static let minimumSize = Size(width: 640, height: 480)
    private let window: OpaquePointer
    private let sdlRenderer: OpaquePointer
    public let renderer: Renderer
    /// The window's size in points (window coordinates; pointer events use these).
    public private(set) var size: Size
    /// Whether presenting waits for the display's vertical blank (``setVSync(_:)``).
    public private(set) var vsync: Bool

    /// Window units (SDL's window coordinates, which pointer events use) per point: 1, or
    /// `extraScale` when the window renders more pixels per point than the platform gives.
    public let unitsPerPoint: Double

    /// Opens a window titled `title` of `size` points. `vsync` (default on) paces frames to the
    /// display. `extraScale` (1 or 2, default 1) multiplies the platform's pixels per point: at 2
    /// the window is twice `size` in window units and every point is drawn with twice the pixels,
    /// as on a Retina display, where the platform offers no HiDPI (Xvfb); pointer positions are
    /// divided back into points by ``unitsPerPoint``.
    public init(title: String, size: Size, vsync: Bool = true, extraScale: Double = 1) throws {
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        unitsPerPoint = extraScale
        guard let w = SDL_CreateWindow(title, KINETIC_WINDOWPOS_CENTERED, KINETIC_WINDOWPOS_CENTERED,
                                       Int32(size.width * extraScale), Int32(size.height * extraScale), flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        var rflags = SDL_RENDERER_ACCELERATED.rawValue
        if vsync { rflags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        // Fall back to the software renderer (e.g. under Xvfb without GL).
        guard let r = SDL_CreateRenderer(w, -1, rflags) ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let e = SDLError("display", message: "cannot draw in a window on this display (SDL_CreateRenderer: \(String(cString: SDL_GetError()))); "
                + "use --headless to render offscreen")
            SDL_DestroyWindow(w)
            throw e
        }
        window = w
        sdlRenderer = r
        self.vsync = vsync
        self.size = size
        do { renderer = try Renderer(sdl: r, scale: 1) } catch {
            SDL_DestroyRenderer(r); SDL_DestroyWindow(w)
            throw error
        }
        SDL_SetWindowMinimumSize(w, Int32(AppWindow.minimumSize.width * extraScale), Int32(AppWindow.minimumSize.height * extraScale))
        updateSize()
    }

    /// Whether ``close()`` has released the renderer and the window.
    public private(set) var isClosed = false

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        renderer.close()
        SDL_DestroyWindow(window)
    }

    deinit { close() }

    /// Re-reads the window and drawable sizes (after a resize) and updates the pixel scale.
    public func updateSize() {
        guard !isClosed else { return }
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        size = Size(width: Double(w) / unitsPerPoint, height: Double(h) / unitsPerPoint)
        renderer.scale = w > 0 ? Double(pw) / Double(w) * unitsPerPoint : unitsPerPoint
    }

    /// Sets the window title.
    public func setTitle(_ title: String) {
        guard !isClosed else { return }
        SDL_SetWindowTitle(window, title)
    }

    /// The display's refresh rate in Hz, or nil when SDL does not know it.
    public var refreshRate: Int? {
        guard !isClosed else { return nil }
        var mode = SDL_DisplayMode()
        let index = SDL_GetWindowDisplayIndex(window)
        guard index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Int(mode.refresh_rate)
    }

    /// Turns waiting for the vertical blank on or off. Where the display reports no refresh
    /// rate (Xvfb), SDL only simulates vsync, at 60 Hz, which would hold a `--refresh 144` window
    /// at 60 fps.
    public func setVSync(_ on: Bool) {
        guard !isClosed else { return }
        if SDL_RenderSetVSync(sdlRenderer, on ? 1 : 0) == 0 { vsync = on }
    }

    public func present() {
        guard !isClosed else { return }
        SDL_RenderPresent(sdlRenderer)
    }

    public func savePNG(to path: String) throws {
        guard !isClosed else { throw SDLError("savePNG", message: "the window is closed") }
        try PixelReader.savePNG(sdlRenderer, to: path)
    }

    public func pixel(x: Int, y: Int) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard !isClosed else { throw SDLError("pixel", message: "the window is closed") }
        return try PixelReader.pixel(sdlRenderer, x: x, y: y)
    }
}
