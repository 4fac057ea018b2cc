import Geometry

/// The area a field acts in, centred on the field's ``FieldBehavior/position`` (UIKit's `UIRegion`).
public enum FieldRegion: Sendable, Hashable {
    /// Everywhere (the default).
    case infinite
    /// A disc of `radius` points.
    case circle(radius: Double)
    /// A rectangle of `size` points.
    case rectangle(Size)

    func contains(dx: Double, dy: Double) -> Bool {
        switch self {
        case .infinite: return true
        case .circle(let r): return dx * dx + dy * dy <= r * r
        case .rectangle(let s): return abs(dx) <= s.width / 2 && abs(dy) <= s.height / 2
        }
    }
}

/// A force field over a region (UIKit's `UIFieldBehavior`). Create one with a factory method.
///
/// Accelerations (points/s²), with `s` = ``strength``, `d` the offset from ``position`` and
/// `fall = (max(|d|, minimumRadius)/100)^(−falloff)` (1 at 100 pt; falloff 0, the default, is uniform):
/// linear gravity `1000·s·direction`; radial gravity `1000·s·fall` towards the position;
/// spring `−100·s·d` (strength 1 ≈ 1.6 Hz); drag `−s·v`; velocity `10·s·(direction − v)`;
/// vortex `1000·s·fall` perpendicular to `d` (clockwise on screen); noise `1000·s` times a smooth
/// seeded random vector field with cell size `50 + 450·smoothness` points, drifting at `animationSpeed` cells/s.
public final class FieldBehavior: ItemListBehavior {
    /// The kind of field.
    public enum Kind: Sendable, Hashable {
        /// Uniform acceleration along ``FieldBehavior/direction``.
        case linearGravity
        /// Pull towards ``FieldBehavior/position``.
        case radialGravity
        /// Spring towards ``FieldBehavior/position``.
        case spring
        /// Velocity-proportional drag.
        case drag
        /// Drives items towards the velocity ``FieldBehavior/direction`` (points/s).
        case velocity
        /// Swirl around ``FieldBehavior/position``.
        case vortex
        /// Smooth random turbulence.
        case noise
    }

    /// This field's kind.
    public let kind: Kind
    /// The field's centre, points (default zero).
    public var position = Point.zero { didSet { setNeedsRebuild() } }
    /// Where the field acts, around ``position`` (default infinite).
    public var region = FieldRegion.infinite { didSet { setNeedsRebuild() } }
    /// Scale of the force (default 1).
    public var strength = 1.0 { didSet { setNeedsRebuild() } }
    /// Exponent of the decay with distance (default 0: none).
    public var falloff = 0.0 { didSet { setNeedsRebuild() } }
    /// Distances below this (points) count as this for falloff (default 1).
    public var minimumRadius = 1.0 { didSet { setNeedsRebuild() } }
    /// Direction vector of linear-gravity and velocity fields.
    public var direction = Vector.zero { didSet { setNeedsRebuild() } }
    /// Noise smoothness, 0…1 (default 0).
    public var smoothness = 0.0 { didSet { setNeedsRebuild() } }
    /// Noise drift, cells per second (default 0).
    public var animationSpeed = 0.0 { didSet { setNeedsRebuild() } }
    /// Noise seed (default 0); the same seed gives the same field.
    public var seed: UInt64 = 0 { didSet { setNeedsRebuild() } }

    /// Creates a field of `kind`; the factory methods set the usual parameters.
    public init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// Uniform gravity along `direction` (1 = 1000 pt/s²).
    public static func linearGravityField(direction: Vector) -> FieldBehavior {
        let f = FieldBehavior(kind: .linearGravity); f.direction = direction; return f
    }
    /// Gravity towards `position`.
    public static func radialGravityField(position: Point) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity); f.position = position; return f
    }
    /// A spring towards ``position``.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    /// Velocity-proportional drag.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    /// Drives items towards velocity `direction` (points/s).
    public static func velocityField(direction: Vector) -> FieldBehavior {
        let f = FieldBehavior(kind: .velocity); f.direction = direction; return f
    }
    /// A swirl around ``position``.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    /// Smooth turbulence.
    public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let f = FieldBehavior(kind: .noise); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }


    override var solverItems: [any DynamicItem] { items }

    override func compile(into solver: SolverContext) {
        let bodies = items.compactMap { solver.lookup($0) }
        solver.addField(FieldInstance(kind: kind, bodies: bodies, position: position, region: region,
                                      strength: strength, falloff: falloff, minimumRadius: minimumRadius,
                                      direction: direction, cell: 50 + 450 * clamp(smoothness, 0, 1),
                                      animationSpeed: animationSpeed, seed: seed))
    }

    /// The region and the centre.
    public override var debugShapes: [DebugShape] {
        switch region {
        case .infinite: return [.anchor(position)]
        case .circle(let r): return [.ellipse(Rect(center: position, size: Size(width: 2 * r, height: 2 * r))), .anchor(position)]
        case .rectangle(let s): return [.rectangle(Rect(center: position, size: s)), .anchor(position)]
        }
    }
}

/// A compiled field.
struct FieldInstance {
    var kind: FieldBehavior.Kind
    var bodies: [Int]
    var position: Point
    var region: FieldRegion
    var strength, falloff, minimumRadius: Double
    var direction: Vector
    var cell, animationSpeed: Double
    var seed: UInt64

    /// Acceleration (points/s²) at offset (`dx`, `dy`) from the centre for velocity (`vx`, `vy`).
    func acceleration(x: Double, y: Double, vx: Double, vy: Double, time: Double) -> (Double, Double) {
        let dx = x - position.x, dy = y - position.y
        guard region.contains(dx: dx, dy: dy) else { return (0, 0) }
        let r = (dx * dx + dy * dy).squareRoot()
        let fall = falloff == 0 ? 1 : pow(Swift.max(r, minimumRadius, 1e-9) / 100, -falloff)
        switch kind {
        case .linearGravity: return (1000 * strength * direction.dx, 1000 * strength * direction.dy)
        case .radialGravity:
            guard r > 1e-9 else { return (0, 0) }
            let m = 1000 * strength * fall / r
            return (-dx * m, -dy * m)
        case .spring: return (-100 * strength * dx, -100 * strength * dy)
        case .drag: return (-strength * vx, -strength * vy)
        case .velocity: return (10 * strength * (direction.dx - vx), 10 * strength * (direction.dy - vy))
        case .vortex:
            guard r > 1e-9 else { return (0, 0) }
            let m = 1000 * strength * fall / r
            return (-dy * m, dx * m)
        case .noise:
            let u = x / cell + time * animationSpeed, v = y / cell
            return (1000 * strength * Self.valueNoise(u, v, seed),
                    1000 * strength * Self.valueNoise(u + 57.31, v - 91.7, seed &+ 0x9E37_79B9_7F4A_7C15))
        }
    }

    /// Smooth value noise in −1…1 (bilinear with smoothstep over hashed lattice values).
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
    /// Adds every field's acceleration over one substep (explicit: fields are soft, external forces).
    func applyFields(_ h: Double) {
        for f in fields {
            for i in f.bodies where bodies.awake[i] && bodies.im[i] > 0 {
                let (ax, ay) = f.acceleration(x: bodies.px[i], y: bodies.py[i], vx: bodies.v0x[i], vy: bodies.v0y[i], time: time)
                bodies.vx[i] += h * ax
                bodies.vy[i] += h * ay
            }
        }
    }
}
