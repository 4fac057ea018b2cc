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

/// A force field over a region (UIKit's `UIFieldBehavior`). Create one with a factory method and
/// add the items it acts on; items outside ``region`` feel nothing.
///
/// Every field's strength at an item is `s = strength × fall`, where `d` is the item's offset from
/// ``position``, `r = |d|` and `fall = (max(r, minimumRadius) / 100 pt)^(−falloff)`: 1 at 100 pt,
/// and 1 everywhere with the default falloff 0. Laws and scales (`m` the item's mass, 1 for a
/// 100×100-point item of density 1; `q` its ``DynamicItemBehavior/charge``; `v` its velocity):
///
/// | field | law | strength 1 means |
/// |---|---|---|
/// | linear gravity | acceleration `1000·s·direction` (a force `m·a`) | 1000 points/s² per unit of `direction` |
/// | radial gravity | acceleration `1000·s` towards ``position`` | 1000 points/s² |
/// | electric | force `1000·q·s` away from ``position`` (`q·s > 0` repels) | 1000 points/s² on charge 1, mass 1 |
/// | magnetic | force `10·q·s·(v_y, −v_x)`: counter-clockwise circles when `q·s > 0` | turning at 10 rad/s on charge 1, mass 1 |
/// | spring | force `−100·s·d` (Hooke's law) | `ω = 10 rad/s` on mass 1: period `2π·√(m / (100·s))` |
/// | drag | force `−s·v` | speed decays as `exp(−s·t / m)` |
/// | velocity | sets the velocity to `s·direction` (points/s), overriding other accelerations | `direction` itself |
/// | vortex | acceleration `1000·s` perpendicular to `d`, counter-clockwise on screen | 1000 points/s² |
/// | noise | acceleration `1000·s·n(x, y, t)`, `n` a smooth seeded random vector with components in −1…1 | up to 1000 points/s² |
/// | turbulence | acceleration `s·|v|·n(x, y, t)` (noise scaled by the item's speed; none at rest) | up to 1 point/s² per point/s |
///
/// Noise and turbulence use cells of `50 + 450·smoothness` points, drifting at `animationSpeed`
/// cells per second, from ``seed``: deterministic, since time is the animator's simulated time.
public final class FieldBehavior: ItemListBehavior {
    /// The kind of field (UIKit's factory methods).
    public enum Kind: Sendable, Hashable {
        /// Uniform acceleration along ``FieldBehavior/direction``.
        case linearGravity
        /// Acceleration towards ``FieldBehavior/position``.
        case radialGravity
        /// Hooke's-law spring towards ``FieldBehavior/position``.
        case spring
        /// A force against the velocity.
        case drag
        /// Sets items' velocity to ``FieldBehavior/direction`` × strength (points/s).
        case velocity
        /// Swirl around ``FieldBehavior/position``, counter-clockwise for positive strength.
        case vortex
        /// Smooth random acceleration.
        case noise
        /// Smooth random acceleration scaled by the item's speed.
        case turbulence
        /// A force on charged items away from ``FieldBehavior/position`` (towards it when charge × strength < 0).
        case electric
        /// A force on moving charged items, perpendicular to their velocity (a uniform field out of the screen).
        case magnetic
    }

    /// This field's kind.
    public let kind: Kind
    /// The field's centre, points (default zero).
    public var position = Point.zero { didSet { setNeedsRebuild() } }
    /// Where the field acts, around ``position`` (default infinite).
    public var region = FieldRegion.infinite { didSet { setNeedsRebuild() } }
    /// Scale of the field's effect (default 1; see the table above for each kind's units).
    public var strength = 1.0 { didSet { setNeedsRebuild() } }
    /// Exponent of the decay with distance from ``position``: the strength is multiplied by
    /// `(distance / 100 pt)^(−falloff)` (default 0: a uniform field). Applies to every kind.
    public var falloff = 0.0 { didSet { setNeedsRebuild() } }
    /// Distances from ``position`` below this (points) count as this for ``falloff`` (default 1).
    public var minimumRadius = 1.0 { didSet { setNeedsRebuild() } }
    /// Linear gravity: the acceleration's direction and size (1 = 1000 points/s²); velocity: the
    /// velocity items get, points/s (default zero).
    public var direction = Vector.zero { didSet { setNeedsRebuild() } }
    /// Noise and turbulence smoothness, 0 (most random: 50-point cells) … 1 (smoothest: 500-point cells); default 0.
    public var smoothness = 0.0 { didSet { setNeedsRebuild() } }
    /// Noise and turbulence drift, cells per second (default 0: a still field).
    public var animationSpeed = 0.0 { didSet { setNeedsRebuild() } }
    /// Noise and turbulence seed (default 0); the same seed gives the same field.
    public var seed: UInt64 = 0 { didSet { setNeedsRebuild() } }

    /// Creates a field of `kind`; the factory methods set the usual parameters.
    public init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// Uniform gravity along `direction` (1 = 1000 points/s²).
    public static func linearGravityField(direction: Vector) -> FieldBehavior {
        let f = FieldBehavior(kind: .linearGravity); f.direction = direction; return f
    }
    /// Gravity towards `position` (1000 points/s² at strength 1).
    public static func radialGravityField(position: Point) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity); f.position = position; return f
    }
    /// A Hooke's-law spring towards ``position`` (strength 1: 100 points/s² per point on mass 1).
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    /// A force against the velocity (strength 1: 1 mass·point/s² per point/s).
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    /// Gives items the velocity `direction` × strength (points/s).
    public static func velocityField(direction: Vector) -> FieldBehavior {
        let f = FieldBehavior(kind: .velocity); f.direction = direction; return f
    }
    /// A counter-clockwise swirl around ``position`` (1000 points/s² at strength 1).
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    /// Smooth random acceleration (up to 1000 points/s² at strength 1).
    public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let f = FieldBehavior(kind: .noise); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    /// Smooth random acceleration proportional to each item's speed (up to 1 point/s² per point/s
    /// at strength 1); items at rest feel nothing.
    public static func turbulenceField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let f = FieldBehavior(kind: .turbulence); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    /// A force `F = q·E` on items with charge `q`, away from ``position`` (1000 points/s² on
    /// charge 1 and mass 1 at strength 1): a positive charge is repelled by a positive strength
    /// and attracted by a negative one. Items with charge 0 feel nothing.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }
    /// A force `F = q·v × B` on moving items with charge `q`, B out of the screen: when charge ×
    /// strength is positive items turn counter-clockwise on screen (UIKit's documented sense), at
    /// 10 rad/s on charge 1 and mass 1 at strength 1, so an item at speed `v` circles with radius
    /// `m·v / (10·|q·strength|)` points. Items with charge 0 feel nothing.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }

    override var solverItems: [any DynamicItem] { items }

    override func compile(into solver: SolverContext) {
        let bodies = items.compactMap { solver.lookup($0) }
        let charged = kind == .electric || kind == .magnetic
        solver.addField(FieldInstance(kind: kind, bodies: bodies, charges: charged ? bodies.map { solver.charge($0) } : [],
                                      position: position, region: region,
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
