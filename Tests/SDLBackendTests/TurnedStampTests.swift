import Testing
import Foundation
import Geometry
@testable import SDLBackend

/// A turned shape drawn from its stamp (``Renderer/turnedStampQuad(rect:transform:scale:stampWidth:stampHeight:slot:atlasSize:)``):
/// the quad is the stamp's slot turned about the shape's centre, and it samples only inside the
/// slot. (The GL path itself draws only in a real window; e2e and the stress demo's screenshots
/// cover it.)
@Suite struct TurnedStampTests {
    @Test func theQuadIsTheSlotTurnedAboutTheShapesCentre() {
        let angle = Double.pi / 6
        let t = AffineTransform(rotationAngle: angle)
        let turned = AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 7, ty: -3)
        let rect = Rect(x: 80, y: 40, width: 40, height: 20)  // centre (100, 50)
        // A 40 × 20 px stamp a pixel into a 42 × 22 slot (one clear pixel past each edge).
        let slot = ShapeAtlas.Slot(x: 100, y: 200, w: 42, h: 22)
        let quad = Renderer.turnedStampQuad(rect: rect, transform: turned, scale: 1, stampWidth: 40 * 16, stampHeight: 20 * 16,
                                            slot: slot, atlasSize: 1024)
        let centre = Point(x: 107, y: 47)
        // Half a texel inside the slot: ±20.5 by ±10.5 pixels about the centre, turned (so the
        // shape's ±20 by ±10 and half of its clear border).
        let expected = [(-20.5, -10.5), (20.5, -10.5), (20.5, 10.5), (-20.5, 10.5)].map { x, y in
            Point(x: centre.x + cos(angle) * x - sin(angle) * y, y: centre.y + sin(angle) * x + cos(angle) * y)
        }
        let corners = [quad.corners.0, quad.corners.1, quad.corners.2, quad.corners.3]
        for (c, e) in zip(corners, expected) { #expect(c.distance(to: e) < 1e-9, "\(c) \(e)") }
        #expect(abs(quad.uv.minX - 100.5 / 1024) < 1e-12 && abs(quad.uv.maxX - 141.5 / 1024) < 1e-12)
        #expect(abs(quad.uv.minY - 200.5 / 1024) < 1e-12 && abs(quad.uv.maxY - 221.5 / 1024) < 1e-12)
    }

    @Test func atTwoPixelsPerPointTheCentreAndSlotScale() {
        let rect = Rect(x: 10, y: 10, width: 10, height: 10)  // 20 × 20 px at scale 2
        let slot = ShapeAtlas.Slot(x: 0, y: 0, w: 22, h: 22)
        let quad = Renderer.turnedStampQuad(rect: rect, transform: AffineTransform(rotationAngle: .pi / 2), scale: 2,
                                            stampWidth: 20 * 16, stampHeight: 20 * 16, slot: slot, atlasSize: 1024)
        // A quarter turn about (30, 30) px: the stamp's top-left corner goes to the top right.
        #expect(quad.corners.0.distance(to: Point(x: 30 + 10.5, y: 30 - 10.5)) < 1e-9, "\(quad.corners.0)")
    }
}
