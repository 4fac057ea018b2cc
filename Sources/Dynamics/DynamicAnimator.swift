import Geometry

/// Runs physics on dynamic items (UIKit's `UIDynamicAnimator`), advanced explicitly with ``step(_:)``.
///
/// The animator keeps one body per item (however many behaviors name it) in flat arrays, compiles
/// its behavior tree into constraint rows when the tree changes, and writes `center` and rotation
/// back to the items after every step. Bodies that stay slow fall asleep and cost almost nothing;
/// when all are asleep the animator pauses.
public final class DynamicAnimator {
    /// Creates an animator; `referenceBounds` (points) is used by collision boundaries.
    public init(referenceBounds: Rect? = nil) { self.referenceBounds = referenceBounds }

    /// The reference bounds (points), if any; ``CollisionBehavior`` can turn them into a boundary.
    public let referenceBounds: Rect?
    /// Behaviors added at the top level.
    @exclusivity(unchecked) public private(set) var behaviors: [DynamicBehavior] = []
    /// Pause / resume notifications.
    public weak var delegate: DynamicAnimatorDelegate?
    /// Called after every step in which at least one item moved (a layout invalidates here).
    public var itemsDidMove: (() -> Void)?
    /// Whether any item is in motion (false before the first step and after a pause).
    public internal(set) var isRunning = false
    /// Seconds of simulated time while running.
    public internal(set) var elapsedTime: Double = 0
    /// Whether the next ``step(_:)`` would change nothing: the behavior tree is compiled and every
    /// body is asleep (or there is none). False while a behavior or item change waits for the next
    /// step, and while any body is awake, even before the first step. A frame loop may stop
    /// stepping (and drawing) while it is true; any change to the animator makes it false again.
    public var isAtRest: Bool { !needsRebuild && !world.anyAwake }

    /// Whether items that stay slow fall asleep (default true; UIKit always sleeps them). False
    /// keeps every item awake and stepping, so the animator never pauses while it holds an item:
    /// for benchmarks that compare a pile with sleeping on and off. Turning it off wakes every item.
    package var allowsSleeping: Bool {
        get { world.allowsSleeping }
        set { world.allowsSleeping = newValue }
    }

    let world = World()
    /// The narrow view of the solver behaviors use (see ``SolverContext``).
    var solver: SolverContext { SolverContext(world) }
    private(set) var needsRebuild = false
    private var flatBehaviors: [DynamicBehavior] = []
    private var topLevel = Set<ObjectIdentifier>()
    /// Behaviors with an ``DynamicBehavior/action``, recollected when the tree or an action changes.
    private var actionBehaviors: [DynamicBehavior] = []
    private var actionsAreStale = true
    private var index = SpatialIndex()
    var indexIsStale = true

    /// Adds a behavior (and its children); it takes effect on the next step.
    public func addBehavior(_ behavior: DynamicBehavior) {
        guard topLevel.insert(ObjectIdentifier(behavior)).inserted else { return }
        behaviors.append(behavior)
        behavior.move(to: self)
        setNeedsRebuild()
    }

    /// Removes a top-level behavior. Items no behavior names any more leave the animator.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard topLevel.remove(ObjectIdentifier(behavior)) != nil,
              let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: i)
        behavior.move(to: nil)
        setNeedsRebuild()
    }

    /// Removes every behavior (and so every item).
    public func removeAllBehaviors() {
        let old = behaviors
        behaviors.removeAll()
        topLevel.removeAll()
        for b in old { b.move(to: nil) }
        setNeedsRebuild()
    }

    /// Items whose transformed bounding box intersects `rect` (points), top to bottom.
    /// O(log n + items in the rect's horizontal band); see ``SpatialIndex``.
    public func items(in rect: Rect) -> [any DynamicItem] {
        if needsRebuild { rebuild() }
        if indexIsStale {
            index.rebuild(world)
            indexIsStale = false
        }
        return index.query(rect).map { world.items[$0] }
    }

    /// Re-reads an item's centre and rotation after outside code changed them; its velocity is kept
    /// and it wakes up.
    public func updateItem(usingCurrentState item: any DynamicItem) {
        if needsRebuild { rebuild() }
        guard let i = world.indexByItem[ObjectIdentifier(item)] else { return }
        let c = item.center
        world.bodies.px[i] = c.x
        world.bodies.py[i] = c.y
        let angle = item.transform.rotationAngle
        world.bodies.th[i] = angle
        world.bodies.cosT[i] = cos(angle)
        world.bodies.sinT[i] = sin(angle)
        world.bodies.writtenAngle[i] = angle
        world.wake(i)
        indexIsStale = true
    }

    /// Every item the animator's behaviors hold, in the order they were first added, whatever
    /// their position (a Kinetic addition: UIKit lists items per behavior). Unlike
    /// ``items(in:)``, this also finds items that left every rectangle.
    public var dynamicItems: [any DynamicItem] {
        if needsRebuild { rebuild() }
        return Array(world.items)
    }

    /// How many items are awake: moving, or slow for less than the sleep window (0.2 s below
    /// 1 pt/s). 0 once the animator has paused. Counts every body (O(items)); for dumps, tests and
    /// benchmarks, not for a per-frame loop.
    public var awakeItemCount: Int {
        if needsRebuild { rebuild() }
        var n = 0
        for i in 0..<world.count where world.bodies.awake[i] { n += 1 }
        return n
    }

    /// The velocity of `item` in points per second, or zero when the animator does not hold it.
    /// (UIKit reads velocities through a `UIDynamicItemBehavior`; Kinetic also offers them here,
    /// so dumps and tests can read any item's motion.)
    public func linearVelocity(for item: any DynamicItem) -> Vector {
        if needsRebuild { rebuild() }
        guard let i = world.indexByItem[ObjectIdentifier(item)] else { return .zero }
        return Vector(dx: world.bodies.vx[i], dy: world.bodies.vy[i])
    }

    /// The angular velocity of `item` in radians per second, or zero when the animator does not hold it.
    public func angularVelocity(for item: any DynamicItem) -> Double {
        if needsRebuild { rebuild() }
        guard let i = world.indexByItem[ObjectIdentifier(item)] else { return 0 }
        return world.bodies.w[i]
    }

    /// Advances the simulation by `dt` seconds (ignored unless positive and finite).
    ///
    /// Pass whole frames: the step is split here, and only here, into equal substeps of at most
    /// 1/240 s, shorter for stiff springs (60 per period of the stiffest one), at most 64 per call
    /// (see ``substepCount(forStep:)``); the result depends only on the sequence of `dt` values,
    /// so runs are deterministic.
    public func step(_ dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        if needsRebuild { rebuild() }
        if !isRunning {
            guard world.anyAwake else { return }
            isRunning = true
            delegate?.dynamicAnimatorWillResume(self)
        }
        world.collectMoving()
        // Touching pairs are recorded only for a delegate to hear of (a pile of 500 makes
        // thousands a substep).
        world.recordsContacts = world.collisionGroups.contains { $0.behavior?.collisionDelegate != nil }
        let anyMoved = world.movingCount > 0
        if anyMoved {
            _ = world.advance(dt)
            world.time += dt
        }
        elapsedTime += dt
        writeBack()
        reportContacts()
        if actionsAreStale {
            actionBehaviors = flatBehaviors.filter { $0.action != nil }
            actionsAreStale = false
        }
        for b in actionBehaviors { b.action?() }
        if anyMoved {
            indexIsStale = true
            itemsDidMove?()
        }
        if !needsRebuild && !world.anyAwake {
            isRunning = false
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// The number of equal substeps ``step(_:)`` cuts a step of `dt` seconds into when no spring
    /// is stiffer than 4 Hz: the fewest of at most 1/240 s (4 for 1/60 s, 2 for 1/144 s), at least
    /// 1 and at most 64. Stiffer springs shorten the substeps (60 per period of the stiffest). The
    /// animator alone makes this decision; a frame loop hands it whole frames and may read this to
    /// report the substep.
    public static func substepCount(forStep dt: Double) -> Int {
        SolverPolicy.substepCount(for: dt, maxFrequency: 0)
    }

    /// Debug geometry of every behavior in the tree, plus each moving item's velocity vector.
    public var debugShapes: [DebugShape] {
        var shapes: [DebugShape] = []
        func walk(_ b: DynamicBehavior) {
            shapes += b.debugShapes
            for c in b.childBehaviors { walk(c) }
        }
        for b in behaviors { walk(b) }
        if !needsRebuild {
            for i in 0..<world.count where world.bodies.awake[i] {
                shapes.append(.vector(from: Point(x: world.bodies.px[i], y: world.bodies.py[i]), Vector(dx: world.bodies.vx[i], dy: world.bodies.vy[i])))
            }
        }
        return shapes
    }

    // MARK: Internal

    func setNeedsRebuild() { needsRebuild = true; actionsAreStale = true }

    /// The solver's context while the behavior tree is compiled; nil while a rebuild is pending
    /// (behaviors then leave their rows alone: the rebuild reads their current values).
    var compiledSolver: SolverContext? { needsRebuild ? nil : solver }

    func actionsDidChange() { actionsAreStale = true }

    /// The body index of `item`, compiling first if needed.
    func bodyIndex(for item: any DynamicItem) -> Int? {
        world.indexByItem[ObjectIdentifier(item)]
    }

    private func rebuild() {
        var flat: [DynamicBehavior] = []
        flat.reserveCapacity(Swift.max(behaviors.count, flatBehaviors.count))
        Self.flatten(behaviors, into: &flat)
        flatBehaviors = flat
        let touches = heldTouches()
        Self.compileBodies(flat, into: world)
        world.clearPrimitives()
        world.fields.removeAll()
        world.collisionGroups.removeAll()
        world.contactsLastStep.removeAll()
        needsRebuild = false
        Self.compileRows(flat, into: world)
        restoreTouches(touches)
        indexIsStale = true
    }

    private static func flatten(_ list: [DynamicBehavior], into flat: inout [DynamicBehavior]) {
        for b in list {
            flat.append(b)
            if !b.childBehaviors.isEmpty { flatten(b.childBehaviors, into: &flat) }
        }
    }

    /// Compiles the bodies and materials of the flattened tree. `flat` is a parameter so the loops
    /// borrow the behaviors instead of retaining and releasing each one (10,000 of them in the
    /// benchmark scene).
    private static func compileBodies(_ flat: [DynamicBehavior], into world: World) {
        world.syncBodies(flat)
        world.resetMaterials()
        let context = SolverContext(world)
        for b in flat { b.compileMaterials(into: context) }
        world.finishMaterials()
    }

    /// Compiles the constraint rows, forces, fields and collision groups of the flattened tree.
    private static func compileRows(_ flat: [DynamicBehavior], into world: World) {
        world.reservePrimitives(flat.count)
        let context = SolverContext(world)
        for b in flat { b.compile(into: context) }
        world.finishPrimitives()
        world.wakeAll()
    }

    private func writeBack() {
        let b = world.bodies
        Self.writeBack(world.items, UnsafeBufferPointer(b.moving.buffer(count: world.movingCount)),
                       px: b.px, py: b.py, th: b.th, cosT: b.cosT, sinT: b.sinT, written: b.writtenAngle)
    }

    /// Writes `center` and (when it changed) the rotation of the `moved` bodies to their items.
    /// `items` is a parameter so the loop borrows each item: read from a class property or a
    /// pointer, every item would be retained and released around its setter calls. The rotation is
    /// built from the body's cosine and sine, which are always `cos` and `sin` of its angle (glibc's
    /// `sincos` gives the same bits as the two apart), so `AffineTransform(rotationAngle:)` would
    /// compute them again for the same result.
    private static func writeBack(_ items: ContiguousArray<any DynamicItem>, _ moved: UnsafeBufferPointer<Int32>,
                                  px: Column<Double>, py: Column<Double>, th: Column<Double>,
                                  cosT: Column<Double>, sinT: Column<Double>, written: Column<Double>) {
        for m in moved {
            let i = Int(m)
            items[i].center = Point(x: px[i], y: py[i])
            let angle = th[i]
            if angle != written[i] {
                written[i] = angle
                let c = cosT[i], s = sinT[i]
                #if DEBUG
                precondition(c == cos(angle) && s == sin(angle), "body \(i)'s cosine and sine are not its angle's")
                #endif
                items[i].transform = AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
            }
        }
    }

    private func reportContacts() {
        let now = world.contactsThisStep, before = world.contactsLastStep
        if !(now.isEmpty && before.isEmpty) {
            for key in now.keys.sorted() where before[key] == nil { report(key, began: true, at: now[key]!) }
            for key in before.keys.sorted() where now[key] == nil { report(key, began: false, at: before[key]!) }
        }
        world.contactsLastStep = now
    }

    private func report(_ key: ContactKey, began: Bool, at point: Point) {
        let g = Int(key.group)
        guard g < world.collisionGroups.count, let behavior = world.collisionGroups[g].behavior,
              let delegate = behavior.collisionDelegate else { return }
        let a = world.items[Int(key.a)]
        if key.b >= 0 {
            let b = world.items[Int(key.b)]
            if began { delegate.collisionBehavior(behavior, beganContactFor: a, with: b, at: point) }
            else { delegate.collisionBehavior(behavior, endedContactFor: a, with: b) }
        } else {
            let tag = world.collisionGroups[g].segments[Int(-1 - key.b)].tag
            let id = world.collisionGroups[g].identifiers[tag]
            if began { delegate.collisionBehavior(behavior, beganContactFor: a, withBoundaryIdentifier: id, at: point) }
            else { delegate.collisionBehavior(behavior, endedContactFor: a, withBoundaryIdentifier: id) }
        }
    }
}
