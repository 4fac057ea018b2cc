import Testing
import Geometry
@testable import Drawing
import KineticTestSupport

@Suite struct CoverageTests {
    @Test(arguments: [(6.0, 0.0), (6.0, 0.3), (12.0, 0.5), (2.5, 0.25), (40.3, 0.7)])
    func cornerMatchesTheCircle(radius: Double, offset: Double) {
        let minX = 2 + offset, minY = 3 + offset * 0.5
        let maxX = minX + 3 * radius + 10, maxY = minY + 3 * radius + 8
        var worst = 0.0
        for py in 0...Int(minY + radius + 2) {
            for px in 0...Int(minX + radius + 2) {
                let c = Coverage.roundedRect(px: px, py: py, minX: minX, minY: minY, maxX: maxX, maxY: maxY, radius: radius)
                let ref = referenceCoverage(px: px, py: py, minX: minX, minY: minY, maxX: maxX, maxY: maxY, radius: radius)
                worst = max(worst, abs(c - ref))
            }
        }
        #expect(worst < 1.0 / 64, "worst pixel error \(worst)")
    }

    @Test func interiorAndExteriorAreExact() {
        #expect(Coverage.roundedRect(px: 10, py: 10, minX: 0, minY: 0, maxX: 40, maxY: 40, radius: 6) == 1)
        #expect(Coverage.roundedRect(px: 0, py: 0, minX: 0, minY: 0, maxX: 40, maxY: 40, radius: 6) == 0)
        #expect(Coverage.roundedRect(px: 50, py: 10, minX: 0, minY: 0, maxX: 40, maxY: 40, radius: 6) == 0)
        // A straight edge through the middle of a pixel covers half of it.
        #expect(abs(Coverage.roundedRect(px: 20, py: 0, minX: 0, minY: 0.5, maxX: 40, maxY: 40, radius: 6) - 0.5) < 1e-9)
    }

    @Test func signedDistance() {
        #expect(Coverage.roundedRectDistance(x: 0, y: 0, halfWidth: 10, halfHeight: 5, radius: 2) == -5)
        #expect(Coverage.roundedRectDistance(x: 12, y: 0, halfWidth: 10, halfHeight: 5, radius: 2) == 2)
        let d = Coverage.roundedRectDistance(x: 10, y: 5, halfWidth: 10, halfHeight: 5, radius: 2)
        #expect(abs(d - (2 * 2.0.squareRoot() - 2)) < 1e-12)
    }
}

@Suite struct ShelfPackerTests {
    @Test func packsRowsAndRefusesWhenFull() {
        var p = ShelfPacker(width: 100, height: 50, gap: 1)
        #expect(p.insert(width: 40, height: 20)! == (0, 0))
        #expect(p.insert(width: 40, height: 20)! == (41, 0))
        // No room left on the first shelf: a new one below it.
        #expect(p.insert(width: 40, height: 20)! == (0, 21))
        #expect(p.insert(width: 40, height: 20)! == (41, 21))
        #expect(p.insert(width: 40, height: 20) == nil)
        #expect(p.insert(width: 200, height: 1) == nil)
        p.reset()
        #expect(p.insert(width: 100, height: 50)! == (0, 0))
    }
}

@Suite struct PixelBufferTests {
    @Test func overCompositing() {
        var b = PixelBuffer(width: 2, height: 1)
        b.blend(x: 0, y: 0, color: SIMD4(1, 0, 0, 1), coverage: 1)
        b.blend(x: 0, y: 0, color: SIMD4(0, 0, 1, 0.5), coverage: 1)
        #expect(b.rgba8(x: 0, y: 0) == (128, 0, 128, 255))
        // Over a transparent pixel the colour stays the colour: no darkening at the edges.
        b.blend(x: 1, y: 0, color: SIMD4(0, 1, 0, 1), coverage: 0.25)
        #expect(b.rgba8(x: 1, y: 0) == (0, 255, 0, 64))
    }

    @Test func straightARGBAndTheEdgeColour() {
        var b = PixelBuffer(width: 3, height: 1)
        b.blend(x: 1, y: 0, color: SIMD4(1, 0.5, 0, 1), coverage: 1)
        var out: [UInt32] = []
        b.straightARGB(into: &out)
        #expect(out[1] == 0xFFFF_8000)
        // Transparent neighbours carry the colour with zero alpha (no dark fringe when filtered).
        #expect(out[0] == 0x00FF_8000 && out[2] == 0x00FF_8000)
    }

    @Test func clipCutsFills() {
        var b = PixelBuffer(width: 10, height: 10)
        b.clip = (0, 0, 5, 10)
        b.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 0, color: SIMD4(1, 1, 1, 1))
        #expect(b.rgba8(x: 4, y: 5).3 == 255 && b.rgba8(x: 5, y: 5).3 == 0)
    }
}

final class BoxGlyphs: GlyphRasterizing {
    /// Every string is a solid box 2 px per character wide and 4 px tall.
    func mask(for text: String, pixelSize: Int) -> AlphaMask? {
        AlphaMask(width: 2 * text.count, height: 4, pixels: [UInt8](repeating: 255, count: 8 * text.count))
    }
}

@Suite struct LayerRasterizerTests {
    func content(_ commands: DrawCommand..., size: Size = Size(width: 20, height: 10)) -> LayerContent {
        var l = DisplayList()
        for c in commands { l.append(c) }
        return LayerContent(id: 1, version: 1, size: size, list: l)
    }

    @Test func padsAndScales() {
        #expect(LayerRasterizer.pixelSize(of: Size(width: 20, height: 10), scale: 1) == (22, 12))
        #expect(LayerRasterizer.pixelSize(of: Size(width: 20.5, height: 10), scale: 2) == (43, 22))
    }

    @Test func fillCoversTheLayerAndThePaddingStaysClear() {
        var b = PixelBuffer(width: 0, height: 0)
        LayerRasterizer.rasterize(content(.fill(Rect(x: 0, y: 0, width: 20, height: 10), color: .red)), scale: 1, glyphs: nil, into: &b)
        #expect(b.rgba8(x: 0, y: 0).3 == 0 && b.rgba8(x: 21, y: 11).3 == 0)
        #expect(b.rgba8(x: 1, y: 1) == (255, 59, 48, 255) && b.rgba8(x: 20, y: 10) == (255, 59, 48, 255))
    }

    @Test func textIsPlacedLikeTheWindowPlacesIt() {
        var b = PixelBuffer(width: 0, height: 0)
        let c = content(.text("ab", frame: Rect(x: 0, y: 0, width: 20, height: 10), size: 4, color: .white, alignment: .center,
                              transform: .identity))
        LayerRasterizer.rasterize(c, scale: 1, glyphs: BoxGlyphs(), into: &b)
        // A 4 × 4 box centred in 20 × 10: x 8..<12, y 3..<7, plus the padding.
        let o = LayerRasterizer.textOrigin(frame: Rect(x: 0, y: 0, width: 20, height: 10), alignment: .center, width: 4, height: 4, scale: 1)
        #expect(o == (8, 3))
        #expect(b.rgba8(x: 9, y: 4).3 == 255 && b.rgba8(x: 12, y: 7).3 == 255)
        #expect(b.rgba8(x: 8, y: 4).3 == 0 && b.rgba8(x: 13, y: 4).3 == 0)
    }
}

@Suite struct FlattenTests {
    @Test func layerContentMapsToWindowCoordinates() {
        var inner = DisplayList()
        inner.append(.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .red))
        let content = LayerContent(id: 7, version: 1, size: Size(width: 40, height: 20), list: inner)
        var l = DisplayList()
        l.append(.layer(content, frame: Rect(x: 100, y: 50, width: 40, height: 20), alpha: 0.5, transform: .identity), z: 3)
        let flat = l.flattened.items
        #expect(flat.count == 1 && flat[0].z == 3)
        #expect(flat[0].command == .fill(rect: Rect(x: 100, y: 50, width: 10, height: 10), cornerRadius: 0, color: .red, alpha: 0.5,
                                         transform: .identity))
        // Rotated a half turn about the layer's centre (120, 60): the box lands at the far corner.
        var r = DisplayList()
        r.append(.layer(content, frame: Rect(x: 100, y: 50, width: 40, height: 20), alpha: 1, transform: AffineTransform(rotationAngle: .pi)))
        guard case let .fill(rect, _, _, _, _) = r.flattened.items[0].command else { Issue.record("not a fill"); return }
        #expect(abs(rect.midX - 135) < 1e-9 && abs(rect.midY - 65) < 1e-9)
    }
}
