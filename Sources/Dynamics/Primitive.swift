import Geometry

/// The kinds of constraint rows behaviors compile into. One flat array of ``Primitive`` values
/// is solved per substep with a `switch`, so the hot loop needs no class or existential dispatch.
enum PrimitiveKind: UInt8 {
    /// Two points coincide (2 rows): length-0 attachments, pins, welds, snaps.
    case point
    /// The distance between two points is `length` (1 row).
    case distance
    /// The distance is at most `length` (a rope; pulls only).
    case rope
    /// The second point stays on the line through the first along `axis` (1 row): sliding.
    case line
    /// The relative angle is `length` (rad; 1 row): welds, sliding, snap rotation.
    case angle
    /// The relative angle stays within `length…upper` (rad).
    case angleLimit
    /// The relative angular speed is resisted by at most `upper` (torque × s per s, i.e. impulse per second).
    case angularFriction
    /// The translation along `axis` stays within `length…upper` (points): sliding ranges.
    case axisLimit
}

/// One compiled constraint between body `a` and body `b` (or the world when `b < 0`).
///
/// Geometry: `localA` is the attach point on `a` in its body frame (points from the centre,
/// unrotated); `localB` is the attach point on `b` in its body frame, or the anchor in reference
/// coordinates when `b < 0`. `omega` is the angular frequency (rad/s), `zeta` the damping ratio;
/// `rigid` rows ignore both. Per-substep values live in a separate ``RowScratch`` so the
/// single-pass path keeps them in registers and the row array stays small.
struct Primitive {
    var kind: PrimitiveKind
    var rigid: Bool
    var a: Int32
    var b: Int32
    var localAx = 0.0, localAy = 0.0
    var localBx = 0.0, localBy = 0.0
    var length = 0.0
    var upper = 0.0
    var axisX = 1.0, axisY = 0.0
    var omega = 0.0
    var zeta = 0.0

    /// Coefficients for the current step's substep length.
    var coef = SoftCoefficients(omega: 0, zeta: 0, h: 0)

    init(kind: PrimitiveKind, rigid: Bool, a: Int, b: Int) {
        self.kind = kind
        self.rigid = rigid
        self.a = Int32(a)
        self.b = Int32(b)
    }
}

/// A row's per-substep state: world arms, direction, error, start velocity, effective mass and
/// accumulated impulse.
struct RowScratch {
    var rAx = 0.0, rAy = 0.0, rBx = 0.0, rBy = 0.0
    var nx = 0.0, ny = 0.0
    var cx = 0.0, cy = 0.0
    var ux = 0.0, uy = 0.0
    var k11 = 0.0, k12 = 0.0, k22 = 0.0
    var lx = 0.0, ly = 0.0
    var active = false
}
