import Testing
import Geometry
@testable import Animation

/// Reference values from /work/shared/reference/vectors.md plus analytic and round-trip checks.
@Suite struct CubicTimingParametersTests {
    static let xs = [0.1, 0.25, 0.5, 0.75, 0.9]

    static let tables: [(String, CubicTimingParameters, [Double])] = [
        ("default", CubicTimingParameters(), [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        ("easeIn", CubicTimingParameters(animationCurve: .easeIn), [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
        ("easeOut", CubicTimingParameters(animationCurve: .easeOut), [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
        ("easeInOut", CubicTimingParameters(animationCurve: .easeInOut), [0.019722, 0.129162, 0.5, 0.870838, 0.980278]),
    ]

    static func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CubicTimingParameters {
        CubicTimingParameters(controlPoint1: Point(x: x1, y: y1), controlPoint2: Point(x: x2, y: y2))
    }

    @Test(arguments: 0..<4) func referenceTables(index: Int) {
        let (name, curve, expected) = Self.tables[index]
        for (x, y) in zip(Self.xs, expected) {
            #expect(abs(curve.progress(at: x) - y) <= 1e-5, "\(name) at \(x): \(curve.progress(at: x)) vs \(y)")
        }
    }

    @Test func symmetricEaseTable() {
        let curve = Self.curve(0.25, 0, 0.75, 1)
        let table: [(Double, Double)] = [(0.05, 0.01136), (0.1, 0.03978), (0.2, 0.12803), (0.3, 0.24115),
                                         (0.4, 0.36761), (0.5, 0.5), (0.6, 0.63238), (0.7, 0.75884),
                                         (0.8, 0.87196), (0.9, 0.96021), (0.95, 0.98863)]
        for (x, y) in table {
            #expect(abs(curve.progress(at: x) - y) <= 1.5e-4, "at \(x): \(curve.progress(at: x)) vs \(y)")
        }
    }

    @Test func exactOvershootValues() {
        #expect(abs(Self.curve(0.5, 1, 0.5, 1).progress(at: 0.5) - 0.875) <= 1e-12)
        #expect(abs(Self.curve(0.5, 2, 0.5, 2).progress(at: 0.5) - 1.625) <= 1e-12)
        #expect(abs(Self.curve(0.5, -1, 0.5, -1).progress(at: 0.5) - (-0.625)) <= 1e-12)
    }

    @Test func linearIsIdentity() {
        let linear = CubicTimingParameters(animationCurve: .linear)
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(abs(linear.progress(at: x) - x) <= 1e-7)
        }
    }

    @Test func inverseEaseInOut() {
        let curve = CubicTimingParameters(animationCurve: .easeInOut)
        for (y, x) in [(0.1, 0.220708), (0.25, 0.346203), (0.75, 0.653797), (0.9, 0.779292)] {
            let found = curve.fraction(forProgress: y)
            #expect(found != nil)
            #expect(abs((found ?? -1) - x) <= 1e-5, "y \(y) → \(String(describing: found)) vs \(x)")
        }
        #expect(curve.fraction(forProgress: 0) == 0)
        #expect(curve.fraction(forProgress: 1) == 1)
        #expect(curve.fraction(forProgress: 1.2) == nil)
        #expect(curve.fraction(forProgress: -0.1) == nil)
    }

    @Test func roundTripsForPresets() {
        let curves = AnimationCurve.allCases.map { CubicTimingParameters(animationCurve: $0) }
            + [CubicTimingParameters(), Self.curve(0.17, 0.67, 0.76, 1.0)]
        for curve in curves {
            #expect(curve.isMonotonic)
            for i in 0...200 {
                let t = Double(i) / 200
                let back = curve.fraction(forProgress: curve.progress(at: t))
                #expect(abs((back ?? -1) - t) <= 1e-5, "\(curve.controlPoint1) \(curve.controlPoint2) at \(t)")
            }
        }
    }

    @Test func roundTripsForOvershootingCurves() {
        for curve in [Self.curve(0.3, 1.5, 0.8, 1.5), Self.curve(0.5, 2, 0.5, 2), Self.curve(0.6, -0.4, 0.4, 1.4)] {
            #expect(!curve.isMonotonic)
            for i in 0...200 {
                let t = Double(i) / 200
                let back = curve.fraction(forProgress: curve.progress(at: t), near: t)
                #expect(abs((back ?? -1) - t) <= 1e-5, "\(curve.controlPoint1) \(curve.controlPoint2) at \(t)")
            }
        }
        // Without a hint the earliest crossing wins: (0.3, 1.5, 0.8, 1.5) reaches 1 before the end.
        let overshoot = Self.curve(0.3, 1.5, 0.8, 1.5)
        let first = overshoot.fraction(forProgress: 1)!
        #expect(first < 0.9 && abs(overshoot.progress(at: first) - 1) <= 1e-6)
        #expect(overshoot.fraction(forProgress: 1, near: 1) == 1)
    }

    @Test func extrapolatesAlongEndTangents() {
        let linear = CubicTimingParameters(animationCurve: .linear)
        #expect(linear.progress(at: -0.5) == -0.5)
        #expect(linear.progress(at: 1.5) == 1.5)
        let ease = CubicTimingParameters()  // start tangent 0.1 / 0.25; end tangent (1 − 1)/(0.25 − 1) = 0
        #expect(abs(ease.progress(at: -1) - (-0.4)) <= 1e-12)
        #expect(ease.progress(at: 2) == 1)
        let easeIn = CubicTimingParameters(animationCurve: .easeIn)  // end tangent (1 − 0)/(1 − 0.42) via cp1
        #expect(easeIn.progress(at: -1) == 0)
        #expect(abs(easeIn.progress(at: 1.5) - (1 + 0.5 / 0.58)) <= 1e-12)
        // Continuous at the ends.
        #expect(abs(ease.progress(at: 1e-9)) <= 1e-8 && abs(ease.progress(at: 1 + 1e-9) - 1) <= 1e-8)
    }

    @Test func rejectsControlPointXOutsideUnitInterval() {
        let bad: [(Point, Point, String)] = [
            (Point(x: 1.2, y: 0), Point(x: 0.5, y: 1), "control point 1 x must lie in 0…1"),
            (Point(x: 0.2, y: 0), Point(x: -0.1, y: 1), "control point 2 x must lie in 0…1"),
            (Point(x: .nan, y: 0), Point(x: 0.5, y: 1), "control point 1 must be finite"),
        ]
        for (p1, p2, message) in bad {
            #expect(throws: TimingParametersError.self) {
                _ = try CubicTimingParameters(validatingControlPoint1: p1, controlPoint2: p2)
            }
            do {
                _ = try CubicTimingParameters(validatingControlPoint1: p1, controlPoint2: p2)
            } catch {
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
        // y outside 0…1 is fine (overshoot).
        #expect(throws: Never.self) {
            _ = try CubicTimingParameters(validatingControlPoint1: Point(x: 0.3, y: 1.5), controlPoint2: Point(x: 0.8, y: -2))
        }
    }

    @Test func namedCurvesRoundTrip() {
        for curve in AnimationCurve.allCases {
            #expect(CubicTimingParameters(animationCurve: curve).animationCurve == curve)
        }
        #expect(CubicTimingParameters().animationCurve == nil)
        #expect(TimingParameters.curve(.easeIn) == .cubic(CubicTimingParameters(animationCurve: .easeIn)))
    }
}

/// Issue 24: a control point's y that overflows the curve's coefficients (1e308) is refused with
/// the bound named, instead of giving NaN progress.
@Suite struct CubicControlPointBoundTests {
    @Test func aHugeYIsRefusedWithItsBound() {
        #expect(throws: TimingParametersError.self) {
            try CubicTimingParameters(validatingControlPoint1: Point(x: 0, y: 1e308), controlPoint2: Point(x: 1, y: -1e308))
        }
        do {
            _ = try CubicTimingParameters(validatingControlPoint1: Point(x: 0.5, y: 2e6), controlPoint2: Point(x: 1, y: 1))
            Issue.record("accepted y = 2e6")
        } catch {
            #expect(error.message == "control point 1 y must lie within ±1000000 (got 2000000.0)")
        }
    }

    @Test func yUpToTheBoundGivesFiniteProgress() throws {
        let c = try CubicTimingParameters(validatingControlPoint1: Point(x: 0, y: 1e6), controlPoint2: Point(x: 1, y: -1e6))
        for i in 0...100 { #expect(c.progress(at: Double(i) / 100).isFinite) }
    }
}
