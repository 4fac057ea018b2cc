/// The solver's per-body storage: one ``Column`` per quantity, indexed by body, owned and freed
/// together.
///
/// The columns are plain pointer structs (no reference inside), so the solver copies the ones a
/// pass needs into locals once and its loops carry no reference counting; this object only owns
/// the memory. ``World`` holds exactly one for its whole life (a `let`), so every column copied
/// out of it stays valid for as long as the world does; the memory is released in `deinit`.
/// Elements past the world's body count are initialised but meaningless.
final class BodyColumns {
    /// Retired in `deinit`, so debug builds catch a column copy used after the memory went.
    private let token = ColumnOwnerToken()
    /// Centre (points, reference coordinates) and rotation (radians).
    @exclusivity(unchecked) private(set) var px = Column<Double>(), py = Column<Double>(), th = Column<Double>()
    /// Cosine and sine of ``th``, kept in step with it.
    @exclusivity(unchecked) private(set) var cosT = Column<Double>(), sinT = Column<Double>()
    /// The rotation at the general step's start (radians): a body turned within the step
    /// (``StepContext/turnWithin(_:to:)``) and not in its last substep is turned exactly there.
    @exclusivity(unchecked) private(set) var th0 = Column<Double>()
    /// Linear (points/s) and angular (rad/s) velocity.
    @exclusivity(unchecked) private(set) var vx = Column<Double>(), vy = Column<Double>(), w = Column<Double>()
    /// Velocity at the substep start (rows linearise around it).
    @exclusivity(unchecked) private(set) var v0x = Column<Double>(), v0y = Column<Double>(), w0 = Column<Double>()
    /// Inverse mass and inverse moment of inertia (0 for anchored or non-rotating bodies).
    @exclusivity(unchecked) private(set) var im = Column<Double>(), ii = Column<Double>()
    /// Constant accelerations (points/s², rad/s²) from gravity and continuous pushes.
    @exclusivity(unchecked) private(set) var ax = Column<Double>(), ay = Column<Double>(), aw = Column<Double>()
    /// Linear and angular resistance (1/s).
    @exclusivity(unchecked) private(set) var dl = Column<Double>(), da = Column<Double>()
    /// Whether the body moves this step (asleep otherwise).
    @exclusivity(unchecked) private(set) var awake = Column<Bool>()
    /// Seconds each body has stayed below the sleep thresholds.
    @exclusivity(unchecked) private(set) var slow = Column<Double>()
    /// Where each colliding body began resting, and how long it has stayed there (``RestAnchor``).
    @exclusivity(unchecked) private(set) var rest = Column<RestAnchor>()
    /// Whether each body has a contact this step (it then moves by its end velocity, unless it
    /// has rows: ``World/hasRows``); set by the narrow phase (``World/touchContact(_:rigid:)``),
    /// a column so that marking one costs no check of an array's owner.
    @exclusivity(unchecked) private(set) var inContact = Column<Bool>()
    /// In an item-to-item row or a collision group: sleeps with its island (``World/sleepReadyIslands(_:)``).
    @exclusivity(unchecked) private(set) var coupled = Column<Bool>()
    /// The island a sleeping coupled body fell asleep with (the index of one of its bodies; −1
    /// for none): waking one wakes them all (``World/wakeIsland(of:)``).
    @exclusivity(unchecked) private(set) var island = Column<Int32>()
    /// The rotation last written to the item (radians), so unchanged transforms are not rewritten.
    @exclusivity(unchecked) private(set) var writtenAngle = Column<Double>()
    /// Body indices the current step moves (see ``World/collectMoving()``).
    @exclusivity(unchecked) private(set) var moving = Column<Int32>()
    /// Whether bodies may fall asleep (``World/allowsSleeping``; default true). Kept beside the
    /// columns so every ``StepContext`` built from them carries it.
    var allowsSleeping = true

    /// Grows every column to hold at least `n` bodies, keeping the first `live` ones. ``moving``
    /// is a scratch list and keeps nothing.
    func reserve(_ n: Int, live: Int) {
        for column in [\BodyColumns.px, \.py, \.th, \.th0, \.sinT, \.vx, \.vy, \.w, \.v0x, \.v0y, \.w0,
                       \.im, \.ii, \.ax, \.ay, \.aw, \.dl, \.da, \.slow, \.writtenAngle] {
            self[keyPath: column].reserve(n, live: live, filler: 0, owner: token)
        }
        cosT.reserve(n, live: live, filler: 1, owner: token)
        awake.reserve(n, live: live, filler: false, owner: token)
        coupled.reserve(n, live: live, filler: false, owner: token)
        inContact.reserve(n, live: live, filler: false, owner: token)
        moving.reserve(n, live: 0, filler: 0, owner: token)
        island.reserve(n, live: live, filler: -1, owner: token)
        rest.reserve(n, live: live, filler: RestAnchor(), owner: token)
    }

    /// Checks (debug builds only) that every column holds at least `count` bodies and that the
    /// `moving` list holds `movingCount` of them.
    func checkInvariants(count: Int, moving movingCount: Int) {
        #if DEBUG
        for column in [px, py, th, th0, cosT, sinT, vx, vy, w, v0x, v0y, w0, im, ii, ax, ay, aw, dl, da,
                       slow, writtenAngle] {
            precondition(column.capacity >= count, "a body column holds \(column.capacity) of \(count) bodies")
        }
        precondition(awake.capacity >= count && coupled.capacity >= count && inContact.capacity >= count && moving.capacity >= count && island.capacity >= count
                     && rest.capacity >= count)
        precondition(movingCount >= 0 && movingCount <= count && (0..<movingCount).allSatisfy { Int(moving[$0]) < count })
        #endif
    }

    deinit {
        token.retire()
        for column in [px, py, th, th0, cosT, sinT, vx, vy, w, v0x, v0y, w0, im, ii, ax, ay, aw, dl, da,
                       slow, writtenAngle] {
            column.release()
        }
        awake.release()
        coupled.release()
        inContact.release()
        moving.release()
        island.release()
        rest.release()
    }
}
