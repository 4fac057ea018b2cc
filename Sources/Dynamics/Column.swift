/// A growable buffer that does not own its memory: one column of the solver's struct-of-arrays
/// storage.
///
/// Plain `Array`s would pay for uniqueness and bounds checks on every access in the hot loop,
/// and a column holding a reference to an owner would pay a retain and release for every copy
/// (the solo path ran about 1.7× slower that way). So a column is a bare pointer, and its owner,
/// ``BodyColumns`` or ``RowColumns``, grows it (`reserve`) and releases it in its `deinit`; copies
/// are valid while the owner lives. Subscripts are `nonmutating`, so the solver copies columns
/// into locals once per pass.
struct Column<T> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var capacity: Int

    init() {
        base = UnsafeMutablePointer<T>.allocate(capacity: 1)
        capacity = 0
    }

    /// Grows to hold at least `count` elements, keeping the first `live` ones.
    mutating func reserve(_ count: Int, live: Int, filler: T) {
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

    /// Element `i`. Bounds are checked in debug builds only (`assert`): the release solver reads
    /// columns in its hot loops, where a check per access would cost more than the work.
    @inline(__always) subscript(i: Int) -> T {
        get { assert(i >= 0 && i < capacity, "Column index \(i) out of 0..<\(capacity)"); return base[i] }
        nonmutating set { assert(i >= 0 && i < capacity, "Column index \(i) out of 0..<\(capacity)"); base[i] = newValue }
    }
}
