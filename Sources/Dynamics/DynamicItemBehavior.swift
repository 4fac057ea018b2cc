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
            animator.solver.addVelocity(i, velocity, wake: true)
        } else {
            pendingLinear[ObjectIdentifier(item), default: .zero] += velocity
            setNeedsRebuild()
        }
    }

    /// `item`'s linear velocity, points per second.
    public func linearVelocity(for item: any DynamicItem) -> Vector {
        if let animator = dynamicAnimator, let i = animator.bodyIndex(for: item), !animator.needsRebuild {
            return animator.solver.velocity(i).linear
        }
        return pendingLinear[ObjectIdentifier(item)] ?? .zero
    }

    /// Adds `velocity` (radians per second, clockwise on screen) to `item`'s angular velocity.
    public func addAngularVelocity(_ velocity: Double, for item: any DynamicItem) {
        if let animator = dynamicAnimator, let i = animator.bodyIndex(for: item), !animator.needsRebuild {
            animator.solver.addVelocity(i, .zero, angular: velocity, wake: true)
        } else {
            pendingAngular[ObjectIdentifier(item), default: 0] += velocity
            setNeedsRebuild()
        }
    }

    /// `item`'s angular velocity, radians per second.
    public func angularVelocity(for item: any DynamicItem) -> Double {
        if let animator = dynamicAnimator, let i = animator.bodyIndex(for: item), !animator.needsRebuild {
            return animator.solver.velocity(i).angular
        }
        return pendingAngular[ObjectIdentifier(item)] ?? 0
    }

    override var solverItems: [any DynamicItem] { items }

    override func compileMaterials(into solver: SolverContext) {
        let material = ItemMaterial(elasticity: elasticity, friction: friction, density: density, resistance: resistance,
                                    angularResistance: angularResistance, allowsRotation: allowsRotation,
                                    isAnchored: isAnchored, charge: charge)
        for item in items {
            guard let i = solver.lookup(item) else { continue }
            solver.setMaterial(i, material)
            if let v = pendingLinear[ObjectIdentifier(item)] { solver.addVelocity(i, v) }
            if let w = pendingAngular[ObjectIdentifier(item)] { solver.addVelocity(i, .zero, angular: w) }
        }
        pendingLinear.removeAll()
        pendingAngular.removeAll()
    }
}
