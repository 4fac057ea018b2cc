import Geometry
import Drawing

/// Somewhere a frame is drawn: a window on screen or a headless surface.
public protocol RenderTarget: AnyObject {
    /// Draws display lists.
    var renderer: Renderer { get }
    /// The drawable size in points (window coordinates).
    var size: Size { get }
    /// Waits until the frame drawn so far is complete (``Renderer/finish()``), so that
    /// ``present()`` only shows it.
    func finishDrawing()
    /// Shows the frame just drawn (a window waits for vsync here).
    func present()
    /// Writes the frame just drawn as a PNG file (call after drawing, before ``present()``).
    func savePNG(to path: String) throws
    /// The colour of the pixel at (`x`, `y`) pixels of the frame just drawn (for tests).
    func pixel(x: Int, y: Int) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    /// Releases the SDL objects in dependency order: the renderer's cached textures and fonts,
    /// the renderer, then the window or surface. Afterwards the target draws nothing; calling it
    /// again does nothing. Must run before SDL quits (``SDLSession/close()`` sees to that).
    func close()
}

extension RenderTarget {
    /// A window and a headless canvas alike finish with their renderer (``Renderer/finish()``).
    public func finishDrawing() { renderer.finish() }
}
