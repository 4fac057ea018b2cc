extension World {
    /// Checks the solver's structural invariants (debug builds only; free in release builds):
    /// the columns hold every body and row, the per-body and per-row lists agree in size, and
    /// every index the fast paths and the general lists keep is in range.
    func checkInvariants() {
        #if DEBUG
        bodies.checkInvariants(count: count, moving: movingCount)
        precondition(primCount <= rows.prims.capacity, "\(primCount) rows in \(rows.prims.capacity)")
        precondition(info.count == count && items.count == count, "body lists out of step with \(count) bodies")
        precondition(solo.rowOfPrim.count == primCount && flock.rowOfPrim.count == primCount)
        for r in solo.rows { precondition(Int(r.body) < count && Int(r.group) < solo.groups.count) }
        for p in solo.points { precondition(Int(p.body) < count && Int(p.group) < solo.groups.count) }
        for p in solo.pairs {
            precondition(Int(p.body0) < count && Int(p.body1) < count && (p.lanes == 1 || p.lanes == 2))
            precondition(!p.contiguous || (p.lanes == 2 && p.body1 == p.body0 + 1))
        }
        for p in flock.pairs {
            precondition(Int(p.body0) < count && Int(p.body1) < count && (p.lanes == 1 || p.lanes == 2))
            precondition(!p.contiguous || (p.lanes == 2 && p.body1 == p.body0 + 1))
            precondition(p.rowCount >= 2 && Int(p.firstRow + p.rowCount) <= flock.rows.count)
            precondition(Int(p.rowCount) <= flock.scratchRowCount)
        }
        for b in generalBodies { precondition(Int(b) < count) }
        for j in generalRows { precondition(Int(j) < primCount) }
        #endif
    }
}
