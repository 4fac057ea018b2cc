/// The rule of the limit rows — ``PrimitiveKind/rope`` (at most a length), ``PrimitiveKind/axisLimit``
/// (a sliding range) and ``PrimitiveKind/angleLimit`` (a pin's range): one-sided and inelastic, as
/// Box2D's rope joint and its prismatic and revolute limits are.
///
/// Each limit row is written as `C ≤ 0` (`C` the row's value past the limit, negative while there
/// is room) with a row velocity `u` that increases `C`, and pulls only: its accumulated impulses
/// stay ≤ 0. The soft rows' midpoint rule (``SoftCoefficients``) cannot serve here: it stops the
/// row's *mean* velocity over the substep, so an item arriving at speed `u₀` leaves at `−u₀`, a
/// perfectly elastic bounce off every limit. A limit row does two things instead, each solved in
/// every Gauss–Seidel pass:
/// 1. the end velocity: no faster towards the limit than closes the gap this substep,
///    `u ≤ max(−C/h, 0)` — an item arrives at rest (inelastic) and rests without a velocity into
///    the limit (so it can fall asleep);
/// 2. the substep-start velocity, which only this substep's position update reads (positions move by
///    `h·(u₀ + u)/2`): `(u₀ + u)/2 ≤ −C/h`, so the positions never pass the limit and an error is
///    corrected at once — a position projection expressed as an impulse.
enum LimitRow {
    /// Rope and range rows within this distance (points) of their limit, beyond what the
    /// substep-start speed covers in two substeps, stay active.
    static let linearMargin = 1.0
    /// Angle-limit rows within this angle (radians) of their limit, likewise.
    static let angularMargin = 0.01

    /// Whether a limit row with value `c` (≤ 0 while there is room) and row speed `speed` at the
    /// substep start cannot reach the limit this substep (the row then does nothing).
    @inline(__always)
    static func isFar(_ c: Double, speed: Double, h: Double, margin: Double) -> Bool {
        c + 2 * h * Swift.max(speed, 0) + margin < 0
    }

    /// The impulse (per unit effective mass `1/k11`) on the current velocities for rule 1, given
    /// the current row velocity `u` and the row value `c`; `accumulated` is the end impulse so far
    /// (kept ≤ 0).
    @inline(__always)
    static func endImpulse(u: Double, c: Double, h: Double, k11: Double, accumulated: inout Double) -> Double {
        let old = accumulated
        accumulated = Swift.min(old - k11 * (u - Swift.max(-c / h, 0)), 0)
        return accumulated - old
    }

    /// The impulse on the substep-start velocities for rule 2, given the start row velocity `u0`
    /// and the current one `u` (after rule 1); `accumulated` is the start impulse so far (kept ≤ 0).
    @inline(__always)
    static func startImpulse(u0: Double, u: Double, c: Double, h: Double, k11: Double, accumulated: inout Double) -> Double {
        let old = accumulated
        accumulated = Swift.min(old - k11 * (u0 + u + 2 * c / h), 0)
        return accumulated - old
    }
}
