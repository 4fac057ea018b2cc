import Dynamics

/// Gravity, a collision inside the stage's bounds and one material for a demo's items: the
/// set-up of the demos that drop things into the box (shapes, group, stress), made and tuned in
/// one place.
struct BoxedFall {
    /// Pulls the items down; its magnitude is the demo's `magnitude` (1 = 1000 pt/s²).
    let gravity: GravityBehavior
    /// The items against each other and the stage's edges (`translatesReferenceBoundsIntoBoundary`).
    let collision: CollisionBehavior
    /// Elasticity and friction (tunable), resistance and angular resistance (fixed), 1/s.
    let material: DynamicItemBehavior

    /// Makes the three behaviors for `items` and adds them to `animator`.
    init(items: [any DynamicItem], resistance: Double, angularResistance: Double, in animator: DynamicAnimator) {
        gravity = GravityBehavior(items: items)
        collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        material = DynamicItemBehavior(items: items)
        material.resistance = resistance
        material.angularResistance = angularResistance
        for b in [gravity, collision, material] as [DynamicBehavior] { animator.addBehavior(b) }
    }

    /// Applies a demo's tunables: gravity's magnitude, the items' elasticity (0…1) and friction.
    func apply(_ tunables: some FallTunables) {
        gravity.magnitude = tunables.magnitude
        material.elasticity = tunables.elasticity
        material.friction = tunables.friction
    }
}
