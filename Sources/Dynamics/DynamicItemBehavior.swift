import Geometry

/// Material and motion settings for items (UIKit's `UIDynamicItemBehavior`). When several item
/// behaviors name the same item, the one added last wins.
public final class DynamicItemBehavior: ItemListBehavior {
    /// Creates a behavior for `items` with UIKit's defaults.
    public override init(items: [any DynamicItem] = []) {
        super.init(items: items)
    }


    /// Bounciness of collisions, 0…1 (default 0: no bounce; 1: elastic).
    public var elasticity: Double = 0 { didSet { setNeedsRebuild() } }
    /// Coulomb friction coefficient for sliding contacts (default 0).
    public var friction: Double = 0 { didSet { setNeedsRebuild() } }
    /// Mass per area: mass = density × width × height / 10⁴ (default 1, so 100×100 pt weighs 1).
    public var density: Double = 1 { didSet { setNeedsRebuild() } }
    /// Linear damping, 1/s (default 0): velocity decays as `exp(−resistance·t)`.
    public var resistance: Double = 0 { didSet { setNeedsRebuild() } }
    /// Angular damping, 1/s (default 0).
    public var angularResistance: Double = 0 { didSet { setNeedsRebuild() } }
    /// Whether items may rotate (default true).
    public var allowsRotation = true { didSet { setNeedsRebuild() } }
    /// Anchored items never move but still collide and hold attachments (default false).
    public var isAnchored = false { didSet { setNeedsRebuild() } }
    /// Electric charge for fields (default 0).
    public var charge: Double = 0 { didSet { setNeedsRebuild() } }

    private var pendingLinear: [ObjectIdentifier: Vector] = [:]
    private var pendingAngular: [ObjectIdentifier: Double] = [:]

    /// Adds `velocity` (points per second) to `item`'s linear velocity.
    public func addLinearVelocity(_ velocity: Vector, for item: any DynamicItem) {
        if let animator = dynamicAnimator, let i = animator.bodyIndex(for: item), !animator.needsRebuild {
            animator.world.vx[i] += velocity.dx
            animator.world.vy[i] += velocity.dy
            animator.world.wake(i)
        } else {
            pendingLinear[ObjectIdentifier(item), default: .zero] += velocity
            setNeedsRebuild()
        }
    }

    /// `item`'s linear velocity, points per second.
    public func linearVelocity(for item: any DynamicItem) -> Vector {
        if let animator = dynamicAnimator, let i = animator.bodyIndex(for: item), !animator.needsRebuild {
            return Vector(dx: animator.world.vx[i], dy: animator.world.vy[i])
        }
        return pendingLinear[ObjectIdentifier(item)] ?? .zero
    }

    /// Adds `velocity` (radians per second, clockwise on screen) to `item`'s angular velocity.
    public func addAngularVelocity(_ velocity: Double, for item: any DynamicItem) {
        if let animator = dynamicAnimator, let i = animator.bodyIndex(for: item), !animator.needsRebuild {
            animator.world.w[i] += velocity
            animator.world.wake(i)
        } else {
            pendingAngular[ObjectIdentifier(item), default: 0] += velocity
            setNeedsRebuild()
        }
    }

    /// `item`'s angular velocity, radians per second.
    public func angularVelocity(for item: any DynamicItem) -> Double {
        if let animator = dynamicAnimator, let i = animator.bodyIndex(for: item), !animator.needsRebuild {
            return animator.world.w[i]
        }
        return pendingAngular[ObjectIdentifier(item)] ?? 0
    }

    override var solverItems: [any DynamicItem] { items }

    override func compileMaterials(into world: World) {
        for item in items {
            guard let i = world.indexByItem[ObjectIdentifier(item)] else { continue }
            world.info[i].elasticity = elasticity
            world.info[i].friction = friction
            world.info[i].density = density
            world.info[i].resistance = resistance
            world.info[i].angularResistance = angularResistance
            world.info[i].allowsRotation = allowsRotation
            world.info[i].isAnchored = isAnchored
            world.info[i].charge = charge
            if let v = pendingLinear[ObjectIdentifier(item)] { world.vx[i] += v.dx; world.vy[i] += v.dy }
            if let w = pendingAngular[ObjectIdentifier(item)] { world.w[i] += w }
        }
        pendingLinear.removeAll()
        pendingAngular.removeAll()
    }
}
