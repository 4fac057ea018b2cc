import Geometry

/// The spring kernel: the arithmetic of one soft distance row over a substep, written once and run
/// by the general rows (``Primitive/prepareAxis(_:_:h:)``, ``Primitive/solveAxis(_:_:)``, one
/// `Double` per row) and by the solo and flock fast paths (``SoloPairState``, ``FlockPairState``: two
/// bodies as the lanes of a `SIMD2<Double>`). Each function is generic over ``SpringLane`` and
/// inlined, so every caller runs exactly the same floating-point operations in the same order:
/// that is what keeps the fast paths bit-identical to the general path (`SoloRowTests`,
/// `FlockRowTests`). The energy guard (``EnergyGuard``) and the sleep test
/// (``SolverPolicy/slowTime(after:vx:vy:w:dt:)``) are the other two shared pieces of a step.
enum SpringKernel {
    /// The row of a distance spring of rest `length` (points) whose attach points are `(dx, dy)`
    /// apart and separate at `(vx, vy)` (points per second), for a substep of `2·half` seconds: the
    /// unit direction and the error, both taken at the substep's predicted midpoint `d + half·v`,
    /// with the error moved back to the substep start along the row (`len(mid) − half·u₀`, where
    /// the solver adds the motion along the row itself), and `u₀`, the separation speed along it.
    ///
    /// Why the midpoint: the row direction turns as the bodies move. Frozen at the substep start,
    /// the impulse is perpendicular to the mean velocity only to first order, so a body circling
    /// the anchor gains kinetic energy `(impulse)²/2m` every substep — a factor `1 + (h·Ω)²` for
    /// an orbit at angular rate `Ω`, which is how a fast flick in the drag scene ran away. The
    /// implicit midpoint rule takes the force at the midpoint configuration, where it is
    /// perpendicular to the mean velocity of a circular orbit; predicting that configuration
    /// cancels the growth term. Motion along the row is unchanged: then `len(mid) − half·u₀` is
    /// exactly the start length. A midpoint closer than 1e-9 pt to the anchor (or not a number)
    /// takes the direction (1, 0).
    @inline(__always)
    static func distanceRow<V: SpringLane>(dx: V, dy: V, vx: V, vy: V, length: V, half: V)
        -> (nx: V, ny: V, c: V, u0: V) {
        let mx = dx + half * vx, my = dy + half * vy
        let len = (mx * mx + my * my).squareRoot()
        let (nx, ny) = V.direction(mx, my, length: len)
        let u0 = nx * vx + ny * vy
        return (nx, ny, (len - length) - half * u0, u0)
    }

    /// The impulse (per unit effective mass `k⁻¹`, hence `negativeK = −k`) of a soft axis row's first
    /// Gauss–Seidel pass, when nothing has accumulated yet: `−k·(massScale·(u + u₀) + bias)`, with
    /// `u` the current and `u₀` the substep-start speed along the row and `bias = biasRate·C₀`
    /// (see ``SoftCoefficients``).
    @inline(__always)
    static func impulse<V: SpringLane>(u: V, u0: V, bias: V, negativeK: V, massScale: V) -> V {
        negativeK * (massScale * (u + u0) + bias)
    }

    /// A later pass's impulse: the first pass's, less the softness term `impulseScale·λ` of the
    /// impulse `accumulated` so far.
    @inline(__always)
    static func impulse<V: SpringLane>(u: V, u0: V, bias: V, negativeK: V, massScale: V,
                                       accumulated: V, impulseScale: V) -> V {
        impulse(u: u, u0: u0, bias: bias, negativeK: negativeK, massScale: massScale) - impulseScale * accumulated
    }

    /// A velocity component after an impulse `d` along direction component `n` on a body of
    /// inverse mass `m`.
    @inline(__always)
    static func push<V: SpringLane>(_ u: V, inverseMass m: V, impulse d: V, along n: V) -> V {
        u + m * (d * n)
    }

    /// A position component after a substep of `2·half` seconds with the mean of the substep-start
    /// velocity `u0` and the end velocity `u` (the midpoint rule; exact for constant acceleration).
    @inline(__always)
    static func advance<V: SpringLane>(_ x: V, start u0: V, end u: V, half: V) -> V {
        x + half * (u0 + u)
    }

    /// A velocity component after a substep of `h` seconds under a constant acceleration `a`
    /// (points/s² or rad/s²) and a resistance `d` (1/s), implicit so any resistance is stable:
    /// `(u + h·a) · 1/(1 + h·d)` (times exactly 1 without resistance). The general substeps run
    /// it one body at a time, or four side by side (``StepContext/pullVelocities(_:h:forces:dense:)``).
    @inline(__always)
    static func pulled<V: SpringLane>(_ u: V, accel a: V, resistance d: V, h: Double) -> V {
        (u + h * a) * (1 / (1 + h * d))
    }
}

/// What the spring kernel computes with: one body's `Double`, or two or four bodies as the lanes
/// of a `SIMD2<Double>` or a `SIMD4<Double>`.
protocol SpringLane {
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    /// A scalar times every lane.
    static func * (a: Double, b: Self) -> Self
    /// A scalar plus, less and over every lane, and every lane over a scalar.
    static func + (a: Double, b: Self) -> Self
    static func - (a: Double, b: Self) -> Self
    static func / (a: Double, b: Self) -> Self
    static func / (a: Self, b: Double) -> Self
    func squareRoot() -> Self
    /// `(mx, my) / length`, or (1, 0) where `length` is not above 1e-9.
    static func direction(_ mx: Self, _ my: Self, length: Self) -> (Self, Self)
}

extension Double: SpringLane {
    @inline(__always)
    static func direction(_ mx: Double, _ my: Double, length: Double) -> (Double, Double) {
        length > 1e-9 ? (mx / length, my / length) : (1, 0)
    }
}

extension SIMD2: SpringLane where Scalar == Double {
    @inline(__always)
    static func direction(_ mx: SIMD2<Double>, _ my: SIMD2<Double>, length: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>) {
        let flat = .!(length .> 1e-9)
        return ((mx / length).replacing(with: 1, where: flat), (my / length).replacing(with: 0, where: flat))
    }
}

extension SIMD4: SpringLane where Scalar == Double {
    @inline(__always)
    static func direction(_ mx: SIMD4<Double>, _ my: SIMD4<Double>, length: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        let flat = .!(length .> 1e-9)
        return ((mx / length).replacing(with: 1, where: flat), (my / length).replacing(with: 0, where: flat))
    }
}
