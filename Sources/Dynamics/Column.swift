/// A growable buffer that does not own its memory: one column of the solver's struct-of-arrays
/// storage.
///
/// Plain `Array`s would pay for uniqueness and bounds checks on every access in the hot loop,
/// and a column holding a reference to an owner would pay a retain and release for every copy
/// (the solo path ran about 1.7× slower that way). So a column is a bare pointer, and its owner,
/// ``BodyColumns`` or ``RowColumns``, grows it (`reserve`) and releases it in its `deinit`; copies
/// are valid while the owner lives. Subscripts are `nonmutating`, so the solver copies columns
/// into locals once per pass.
///
/// Invariants, checked in debug builds and free in release builds (swift-collections'
/// `_checkInvariants()` habit; `#if DEBUG` + `precondition`, since `Dynamics` is optimised in
/// debug builds too, where a plain `assert` would vanish): every access is within
/// `0..<capacity` (element, pointer and SIMD pair accesses alike: nothing reads the raw base
/// address), the owner is still alive (debug builds give each column a ``ColumnOwnerToken`` that
/// the owner's `deinit` retires), and a `reserve` keeps no more elements than the column holds
/// (`live ≤ capacity`).
struct Column<T> {
    private var base: UnsafeMutablePointer<T>
    private(set) var capacity: Int
    #if DEBUG
    /// The owner's liveness, recorded by the first `reserve` (debug builds only: a reference costs
    /// a retain per copy). Before it the column holds nothing, so every access fails its bounds.
    private var owner: ColumnOwnerToken?
    #endif

    init() {
        base = UnsafeMutablePointer<T>.allocate(capacity: 1)
        capacity = 0
    }

    /// Grows to hold at least `count` elements, keeping the first `live` ones. `owner` is the
    /// owning object's token (see ``ColumnOwnerToken``).
    mutating func reserve(_ count: Int, live: Int, filler: T, owner: ColumnOwnerToken) {
        #if DEBUG
        precondition(live >= 0 && live <= capacity, "Column keeps \(live) elements but holds \(capacity)")
        precondition(self.owner == nil || self.owner === owner, "Column reserved by a second owner")
        self.owner = owner
        #endif
        checkOwner()
        guard count > capacity else { return }
        let newCapacity = Swift.max(count, capacity * 2, 16)
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        if live > 0 { fresh.moveInitialize(from: base, count: live) }
        fresh.advanced(by: live).initialize(repeating: filler, count: newCapacity - live)
        if capacity > live { base.advanced(by: live).deinitialize(count: capacity - live) }
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// Releases the memory; only the owner's `deinit` calls this, and no copy is used afterwards.
    func release() {
        if capacity > 0 { base.deinitialize(count: capacity) }
        base.deallocate()
    }

    /// Element `i`. Bounds are checked in debug builds only: the release solver reads
    /// columns in its hot loops, where a check per access would cost more than the work.
    @inline(__always) subscript(i: Int) -> T {
        get { check(i, 1); return base[i] }
        nonmutating set { check(i, 1); base[i] = newValue }
    }

    /// The address of element `i`, for in-place access to large elements (a row and its scratch).
    @inline(__always) func pointer(to i: Int) -> UnsafeMutablePointer<T> {
        check(i, 1)
        return base + i
    }

    /// The first `count` elements as a buffer.
    @inline(__always) func buffer(count: Int) -> UnsafeMutableBufferPointer<T> {
        check(0, count)
        return UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Checks that elements `i ..< i + n` exist and the owner lives (debug builds only).
    @inline(__always) private func check(_ i: Int, _ n: Int) {
        #if DEBUG
        precondition(i >= 0 && i + n <= capacity, "Column elements \(i)..<\(i + n) out of 0..<\(capacity)")
        #endif
        checkOwner()
    }

    @inline(__always) private func checkOwner() {
        #if DEBUG
        precondition(owner?.isAlive ?? true, "Column used after its owner was freed")
        #endif
    }
}

extension Column where T == Double {
    /// Elements `i ..< i + V.scalarCount` as one vector: neighbouring bodies side by side (two for
    /// the SIMD fast paths, ``pair(at:)``; four for the general substeps, ``quad(at:)``).
    @inline(__always) func lanes<V: SIMD>(at i: Int) -> V where V.Scalar == Double {
        check(i, V.scalarCount)
        return UnsafeRawPointer(base + i).loadUnaligned(as: V.self)
    }

    /// Stores `v` into elements `i ..< i + V.scalarCount`.
    @inline(__always) func setLanes<V: SIMD>(_ v: V, at i: Int) where V.Scalar == Double {
        check(i, V.scalarCount)
        UnsafeMutableRawPointer(base + i).storeBytes(of: v, as: V.self)
    }

    /// Elements `i` and `i + 1` (``lanes(at:)``), and storing them.
    @inline(__always) func pair(at i: Int) -> SIMD2<Double> { lanes(at: i) }
    @inline(__always) func setPair(_ v: SIMD2<Double>, at i: Int) { setLanes(v, at: i) }
    /// Elements `i ..< i + 4` (``lanes(at:)``), and storing them.
    @inline(__always) func quad(at i: Int) -> SIMD4<Double> { lanes(at: i) }
    @inline(__always) func setQuad(_ v: SIMD4<Double>, at i: Int) { setLanes(v, at: i) }
}

extension Column where T == Bool {
    /// Elements `i ..< i + 4` as a mask for four `Double` lanes.
    @inline(__always) func quadMask(at i: Int) -> SIMDMask<SIMD4<Int64>> {
        check(i, 4)
        return SIMD4<Int64>(truncatingIfNeeded: UnsafeRawPointer(base + i).loadUnaligned(as: SIMD4<UInt8>.self)) .!= 0
    }
}

/// Whether the owner of a set of ``Column``s still lives. Only debug builds keep one in each column;
/// the owner's `deinit` calls ``retire()`` before it frees the memory.
final class ColumnOwnerToken {
    private(set) var isAlive = true

    /// Marks the columns' memory as gone.
    func retire() { isAlive = false }
}
