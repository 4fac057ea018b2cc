/// The contact solver's three passes over the contacts of an animator's last step, one call each,
/// and the narrow phase that found them, for `kinetic bench collision`'s kernel rows: the
/// whole-pile figures move by a few percent from run to run, and a change to the block kernel
/// (``ContactBlock``) or to the narrow phase is a few percent of them; timed alone, hundreds of
/// times over the same blocks, a pass costs the same to within 1 %.
///
/// Each call changes the bodies' velocities and the contacts' impulses as the pass does in a
/// substep (the positions do not move), or finds the step's contacts again, so only a
/// benchmark's own animator should be probed.
package struct ContactPassProbe {
    /// The contact blocks each pass walks (``ContactBlock``: up to four manifolds each).
    package let blockCount: Int
    /// The manifolds in them (a touching point, or an edge's two ends), and their points.
    package let manifoldCount: Int, pointCount: Int
    /// The warm start of a substep after the step's first (``World/warmStartContacts(refreshingSeparations:)``;
    /// the first also brings the separations up to the positions, as the relax pass does).
    package let warmStart: () -> Void
    /// The soft, biased velocity pass (``World/solveContacts(h:useBias:refreshingSeparations:)``).
    package let solve: () -> Void
    /// The relax pass: rigid, without bias, its separations refreshed first.
    package let relax: () -> Void
    /// The step's narrow phase again from the same positions, as the next step would run it
    /// (``World/collideContacts(_:)``: margins, the broad phase, each pair found afresh or
    /// recycled from the contacts stored last, boundaries, the blocks refreshed or coloured
    /// afresh), and the storing of its contacts' impulses for the next call
    /// (``World/storeContactImpulses()``); its contacts replace the step's.
    package let narrowPhase: () -> Void
    /// How many of the step's contacts were recycled rather than found afresh.
    package let recycledCount: Int
}

extension DynamicAnimator {
    /// The contact passes over the contacts of the last step (nil when it had none).
    package func contactPassProbe() -> ContactPassProbe? {
        let world = self.world
        guard !world.contactBlocks.isEmpty else { return nil }
        let h = world.contactSubstep
        let points = world.contactPoints.count
        let manifolds = world.contactPoints.reduce(0) { $0 + ($1.pairedWithNext ? 0 : 1) }
        // A frame of 1/60 s, as the benchmark steps.
        let step = StepContext(dt: 1.0 / 60, substeps: world.substepCount(for: 1.0 / 60), iterations: 1, bodies: world.bodies)
        return ContactPassProbe(blockCount: world.contactBlocks.count, manifoldCount: manifolds, pointCount: points,
                                warmStart: { world.warmStartContacts(refreshingSeparations: false) },
                                solve: { world.solveContacts(h: h, useBias: true) },
                                relax: { world.solveContacts(h: h, useBias: false, refreshingSeparations: true) },
                                narrowPhase: { world.collideContacts(step); world.storeContactImpulses() },
                                recycledCount: world.contactPoints.reduce(0) { $0 + ($1.recycled ? 1 : 0) })
    }
}
