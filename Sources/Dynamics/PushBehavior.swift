import Geometry

/// A force on items (UIKit's `UIPushBehavior`): magnitude 1 on an item of mass 1 accelerates it at
/// 100 points/s² (continuous), or changes its velocity by 100 points/s (instantaneous).
public final class PushBehavior: ItemListBehavior, DirectionalBehavior {
    /// How the force is applied (UIKit's `UIPushBehavior.Mode`).
    public enum Mode: Sendable, Hashable {
        /// A steady force while ``PushBehavior/active``.
        case continuous
        /// One impulse, after which ``PushBehavior/active`` turns false.
        case instantaneous
    }

    /// Continuous or instantaneous.
    public let mode: Mode

    /// Creates a push on `items` (no force until a direction or magnitude is set).
    public init(items: [any DynamicItem] = [], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    override func didRemove(_ item: any DynamicItem) {
        offsets[ObjectIdentifier(item)] = nil
    }

    /// Direction and magnitude together (default zero).
    public var pushDirection = Vector.zero {
        didSet { pending = mode == .instantaneous && active; setNeedsRebuild() }
    }

    /// The same as ``pushDirection`` (``DirectionalBehavior``'s name): ``DirectionalBehavior/angle``
    /// and ``DirectionalBehavior/magnitude`` (see the type's units; default 0) read and set it.
    public var direction: Vector {
        get { pushDirection }
        set { pushDirection = newValue }
    }

    /// Whether the push applies (default true). Setting an instantaneous push active applies it once more.
    public var active = true {
        didSet { pending = mode == .instantaneous && active; setNeedsRebuild() }
    }

    private var pending = true
    private var offsets: [ObjectIdentifier: Vector] = [:]

    /// Applies the force at `offset` (item frame, points) from `item`'s centre, so it also turns it.
    public func setTargetOffsetFromCenter(_ offset: Vector, for item: any DynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
        setNeedsRebuild()
    }

    /// Where the force applies on `item` (default the centre).
    public func targetOffsetFromCenter(for item: any DynamicItem) -> Vector {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    override var solverItems: [any DynamicItem] { items }

    override func compile(into solver: SolverContext) {
        guard active else { return }
        let f = pushDirection * 100
        for item in items {
            guard let i = solver.lookup(item), solver.inverseMass(i) > 0 else { continue }
            let o = targetOffsetFromCenter(for: item)
            let turn = solver.rotation(i)
            let (rx, ry) = rotate(o.dx, o.dy, turn.cos, turn.sin)
            let torque = rx * f.dy - ry * f.dx
            let im = solver.inverseMass(i), ii = solver.inverseInertia(i)
            let dv = Vector(dx: f.dx * im, dy: f.dy * im)
            switch mode {
            case .continuous:
                solver.accelerate(i, dv, angular: torque * ii)
            case .instantaneous:
                guard pending else { continue }
                solver.addVelocity(i, dv, angular: torque * ii)
            }
        }
        if mode == .instantaneous && pending {
            pending = false
            // UIKit turns an applied instantaneous push inactive (without another recompile).
            withoutRebuild { active = false }
        }
    }

    private func withoutRebuild(_ body: () -> Void) {
        let animator = dynamicAnimator
        dynamicAnimator = nil
        body()
        dynamicAnimator = animator
    }

    /// The push force at each item (scaled so magnitude 1 draws 100 points).
    public override var debugShapes: [DebugShape] {
        active ? items.map { .vector(from: $0.center, pushDirection * 100) } : []
    }
}
