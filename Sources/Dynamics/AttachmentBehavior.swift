import Geometry

/// A closed range of values (UIKit's `UIFloatRange`): points for sliding, radians for pins.
public struct FloatRange: Hashable, Sendable {
    /// Lower end.
    public var minimum: Double
    /// Upper end.
    public var maximum: Double
    /// Creates a range.
    public init(minimum: Double, maximum: Double) { self.minimum = minimum; self.maximum = maximum }
    /// The unlimited range (the default: no limit).
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// Whether both ends are infinite.
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

/// A spring or rod between an item and an anchor or another item (UIKit's `UIAttachmentBehavior`),
/// plus the later kinds: sliding, limit (rope), fixed (weld) and pin.
///
/// Springs follow the soft-constraint convention of docs/DESIGN.md ("Physics"): `frequency` (Hz)
/// and `damping` (ratio) give `k = m_eff·(2πf)²`, `c = 2·m_eff·ζ·2πf`, so the motion does not
/// depend on the items' masses; frequency 0 is a rigid rod. Offsets are in the item's own (rotating) frame, in points.
///
/// Cost: an item held only by soft springs from its centre to fixed anchors (no offset, and no
/// forces, fields, collisions or item-to-item attachments on it) is advanced on a fast path,
/// whatever the number of springs (`kinetic bench physics` times one spring per item and a drag
/// cell's four). Anything else makes its item take the general solver, several times slower per
/// item. The results are the same to the bit either way.
public final class AttachmentBehavior: DynamicBehavior {
    /// Whether an attachment joins an item to an anchor or to another item (UIKit's `UIAttachmentBehaviorType`).
    public enum AttachmentType: Sendable, Hashable {
        /// Between two items.
        case items
        /// Between an item and a fixed anchor point.
        case anchor
    }

    enum Kind {
        case spring
        case sliding(axis: Vector)
        case limit
        case fixed(referenceAngle: Double)
        case pin
    }

    /// The attached items (one for anchor attachments, two for item attachments).
    public let items: [any DynamicItem]
    /// `.anchor` or `.items`.
    public let attachedBehaviorType: AttachmentType
    let kind: Kind
    let offsetA: Vector
    let offsetB: Vector
    /// Sliding attachments between items: the axis in the second item's frame.
    private let localAxis: Vector

    /// The anchor point in reference coordinates (points). Setting it on an anchor attachment moves
    /// the spring's end at once and wakes the item (the drag scene moves anchors every pointer move).
    public var anchorPoint: Point {
        get { anchor }
        set { setAnchorPoint(newValue, solver: nil) }
    }
    private var anchor: Point
    /// Rest length, points; defaults to the distance between the attach points at creation.
    /// For limit attachments, the maximum distance.
    public var length: Double {
        get { storedLength }
        set { storedLength = newValue; setNeedsRebuild() }
    }
    /// Oscillation frequency, Hz (default 0 = rigid).
    public var frequency: Double {
        get { storedFrequency }
        set { storedFrequency = newValue; setNeedsRebuild() }
    }
    /// Damping ratio (default 0; 1 is critical).
    public var damping: Double {
        get { storedDamping }
        set { storedDamping = newValue; setNeedsRebuild() }
    }
    /// Torque resisting rotation at the attachment (mass·pt²/s²; default 0, none).
    public var frictionTorque: Double {
        get { storedFrictionTorque }
        set { storedFrictionTorque = newValue; setNeedsRebuild() }
    }
    /// Sliding: allowed translation along the axis from the starting point (points, positive along
    /// the axis); pin: allowed relative rotation from the starting angle (radians). The ends are
    /// inelastic stops. Default ``FloatRange/infinite``.
    public var attachmentRange: FloatRange {
        get { storedAttachmentRange }
        set { storedAttachmentRange = newValue; setNeedsRebuild() }
    }
    // Private storage behind the public properties (as `LayoutAttributes` does for `center`): with
    // every access in view, Swift proves they never overlap and drops the runtime exclusivity check
    // a public stored property of a class costs on each read; `compile(into:)` reads them for each
    // of thousands of attachments whenever the behavior tree changes.
    private var storedLength: Double
    private var storedFrequency = 0.0
    private var storedDamping = 0.0
    private var storedFrictionTorque = 0.0
    private var storedAttachmentRange = FloatRange.infinite

    /// The rows this attachment compiled into, and the solver that holds them (cleared when the
    /// attachment leaves its animator, so a stale range is never written).
    private var compiled: (solver: ObjectIdentifier, rows: Range<Int>)?

    /// Attaches the point `offsetFromCenter` (item frame, points; default the centre) of `item` to `anchor`.
    public convenience init(item: any DynamicItem, offsetFromCenter: Vector = .zero, attachedToAnchor anchor: Point) {
        self.init(items: [item], kind: .spring, offsetA: offsetFromCenter, offsetB: .zero, anchor: anchor,
                  localAxis: .zero, length: Self.worldPoint(item, offsetFromCenter).distance(to: anchor))
    }

    /// Attaches point `offset1` of `item1` to point `offset2` of `item2` (item frames, points; default centres).
    public convenience init(item item1: any DynamicItem, offsetFromCenter offset1: Vector = .zero,
                            attachedTo item2: any DynamicItem, offsetFromCenter offset2: Vector = .zero) {
        let p1 = Self.worldPoint(item1, offset1), p2 = Self.worldPoint(item2, offset2)
        self.init(items: [item1, item2], kind: .spring, offsetA: offset1, offsetB: offset2, anchor: p2,
                  localAxis: .zero, length: p1.distance(to: p2))
    }

    /// The one designated initialiser: every kind of attachment is built through it.
    private init(items: [any DynamicItem], kind: Kind, offsetA: Vector, offsetB: Vector, anchor: Point,
                 localAxis: Vector, length: Double) {
        self.items = items
        attachedBehaviorType = items.count == 2 ? .items : .anchor
        self.kind = kind
        self.offsetA = offsetA
        self.offsetB = offsetB
        self.localAxis = localAxis
        self.anchor = anchor
        storedLength = length
        super.init()
    }

    /// Two items slide relative to each other along `axis` (reference frame at creation) through
    /// `point`, without relative rotation.
    public static func slidingAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                         attachmentAnchor point: Point, axisOfTranslation axis: Vector) -> AttachmentBehavior {
        let t2 = item2.transform.rotationAngle
        let unit = axis.normalized
        return AttachmentBehavior(items: [item1, item2],
                                  kind: .sliding(axis: unit),
                                  offsetA: localOffset(item1, point), offsetB: localOffset(item2, point), anchor: point,
                                  localAxis: unit.applying(AffineTransform(rotationAngle: -t2)), length: 0)
    }

    /// An item slides along the line through `point` with direction `axis`, without rotating.
    public static func slidingAttachment(with item: any DynamicItem, attachmentAnchor point: Point,
                                         axisOfTranslation axis: Vector) -> AttachmentBehavior {
        AttachmentBehavior(items: [item], kind: .sliding(axis: axis.normalized),
                           offsetA: localOffset(item, point), offsetB: .zero, anchor: point,
                           localAxis: axis.normalized, length: 0)
    }

    /// A rope: the two attach points stay at most their current distance apart (``length``); while
    /// slack it exerts nothing, and it catches inelastically.
    public static func limitAttachment(with item1: any DynamicItem, offsetFromCenter offset1: Vector,
                                       attachedTo item2: any DynamicItem, offsetFromCenter offset2: Vector) -> AttachmentBehavior {
        let p1 = worldPoint(item1, offset1), p2 = worldPoint(item2, offset2)
        return AttachmentBehavior(items: [item1, item2], kind: .limit, offsetA: offset1, offsetB: offset2,
                                  anchor: p2, localAxis: .zero, length: p1.distance(to: p2))
    }

    /// Welds two items together at `point`: no relative motion or rotation.
    public static func fixedAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                       attachmentAnchor point: Point) -> AttachmentBehavior {
        AttachmentBehavior(items: [item1, item2],
                           kind: .fixed(referenceAngle: item1.transform.rotationAngle - item2.transform.rotationAngle),
                           offsetA: localOffset(item1, point), offsetB: localOffset(item2, point), anchor: point,
                           localAxis: .zero, length: 0)
    }

    /// Pins two items together at `point`; they may rotate about it (within ``attachmentRange`` if set).
    public static func pinAttachment(with item1: any DynamicItem, attachedTo item2: any DynamicItem,
                                     attachmentAnchor point: Point) -> AttachmentBehavior {
        AttachmentBehavior(items: [item1, item2], kind: .pin,
                           offsetA: localOffset(item1, point), offsetB: localOffset(item2, point), anchor: point,
                           localAxis: .zero, length: 0)
    }

    // MARK: Geometry helpers

    static func worldPoint(_ item: any DynamicItem, _ offset: Vector) -> Point {
        item.center + offset.applying(AffineTransform(rotationAngle: item.transform.rotationAngle))
    }

    static func localOffset(_ item: any DynamicItem, _ point: Point) -> Vector {
        (point - item.center).applying(AffineTransform(rotationAngle: -item.transform.rotationAngle))
    }

    // MARK: Solver

    override var solverItems: [any DynamicItem] { items }

    override func compile(into solver: SolverContext) {
        compiled = nil
        guard let a = solver.body(of: items[0]) else { return }
        let b = items.count > 1 ? (solver.body(of: items[1]) ?? -1) : -1
        let omega = angularFrequency(Swift.max(frequency, 0))
        let soft = frequency > 0
        let first = solver.rowCount
        func row(_ kind: PrimitiveKind, rigid: Bool) -> Primitive {
            var p = Primitive(kind: kind, rigid: rigid, a: a, b: b)
            p.localAx = offsetA.dx; p.localAy = offsetA.dy
            if b >= 0 { p.localBx = offsetB.dx; p.localBy = offsetB.dy } else { p.localBx = anchorPoint.x; p.localBy = anchorPoint.y }
            p.omega = omega
            p.zeta = Swift.max(damping, 0)
            return p
        }
        switch kind {
        case .spring:
            var p = row(length > 0 ? .distance : .point, rigid: !soft)
            p.length = Swift.max(length, 0)
            solver.addRow(p)
        case .limit:
            var p = row(.rope, rigid: true)
            p.length = Swift.max(length, 0)
            solver.addRow(p)
        case .sliding:
            var p = row(.line, rigid: true)
            p.axisX = localAxis.dx; p.axisY = localAxis.dy
            solver.addRow(p)
            var q = row(.angle, rigid: true)
            q.length = b >= 0 ? items[0].transform.rotationAngle - items[1].transform.rotationAngle : items[0].transform.rotationAngle
            // Keep the reference angle from creation, not from the latest rebuild.
            q.length = slideReference ?? q.length
            slideReference = q.length
            solver.addRow(q)
            if !attachmentRange.isInfinite {
                var r = row(.axisLimit, rigid: true)
                r.axisX = localAxis.dx; r.axisY = localAxis.dy
                r.length = attachmentRange.minimum; r.upper = attachmentRange.maximum
                solver.addRow(r)
            }
        case .fixed(let reference):
            solver.addRow(row(.point, rigid: !soft))
            var q = row(.angle, rigid: true)
            q.length = reference
            solver.addRow(q)
        case .pin:
            solver.addRow(row(.point, rigid: !soft))
            if !attachmentRange.isInfinite {
                var q = row(.angleLimit, rigid: true)
                q.length = attachmentRange.minimum; q.upper = attachmentRange.maximum
                solver.addRow(q)
            }
        }
        if frictionTorque > 0 {
            var f = row(.angularFriction, rigid: true)
            f.upper = frictionTorque
            solver.addRow(f)
        }
        compiled = (solver.identity, first..<solver.rowCount)
    }

    private var slideReference: Double?

    /// Forgets the compiled rows when the attachment joins or leaves an animator: they belong to
    /// the solver it was in.
    public override func willMove(to animator: DynamicAnimator?) {
        compiled = nil
    }

    /// Sets ``anchorPoint`` to `point` and moves the compiled rows' anchor to it. `solver` is a
    /// context looked up once for many attachments (``AnchorMover``); when it is not the one this
    /// attachment compiled into (or nil), the attachment's own animator is asked. With no compiled
    /// rows, the next compile reads the anchor.
    @inline(__always)
    func setAnchorPoint(_ point: Point, solver: SolverContext?) {
        anchor = point
        guard attachedBehaviorType == .anchor, let compiled else { return }
        if let solver, solver.identity == compiled.solver {
            solver.moveAnchor(ofRows: compiled.rows, to: point)
        } else if let own = dynamicAnimator?.compiledSolver, own.identity == compiled.solver {
            own.moveAnchor(ofRows: compiled.rows, to: point)
        }
    }

    /// The attach points, the spring between them, and the anchor.
    public override var debugShapes: [DebugShape] {
        let p1 = Self.worldPoint(items[0], offsetA)
        let p2 = items.count > 1 ? Self.worldPoint(items[1], offsetB) : anchorPoint
        var shapes: [DebugShape] = [.spring(from: p1, to: p2, stretch: p1.distance(to: p2) - length, isRigid: frequency <= 0)]
        if attachedBehaviorType == .anchor { shapes.append(.anchor(anchorPoint)) }
        return shapes
    }
}
