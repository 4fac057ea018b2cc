import Geometry

/// Taking over another animator's motion: the A/B compare opens B as a copy of A at that moment
/// (a copy of its behavior tree, built the same way), then hands B the motion A's bodies have.
extension DynamicAnimator {
    /// Gives this animator `other`'s motion: each body's centre, rotation, linear (points/s) and
    /// angular (rad/s) velocity, whether it is awake and how long it has been slow, the contact
    /// impulses the next substep warm-starts with, the touching pairs of the last step, the
    /// simulated clock and whether it runs; and writes the centres and rotations to the items.
    ///
    /// The two must hold corresponding items in the same order, as two behavior trees built the
    /// same way do: body `i` here takes body `i`'s state there. One pass over the bodies, no
    /// stepping. Returns false and changes nothing when the body counts differ.
    @discardableResult
    public func adoptMotion(of other: DynamicAnimator) -> Bool {
        if needsRebuild { _ = dynamicItems }
        if other.needsRebuild { _ = other.dynamicItems }
        let from = other.world, to = world
        guard from.count == to.count else { return false }
        let a = from.bodies, b = to.bodies
        for i in 0..<to.count {
            b.px[i] = a.px[i]; b.py[i] = a.py[i]; b.th[i] = a.th[i]
            b.cosT[i] = a.cosT[i]; b.sinT[i] = a.sinT[i]
            b.vx[i] = a.vx[i]; b.vy[i] = a.vy[i]; b.w[i] = a.w[i]
            b.awake[i] = a.awake[i]; b.slow[i] = a.slow[i]; b.island[i] = a.island[i]
            b.rest[i] = a.rest[i]
            b.writtenAngle[i] = a.writtenAngle[i]
            let item = to.items[i]
            item.center = Point(x: a.px[i], y: a.py[i])
            item.transform = from.items[i].transform
        }
        to.lastImpulses = from.lastImpulses
        to.lastContactPoints = from.lastContactsLive ? from.contactPoints : from.lastContactPoints
        to.lastContactsLive = false
        to.contactBlocksFromLastStep = false
        to.storedContactSubstep = from.storedContactSubstep
        to.contactsLastStep = from.contactsLastStep
        to.time = from.time
        elapsedTime = other.elapsedTime
        isRunning = other.isRunning
        indexIsStale = true
        itemsDidMove?()
        return true
    }
}
