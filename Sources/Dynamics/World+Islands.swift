import Geometry

/// Islands: the coupled bodies that fall asleep and wake together (Box2D's islands, UIKit's item
/// sleeping). Bodies joined by an item-to-item row, or touching in a collision group, are one
/// island for the step; an island falls asleep once every body in it has been slow for
/// ``SolverPolicy/sleepWindow``, so a settled corner of a pile sleeps (and then costs nothing)
/// while another is still moving. Its bodies keep the island's name (``BodyColumns/island``):
/// a row or a touch from an awake body wakes the whole island, and nothing else.
extension World {
    /// Whether this step solves contacts and rows together: rigid rows are then relaxed after the
    /// positions with the contacts (``Primitive/relax(_:_:)``) and take the relaxed-rigid
    /// coefficients (``SoftCoefficients/relaxedRigid(h:)``).
    var relaxesRows: Bool { !contactPoints.isEmpty && !generalRows.isEmpty }

    /// Whether contact `c` touches: it began overlapping, or it pushed during the step (a point
    /// still apart that was never reached is only speculative).
    @inline(__always)
    func isTouching(_ c: ContactPoint) -> Bool {
        c.separation <= SolverPolicy.touchDistance || c.normalImpulse > 0 || c.maxNormalImpulse > 0
    }

    /// Wakes body `i` and every body that fell asleep in its island, adding them to this step's
    /// moving bodies (``BodyColumns/moving``).
    func wakeIsland(of i: Int) {
        guard !bodies.awake[i] else { return }
        let k = bodies.island[i]
        guard k >= 0 else { wakeMoving(i); return }
        let island = bodies.island, awake = bodies.awake
        for j in 0..<count where island[j] == k {
            if awake[j] { island[j] = -1 } else { wakeMoving(j) }
        }
    }

    private func wakeMoving(_ i: Int) {
        wake(i)
        bodies.moving[movingCount] = Int32(truncatingIfNeeded: i)
        movingCount += 1
        wokenCount &+= 1
    }

    /// Wakes the sleeping end of every item-to-item row whose other end is awake (a body woken on
    /// its own, by a push or a new velocity, takes the bodies it is attached to with it).
    func wakeIslandsAcrossRows() {
        let prims = rows.prims, awake = bodies.awake
        for r in generalRows {
            let p = prims[Int(r)]
            guard p.b >= 0 else { continue }
            let a = Int(p.a), b = Int(p.b)
            if awake[a] != awake[b] { wakeIsland(of: awake[a] ? b : a) }
        }
    }

    /// Puts to sleep every island of awake coupled bodies whose bodies are all ready
    /// (``SolverPolicy/isReadyToSleep(_:)``). The islands are found afresh each step by union–find
    /// over the rows between two bodies and the touching contacts between two movable items.
    func sleepReadyIslands(_ c: StepContext) {
        if scratchParent.count < count { scratchParent = [Int32](repeating: -1, count: count) }
        if scratchReady.count < count { scratchReady = [Bool](repeating: false, count: count) }
        var parentStore = scratchParent, readyStore = scratchReady
        scratchParent = []; scratchReady = []
        defer { scratchParent = parentStore; scratchReady = readyStore }
        // Through buffers: an array written in the union–find's loops is checked for a unique
        // owner at every write.
        parentStore.withUnsafeMutableBufferPointer { parent in
            readyStore.withUnsafeMutableBufferPointer { ready in
                func find(_ i: Int) -> Int {
                    var r = i
                    while Int(parent[r]) != r { r = Int(parent[r]) }
                    var j = i
                    while Int(parent[j]) != r { let next = Int(parent[j]); parent[j] = Int32(r); j = next }
                    return r
                }
                func union(_ a: Int, _ b: Int) {
                    let ra = find(a), rb = find(b)
                    // The smaller index is the root, so islands are named the same in every run.
                    if ra < rb { parent[rb] = Int32(ra) } else if rb < ra { parent[ra] = Int32(rb) }
                }
                for b in generalBodies {
                    let i = Int(b)
                    parent[i] = c.awake[i] && c.coupled[i] ? b : -1
                }
                let prims = rows.prims
                for r in generalRows {
                    let p = prims[Int(r)]
                    guard p.b >= 0, parent[Int(p.a)] >= 0, parent[Int(p.b)] >= 0 else { continue }
                    union(Int(p.a), Int(p.b))
                }
                contactPoints.withUnsafeBufferPointer { contacts in
                    for contact in contacts {
                        let a = Int(contact.a), b = Int(contact.b)
                        guard b >= 0, parent[a] >= 0, parent[b] >= 0, c.im[a] > 0, c.im[b] > 0, isTouching(contact) else { continue }
                        union(a, b)
                    }
                }
                // Each body's root, once: every path compressed to it.
                for b in generalBodies where parent[Int(b)] >= 0 { parent[Int(b)] = Int32(find(Int(b))) }
                // An island is ready while its root is; any body not ready clears its root's mark.
                var readyRoots = 0
                for b in generalBodies where parent[Int(b)] >= 0 {
                    let root = Int(parent[Int(b)])
                    if root == Int(b) { ready[root] = true; readyRoots += 1 }
                }
                for b in generalBodies where parent[Int(b)] >= 0 && !SolverPolicy.isReadyToSleep(c.slow[Int(b)]) {
                    let root = Int(parent[Int(b)])
                    if ready[root] { ready[root] = false; readyRoots -= 1 }
                }
                // A settling pile is one island with a few bodies still moving: nothing sleeps.
                guard readyRoots > 0 else { return }
                for b in generalBodies where parent[Int(b)] >= 0 {
                    let i = Int(b), root = Int(parent[i])
                    if ready[root] {
                        c.sleep(i)
                        bodies.island[i] = Int32(root)
                    }
                }
            }
        }
    }

    /// Records this step's touching pairs for the collision delegates (``contactsThisStep``):
    /// each contact that touched, where its point is now; a touch between sleeping bodies (or a
    /// sleeping body and a boundary) lasts while they sleep.
    func recordTouches() {
        let awake = bodies.awake
        for c in contactPoints where isTouching(c) {
            let a = Int(c.a), b = Int(c.b)
            let key = b >= 0 ? ContactKey(group: c.key.group, a: Int32(Swift.min(a, b)), b: Int32(Swift.max(a, b)))
                : ContactKey(group: c.key.group, a: c.a, b: c.b)
            guard contactsThisStep[key] == nil else { continue }
            let p = ContactVelocityPass(bodies).pointA(c)
            contactsThisStep[key] = Point(x: p.x, y: p.y)
        }
        for (key, point) in contactsLastStep where !awake[Int(key.a)] && (key.b < 0 || !awake[Int(key.b)]) {
            contactsThisStep[key] = point
        }
    }
}
