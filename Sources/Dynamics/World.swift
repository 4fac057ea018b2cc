import Geometry

/// Per-body data that the hot loop does not touch.
struct BodyInfo {
    /// Half the item's bounds (points): a rectangle's or ellipse's half-axes; for pieces, the
    /// half-extents of a box about the centre holding them all.
    var halfWidth: Double { didSet { measure() } }
    var halfHeight: Double { didSet { measure() } }
    var shape: BodyShape { didSet { measure() } }
    /// Whether the body is a circle (an ellipse with equal half-axes).
    var isCircle: Bool { shape == .ellipse && halfWidth == halfHeight }
    /// How far the outline reaches from the centre, points: an ellipse's longer half-axis, a
    /// rectangle's (or a body of pieces' bounds') corner; the radius of the circle about the
    /// centre that holds it (``World/restAnchor(_:_:)``, ``World/boundsApart(_:_:margin:)``).
    /// Kept with the half-axes and the shape, as are ``corner`` and ``sleepSpin``: the narrow
    /// phase and the sleep update read them for every pair and every body, every step.
    private(set) var reach = 0.0
    /// How far the bounds' corner reaches from the centre, points (`√(hw² + hh²)`): what the
    /// speculative margins take the outline to sweep as the body turns.
    private(set) var corner = 0.0
    /// The spin below which the body, colliding, counts as slow (rad/s):
    /// ``SolverPolicy/angularSleepLimit(corner:)``.
    private(set) var sleepSpin = 0.0

    /// A body of `shape` with half-axes `halfWidth` and `halfHeight` (points).
    init(halfWidth: Double, halfHeight: Double, shape: BodyShape) {
        self.halfWidth = halfWidth
        self.halfHeight = halfHeight
        self.shape = shape
        measure()
    }

    private mutating func measure() {
        corner = Self.corner(halfWidth, halfHeight)
        reach = shape == .ellipse ? Swift.max(halfWidth, halfHeight) : corner
        sleepSpin = SolverPolicy.angularSleepLimit(corner: corner)
    }

    /// ``reach`` of a `shape` with half-axes `hw` and `hh` (points).
    static func reach(_ shape: BodyShape, _ hw: Double, _ hh: Double) -> Double {
        shape == .ellipse ? Swift.max(hw, hh) : corner(hw, hh)
    }

    /// ``corner`` of half-axes `hw` and `hh` (points).
    static func corner(_ hw: Double, _ hh: Double) -> Double { (hw * hw + hh * hh).squareRoot() }
    /// For ``BodyShape/pieces``: the body's pieces in ``World/pieces``.
    var pieceStart = 0, pieceCount = 0
    /// The area mass is derived from, points² (the bounds', or a group's members' summed).
    var area = 1.0
    /// The moment of inertia about the centre per unit mass, points².
    var unitInertia = 1.0
    var mass = 1.0
    var inertia = 1.0
    /// What the item's ``DynamicItemBehavior`` set (the defaults without one).
    var material = ItemMaterial()
}

/// The solver: flat struct-of-arrays body storage plus the compiled constraint rows, split among
/// the fast paths (``SoloPath``, ``FlockPath``) and the general lists.
///
/// Behaviors compile into it when the behavior tree changes (``DynamicAnimator`` keeps a dirty
/// flag); cheap edits such as moving an anchor write straight into the row's one live copy
/// (``setAnchor(ofRow:_:)``). A step (``advance(_:)``, `Solver.swift`) builds a ``StepContext``
/// and hands it to each stage; what stays here lasts from one step to the next. Extended in
/// `Solver.swift` (the step), `World+Classification.swift`, `World+Invariants.swift`,
/// `Contacts.swift` and `FieldBehavior+ForceLaws.swift`.
///
/// The arrays and fast paths the step and anchor-move loops index per body or per row are
/// `@exclusivity(unchecked)` (so are the columns of ``BodyColumns`` and ``RowColumns``): Swift's
/// runtime exclusivity check on a class's stored property costs about 5 ns per access, which
/// nearly doubled the drag flock's cost per item-step. Nothing holds an access to them across a
/// call that could reach them again.
final class World {
    /// The per-body columns (hot loops copy the ones they need into locals once per pass).
    let bodies = BodyColumns()
    /// The compiled rows and their scratch (the first ``primCount`` rows are live).
    let rows = RowColumns()
    /// The items, by body index (kept apart from ``info`` for the write-back loop).
    var items: ContiguousArray<any DynamicItem> = []
    var count = 0
    /// Whether any body has an external acceleration or resistance (else that pass is skipped).
    var hasExternalForces = true
    /// The substep the rows' coefficients were computed for.
    var coefficientStep = Double.nan
    /// Whether the cached rigid coefficients are the relaxed ones (``SoftCoefficients/relaxedRigid(h:)``).
    var coefficientRelaxing = false

    @exclusivity(unchecked) var info: [BodyInfo] = []
    var indexByItem = ItemIndex()
    /// Where ``bodyIndex(of:)`` looks first.
    var lookupHint = 0

    var primCount = 0
    /// The fast paths: bodies on one spring (``SoloPath``) and on several (``FlockPath``), each
    /// advanced through all substeps at once.
    @exclusivity(unchecked) var solo = SoloPath()
    @exclusivity(unchecked) var flock = FlockPath()
    /// The bodies and rows the substep loop walks (everything not solo or flock).
    var generalBodies: [Int32] = []
    var generalRows: [Int32] = []
    /// The general loop's bodies the energy guard watches.
    var guarded = GuardedBodies()
    /// How many times the energy guard has taken energy out of a body (for tests).
    var guardTriggers = 0
    /// Largest number of rows touching one body: picks the number of Gauss–Seidel iterations.
    var maxRowsPerBody = 0
    /// The stiffest soft row (Hz), which sets the substep.
    var maxFrequency = 0.0

    /// How many entries of ``BodyColumns/moving`` the current step moves (see ``collectMoving()``).
    var movingCount = 0

    var fields: [FieldInstance] = []
    @exclusivity(unchecked) var collisionGroups: [CollisionGroup] = []
    /// The touching pairs of this step and the last, for a collision delegate's began and ended
    /// contacts; kept only while some collision behavior has a delegate (``recordsContacts``).
    @exclusivity(unchecked) var contactsThisStep: [ContactKey: Point] = [:]
    @exclusivity(unchecked) var contactsLastStep: [ContactKey: Point] = [:]
    /// Whether this step records ``contactsThisStep`` (a collision behavior has a delegate).
    var recordsContacts = false
    /// This step's contacts (``ContactPoint``), and the impulses each took by the end of the last step.
    @exclusivity(unchecked) var contactPoints: [ContactPoint] = []
    /// This step's contacts coloured and eight to a block, as the substeps solve them
    /// (``buildContactBlocks()``).
    @exclusivity(unchecked) var contactBlocks: [ContactBlock] = []
    /// The contact solver's own copy of velocities (points/s, rad/s) as `(vx, vy, w, 0)` in floats,
    /// one 16-byte slot a body plus a spare slot at rest past the last (``ContactBlock/va``): the
    /// kernel gathers a body with one load. Packed and unpacked around each pass (``contactBodies``).
    @exclusivity(unchecked) var laneVelocities: [SIMD4<Float>] = []
    /// Every body this step's contacts reach, once each (``buildContactBlocks()``).
    @exclusivity(unchecked) var contactBodies: [Int32] = []
    /// Marks for ``collectContactBodies()``, all false between calls.
    @exclusivity(unchecked) var scratchReached: [Bool] = []
    /// Whether ``contactBlocks`` hold the manifolds of the contacts the last step stored
    /// (``storeContactImpulses()``), with the masses they were built with: the next step may
    /// then refresh them in place (``refreshContactBlocks()``). Cleared by anything that changes
    /// what a block holds but its contacts do not show: materials, the lane width, another
    /// narrow phase.
    var contactBlocksFromLastStep = false
    /// Whether a step may refresh the last step's blocks (``refreshContactBlocks()``; default
    /// true). False colours and fills them afresh every step: the path the tests hold the
    /// refresh to, bit for bit.
    var refreshesContactBlocks = true
    /// How many steps refreshed their blocks instead of building them (for the tests).
    var contactBlockRefreshes = 0
    /// Manifolds per ``ContactBlock`` (default 4; 1 solves them one at a time in the same order,
    /// bit for bit the same: the scalar path the tests compare with).
    var contactLaneWidth = ContactLanes.scalarCount {
        didSet { contactBlocksFromLastStep = false }
    }
    /// The colours each body's manifolds took so far (``buildContactBlocks()``; all clear between
    /// steps), and each contact's bucket (colour and kind; −1 on a pair's second point).
    @exclusivity(unchecked) var scratchColours: [UInt64] = []
    @exclusivity(unchecked) var scratchManifoldColour: [Int16] = []
    /// The colour buckets' starts and fill marks, and the manifolds sorted by bucket
    /// (``buildContactBlocks()``).
    @exclusivity(unchecked) var scratchBucketStart: [Int] = []
    @exclusivity(unchecked) var scratchBucketFill: [Int] = []
    @exclusivity(unchecked) var scratchManifoldOrder: [Int32] = []
    /// The substep of the step being solved, seconds (the contacts' softness depends on it).
    var contactSubstep = SolverPolicy.maxSubstep {
        didSet {
            guard contactSubstep != oldValue else { return }
            contactSoftness = ContactSoftness.pair(h: contactSubstep)
        }
    }
    /// The contacts' softness for ``contactSubstep``: between two movable items, and against a
    /// boundary or an anchored item (twice as stiff, as in Box2D v3). Worked out once per substep
    /// length, not per contact.
    private(set) var contactSoftness = ContactSoftness.pair(h: SolverPolicy.maxSubstep)
    @exclusivity(unchecked) var lastImpulses = ContactImpulseCache()
    /// The contacts ``lastImpulses`` was filled from (it gives their places in this list): the
    /// last step's, for recycling (``recycleContacts(_:_:_:material:)``) and the warm start. Until
    /// the next narrow phase retires them (``retireContactPoints()``) they are still ``contactPoints``.
    @exclusivity(unchecked) var lastContactPoints: [ContactPoint] = []
    /// Whether ``lastImpulses`` still indexes ``contactPoints`` (stored, not yet retired).
    var lastContactsLive = false
    /// Where in ``lastContactPoints`` the narrow phase looks first for the next contact to
    /// recycle: just after the last one it recycled (``recycleContacts(_:_:_:material:)``).
    var recycleCursor = 0
    /// Whether the narrow phase is still finding the last step's contacts in their order, each
    /// carried in place in ``lastContactPoints`` (the first ``mirrorCount``) instead of copied
    /// into ``contactPoints``, which stays empty meanwhile (``recycleContacts(_:_:_:material:)``).
    var mirroring = false
    /// How many of ``lastContactPoints``, from the first, the narrow phase has carried in place.
    var mirrorCount = 0
    /// The last step's contacts that contacts found afresh replaced in place while mirroring, with
    /// their places (``addContact(_:_:_:_:_:at:separation:elasticity:friction:pairedWithNext:)``):
    /// a narrow phase run again in the step puts them back first (``beginMirror(massesHold:)``),
    /// so it starts from the last step's contacts as they were. Emptied when they retire.
    var mirrorReplaced: [(place: Int, contact: ContactPoint)] = []
    /// How many contacts a narrow phase run again in a step has put back (``mirrorReplaced``;
    /// for tests).
    var replacedContactsPutBack = 0
    /// Whether this step's contacts are the last step's, the same keys in the same order, carried
    /// in place: ``contactPoints`` is then the last step's list (swapped in, not copied), its
    /// blocks are refreshed without comparing keys, and ``lastImpulses`` stays as it is.
    var contactsCarriedInPlace = false
    /// How many steps carried every contact in place (for the tests).
    var stepsCarriedInPlace = 0
    /// Whether any of this step's contacts has elasticity (restitution runs only then).
    var hasElasticContacts = false
    /// The substep the stored impulses (``lastImpulses``) were taken over, seconds (0: none yet).
    var storedContactSubstep = 0.0
    /// What this step's warm start scales the stored impulses by: this step's substep over
    /// ``storedContactSubstep`` (1 when they are equal, as at a steady frame rate). An impulse is
    /// what a contact gave in one substep, and a resting contact gives in proportion to the
    /// substep (its weight × h): carried unscaled into a substep 15 % longer or shorter, it kicks
    /// the pile by as much. With a window's uneven frames (0.85–1.15 × 1/60 s, one in every
    /// 5–11 missed), none of the 41 piles of `kinetic bench piles` fell asleep unscaled; scaled
    /// (and resting by ``RestAnchor``), 40 did, and all 41 once contacts were recycled within
    /// 0.1 pt (``SolverPolicy/contactRecycleDistance``).
    var warmStartScale = 1.0
    /// Whether the narrow phase recycles contacts that barely moved (``recycleContacts(_:_:_:material:)``;
    /// default true; the tests compare with fresh contacts).
    var recyclesContacts = true
    /// Whether the broad phase keeps its pairs from step to step (``SweepPairCache``; default
    /// true). False sweeps every box every step: the path the tests hold the kept pairs to, bit
    /// for bit.
    var keepsBroadPhasePairs = true
    /// How many broad phases collided kept pairs instead of sweeping (for the tests).
    var broadPhasesFromKeptPairs = 0
    /// Each body's speculative margin this step, points (``World/collideContacts(_:)``).
    @exclusivity(unchecked) var scratchMargin: [Double] = []
    /// How far each awake body travels in this step at its start velocity and spin, points (its
    /// margin's share without gravity's, which a resting body's contacts cancel): what may wake
    /// a sleeping island it nears.
    @exclusivity(unchecked) var scratchTravel: [Double] = []
    /// Each body's speculative margin without its own speed (``computeMargins(_:)``), points: a
    /// pair's margin adds the two bodies' speed relative to each other (``pairMargin(_:_:awake:_:dt:)``).
    @exclusivity(unchecked) var scratchStill: [Double] = []
    /// Whether each body has a constraint row: its rows are built for the midpoint rule, so it
    /// keeps moving by its mean velocity even with contacts.
    @exclusivity(unchecked) var hasRows: [Bool] = []
    /// Union–find parents of this step's islands (``sleepReadyIslands(_:)``).
    @exclusivity(unchecked) var scratchParent: [Int32] = []
    /// Whether each island's root is ready to sleep (``sleepReadyIslands(_:)``).
    @exclusivity(unchecked) var scratchReady: [Bool] = []
    /// How many bodies islands woke so far (the narrow phase collides again when it grows).
    var wokenCount = 0
    /// The broad phase's boxes in sweep order (``collideItemPairs(_:dt:)``).
    @exclusivity(unchecked) var scratchSweep: [SweepBox] = []
    /// The convex pieces of `.path` items and groups (``BodyShape/pieces``), and their polygons'
    /// corners in the body frame (points); rebuilt with the bodies.
    @exclusivity(unchecked) var pieces: [ConvexPiece] = []
    @exclusivity(unchecked) var pieceVertices: [Point] = []
    /// Simulated time at the start of the current step, seconds (animates noise and turbulence fields).
    var time = 0.0
    /// Where in the step the part being solved begins, seconds (0 unless a long step with
    /// collisions is cut into parts: ``SolverPolicy/maxCollisionStep``).
    var partStart = 0.0

    /// Whether any body is ``coupled`` (an item-to-item row or a collision group), so the step
    /// must wake and sleep islands together; false skips that pass.
    var anyCoupled = false

    // MARK: Bodies

    /// Replaces the body set with the items of `behaviors` in order of first appearance (repeats
    /// are skipped), keeping the state of items already present.
    func syncBodies(_ behaviors: [DynamicBehavior]) {
        struct Saved { var x, y, t, vx, vy, w: Double; var slow: Double; var written: Double }
        var saved: [ObjectIdentifier: Saved] = [:]
        saved.reserveCapacity(count)
        for i in 0..<count {
            saved[ObjectIdentifier(items[i])] = Saved(x: bodies.px[i], y: bodies.py[i], t: bodies.th[i], vx: bodies.vx[i], vy: bodies.vy[i], w: bodies.w[i],
                                                      slow: bodies.slow[i], written: bodies.writtenAngle[i])
        }
        var expected = 0
        for b in behaviors { expected += b.solverItems.count }
        bodies.reserve(expected, live: count)
        // Locals (moved out of the properties, so still unique): World's properties would each
        // cost an exclusivity check per access in this loop.
        var info = self.info, items = self.items, index = self.indexByItem
        self.info = []; self.items = []; self.indexByItem = ItemIndex()
        info.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        index.removeAll()
        info.reserveCapacity(expected)
        items.reserveCapacity(expected)
        pieces.removeAll(keepingCapacity: true)
        pieceVertices.removeAll(keepingCapacity: true)
        lastImpulses.removeAll()
        index.reserveCapacity(expected)
        let px = bodies.px, py = bodies.py, th = bodies.th, cosT = bodies.cosT, sinT = bodies.sinT
        let vx = bodies.vx, vy = bodies.vy, w = bodies.w, slow = bodies.slow, written = bodies.writtenAngle, awake = bodies.awake
        var n = 0
        for b in behaviors { for item in b.solverItems {
            let key = ObjectIdentifier(item)
            let i = n
            guard index.insertIfAbsent(key, i) else { continue }
            info.append(bodyInfo(for: item))
            items.append(item)
            slow[i] = 0
            if !saved.isEmpty, let s = saved[key] {
                px[i] = s.x; py[i] = s.y; th[i] = s.t; vx[i] = s.vx; vy[i] = s.vy; w[i] = s.w
                slow[i] = s.slow
                written[i] = s.written
            } else {
                let c = item.center
                px[i] = c.x; py[i] = c.y; th[i] = item.transform.rotationAngle
                vx[i] = 0; vy[i] = 0; w[i] = 0
                written[i] = th[i]
            }
            if th[i] == 0 { cosT[i] = 1; sinT[i] = 0 } else { cosT[i] = cos(th[i]); sinT[i] = sin(th[i]) }
            awake[i] = true
            n += 1
        } }
        self.info = info
        self.items = items
        self.indexByItem = index
        count = n
        lookupHint = 0
        movingCount = 0
        if !pieces.isEmpty { checkGroupMembers() }
    }

    /// The body index of `item`. Behaviors compile in the order their items were collected, so the
    /// body after the last one found is tried first, without hashing.
    func bodyIndex(of item: any DynamicItem) -> Int? {
        let hint = lookupHint
        if hint < count, items[hint] === item {
            lookupHint = hint + 1
            return hint
        }
        guard let i = indexByItem[ObjectIdentifier(item)] else { return nil }
        lookupHint = i + 1
        return i
    }

    /// Resets the per-body material to the defaults before behaviors compile.
    func resetMaterials() {
        var info = self.info
        self.info = []
        let coupled = bodies.coupled
        for i in 0..<count {
            info[i].material = ItemMaterial()
            coupled[i] = false
        }
        self.info = info
        lookupHint = 0
    }

    /// Derives mass, inertia and the hot columns from the materials (after item behaviors compiled).
    func finishMaterials() {
        anyCoupled = false
        // The blocks keep each manifold's masses.
        contactBlocksFromLastStep = false
        var info = self.info
        self.info = []
        let im = bodies.im, ii = bodies.ii, dl = bodies.dl, da = bodies.da, ax = bodies.ax, ay = bodies.ay, aw = bodies.aw
        let vx = bodies.vx, vy = bodies.vy, w = bodies.w
        for i in 0..<count {
            let b = info[i].material
            // Mass = density × area / 10⁴, so a 100×100 item at density 1 has mass 1.
            let mass = Swift.max(b.density, 1e-6) * info[i].area / 1e4
            let inertia = mass * info[i].unitInertia
            info[i].mass = mass
            info[i].inertia = Swift.max(inertia, 1e-9)
            im[i] = b.isAnchored ? 0 : 1 / mass
            ii[i] = (b.isAnchored || !b.allowsRotation) ? 0 : 1 / info[i].inertia
            dl[i] = Swift.max(b.resistance, 0)
            da[i] = Swift.max(b.angularResistance, 0)
            ax[i] = 0; ay[i] = 0; aw[i] = 0
            if b.isAnchored { vx[i] = 0; vy[i] = 0; w[i] = 0 }
            if !b.allowsRotation { w[i] = 0 }
        }
        self.info = info
    }

    /// Wakes every body, each as ``wake(_:)`` wakes one (its slow time and rest cleared): when
    /// sleeping is switched off, and after every rebuild (which renumbers the bodies).
    func wakeAll() {
        for i in 0..<count { wake(i) }
    }

    /// Whether slow bodies fall asleep (default true). False keeps every body awake and stepping
    /// however slow it is (the collision benchmark's "sleeping off" run); turning it off wakes
    /// every sleeping body.
    var allowsSleeping: Bool {
        get { bodies.allowsSleeping }
        set {
            bodies.allowsSleeping = newValue
            if !newValue { wakeAll() }
        }
    }

    func wake(_ i: Int) {
        bodies.awake[i] = true
        bodies.slow[i] = 0
        bodies.rest[i] = RestAnchor()
        bodies.island[i] = -1
    }

    /// Whether any body is awake (stops at the first).
    var anyAwake: Bool {
        for i in 0..<count where bodies.awake[i] { return true }
        return false
    }

    /// Fills ``BodyColumns/moving`` with the bodies a step will move: the awake ones (a
    /// sleeping island woken during the step adds its bodies, ``wakeIsland(of:)``).
    /// Branch-free, because awake and sleeping bodies interleave unpredictably while settling.
    func collectMoving() {
        let awake = bodies.awake, out = bodies.moving.buffer(count: count)
        var n = 0
        for i in 0..<count {
            out[n] = Int32(truncatingIfNeeded: i)
            n &+= awake[i] ? 1 : 0
        }
        movingCount = n
    }

    // MARK: Constraint rows

    func clearPrimitives() {
        primCount = 0
        coefficientStep = .nan
        solo = SoloPath()
        flock = FlockPath(enabled: flock.isEnabled)
        maxRowsPerBody = 0
        maxFrequency = 0
    }

    /// Makes room for at least `n` rows (a rebuild reserves one per behavior up front instead of
    /// growing the row array step by step).
    func reservePrimitives(_ n: Int) {
        rows.reserve(n, live: primCount)
    }

    /// Appends a row and returns its index.
    @discardableResult
    func addPrimitive(_ p: Primitive) -> Int {
        rows.reserve(primCount + 1, live: primCount)
        rows.prims[primCount] = p
        primCount += 1
        if !p.rigid && p.kind != .angularFriction { maxFrequency = Swift.max(maxFrequency, p.omega / (2 * .pi)) }
        if p.b >= 0 {
            bodies.coupled[Int(p.a)] = true
            bodies.coupled[Int(p.b)] = true
            anyCoupled = true
        }
        return primCount - 1
    }

    /// Counts rows per body (after compiling) for the iteration count.
    func finishPrimitives() {
        var rowsPerBody = [Int](repeating: 0, count: count)
        var most = 0
        let prims = rows.prims, ax = bodies.ax, ay = bodies.ay, aw = bodies.aw, dl = bodies.dl, da = bodies.da
        for j in 0..<primCount {
            let p = prims[j]
            rowsPerBody[Int(p.a)] += 1
            most = Swift.max(most, rowsPerBody[Int(p.a)])
            if p.b >= 0 {
                rowsPerBody[Int(p.b)] += 1
                most = Swift.max(most, rowsPerBody[Int(p.b)])
            }
        }
        maxRowsPerBody = most
        hasRows = rowsPerBody.map { $0 > 0 }
        hasExternalForces = false
        for i in 0..<count where ax[i] != 0 || ay[i] != 0 || aw[i] != 0 || dl[i] != 0 || da[i] != 0 {
            hasExternalForces = true
            break
        }
        for g in collisionGroups {
            for i in g.bodies { bodies.coupled[i] = true; anyCoupled = true }
        }
        classifyRows()
        checkInvariants()
    }

    /// Moves a compiled anchor (row `j`, whose `b < 0`) without recompiling. Each anchor has one
    /// live copy: in the packed row of the fast path that owns the row (``FlockRowPair``,
    /// ``SoloDistancePair``, ``SoloPointRow``), else in the row itself; a fast-path row's
    /// ``Primitive/localBx`` keeps the compiled value, which nothing reads until the next rebuild.
    @inline(__always)
    func setAnchor(ofRow j: Int, _ point: Point) {
        if flock.setAnchor(ofPrim: j, point) || solo.setAnchor(ofPrim: j, point) { return }
        rows.prims[j].localBx = point.x
        rows.prims[j].localBy = point.y
    }

    // MARK: Names the tests read

    /// ``SoloPath/rows``.
    var soloRows: ContiguousArray<SoloRow> { solo.rows }
    /// ``SoloPath/groups``.
    var soloGroups: ContiguousArray<SpringGroup> { solo.groups }
    /// ``SoloPath/pairs``.
    var soloPairs: ContiguousArray<SoloDistancePair> { solo.pairs }
    /// ``FlockPath/pairs``.
    var flockPairs: ContiguousArray<FlockPair> { flock.pairs }
    /// ``FlockPath/isEnabled`` (tests turn the flock path off to compare with the general path).
    var usesFlockPath: Bool {
        get { flock.isEnabled }
        set { flock.isEnabled = newValue }
    }
}
