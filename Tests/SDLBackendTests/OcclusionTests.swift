import Testing
import Geometry
import Drawing
import KineticTestSupport
@testable import SDLBackend

/// Occlusion (a layer's `isOpaque` promise) and the opaque batch of a layer drawn directly:
/// both leave the pixels exactly as they were, and draw less. In the serialized SDL suite.
extension SDLTests {
    /// A gray fill wholly under the opaque layer, a rasterized cell half under it, then the
    /// opaque layer (red, promised opaque inside its 4-point rounded corners).
    func occludedScene(opaqueAlpha: Double = 1, opaqueTransform: AffineTransform = .identity) -> DisplayList {
        var l = DisplayList()
        l.background = Self.bg
        l.append(.fill(Rect(x: 30, y: 30, width: 40, height: 20), color: .gray))
        let cellSize = Size(width: 50, height: 40)
        let cell = layer(id: 501, size: cellSize, .fill(Rect(origin: .zero, size: cellSize), radius: 6, color: .blue),
                         .text("7", frame: Rect(origin: .zero, size: cellSize), size: 13, color: .white, alignment: .center, transform: .identity))
        l.append(.layer(cell, frame: Rect(x: 100, y: 25, width: 50, height: 40), alpha: 1, transform: .identity))
        let size = Size(width: 110, height: 60)
        var opaque = layer(id: 502, size: size, .fill(Rect(origin: .zero, size: size), radius: 4, color: .red))
        opaque.opaqueRect = Rect(x: 1.2, y: 1.2, width: 107.6, height: 57.6)
        l.append(.layer(opaque, frame: Rect(x: 15, y: 15, width: 110, height: 60), alpha: opaqueAlpha, transform: opaqueTransform), z: 1)
        return l
    }

    @Test(arguments: [1.0, 2.0])
    func anOpaqueLayerHidesWhatLiesUnderItAndThePixelsStayTheSame(scale: Double) throws {
        let w = Int(200 * scale), h = Int(100 * scale)
        let culled = try canvas(200, 100, scale: scale)
        culled.renderer.draw(occludedScene())
        #expect(culled.renderer.lastItemsOccluded == 1, "the gray fill under the layer is left out")
        let full = try canvas(200, 100, scale: scale)
        full.renderer.cullsOccluded = false
        full.renderer.draw(occludedScene())
        #expect(full.renderer.lastItemsOccluded == 0)
        // The half-hidden cell is drawn in pieces around the layer: the same pixels.
        #expect(try pixels(culled, w, h) == pixels(full, w, h))
        #expect(try culled.pixel(x: Int(140 * scale), y: Int(45 * scale)).b > 200, "the cell's visible part is drawn")
    }

    @Test func aTranslucentOrTurnedLayerHidesNothing() throws {
        let c = try canvas(200, 100)
        c.renderer.draw(occludedScene(opaqueAlpha: 0.5))
        #expect(c.renderer.lastItemsOccluded == 0)
        c.renderer.draw(occludedScene(opaqueTransform: AffineTransform(rotationAngle: 0.2)))
        #expect(c.renderer.lastItemsOccluded == 0)
    }

    /// A volatile layer's opaque solids go into an untextured batch drawn without blending;
    /// translucent and rounded ones stay in the atlas's batch: the pixels are those of the same
    /// commands drawn at the top level (where every solid is a blended atlas quad).
    @Test(arguments: [1.0, 2.0])
    func opaqueSolidsOfALayerDrawnDirectlyAreTheSamePixels(scale: Double) throws {
        let size = Size(width: 120, height: 70)
        let commands: [DrawCommand] = [
            .fill(Rect(x: 0, y: 0, width: 120, height: 20.3), color: .red),
            .fill(Rect(x: 0, y: 20.3, width: 120, height: 10.6), color: .blue),
            .fill(Rect(x: 10, y: 12, width: 30, height: 30), radius: 8, color: .white),
            .fill(Rect(x: 50.5, y: 15.25, width: 20, height: 20), color: Color(red: 0, green: 1, blue: 0, alpha: 0.5)),
            .fill(Rect(x: 80, y: 31, width: 7.5, height: 9.25), color: .gray),
        ]
        var direct = LayerContent(id: 503, version: 1, size: size, list: DisplayList())
        for c in commands { direct.list.append(c) }
        direct.isVolatile = true
        var a = DisplayList()
        a.background = Self.bg
        a.append(.layer(direct, frame: Rect(origin: .zero, size: size), alpha: 1, transform: .identity))
        var b = DisplayList()
        b.background = Self.bg
        for c in commands { b.append(c) }
        let ca = try canvas(120, 70, scale: scale), cb = try canvas(120, 70, scale: scale)
        ca.renderer.draw(a)
        cb.renderer.draw(b)
        let w = Int(120 * scale), h = Int(70 * scale)
        #expect(try pixels(ca, w, h) == pixels(cb, w, h))
    }

    /// A layer that is one opaque colour over whole pixels (the seed's grid cells) is drawn as an
    /// untextured quad: the pixels its texture gives, wherever it sits, no texture made.
    @Test(arguments: [1.0, 2.0])
    func aSolidLayerIsTheSamePixelsAsItsTexture(scale: Double) throws {
        let size = Size(width: 50, height: 40)
        let solid = layer(id: 504, size: size, .fill(Rect(origin: .zero, size: size), color: .gray))
        // The same pixels, but not one fill alone: a transparent fill makes it a texture.
        let textured = layer(id: 505, size: size, .fill(Rect(origin: .zero, size: size), color: .gray),
                             .fill(Rect(x: 10, y: 10, width: 5, height: 5), color: .clear))
        func draw(_ content: LayerContent) throws -> [UInt32] {
            let c = try canvas(200, 100, scale: scale)
            var l = DisplayList()
            l.background = Self.bg
            for (i, origin) in [Point(x: 10, y: 10), Point(x: 70.3, y: 20.6), Point(x: 130.5, y: 45.25)].enumerated() {
                l.append(.layer(content, frame: Rect(origin: origin, size: size), alpha: 1, transform: .identity), z: i)
            }
            c.renderer.draw(l)
            #expect(c.renderer.lastLayersRasterized == (content.id == 504 ? 0 : 1))
            return try pixels(c, Int(200 * scale), Int(100 * scale))
        }
        #expect(try draw(solid) == draw(textured))
    }
}
