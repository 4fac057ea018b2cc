import Testing
@testable import Geometry

private func close(_ a: Double, _ b: Double, _ eps: Double = 1e-12) -> Bool { abs(a - b) <= eps }
private func close(_ a: Point, _ b: Point, _ eps: Double = 1e-12) -> Bool { close(a.x, b.x, eps) && close(a.y, b.y, eps) }
private func close(_ a: Rect, _ b: Rect, _ eps: Double = 1e-9) -> Bool {
    close(a.minX, b.minX, eps) && close(a.minY, b.minY, eps) && close(a.width, b.width, eps) && close(a.height, b.height, eps)
}

@Suite struct PointAndVectorTests {
    @Test func arithmetic() {
        let p = Point(x: 3, y: 4)
        #expect(p - .zero == Vector(dx: 3, dy: 4))
        #expect((p - .zero).length == 5)
        #expect(p + Vector(dx: 1, dy: -1) == Point(x: 4, y: 3))
        #expect(p.distance(to: Point(x: 0, y: 8)) == 5)
        #expect(Vector(dx: 1, dy: 2).dot(Vector(dx: 3, dy: 4)) == 11)
        #expect(Vector(dx: 1, dy: 0).cross(Vector(dx: 0, dy: 1)) == 1)
        #expect(Vector(dx: 0, dy: 0).normalized == .zero)
        #expect(close(Vector(dx: 3, dy: 4).normalized.length, 1))
        #expect(close(Vector(angle: .pi / 2).dy, 1))
        #expect(Vector(dx: 2, dy: 4) / 2 == Vector(dx: 1, dy: 2))
        #expect(!Point(x: .nan, y: 0).isFinite)
    }
}

@Suite struct RectTests {
    let r = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test func edges() {
        #expect(r.minX == 10 && r.midX == 60 && r.maxX == 110)
        #expect(r.minY == 20 && r.midY == 45 && r.maxY == 70)
        #expect(r.center == Point(x: 60, y: 45))
        #expect(Rect(center: Point(x: 60, y: 45), size: Size(width: 100, height: 50)) == r)
    }

    @Test func negativeSizesStandardise() {
        let n = Rect(x: 110, y: 70, width: -100, height: -50)
        #expect(n.minX == 10 && n.maxY == 70)
        #expect(n.standardized == r)
        #expect(n.intersection(r) == r)
    }

    @Test func containment() {
        #expect(r.contains(Point(x: 10, y: 20)))   // min edges inside
        #expect(!r.contains(Point(x: 110, y: 45))) // max edge outside
        #expect(r.contains(Rect(x: 20, y: 30, width: 10, height: 10)))
        #expect(!r.contains(Rect(x: 20, y: 30, width: 100, height: 10)))
    }

    @Test func intersectionAndUnion() {
        let o = Rect(x: 100, y: 60, width: 50, height: 50)
        #expect(r.intersects(o))
        #expect(r.intersection(o) == Rect(x: 100, y: 60, width: 10, height: 10))
        #expect(r.union(o) == Rect(x: 10, y: 20, width: 140, height: 90))
        let far = Rect(x: 500, y: 500, width: 1, height: 1)
        #expect(!r.intersects(far))
        #expect(r.intersection(far).isNull)
        #expect(Rect.null.union(r) == r)
        #expect(r.union(.null) == r)
        // Touching edges do not intersect (zero area).
        #expect(!r.intersects(Rect(x: 110, y: 20, width: 10, height: 10)))
    }

    @Test func insetAndOffset() {
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(x: 20, y: 25, width: 80, height: 40))
        #expect(r.insetBy(dx: -5, dy: -5) == Rect(x: 5, y: 15, width: 110, height: 60))
        #expect(r.insetBy(dx: 60, dy: 0).isNull)
        #expect(r.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(Rect.zero.isEmpty && Rect.null.isEmpty && !r.isEmpty)
    }
}

@Suite struct AffineTransformTests {
    @Test func basicMaps() {
        let p = Point(x: 2, y: 3)
        #expect(AffineTransform.identity.apply(to: p) == p)
        #expect(AffineTransform(translationX: 5, y: -1).apply(to: p) == Point(x: 7, y: 2))
        #expect(AffineTransform(scaleX: 2, y: 3).apply(to: p) == Point(x: 4, y: 9))
        // +90° turns the x axis onto +y (clockwise on a y-down screen).
        #expect(close(AffineTransform(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
    }

    @Test func concatenationOrder() {
        // Scale first, then translate: (1,1) → (2,2) → (12,2).
        let t = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
        // Translate first, then scale: (1,1) → (11,1) → (22,2).
        let u = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(u.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
        // UIKit's translatedBy applies the translation before the receiver.
        #expect(AffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0) == u)
    }

    @Test func inversion() {
        let t = AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 13, y: -4)
        let inv = t.inverted()
        let p = Point(x: 17.5, y: -3.25)
        #expect(close(inv.apply(to: t.apply(to: p)), p, 1e-9))
        let id = t.concatenating(inv)
        #expect(close(id.a, 1, 1e-12) && close(id.b, 0, 1e-12) && close(id.c, 0, 1e-12) && close(id.d, 1, 1e-12))
        #expect(close(id.tx, 0, 1e-9) && close(id.ty, 0, 1e-9))
        // Singular transforms come back unchanged, like CGAffineTransformInvert.
        let s = AffineTransform(scaleX: 0, y: 1)
        #expect(s.inverted() == s)
    }

    @Test func decomposition() {
        let t = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(scaleX: 1.5, y: 1.5))
        #expect(close(t.rotationAngle, 0.3))
        #expect(close(t.scaleX, 1.5) && close(t.scaleY, 1.5))
    }

    @Test func rectBoundingBox() {
        let r = Rect(x: 0, y: 0, width: 2, height: 1)
        #expect(close(r.applying(AffineTransform(rotationAngle: .pi / 2)), Rect(x: -1, y: 0, width: 1, height: 2)))
        // 45°: a 2×2 square centred on the origin grows to 2√2 × 2√2.
        let sq = Rect(x: -1, y: -1, width: 2, height: 2).applying(AffineTransform(rotationAngle: .pi / 4))
        #expect(close(sq, Rect(x: -2.squareRoot(), y: -2.squareRoot(), width: 2 * 2.squareRoot(), height: 2 * 2.squareRoot())))
        #expect(Rect.null.applying(AffineTransform(scaleX: 2, y: 2)).isNull)
    }
}

@Suite struct IndexPathTests {
    @Test func ordering() {
        let a = IndexPath(item: 5, section: 0), b = IndexPath(item: 0, section: 1), c = IndexPath(item: 3, section: 1)
        #expect(a < b && b < c && !(c < a))
        #expect([c, a, b].sorted() == [a, b, c])
        #expect(Set([a, a, b]).count == 2)
        #expect(c.description == "[1, 3]")
    }
}

@Suite struct HelpersTests {
    @Test func lerpAndClamp() {
        #expect(lerp(10, 20, 0.25) == 12.5)
        #expect(clamp(5, 0, 3) == 3 && clamp(-1, 0, 3) == 0)
    }
}
