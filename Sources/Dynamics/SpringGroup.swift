/// Settings shared by fast-path springs (solo and flock rows), and their coefficients for the
/// current substep: a scene has few distinct settings, so coefficients are computed once per
/// group when the substep changes and copied into the packed rows.
struct SpringGroup {
    var isPoint: Bool
    var rigid: Bool
    /// Angular frequency (rad/s) and damping ratio.
    var omega: Double
    var zeta: Double
    var coef = SoftCoefficients(omega: 0, zeta: 0, h: 0)

    /// For substep `h` (seconds): unless `step` says they are for `h` already, recomputes the
    /// groups' coefficients, copies them into the packed `lanes` that share them, and sets `step`.
    static func refresh<Lanes: SpringGroupLanes>(_ groups: inout ContiguousArray<SpringGroup>,
                                                 into lanes: inout ContiguousArray<Lanes>, h: Double, step: inout Double) {
        guard h != step else { return }
        refresh(&groups, h: h)
        lanes.copyCoefficients(from: groups)
        step = h
    }

    /// Recomputes every group's coefficients for substep `h` (seconds).
    static func refresh(_ groups: inout ContiguousArray<SpringGroup>, h: Double) {
        let rigid = SoftCoefficients.rigid(h: h)
        for g in groups.indices {
            let s = groups[g]
            groups[g].coef = s.rigid ? rigid : SoftCoefficients(omega: s.omega, zeta: s.zeta, h: h)
        }
    }
}

/// Rows with equal settings share one ``SpringGroup``.
struct SpringGroupKey: Hashable {
    var isPoint: Bool
    var rigid: Bool
    var omega: UInt64
    var zeta: UInt64

    /// The key of a point or distance row.
    init(_ p: Primitive) {
        isPoint = p.kind == .point
        rigid = p.rigid
        omega = p.rigid ? 0 : p.omega.bitPattern
        zeta = p.rigid ? 0 : p.zeta.bitPattern
    }
}

/// Builds the groups of a rebuild's fast-path rows, numbered in order of first appearance.
/// Neighbouring rows usually share their settings, so the last group is tried first; then the few
/// groups a scene has are scanned, and only past a handful is a hash table kept.
struct SpringGroupTable {
    private(set) var groups = ContiguousArray<SpringGroup>()
    private var keys: [SpringGroupKey] = []
    private var index: [SpringGroupKey: Int32] = [:]
    private var lastKey: SpringGroupKey?
    private var lastGroup: Int32 = 0
    /// Groups scanned linearly before the table hashes.
    private static let scanLimit = 8

    /// The group of row `p` (a point or distance row), added if new.
    mutating func group(of p: Primitive) -> Int32 {
        let key = SpringGroupKey(p)
        if key == lastKey { return lastGroup }
        var g: Int32 = -1
        if keys.count <= Self.scanLimit {
            if let k = keys.firstIndex(of: key) { g = Int32(k) }
        } else if let found = index[key] {
            g = found
        }
        if g < 0 {
            g = Int32(groups.count)
            keys.append(key)
            if keys.count > Self.scanLimit {
                if index.isEmpty { for (k, key) in keys.enumerated() { index[key] = Int32(k) } }
                index[key] = g
            }
            groups.append(SpringGroup(isPoint: key.isPoint, rigid: p.rigid, omega: p.omega, zeta: p.zeta))
        }
        lastKey = key
        lastGroup = g
        return g
    }
}

/// A packed pair of fast-path rows whose two lanes take their coefficients from ``SpringGroup``s.
protocol SpringGroupLanes {
    /// The lanes' groups.
    var group0: Int32 { get }
    var group1: Int32 { get }
    /// Stores the lanes' coefficients for the current substep.
    mutating func setCoefficients(_ lane0: SoftCoefficients, _ lane1: SoftCoefficients)
}

extension ContiguousArray where Element: SpringGroupLanes {
    /// Copies each element's groups' current coefficients into it.
    mutating func copyCoefficients(from groups: ContiguousArray<SpringGroup>) {
        for q in indices {
            let a = groups[Int(self[q].group0)].coef, b = groups[Int(self[q].group1)].coef
            self[q].setCoefficients(a, b)
        }
    }
}
