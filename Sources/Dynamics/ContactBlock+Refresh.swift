extension ContactBlockPoint {
    /// Takes contact `c`'s separations and impulses into lane `l`, the impulses times `scale`
    /// (``World/warmStartScale(_:)``): what a contact carried over from the last step changes
    /// (its arms, normal and masses stay).
    @inline(__always)
    mutating func refresh(_ l: Int, _ c: UnsafePointer<ContactPoint>, warmStartScale scale: Double) {
        baseSeparation[l] = Float(c.pointee.baseSeparation)
        separation[l] = Float(c.pointee.separation)
        normalImpulse[l] = Float(c.pointee.normalImpulse * scale); tangentImpulse[l] = Float(c.pointee.tangentImpulse * scale)
        maxNormalImpulse[l] = Float(c.pointee.maxNormalImpulse)
    }
}

extension ContactBlock {
    /// Takes what a step changes of the manifold starting at `c` into lane `l`: its friction,
    /// softness (the substep's `softness`, rigid or not as the contact is), separations and
    /// impulses, these times `scale` for the warm start (``World/warmStartScale(_:)``; its bodies,
    /// normal, arms and masses stay). Read in place (a contact is some 190 bytes).
    @inline(__always)
    mutating func refresh(_ l: Int, _ c: UnsafePointer<ContactPoint>, warmStartScale scale: Double,
                          softness: ContactSoftness.Pair) {
        frame.friction[l] = Float(c.pointee.friction)
        let soft = c.pointee.rigid ? softness.rigid : softness.items
        biasRate[l] = Float(soft.biasRate); massScale[l] = Float(soft.massScale); impulseScale[l] = Float(soft.impulseScale)
        p1.refresh(l, c, warmStartScale: scale)
        if isPair { p2.refresh(l, c + 1, warmStartScale: scale) }
    }
}

extension World {
    /// Brings the last step's ``contactBlocks`` up to this step's contacts instead of colouring
    /// and filling them afresh (``buildContactBlocks()``), when this step found the same
    /// manifolds in the same order (the same keys, the same edges): they then take the same
    /// colours, blocks and lanes. A lane whose contacts were carried over from the last step
    /// (``recycleContacts(_:_:_:material:)``) keeps its normal, arms and masses, so only
    /// its separations, impulses (the warm start), softness and friction are written; a lane
    /// found afresh is filled as a new block fills it. A pile resting awake keeps nearly all its
    /// contacts, in the same order, from step to step, and building its blocks was a tenth of
    /// its step. Returns false when the manifolds differ (some blocks may be half refreshed);
    /// the caller then builds every block. Only valid in the first narrow phase after the contacts
    /// the blocks hold were stored (``contactBlocksFromLastStep``).
    func refreshContactBlocks() -> Bool {
        let n = contactPoints.count
        // Contacts carried in place are the last step's in its order: nothing to compare.
        let same = contactsCarriedInPlace
        guard n > 0, same || n == lastContactPoints.count else { return false }
        let bodies = self.bodies, softness = contactSoftness
        return contactPoints.withUnsafeBufferPointer { contacts in
            lastContactPoints.withUnsafeBufferPointer { last in
                contactBlocks.withUnsafeMutableBufferPointer { blocks in
                    for b in blocks.indices {
                        let isPair = blocks[b].isPair
                        for l in 0..<blocks[b].laneCount {
                            // Every contact is the first or (in a pair) second point of one lane.
                            let k = Int(blocks[b].contact[l])
                            let c = contacts.baseAddress.unsafelyUnwrapped + k
                            if !same {
                                guard c.pointee.key == last[k].key, c.pointee.pairedWithNext == isPair else { return false }
                                if isPair {
                                    guard c[1].key == last[k + 1].key else { return false }
                                }
                            }
                            if c.pointee.recycled && (!isPair || c[1].recycled) {
                                // A recycled contact's bodies hold no row: the step's scale.
                                blocks[b].refresh(l, c, warmStartScale: warmStartScale, softness: softness)
                            } else {
                                blocks[b].set(l, contacts: contacts, at: k, bodies: bodies, spare: Int32(count),
                                              warmStartScale: warmStartScale(c.pointee), softness: softness)
                            }
                        }
                    }
                    return true
                }
            }
        }
    }
}
