/// The solver's per-row storage: the compiled constraint rows and their Gauss–Seidel scratch,
/// indexed by row, owned and freed together.
///
/// Like ``BodyColumns``: the columns are plain pointer structs the solver copies into locals once
/// per pass, and ``World`` holds one instance for its whole life, so the copies stay valid; the
/// memory is released in `deinit`.
final class RowColumns {
    /// Retired in `deinit`, so debug builds catch a column copy used after the memory went.
    private let token = ColumnOwnerToken()
    /// The compiled rows (the first ``World/primCount`` are live).
    @exclusivity(unchecked) private(set) var prims = Column<Primitive>()
    /// Per-row scratch for the iterated Gauss–Seidel passes (rows' prepared geometry and impulses).
    @exclusivity(unchecked) private(set) var scratch = Column<RowScratch>()

    /// Grows ``prims`` to hold at least `n` rows, keeping the first `live` ones.
    func reserve(_ n: Int, live: Int) {
        prims.reserve(n, live: live, filler: Primitive(kind: .point, rigid: true, a: 0, b: -1), owner: token)
    }

    /// Grows ``scratch`` to hold at least `n` rows; scratch keeps nothing between substeps.
    func reserveScratch(_ n: Int) {
        scratch.reserve(n, live: 0, filler: RowScratch(), owner: token)
    }

    deinit {
        token.retire()
        prims.release()
        scratch.release()
    }
}
