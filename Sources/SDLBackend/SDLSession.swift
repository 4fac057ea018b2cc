import Geometry

/// One run's SDL: starts SDL, SDL_ttf and SDL_image, makes the render targets, and releases
/// everything in dependency order on ``close()``.
///
/// The session's lifetime encloses its targets' SDL objects: ``close()`` closes every target it
/// made, newest first (each releases its cached text textures and fonts, then its renderer, then
/// its window or surface), and only then quits SDL_image, SDL_ttf and SDL. Call ``close()``
/// explicitly on every exit path: Swift may release locals before the end of their scope, and
/// the order in which a graph of objects is deinitialised is not something to rely on. The
/// deinit closes too, as a safety net.
public final class SDLSession {
    private var targets: [any RenderTarget] = []
    /// Whether ``close()`` has run (SDL is no longer running for this session).
    public private(set) var isClosed = false

    /// Starts SDL for `mode` (see ``SDLSystem/start(_:)``).
    public init(_ mode: SDLSystem.Mode) throws {
        try SDLSystem.start(mode)
    }

    /// An offscreen canvas of `size` points at `scale` pixels per point, closed with the session.
    public func makeCanvas(size: Size, scale: Double = 1) throws -> HeadlessCanvas {
        guard !isClosed else { throw SDLError("HeadlessCanvas", message: "the SDL session is closed") }
        let canvas = try HeadlessCanvas(size: size, scale: scale)
        targets.append(canvas)
        return canvas
    }

    /// A window (see ``AppWindow/init(title:size:vsync:)``), closed with the session.
    public func makeWindow(title: String, size: Size, vsync: Bool = true, extraScale: Double = 1) throws -> AppWindow {
        guard !isClosed else { throw SDLError("AppWindow", message: "the SDL session is closed") }
        let window = try AppWindow(title: title, size: size, vsync: vsync, extraScale: extraScale)
        targets.append(window)
        return window
    }

    /// Closes every target (newest first), then quits SDL_image, SDL_ttf and SDL. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for t in targets.reversed() { t.close() }
        targets.removeAll()
        SDLSystem.quit()
    }

    deinit { close() }
}
