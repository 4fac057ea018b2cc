/// The lanes a ``ContactBlock`` solves side by side: one manifold per lane.
typealias ContactLanes = SIMD8<Float>
/// One body index per lane.
typealias ContactLaneIndex = SIMD8<Int32>

/// Eight contact manifolds solved side by side as the lanes of `SIMD8<Float>` (Box2D v3's wide
/// contact constraints, `b2ContactConstraintSIMD`, in floats as v3's): the step's contacts are
/// coloured (``World/buildContactBlocks()``) so that no two manifolds of one colour move the same
/// body, and each colour is cut into blocks of eight. A manifold is one touching point, or the two
/// ends of one touching edge (``isPair``); singles and pairs never share a block.
///
/// Floats, not doubles: one `SIMD8<Float>` fills an AVX2 register as `SIMD4<Double>` does, so a
/// block does twice the work per instruction (the passes cost 20 % less a step). What the kernel
/// works out in floats is a velocity change within a substep and a separation of a few points;
/// the bodies' positions and velocities stay doubles, read into the lanes (``World/laneVelocities``)
/// and written back around each run of passes (so a touching body's velocity comes back rounded
/// to a float's seven digits). Separations are worked out from positions in floats: at 1,000 pt
/// from the origin a float is exact to 0.0001 pt.
///
/// A block whose lanes are not all used leaves the rest inert: nothing is gathered into them
/// that matters and nothing is scattered out of them (``laneCount``). With one lane per block
/// (``World/contactLaneWidth`` 1) the same kernel solves the manifolds one at a time in the same
/// order, bit for bit the same: that is the scalar path the tests hold the wide one to.
struct ContactBlock {
    typealias Lanes = ContactLanes
    typealias Mask = SIMDMask<ContactLanes.MaskStorage>

    /// The lanes' bodies; a boundary lane (``hasB`` false) repeats `a` in `b`, so every gather of
    /// the body columns (the separations' positions) reads a real body. The velocities go
    /// through ``va`` and ``vb``.
    var a: ContactLaneIndex, b: ContactLaneIndex
    /// The lanes' bodies' slots in ``World/laneVelocities``: `a` and `b`, but the spare slot (at
    /// rest) for a boundary's `b` and for both ends of an unused lane.
    var va: ContactLaneIndex, vb: ContactLaneIndex
    /// Each lane's first point in ``World/contactPoints`` (its second follows it).
    var contact: ContactLaneIndex
    /// Lanes in use (1…8); the others are inert.
    var laneCount: Int
    /// Whether each lane's manifold holds two points (the two ends of an edge).
    var isPair: Bool
    /// Whether each lane's `b` is a body (not a boundary), and whether `a` (`b`) is a circle,
    /// whose point follows its centre (``ContactPoint/roundA``).
    var hasB: Mask, roundA: Mask, roundB: Mask
    /// The manifold's normal, masses and friction.
    var frame: ContactLaneFrame
    /// The soft contact's coefficients (``ContactSoftness``).
    var biasRate: Lanes, massScale: Lanes, impulseScale: Lanes
    /// The points (the second only in a pair block).
    var p1: ContactBlockPoint, p2: ContactBlockPoint
    /// A pair's 2 × 2 normal mass matrix (``ContactVelocityPass/pairMatrix(_:_:)``), fixed for the
    /// step, and whether it is well-conditioned enough to solve as a block.
    var k11: Lanes, k22: Lanes, k12: Lanes, det: Lanes, blockSolvable: Mask

    /// An empty block: every lane inert.
    init(isPair: Bool) {
        a = .zero; b = .zero; contact = .zero; va = .zero; vb = .zero
        laneCount = 0
        self.isPair = isPair
        hasB = Mask(repeating: false); roundA = hasB; roundB = hasB
        frame = ContactLaneFrame()
        biasRate = .zero; massScale = .zero; impulseScale = .zero
        p1 = ContactBlockPoint(); p2 = ContactBlockPoint()
        k11 = .zero; k22 = .zero; k12 = .zero; det = .zero; blockSolvable = hasB
    }
}

/// What every point of a ``ContactBlock``'s lanes shares: the manifold's unit normal from `a`
/// toward `b`, the bodies' inverse masses and moments of inertia (0 for a boundary), and the
/// friction coefficient. The kernel loads it into registers once per block.
struct ContactLaneFrame {
    typealias Lanes = ContactLanes
    var nx = Lanes.zero, ny = Lanes.zero
    var mA = Lanes.zero, iA = Lanes.zero, mB = Lanes.zero, iB = Lanes.zero
    var friction = Lanes.zero
}

/// One point of each lane of a ``ContactBlock`` (the fields of ``ContactPoint`` the substeps use).
struct ContactBlockPoint {
    typealias Lanes = ContactLanes
    /// Arms from the centres at the step's start (the lever arms), points.
    var rAx = Lanes.zero, rAy = Lanes.zero, rBx = Lanes.zero, rBy = Lanes.zero
    /// The arms in each body's frame (a boundary's: the point itself), points.
    var lAx = Lanes.zero, lAy = Lanes.zero, lBx = Lanes.zero, lBy = Lanes.zero
    /// The separation where the point's two ends were one (``ContactPoint/baseSeparation``), and
    /// now (as the substep's positions give it), points.
    var baseSeparation = Lanes.zero, separation = Lanes.zero
    /// Effective masses along the normal and the tangent.
    var normalMass = Lanes.zero, tangentMass = Lanes.zero
    /// Accumulated impulses, and the largest normal impulse of the step.
    var normalImpulse = Lanes.zero, tangentImpulse = Lanes.zero, maxNormalImpulse = Lanes.zero

    /// Puts contact `c`'s arms and masses into lane `l` (what stays while the contact is carried
    /// from step to step; ``refresh(_:_:warmStartScale:)`` takes the rest).
    mutating func set(_ l: Int, _ c: UnsafePointer<ContactPoint>) {
        rAx[l] = Float(c.pointee.rAx); rAy[l] = Float(c.pointee.rAy); rBx[l] = Float(c.pointee.rBx); rBy[l] = Float(c.pointee.rBy)
        lAx[l] = Float(c.pointee.lAx); lAy[l] = Float(c.pointee.lAy); lBx[l] = Float(c.pointee.lBx); lBy[l] = Float(c.pointee.lBy)
        normalMass[l] = Float(c.pointee.normalMass); tangentMass[l] = Float(c.pointee.tangentMass)
    }

    /// Writes lane `l`'s impulses back to contact `c`.
    func store(_ l: Int, into c: inout ContactPoint) {
        c.normalImpulse = Double(normalImpulse[l])
        c.tangentImpulse = Double(tangentImpulse[l])
        c.maxNormalImpulse = Double(maxNormalImpulse[l])
    }
}

extension ContactBlock {
    /// Puts the manifold starting at `contacts[k]` (two points when `isPair`) into lane `l`, its
    /// impulses times `scale` for the warm start (``World/warmStartScale(_:)``) and its softness
    /// from the substep's `softness` (``World/contactSoftness``).
    mutating func set(_ l: Int, contacts: UnsafeBufferPointer<ContactPoint>, at k: Int, bodies: BodyColumns, spare: Int32,
                      warmStartScale scale: Double, softness: ContactSoftness.Pair) {
        // Read in place: a copy of the contact (some 190 bytes) cost a sixth of filling a lane.
        let c = contacts.baseAddress.unsafelyUnwrapped + k
        let ia = Int(c.pointee.a), ib = Int(c.pointee.b)
        a[l] = c.pointee.a
        b[l] = ib >= 0 ? c.pointee.b : c.pointee.a
        va[l] = c.pointee.a
        vb[l] = ib >= 0 ? c.pointee.b : spare
        contact[l] = Int32(k)
        hasB[l] = ib >= 0
        roundA[l] = c.pointee.roundA; roundB[l] = c.pointee.roundB
        frame.nx[l] = Float(c.pointee.nx); frame.ny[l] = Float(c.pointee.ny)
        frame.mA[l] = Float(bodies.im[ia]); frame.iA[l] = Float(bodies.ii[ia])
        frame.mB[l] = ib >= 0 ? Float(bodies.im[ib]) : 0; frame.iB[l] = ib >= 0 ? Float(bodies.ii[ib]) : 0
        p1.set(l, c)
        if isPair {
            p2.set(l, c + 1)
            let m = ContactVelocityPass(bodies).pairMatrix(c.pointee, c[1])
            k11[l] = Float(m.k11); k22[l] = Float(m.k22); k12[l] = Float(m.k12); det[l] = Float(m.det)
            blockSolvable[l] = m.k11 * m.k11 < 1000 * m.det
        }
        refresh(l, c, warmStartScale: scale, softness: softness)
        laneCount = Swift.max(laneCount, l + 1)
    }
}

extension World {
    /// Colours this step's contact manifolds and cuts each colour into ``ContactBlock``s of
    /// ``contactLaneWidth`` lanes (Box2D v3's constraint graph, `constraint_graph.c`): a manifold
    /// takes the lowest of 64 colours in which neither of its movable bodies has a manifold yet
    /// (a boundary or an anchored item moves nothing, so any number of manifolds share it); the
    /// few left over when all 64 are taken are solved one at a time after the rest. Within a
    /// colour the manifolds keep the narrow phase's order, so the blocks are the same every run.
    ///
    /// Why colour: one at a time, each contact waits for the one before to write the velocities it
    /// reads (the pile's solve ran at about 44 ns a point, bound by that chain); eight manifolds of
    /// one colour share no body, so they are solved at once.
    func buildContactBlocks() {
        let n = contactPoints.count
        collectContactBodies()
        guard n > 0 else { contactBlocks.removeAll(keepingCapacity: true); return }
        if scratchColours.count < count { scratchColours = [UInt64](repeating: 0, count: count) }
        let overflow = 64
        // Each manifold's colour and kind, in contact order (the colour of a manifold's first point;
        // −1 on its second).
        var manifoldColour = scratchManifoldColour
        scratchManifoldColour = []
        defer { scratchManifoldColour = manifoldColour }
        manifoldColour.removeAll(keepingCapacity: true)
        manifoldColour.append(contentsOf: repeatElement(-1, count: n))
        // Each bucket's first manifold in a list sorted by bucket (a counting sort keeps contact
        // order): `start[q + 1]` counts bucket `q`'s manifolds first. Scratch, so a step allocates nothing.
        let buckets = 2 * (overflow + 1)
        var start = scratchBucketStart, fill = scratchBucketFill, order = scratchManifoldOrder
        scratchBucketStart = []; scratchBucketFill = []; scratchManifoldOrder = []
        defer { scratchBucketStart = start; scratchBucketFill = fill; scratchManifoldOrder = order }
        if start.count != buckets + 1 {
            start = [Int](repeating: 0, count: buckets + 1)
            fill = [Int](repeating: 0, count: buckets)
        } else {
            for q in start.indices { start[q] = 0 }
        }
        let im = bodies.im, ii = bodies.ii
        // Through buffers: arrays written in these loops are checked for a unique owner at every write.
        contactPoints.withUnsafeBufferPointer { contacts in
            scratchColours.withUnsafeMutableBufferPointer { colours in
                manifoldColour.withUnsafeMutableBufferPointer { manifoldColour in
                    start.withUnsafeMutableBufferPointer { start in
                        var k = 0
                        while k < n {
                            let pair = contacts[k].pairedWithNext && k + 1 < n
                            let ia = Int(contacts[k].a), ib = Int(contacts[k].b)
                            let movesA = im[ia] > 0 || ii[ia] > 0, movesB = ib >= 0 && (im[ib] > 0 || ii[ib] > 0)
                            let used = (movesA ? colours[ia] : 0) | (movesB ? colours[ib] : 0)
                            let colour = used == .max ? overflow : (~used).trailingZeroBitCount
                            if colour < overflow {
                                if movesA { colours[ia] |= 1 << UInt64(colour) }
                                if movesB { colours[ib] |= 1 << UInt64(colour) }
                            }
                            manifoldColour[k] = Int16(colour * 2 + (pair ? 1 : 0))
                            start[colour * 2 + (pair ? 1 : 0) + 1] += 1
                            k += pair ? 2 : 1
                        }
                    }
                }
                // Clear only what was set.
                for k in 0..<n {
                    colours[Int(contacts[k].a)] = 0
                    if contacts[k].b >= 0 { colours[Int(contacts[k].b)] = 0 }
                }
            }
        }
        for q in 0..<buckets { start[q + 1] += start[q]; fill[q] = start[q] }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: start[buckets]))
        manifoldColour.withUnsafeBufferPointer { manifoldColour in
            order.withUnsafeMutableBufferPointer { order in
                fill.withUnsafeMutableBufferPointer { fill in
                    for k in 0..<n where manifoldColour[k] >= 0 {
                        let bucket = Int(manifoldColour[k])
                        order[fill[bucket]] = Int32(k)
                        fill[bucket] += 1
                    }
                }
            }
        }
        let width = Swift.max(1, Swift.min(ContactLanes.scalarCount, contactLaneWidth))
        // The blocks the buckets need, kept from the last step and filled in place: every field a
        // full block's kernel reads is set for each of its lanes, so only a block with lanes left
        // over is cleared first (a block built aside and appended was copied, 1.5 kB each).
        var blockCount = 0
        for q in 0..<buckets {
            let lanes = q / 2 == overflow ? 1 : width
            blockCount += (start[q + 1] - start[q] + lanes - 1) / lanes
        }
        if contactBlocks.count > blockCount {
            contactBlocks.removeLast(contactBlocks.count - blockCount)
        } else {
            contactBlocks.append(contentsOf: repeatElement(ContactBlock(isPair: false), count: blockCount - contactBlocks.count))
        }
        let bodies = self.bodies, softness = contactSoftness
        contactPoints.withUnsafeBufferPointer { contacts in
            contactBlocks.withUnsafeMutableBufferPointer { blocks in
                var block = blocks.baseAddress!
                for q in 0..<buckets where start[q + 1] > start[q] {
                    let isPair = q % 2 == 1
                    // The overflow's manifolds share bodies: one lane each, in order.
                    let lanes = q / 2 == overflow ? 1 : width
                    var m = start[q]
                    while m < start[q + 1] {
                        let used = Swift.min(lanes, start[q + 1] - m)
                        // All-zero bytes are an empty single block (``ContactBlock/init(isPair:)``).
                        if used < lanes { UnsafeMutableRawPointer(block).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<ContactBlock>.size) }
                        block.pointee.isPair = isPair
                        block.pointee.laneCount = 0
                        block.pointee.va = ContactLaneIndex(repeating: Int32(count))
                        block.pointee.vb = ContactLaneIndex(repeating: Int32(count))
                        for l in 0..<used {
                            let k = Int(order[m + l])
                            block.pointee.set(l, contacts: contacts, at: k, bodies: bodies, spare: Int32(count),
                                              warmStartScale: warmStartScale(contacts[k]), softness: softness)
                        }
                        block += 1
                        m += used
                    }
                }
            }
        }
    }

    /// Lists every body the step's contacts reach, once each, in the order first met
    /// (``contactBodies``: the velocities the passes pack and unpack).
    func collectContactBodies() {
        if scratchReached.count < count { scratchReached = [Bool](repeating: false, count: count) }
        contactBodies.removeAll(keepingCapacity: true)
        contactPoints.withUnsafeBufferPointer { contacts in
            scratchReached.withUnsafeMutableBufferPointer { reached in
                for c in contacts {
                    if !reached[Int(c.a)] { reached[Int(c.a)] = true; contactBodies.append(c.a) }
                    if c.b >= 0 && !reached[Int(c.b)] { reached[Int(c.b)] = true; contactBodies.append(c.b) }
                }
                for b in contactBodies { reached[Int(b)] = false }
            }
        }
    }

    /// Writes the blocks' impulses back to ``contactPoints`` (for restitution, the warm start of
    /// the next step, the islands and the collision delegates).
    func storeBlockImpulses() {
        contactPoints.withUnsafeMutableBufferPointer { contacts in
            forEachContactBlock { block in
                for l in 0..<block.pointee.laneCount {
                    let c = Int(block.pointee.contact[l])
                    block.pointee.p1.store(l, into: &contacts[c])
                    if block.pointee.isPair { block.pointee.p2.store(l, into: &contacts[c + 1]) }
                }
            }
        }
    }
}
