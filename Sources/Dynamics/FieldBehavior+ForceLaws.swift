import Geometry

/// A compiled ``FieldBehavior``: its force laws as pure functions of an item's state
/// (``acceleration(x:y:vx:vy:charge:inverseMass:time:)``, ``velocity(after:x:y:vx:vy:charge:inverseMass:time:)``),
/// apart from the substep loop that applies them (``World/applyFields(_:time:)``).
struct FieldInstance {
    var kind: FieldBehavior.Kind
    var bodies: [Int]
    /// Each body's charge, in ``bodies``' order (electric and magnetic fields; empty otherwise).
    var charges: [Double]
    var position: Point
    var region: FieldRegion
    var strength, falloff, minimumRadius: Double
    var direction: Vector
    /// Noise cell size (points) and drift (cells per second).
    var cell, animationSpeed: Double
    var seed: UInt64

    // MARK: Scales (strength 1; see the table on ``FieldBehavior``)

    /// Points/s² per unit strength: linear and radial gravity, vortex and noise; with charge 1 on
    /// mass 1, electric.
    static let accelerationScale = 1000.0
    /// Spring stiffness per unit strength on mass 1, 1/s² (ω = 10 rad/s).
    static let springScale = 100.0
    /// Drag per unit strength on mass 1, 1/s.
    static let dragScale = 1.0
    /// Magnetic turning rate per unit strength with charge 1 on mass 1, rad/s.
    static let magneticScale = 10.0
    /// Turbulence acceleration per unit strength and unit speed, 1/s.
    static let turbulenceScale = 1.0
    /// The distance (points) at which ``FieldBehavior/falloff`` leaves the strength unchanged.
    static let falloffReference = 100.0

    // MARK: Laws

    /// The strength at offset (`dx`, `dy`) from the centre, `strength × fall` (see
    /// ``FieldBehavior``), or nil outside the region.
    @inline(__always)
    func localStrength(dx: Double, dy: Double) -> Double? {
        guard region.contains(dx: dx, dy: dy) else { return nil }
        guard falloff != 0 else { return strength }
        let r = (dx * dx + dy * dy).squareRoot()
        return strength * pow(Swift.max(r, minimumRadius, 1e-9) / Self.falloffReference, -falloff)
    }

    /// The acceleration (points/s²) of an item at (`x`, `y`) points moving at (`vx`, `vy`) points/s,
    /// with `charge` and inverse mass `im` (1/mass), at `time` seconds. A velocity field sets a
    /// velocity rather than accelerating (``velocity(after:x:y:vx:vy:charge:inverseMass:time:)``):
    /// zero here.
    func acceleration(x: Double, y: Double, vx: Double, vy: Double, charge: Double, inverseMass im: Double,
                      time: Double) -> (Double, Double) {
        let dx = x - position.x, dy = y - position.y
        guard let s = localStrength(dx: dx, dy: dy), s != 0 else { return (0, 0) }
        let r = (dx * dx + dy * dy).squareRoot()
        switch kind {
        case .linearGravity:
            return (Self.accelerationScale * s * direction.dx, Self.accelerationScale * s * direction.dy)
        case .radialGravity:
            guard r > 1e-9 else { return (0, 0) }
            let m = -Self.accelerationScale * s / r
            return (dx * m, dy * m)
        case .electric:
            guard r > 1e-9 else { return (0, 0) }
            let m = Self.accelerationScale * s * charge * im / r
            return (dx * m, dy * m)
        case .spring:
            let k = -Self.springScale * s * im
            return (k * dx, k * dy)
        case .drag:
            let k = -Self.dragScale * s * im
            return (k * vx, k * vy)
        case .velocity:
            return (0, 0)
        case .vortex:
            // (dy, −dx)/r is d turned a quarter counter-clockwise on screen (y points down).
            guard r > 1e-9 else { return (0, 0) }
            let m = Self.accelerationScale * s / r
            return (dy * m, -dx * m)
        case .magnetic:
            let w = magneticRate(s, charge: charge, inverseMass: im)
            return (w * vy, -w * vx)
        case .noise:
            let (nx, ny) = noise(x: x, y: y, time: time)
            return (Self.accelerationScale * s * nx, Self.accelerationScale * s * ny)
        case .turbulence:
            let m = Self.turbulenceScale * s * (vx * vx + vy * vy).squareRoot()
            guard m != 0 else { return (0, 0) }
            let (nx, ny) = noise(x: x, y: y, time: time)
            return (m * nx, m * ny)
        }
    }

    /// The velocity (points/s) after `h` seconds in this field alone, from (`vx`, `vy`), for an item
    /// at (`x`, `y`) (the caller passes the substep's midpoint position and time). Laws linear in
    /// the velocity are integrated exactly: drag decays by `exp(−k·h)`, a magnetic field turns the
    /// velocity by `ω·h` (speed kept exactly), a velocity field sets it; the others add `h·a`.
    @inline(__always)
    func velocity(after h: Double, x: Double, y: Double, vx: Double, vy: Double, charge: Double, inverseMass im: Double,
                  time: Double) -> (Double, Double) {
        switch kind {
        case .drag:
            guard let s = localStrength(dx: x - position.x, dy: y - position.y) else { return (vx, vy) }
            let decay = exp(-Self.dragScale * s * im * h)
            return (vx * decay, vy * decay)
        case .magnetic:
            guard let s = localStrength(dx: x - position.x, dy: y - position.y) else { return (vx, vy) }
            let angle = magneticRate(s, charge: charge, inverseMass: im) * h
            guard angle != 0 else { return (vx, vy) }
            let c = cos(angle), sn = sin(angle)
            return (c * vx + sn * vy, c * vy - sn * vx)
        case .velocity:
            guard let s = localStrength(dx: x - position.x, dy: y - position.y) else { return (vx, vy) }
            return (s * direction.dx, s * direction.dy)
        default:
            let (ax, ay) = acceleration(x: x, y: y, vx: vx, vy: vy, charge: charge, inverseMass: im, time: time)
            return (vx + h * ax, vy + h * ay)
        }
    }

    /// The magnetic turning rate (rad/s, counter-clockwise on screen when positive) for local
    /// strength `s`: `ω = 10·q·s / m`.
    @inline(__always)
    func magneticRate(_ s: Double, charge: Double, inverseMass im: Double) -> Double {
        Self.magneticScale * s * charge * im
    }

    /// The noise and turbulence vector at (`x`, `y`) at `time`: each component in −1…1, smooth over
    /// ``cell`` points, drifting by ``animationSpeed`` cells per second.
    @inline(__always)
    func noise(x: Double, y: Double, time: Double) -> (Double, Double) {
        let u = x / cell + time * animationSpeed, v = y / cell
        return (Self.valueNoise(u, v, seed), Self.valueNoise(u + 57.31, v - 91.7, seed &+ 0x9E37_79B9_7F4A_7C15))
    }

    /// Smooth value noise in −1…1 (bilinear with smoothstep over hashed lattice values, each
    /// uniform in −1…1, so the mean over many cells is 0).
    static func valueNoise(_ x: Double, _ y: Double, _ seed: UInt64) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let ix = Int64(fx), iy = Int64(fy)
        let tx = x - fx, ty = y - fy
        let sx = tx * tx * (3 - 2 * tx), sy = ty * ty * (3 - 2 * ty)
        func h(_ i: Int64, _ j: Int64) -> Double {
            var z = seed &+ UInt64(bitPattern: i) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: j) &* 0xC2B2_AE3D_27D4_EB4F
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53) * 2 - 1
        }
        let a = h(ix, iy), b = h(ix + 1, iy), c = h(ix, iy + 1), d = h(ix + 1, iy + 1)
        return lerp(lerp(a, b, sx), lerp(c, d, sx), sy)
    }
}

extension World {
    /// Applies every field to its bodies over one substep of `h` seconds whose midpoint is at
    /// `time` seconds (after constant accelerations, before the constraint rows).
    ///
    /// Fields are explicit, soft forces, evaluated at the substep's midpoint position
    /// `x + h·v₀/2` (with the midpoint rule's position update this is the symplectic
    /// drift–kick–drift step: a spring field keeps its energy, an item in free fall lands exactly
    /// on `½·a·t²`). Velocity fields go last, since they override the other accelerations.
    func applyFields(_ h: Double, time: Double) {
        let px = bodies.px, py = bodies.py, v0x = bodies.v0x, v0y = bodies.v0y
        let vx = bodies.vx, vy = bodies.vy, im = bodies.im, awake = bodies.awake
        let half = 0.5 * h
        for pass in 0..<2 {
            for f in fields where (f.kind == .velocity) == (pass == 1) {
                for (k, i) in f.bodies.enumerated() where awake[i] && im[i] > 0 {
                    let charge = f.charges.isEmpty ? 0 : f.charges[k]
                    (vx[i], vy[i]) = f.velocity(after: h, x: px[i] + half * v0x[i], y: py[i] + half * v0y[i],
                                                vx: vx[i], vy: vy[i], charge: charge, inverseMass: im[i], time: time)
                }
            }
        }
    }
}
