import Geometry

/// The per-substep coefficients of one soft constraint row, integrated with the implicit
/// midpoint (trapezoidal) rule.
///
/// Why the midpoint rule: for a linear spring it is A-stable (no blow-up at any frequency or
/// step), conserves the energy exactly without damping and strictly dissipates it with damping
/// (so the total energy never grows between steps), and its period error is only
/// `(ω·h)²/12` — 0.1 % at the substep the animator picks (`ω·h ≤ 2π/60`). Box2D's soft step
/// (implicit Euler) would add artificial damping instead.
///
/// Derivation for one row with constraint value `C`, row velocity `u = J·v`, effective mass `m`,
/// stiffness `k = m·ω²` and damping `c = 2·m·ζ·ω`: the impulse over a substep `h` is the force at
/// the midpoint state, `λ = −h·k·(C₀ + h·(u₀ + u)/4) − h·c·(u₀ + u)/2`, with positions advanced by
/// `h·(v₀ + v)/2`. Solving for the increment given an accumulated impulse `λ` gives
/// `Δλ = −m·(massScale·(u + u₀) + biasRate·C₀) − impulseScale·λ`.
struct SoftCoefficients: Equatable {
    /// Multiplies `m·(u + u₀)`.
    var massScale: Double
    /// Multiplies `m·C₀` (1/s).
    var biasRate: Double
    /// Multiplies the accumulated impulse (softness).
    var impulseScale: Double

    /// Coefficients for angular frequency `omega` (rad/s), damping ratio `zeta` and substep `h` (s).
    @inline(__always)
    init(omega: Double, zeta: Double, h: Double) {
        let b = h * h * omega * omega / 4 + h * zeta * omega
        let inv = 1 / (1 + b)
        massScale = b * inv
        biasRate = h * omega * omega * inv
        impulseScale = inv
    }

    /// A rigid row on substep `h`: ω = 2/h with ζ = 1 makes the midpoint map nilpotent, so the
    /// error of an isolated rigid row vanishes after two substeps (a static sag of g·h²/4 under
    /// a constant load, 0.004 pt for gravity at 1/240 s).
    @inline(__always)
    static func rigid(h: Double) -> SoftCoefficients { SoftCoefficients(omega: 2 / h, zeta: 1, h: h) }

    /// A rigid row on substep `h` whose end velocity is relaxed after the positions move
    /// (``Primitive/relax(_:_:)``, where contacts are solved too): the full impulse, none of it
    /// let go, and half the error removed each substep (the mean velocity `−C/h`); the relax then
    /// takes the correction's speed back out, so it does not carry on as motion. A weld then
    /// holds through an impact instead of yielding as a 76-Hz spring. Removing all of it each
    /// substep (`−2C/h`) made over-constrained rigid setups (a rigid rectangle attachment, a
    /// rigid pair and a pin, colliding) diverge under frame spikes.
    @inline(__always)
    static func relaxedRigid(h: Double) -> SoftCoefficients {
        SoftCoefficients(massScale: 1, biasRate: 1 / h, impulseScale: 0)
    }

    /// Coefficients given directly.
    @inline(__always)
    init(massScale: Double, biasRate: Double, impulseScale: Double) {
        self.massScale = massScale
        self.biasRate = biasRate
        self.impulseScale = impulseScale
    }
}

/// Rotates `v` by the angle whose cosine and sine are `c` and `s`.
@inline(__always) func rotate(_ x: Double, _ y: Double, _ c: Double, _ s: Double) -> (Double, Double) {
    (c * x - s * y, s * x + c * y)
}

/// The spring constant (per unit effective mass) of a frequency in hertz: ω = 2πf.
@inline(__always) func angularFrequency(_ hertz: Double) -> Double { 2 * Double.pi * hertz }
