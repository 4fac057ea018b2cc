import Geometry

/// What a behavior may do to the solver: find its items' bodies, add constraint rows, forces,
/// impulses, materials, fields and collision groups, and move compiled anchors. Behaviors see this
/// narrow view, never ``World``'s columns, so the solver's storage can change without them.
struct SolverContext {
    private let world: World

    init(_ world: World) { self.world = world }

    /// Which solver this is: rows compiled into one solver are only ever moved through it.
    var identity: ObjectIdentifier { ObjectIdentifier(world) }

    // MARK: Bodies

    /// The body of `item`. While compiling, behaviors look their items up in the order the bodies
    /// were collected, so the next body is tried first without hashing.
    func body(of item: any DynamicItem) -> Int? { world.bodyIndex(of: item) }

    /// The body of `item`, looked up by hashing (outside compilation).
    func lookup(_ item: any DynamicItem) -> Int? { world.indexByItem[ObjectIdentifier(item)] }

    /// Inverse mass of body `i` (0 for an anchored body).
    func inverseMass(_ i: Int) -> Double { world.bodies.im[i] }

    /// Inverse moment of inertia of body `i` (0 when it cannot rotate).
    func inverseInertia(_ i: Int) -> Double { world.bodies.ii[i] }

    /// Cosine and sine of body `i`'s rotation.
    func rotation(_ i: Int) -> (cos: Double, sin: Double) { (world.bodies.cosT[i], world.bodies.sinT[i]) }

    /// Sets body `i`'s material before masses are derived.
    func setMaterial(_ i: Int, _ material: ItemMaterial) { world.info[i].material = material }

    /// Body `i`'s charge (its ``ItemMaterial/charge``; 0 without a ``DynamicItemBehavior``).
    func charge(_ i: Int) -> Double { world.info[i].material.charge }

    /// Adds a constant acceleration (points/s², rad/s²) to body `i` for every substep.
    func accelerate(_ i: Int, _ a: Vector, angular: Double = 0) {
        world.bodies.ax[i] += a.dx
        world.bodies.ay[i] += a.dy
        world.bodies.aw[i] += angular
    }

    /// Linear (points/s) and angular (rad/s) velocity of body `i`.
    func velocity(_ i: Int) -> (linear: Vector, angular: Double) {
        (Vector(dx: world.bodies.vx[i], dy: world.bodies.vy[i]), world.bodies.w[i])
    }

    /// Adds to body `i`'s velocity (an impulse divided by mass) and wakes it when `wake`.
    func addVelocity(_ i: Int, _ v: Vector, angular: Double = 0, wake: Bool = false) {
        world.bodies.vx[i] += v.dx
        world.bodies.vy[i] += v.dy
        world.bodies.w[i] += angular
        if wake { world.wake(i) }
    }

    /// Wakes body `i`.
    func wake(_ i: Int) { world.wake(i) }

    // MARK: Rows, fields, collisions

    /// The number of rows compiled so far (the index the next row gets).
    var rowCount: Int { world.primCount }

    /// Appends a constraint row; returns its index.
    @discardableResult
    func addRow(_ p: Primitive) -> Int { world.addPrimitive(p) }

    /// Moves the fixed anchor of every anchor row in `rows` to `point` (points) without
    /// recompiling, and wakes the rows' bodies. Rows past the compiled count are ignored.
    @inline(__always)
    func moveAnchor(ofRows rows: Range<Int>, to point: Point) {
        guard rows.upperBound <= world.primCount else { return }
        for j in rows where world.rows.prims[j].b < 0 {
            world.setAnchor(ofRow: j, point)
            world.wake(Int(world.rows.prims[j].a))
        }
    }

    /// Adds a field acting on its bodies every substep.
    func addField(_ f: FieldInstance) { world.fields.append(f) }

    /// Adds a collision group (its bodies become coupled: they sleep and wake together).
    func addCollisionGroup(_ g: CollisionGroup) { world.collisionGroups.append(g) }
}
