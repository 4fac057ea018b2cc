import Testing
import Geometry
@testable import Drawing

/// The image command (issue 40's image layers) through Drawing's own handling of commands:
/// fading, bounds, validity, a layer's window coordinates, and a rasterized layer leaving it out.
@Suite struct ImageCommandTests {
    let frame = Rect(x: 10, y: 20, width: 40, height: 30)

    func image(alpha: Double = 1, transform: AffineTransform = .identity) -> DrawCommand {
        .image(path: "/tmp/x.png", frame: frame, cornerRadius: 6, alpha: alpha, transform: transform)
    }

    @Test func fadingMultipliesItsAlpha() {
        #expect(image(alpha: 0.8).fading(0.5) == image(alpha: 0.4))
    }

    @Test func boundsHoldTheTransformedFrame() {
        #expect(image().bounds == frame.insetBy(dx: -1, dy: -1))
        // A quarter turn about the centre (30, 35): 30 wide, 40 tall.
        let b = image(transform: AffineTransform(rotationAngle: .pi / 2)).bounds
        #expect(abs(b.width - 32) < 1e-9 && abs(b.height - 42) < 1e-9 && abs(b.midX - 30) < 1e-9 && abs(b.midY - 35) < 1e-9)
    }

    @Test func nonFiniteNumbersAreNotDrawable() {
        #expect(image().isDrawable)
        #expect(!image(alpha: .nan).isDrawable)
        #expect(!DrawCommand.image(path: "/x.png", frame: Rect(x: .infinity, y: 0, width: 1, height: 1), cornerRadius: 0, alpha: 1,
                                   transform: .identity).isDrawable)
        #expect(!DrawCommand.image(path: "/x.png", frame: frame, cornerRadius: .nan, alpha: 1, transform: .identity).isDrawable)
    }

    @Test func inALayerItIsPlacedInWindowCoordinates() {
        // A 100 × 80 layer at (200, 100), half opaque: the image moves with it, its alpha halves.
        let placed = DisplayList.windowCommand(image(), inLayerOfSize: Size(width: 100, height: 80),
                                               frame: Rect(x: 200, y: 100, width: 100, height: 80), alpha: 0.5, transform: .identity)
        #expect(placed == .image(path: "/tmp/x.png", frame: frame.offset(by: Vector(dx: 200, dy: 100)), cornerRadius: 6, alpha: 0.5,
                                 transform: .identity))
    }

    @Test func aRasterizedLayerLeavesItOut() {
        var list = DisplayList()
        list.append(image())
        let content = LayerContent(id: 1, version: 1, size: Size(width: 60, height: 60), list: list)
        #expect(LayerRasterizer.drawnRegion(of: content, scale: 1, glyphs: nil) == nil)
        var buffer = PixelBuffer(width: 0, height: 0)
        LayerRasterizer.rasterize(content, scale: 1, glyphs: nil, into: &buffer)
        #expect(buffer.pixels.allSatisfy { $0 == .zero })
    }
}
