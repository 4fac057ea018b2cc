import Geometry

/// Pulls an item to a point and turns it upright (UIKit's `UISnapBehavior`).
///
/// A snap is a length-0 spring at ``SnapBehavior/frequency`` plus an angular spring to rotation 0;
/// ``damping`` 0…1 maps to damping ratio 0.2…1, so 1 settles without overshoot.
public final class SnapBehavior: DynamicBehavior {
    /// The item snapped.
    public let item: any DynamicItem
    /// Where the item's centre goes (points). Moving it wakes the item.
    public var snapPoint: Point { didSet { setNeedsRebuild() } }
    /// Oscillation damping, 0…1 (default 0.5).
    public var damping: Double = 0.5 { didSet { setNeedsRebuild() } }
    /// The spring's frequency, Hz (3 Hz: settles in about a quarter of a second at damping 1).
    public static let frequency = 3.0

    /// Creates a snap of `item` to `point`.
    public init(item: any DynamicItem, snapTo point: Point) {
        self.item = item
        snapPoint = point
        super.init()
    }

    /// The damping ratio used for ``damping``.
    var dampingRatio: Double { 0.2 + 0.8 * clamp(damping, 0, 1) }

    override var solverItems: [any DynamicItem] { [item] }

    override func compile(into solver: SolverContext) {
        guard let a = solver.lookup(item) else { return }
        var p = Primitive(kind: .point, rigid: false, a: a, b: -1)
        p.localBx = snapPoint.x; p.localBy = snapPoint.y
        p.omega = angularFrequency(Self.frequency)
        p.zeta = dampingRatio
        solver.addRow(p)
        var q = Primitive(kind: .angle, rigid: false, a: a, b: -1)
        q.omega = p.omega
        q.zeta = p.zeta
        solver.addRow(q)
    }

    /// The snap point and the pull towards it.
    public override var debugShapes: [DebugShape] {
        [.anchor(snapPoint), .spring(from: item.center, to: snapPoint, stretch: item.center.distance(to: snapPoint), isRigid: false)]
    }
}
