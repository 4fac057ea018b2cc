import Testing
import Geometry
@testable import Animation

/// A type that conforms with interpolation only, as other modules do (e.g. a colour).
private struct Tint: Interpolatable {
    var r: Double, g: Double
    func interpolated(to: Tint, at t: Double) -> Tint { Tint(r: r + (to.r - r) * t, g: g + (to.g - g) * t) }
}

@Suite struct InterpolatableTests {
    @Test func geometryInterpolatesComponentWise() {
        #expect(2.0.interpolated(to: 4, at: 0.25) == 2.5)
        #expect(Point(x: 0, y: 10).interpolated(to: Point(x: 10, y: 20), at: 0.5) == Point(x: 5, y: 15))
        #expect(Vector(dx: 0, dy: 10).interpolated(to: Vector(dx: 10, dy: 20), at: 1.5) == Vector(dx: 15, dy: 25))
        #expect(Size(width: 2, height: 4).interpolated(to: Size(width: 4, height: 8), at: 0.5) == Size(width: 3, height: 6))
        #expect(Rect(x: 0, y: 0, width: 10, height: 10).interpolated(to: Rect(x: 10, y: 20, width: 30, height: 40), at: 0.5)
                == Rect(x: 5, y: 10, width: 20, height: 25))
    }

    @Test func additiveCompositionMatchesInterpolationForOneAnimation() {
        // model + (old − new)·(1 − p) == old.interpolated(to: new, at: p)
        let old = Rect(x: 0, y: 0, width: 10, height: 10), new = Rect(x: 100, y: 50, width: 30, height: 20)
        for p in [0.0, 0.25, 0.5, 1.0, 1.2] {
            let additive = new.addingDifference(old, new, scaledBy: 1 - p)
            let direct = old.interpolated(to: new, at: p)
            #expect(abs(additive.origin.x - direct.origin.x) < 1e-12 && abs(additive.size.height - direct.size.height) < 1e-12)
        }
    }

    @Test func defaultAdditiveCompositionUsesInterpolationOnly() {
        let base = Tint(r: 0.2, g: 0.9), from = Tint(r: 1, g: 0), to = Tint(r: 0.5, g: 0.5)
        let sum = base.addingDifference(from, to, scaledBy: 0.3)
        #expect(abs(sum.r - (0.2 + 0.5 * 0.3)) < 1e-12)
        #expect(abs(sum.g - (0.9 - 0.5 * 0.3)) < 1e-12)
    }

    static func close(_ a: AffineTransform, _ b: AffineTransform, _ tolerance: Double = 1e-12) -> Bool {
        abs(a.a - b.a) <= tolerance && abs(a.b - b.b) <= tolerance && abs(a.c - b.c) <= tolerance
            && abs(a.d - b.d) <= tolerance && abs(a.tx - b.tx) <= tolerance && abs(a.ty - b.ty) <= tolerance
    }

    @Test func transformDecompositionIsExact() {
        let transforms = [
            AffineTransform.identity,
            AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4),
            AffineTransform(a: 1, b: 0.3, c: 0.8, d: 1.2, tx: 5, ty: 6),     // shear
            AffineTransform(scaleX: -1, y: 1),                                 // mirror
            AffineTransform(a: 0, b: 0, c: 0, d: 2, tx: 0, ty: 0),            // degenerate first row
        ]
        for t in transforms {
            #expect(Self.close(TransformComponents(t).transform, t), "\(t)")
            #expect(Self.close(t.interpolated(to: t, at: 0.37), t))
        }
    }

    @Test func transformInterpolatesScaleRotationAndTranslation() {
        let from = AffineTransform.identity
        let to = AffineTransform(scaleX: 3, y: 3).concatenating(AffineTransform(rotationAngle: .pi / 2))
            .concatenating(AffineTransform(translationX: 100, y: 40))
        let mid = from.interpolated(to: to, at: 0.5)
        #expect(abs(mid.scaleX - 2) < 1e-12 && abs(mid.scaleY - 2) < 1e-12)
        #expect(abs(mid.rotationAngle - .pi / 4) < 1e-12)
        #expect(abs(mid.tx - 50) < 1e-12 && abs(mid.ty - 20) < 1e-12)
        #expect(Self.close(from.interpolated(to: to, at: 1), to))
    }

    @Test func transformRotatesTheShortWayRound() {
        let from = AffineTransform(rotationAngle: 170 * .pi / 180), to = AffineTransform(rotationAngle: -170 * .pi / 180)
        let mid = from.interpolated(to: to, at: 0.5)
        #expect(Self.close(mid, AffineTransform(rotationAngle: .pi), 1e-12))
        // A rotation never shrinks through a degenerate matrix on the way.
        for i in 0...10 { #expect(abs(from.interpolated(to: to, at: Double(i) / 10).determinant - 1) < 1e-12) }
    }

    @Test func transformAdditiveComposition() {
        let old = AffineTransform(rotationAngle: 0.2), new = AffineTransform(scaleX: 2, y: 2)
        for p in [0.0, 0.3, 1.0] {
            #expect(Self.close(new.addingDifference(old, new, scaledBy: 1 - p), old.interpolated(to: new, at: p), 1e-12))
        }
    }
}
