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

    @Test("A turned stamp is keyed to whole pixels, its radius as it is; only a pure rotation no larger than the limit has one")
    func stampKeysAreWholePixels() throws {
        let q = ShapeAtlas.stampQuantum
        let turned = AffineTransform(rotationAngle: 0.3)
        // A square of 20.2 × 20.2 pt at 2 px a point: 40.4 px, kept as a 40 px stamp.
        let square = try #require(Renderer.turnedStampKey(Rect(x: 0, y: 0, width: 20.2, height: 20.2), radius: 3, transform: turned, scale: 2))
        #expect(square.w == 40 * q && square.h == 40 * q)
        #expect(square.r == 6 * q)
        // Neighbouring sizes share it (the stress demo's pieces come in as many sizes as pieces).
        let near = try #require(Renderer.turnedStampKey(Rect(x: 5, y: 5, width: 20.1, height: 20.1), radius: 3, transform: turned, scale: 2))
        #expect(near.w == square.w && near.h == square.h && near.r == square.r)
        // A circle's stamp is a circle: the radius is half the whole-pixel size.
        let circle = try #require(Renderer.turnedStampKey(Rect(x: 0, y: 0, width: 15.3, height: 15.3), radius: 7.65, transform: turned, scale: 2))
        #expect(circle.w == 31 * q && circle.r * 2 == circle.w)
        // At least one pixel; nothing under a scale or a shear, nothing past the limit.
        #expect(Renderer.turnedStampKey(Rect(x: 0, y: 0, width: 0.2, height: 0.2), radius: 0, transform: turned, scale: 1)?.w == q)
        #expect(Renderer.turnedStampKey(Rect(x: 0, y: 0, width: 10, height: 10), radius: 0, transform: turned.scaledBy(x: 1.1, y: 1.1), scale: 1) == nil)
        #expect(Renderer.turnedStampKey(Rect(x: 0, y: 0, width: 129, height: 10), radius: 0, transform: turned, scale: 1) == nil)
        #expect(Renderer.turnedStampKey(Rect(x: 0, y: 0, width: 64.5, height: 10), radius: 0, transform: turned, scale: 2) == nil)
    }

    @Test("The quad stretches a whole-pixel stamp to the shape's exact size: its edges land where the shape's are")
    func theQuadStretchesTheStampToTheShape() {
        // A 40.4 × 20.6 px shape from a 40 × 21 px stamp in a 42 × 23 slot.
        let rect = Rect(x: 0, y: 0, width: 40.4, height: 20.6)  // centre (20.2, 10.3)
        let slot = ShapeAtlas.Slot(x: 0, y: 0, w: 42, h: 23)
        let quad = Renderer.turnedStampQuad(rect: rect, transform: .identity, scale: 1, stampWidth: 40 * 16, stampHeight: 21 * 16,
                                            slot: slot, atlasSize: 1024)
        // The slot's texel centres 0.5 … 41.5 span the stamp's -20.5 … 20.5 px about its centre,
        // stretched by 40.4 / 40 (and 20.6 / 21 down): the shape's edge, texel 1 from the slot's
        // edge, lands on the rectangle's.
        let kx = 40.4 / 40, ky = 20.6 / 21
        #expect(abs(quad.corners.0.x - (20.2 - 20.5 * kx)) < 1e-9 && abs(quad.corners.2.x - (20.2 + 20.5 * kx)) < 1e-9)
        #expect(abs(quad.corners.0.y - (10.3 - 11 * ky)) < 1e-9 && abs(quad.corners.2.y - (10.3 + 11 * ky)) < 1e-9)
        let edge = 20.2 + (1 - 0.5 - 20.5) * kx  // texel 1's left edge: the shape's
        #expect(abs(edge - rect.minX) < 1e-9)
    }
}
