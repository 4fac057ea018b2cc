/// The contact solver's three passes over the contacts of an animator's last step, one call each,
/// for `kinetic bench collision`'s kernel rows: the whole-pile figures move by a few percent from
/// run to run, and a change to the block kernel (``ContactBlock``) is a few percent of them; timed
/// alone, hundreds of times over the same blocks, a pass costs the same to within 1 %.
///
/// Each call changes the bodies' velocities and the contacts' impulses as the pass does in a
/// substep (the positions do not move), so only a benchmark's own animator should be probed.
package struct ContactPassProbe {
    /// The contact blocks each pass walks (``ContactBlock``: up to four manifolds each).
    package let blockCount: Int
    /// The manifolds in them (a touching point, or an edge's two ends), and their points.
    package let manifoldCount: Int, pointCount: Int
    /// The warm start, with the separations brought up to the positions (``World/warmStartContacts()``).
    package let warmStart: () -> Void
    /// The soft, biased velocity pass (``World/solveContacts(h:useBias:refreshingSeparations:)``).
    package let solve: () -> Void
    /// The relax pass: rigid, without bias, its separations refreshed first.
    package let relax: () -> Void
}

extension DynamicAnimator {
    /// The contact passes over the contacts of the last step (nil when it had none).
    package func contactPassProbe() -> ContactPassProbe? {
        let world = self.world
        guard !world.contactBlocks.isEmpty else { return nil }
        let h = world.contactSubstep
        let points = world.contactPoints.count
        let manifolds = world.contactPoints.reduce(0) { $0 + ($1.pairedWithNext ? 0 : 1) }
        return ContactPassProbe(blockCount: world.contactBlocks.count, manifoldCount: manifolds, pointCount: points,
                                warmStart: { world.warmStartContacts() },
                                solve: { world.solveContacts(h: h, useBias: true) },
                                relax: { world.solveContacts(h: h, useBias: false, refreshingSeparations: true) })
    }
}
