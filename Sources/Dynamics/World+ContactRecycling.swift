import Geometry

extension SolverPolicy {
    /// How far (points) a contact may have drifted since the narrow phase found it and still be
    /// recycled instead of found again (Box2D v3's contact recycling, `b2CollideTask`): its two
    /// ends' distance apart plus how far each body's arm to it has turned
    /// (``World/recycleDrift(_:)``). v3 allows 10 × its linear slop (5 pt at 100 points per metre).
    /// A recycled contact keeps the normal and arms it was found with, so a force on a body
    /// that turns lags behind it, and a lag that follows the motion feeds a rocking piece energy:
    /// a box held on a circle rolling on the floor, nudged at 5 pt/s, rocked at 23 pt/s 10 s later
    /// in v3 itself with recycling and came to rest within 6 s without (the same scene in Kinetic:
    /// 6.6 pt/s with 0.5 pt, 2.8 pt/s with 0.1 pt, 0.6 pt/s with none). A tenth of a point bounds
    /// the lag to 0.01 rad on a 10-pt arm while a resting pile, which moves less than that from
    /// step to step, keeps its contacts for dozens of steps: of 246 piles (``restWideDrift``),
    /// those that never slept or took over 5 s after landing went from 19 (at 0.5 pt) to 9, the
    /// bench pile sleeps at step 182 instead of 250, and the pile awake costs the same.
    static let contactRecycleDistance = 0.1
}

extension World {
    /// Makes the last step's contacts (which ``lastImpulses`` indexes) ``lastContactPoints`` and
    /// frees ``contactPoints`` for this step's, without copying: the narrow phase's first call
    /// of a step swaps the two buffers, later calls in the same step find them swapped.
    func retireContactPoints() {
        guard lastContactsLive else { return }
        swap(&contactPoints, &lastContactPoints)
        lastContactsLive = false
        mirrorReplaced.removeAll(keepingCapacity: true)
    }

    /// How far contact `c` has drifted since the narrow phase found it, with the bodies where
    /// they are now (points): the distance between its two ends (one point when found), plus how
    /// far each body's arm to its end has turned from the arm it was found with (a circle's end
    /// follows its centre and never turns), each measured as |x| + |y| (no square root; never
    /// less than the length). The ends' offset (`dx`, `dy`) gives the separation now:
    /// ``ContactPoint/baseSeparation`` plus its part along the normal.
    @inline(__always)
    func recycleDrift(_ c: ContactPoint) -> (dx: Double, dy: Double, drift: Double) {
        let a = Int(c.a), b = Int(c.b)
        var armAx = c.lAx, armAy = c.lAy
        if !c.roundA {
            let cs = bodies.cosT[a], sn = bodies.sinT[a]
            armAx = cs * c.lAx - sn * c.lAy; armAy = sn * c.lAx + cs * c.lAy
        }
        var drift = abs(armAx - c.rAx) + abs(armAy - c.rAy)
        var bx = c.lBx, by = c.lBy
        if b >= 0 {
            var armBx = c.lBx, armBy = c.lBy
            if !c.roundB {
                let cs = bodies.cosT[b], sn = bodies.sinT[b]
                armBx = cs * c.lBx - sn * c.lBy; armBy = sn * c.lBx + cs * c.lBy
            }
            drift += abs(armBx - c.rBx) + abs(armBy - c.rBy)
            bx = bodies.px[b] + armBx; by = bodies.py[b] + armBy
        }
        let dx = bx - (bodies.px[a] + armAx), dy = by - (bodies.py[a] + armAy)
        return (dx, dy, drift + abs(dx) + abs(dy))
    }

    /// Box2D v3's contact recycling: when the last step's contact `key` (a manifold's first point;
    /// an edge's second follows it) between `a` and `b` (< 0: a boundary) has drifted less than
    /// ``SolverPolicy/contactRecycleDistance`` at every point, keeps it for this step instead of
    /// running the separating axis test and the feature search again: the same normal, arms and
    /// ends on each body, the impulses it ended the last step with (its warm start, scaled to
    /// this step's substep: ``warmStartScale``), its
    /// separation carried by how far the ends moved apart, and the masses, softness, material
    /// (`elasticity`, `friction`) and approach speed of the bodies as they are now. Returns
    /// whether it did; false leaves this step's contacts as they were.
    ///
    /// A pile resting awake keeps nearly all its contacts from step to step, so its narrow phase
    /// costs a look-up and a drift per pair; and a manifold held still while nothing moves
    /// cannot flicker between features (v3: "this eliminates jitter"). A body held by a row (a
    /// joint, an attachment, a drag) is collided afresh every step: its row turns it about an
    /// anchor against the contact, and with its manifolds held still a pin between two touching
    /// squares opened 0.54 pt under a drag (0.5 allowed, `DynamicsIOS9DemoTests`).
    @inline(__always)
    func recycleContacts(_ key: ContactImpulseKey, _ a: Int, _ b: Int,
                         material: () -> (elasticity: Double, friction: Double)) -> Bool {
        guard recyclesContacts, !hasRows[a], b < 0 || !hasRows[b], !lastImpulses.isEmpty else { return false }
        // The narrow phase meets the pairs in nearly the same order every step, so the contact
        // is most often the one after the last recycled: only otherwise is it looked up (a key
        // names one contact of a step).
        var k = recycleCursor
        if k >= lastContactPoints.count || lastContactPoints[k].key != key {
            guard let place = lastImpulses.lookup(key) else { return false }
            k = place
            guard k < lastContactPoints.count else { return false }
        }
        // The key names the group, both bodies (a boundary by its segment) and the pieces.
        guard lastContactPoints[k].key == key else { return false }
        let n = lastContactPoints[k].pairedWithNext && k + 1 < lastContactPoints.count ? 2 : 1
        recycleCursor = k + n
        let tolerance = SolverPolicy.contactRecycleDistance
        let d0 = recycleDrift(lastContactPoints[k])
        guard d0.drift <= tolerance else { return false }
        var d1 = d0
        if n == 2 {
            d1 = recycleDrift(lastContactPoints[k + 1])
            guard d1.drift <= tolerance else { return false }
        }
        if mirroring && k == mirrorCount {
            // The next of the last step's contacts in its order: carried where it is. Its masses
            // and material stand (the bodies' are those of the last step: ``mirroring``), so only
            // what the bodies give besides is taken again (``touchContact(_:rigid:)``). Carrying
            // is idempotent, so a narrow phase run again in the step may carry it again.
            let rigid = bodies.im[a] == 0 || b < 0 || bodies.im[b] == 0
            lastContactPoints.withUnsafeMutableBufferPointer { list in
                list[k].carry(d0)
                touchContact(&list[k], rigid: rigid)
                if n == 2 {
                    list[k + 1].carry(d1)
                    touchContact(&list[k + 1], rigid: rigid)
                }
            }
            mirrorCount = k + n
            return true
        }
        if mirroring { endMirror() }
        // Copied once, into this step's list, and carried there (a contact is some 190 bytes).
        let start = contactPoints.count
        contactPoints.append(lastContactPoints[k])
        if n == 2 { contactPoints.append(lastContactPoints[k + 1]) }
        // How many of the points are kept: none when the first can no longer push (only an item
        // that can be pushed has contacts; one that no longer can is found afresh), the first
        // alone when the second cannot.
        let (elasticity, friction) = material()
        let kept = contactPoints.withUnsafeMutableBufferPointer { list -> Int in
            list[start].carry(d0, elasticity: elasticity, friction: friction)
            guard finishContact(&list[start]) else { return 0 }
            guard n == 2 else { return 1 }
            list[start + 1].carry(d1, elasticity: elasticity, friction: friction)
            if finishContact(&list[start + 1]) { return 2 }
            list[start].pairedWithNext = false
            return 1
        }
        if kept < n { contactPoints.removeLast(n - kept) }
        return kept > 0
    }

    /// Starts the narrow phase's list (``contactPoints``) carrying the last step's contacts in
    /// place while it finds them in their order (``mirroring``): only where the masses the
    /// contacts were finished with still hold (`massesHold`: the blocks came from the last
    /// step). A step that runs the narrow phase again first takes back a list it swapped in, and
    /// the last step's contacts that contacts found afresh replaced (``mirrorReplaced``).
    func beginMirror(massesHold: Bool) {
        if contactsCarriedInPlace {
            swap(&contactPoints, &lastContactPoints)
            contactsCarriedInPlace = false
        }
        if !mirrorReplaced.isEmpty {
            for (place, contact) in mirrorReplaced { lastContactPoints[place] = contact }
            replacedContactsPutBack &+= mirrorReplaced.count
            mirrorReplaced.removeAll(keepingCapacity: true)
        }
        contactPoints.removeAll(keepingCapacity: true)
        mirroring = massesHold && recyclesContacts && !lastContactPoints.isEmpty
        mirrorCount = 0
    }

    /// Copies the contacts carried in place so far into ``contactPoints`` and goes on as usual
    /// (the narrow phase found a contact out of the last step's order, or a new one).
    func endMirror() {
        mirroring = false
        contactPoints.append(contentsOf: lastContactPoints[0..<mirrorCount])
    }

    /// Ends the narrow phase's carrying in place: when it carried every one of the last step's
    /// contacts, that list becomes this step's (``contactsCarriedInPlace``); otherwise the
    /// contacts carried so far are copied (``endMirror()``).
    func finishMirror() {
        guard mirroring else { return }
        if mirrorCount == lastContactPoints.count {
            mirroring = false
            swap(&contactPoints, &lastContactPoints)
            contactsCarriedInPlace = true
            stepsCarriedInPlace &+= 1
        } else {
            endMirror()
        }
    }
}

extension ContactPoint {
    /// Carries a contact of the last step into this one (``World/recycleContacts(_:_:_:material:)``):
    /// its separation by how far its ends drifted (`d`, ``World/recycleDrift(_:)``), the bodies'
    /// material as it is now; its impulses stay as stored (the blocks scale them for the warm
    /// start, ``World/warmStartScale(_:)``). Carrying it twice is carrying it once.
    @inline(__always)
    mutating func carry(_ d: (dx: Double, dy: Double, drift: Double), elasticity: Double, friction: Double) {
        carry(d)
        self.friction = friction
        restitution = elasticity
    }

    /// ``carry(_:elasticity:friction:)`` keeping the material the contact has (its bodies' have
    /// not changed since it was found).
    @inline(__always)
    mutating func carry(_ d: (dx: Double, dy: Double, drift: Double)) {
        separation = baseSeparation + d.dx * nx + d.dy * ny
        maxNormalImpulse = 0
        recycled = true
    }
}
