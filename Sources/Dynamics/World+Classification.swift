extension World {
    /// Splits bodies and rows among the solo path, the flock path and the general lists the
    /// substep loop walks, and picks the general bodies the energy guard watches. Called after
    /// every row and force has compiled.
    func classifyRows() {
        // Lists are read into locals once: World's properties would each cost an exclusivity
        // check per access in these 10,000-body loops.
        let count = self.count, primCount = self.primCount, prims = rows.prims
        var rowsPerBody = [Int32](repeating: 0, count: count)
        var rowOf = [Int32](repeating: -1, count: count)
        for j in 0..<primCount {
            let p = prims[j]
            rowsPerBody[Int(p.a)] += 1
            rowOf[Int(p.a)] = Int32(j)
            if p.b >= 0 { rowsPerBody[Int(p.b)] += 1 }
        }
        var inField = [Bool](repeating: false, count: count)
        for f in fields { for i in f.bodies { inField[i] = true } }
        var isSolo = [Bool](repeating: false, count: count), isFlock = isSolo
        let solo = SoloPath(prims: prims, primCount: primCount, bodies: bodies, count: count, rowsPerBody: rowsPerBody,
                            rowOf: rowOf, inField: inField, isSolo: &isSolo)
        // Bodies on several distance springs and nothing else take the flock path.
        let flock = FlockPath(enabled: self.flock.isEnabled, prims: prims, primCount: primCount, bodies: bodies,
                              count: count, rowsPerBody: rowsPerBody, inField: inField, isSolo: isSolo, isFlock: &isFlock)
        var general: [Int32] = [], generalRows: [Int32] = []
        general.reserveCapacity(count - solo.rows.count)
        generalRows.reserveCapacity(primCount - solo.rows.count)
        for i in 0..<count where !isSolo[i] && !isFlock[i] { general.append(Int32(i)) }
        for j in 0..<primCount where solo.rowOfPrim[j] < 0 && flock.rowOfPrim[j] < 0 { generalRows.append(Int32(j)) }
        // Solo and flock bodies guard themselves.
        for i in 0..<count where isFlock[i] { isSolo[i] = true }
        guarded = GuardedBodies(prims: prims, primCount: primCount, bodies: bodies, count: count,
                                rowsPerBody: rowsPerBody, inField: inField, isSolo: isSolo)
        self.solo = solo
        self.flock = flock
        generalBodies = general
        self.generalRows = generalRows
    }
}
