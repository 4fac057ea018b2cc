/// Body indices by item identity: an open-addressing hash table keyed by the object's address.
///
/// A rebuild inserts and looks up every item (10,000 or more); `Dictionary<ObjectIdentifier, Int>`
/// hashes each with SipHash, which made this table the largest part of compiling the benchmark
/// scene. Fibonacci hashing of the address is enough here: keys are distinct live objects, and the
/// order of the table never reaches the results (so runs stay deterministic).
struct ItemIndex {
    private struct Slot {
        /// The object's address; 0 marks an empty slot.
        var key: UInt
        var value: Int
    }

    private var slots: ContiguousArray<Slot> = []
    /// log₂ of the slot count (0 while empty).
    private var bits = 0
    private(set) var count = 0

    @inline(__always)
    private func home(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - bits))
    }

    /// The body index of the item with identity `id`, if any.
    subscript(id: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let key = UInt(bitPattern: id)
        let mask = slots.count - 1
        var s = home(key)
        while true {
            let slot = slots[s]
            if slot.key == key { return slot.value }
            if slot.key == 0 { return nil }
            s = (s + 1) & mask
        }
    }

    /// Inserts `value` for `id` unless `id` is present; returns whether it was inserted.
    mutating func insertIfAbsent(_ id: ObjectIdentifier, _ value: Int) -> Bool {
        if (count + 1) * 2 > slots.count { grow(to: count + 1) }
        return insert(UInt(bitPattern: id), value)
    }

    private mutating func insert(_ key: UInt, _ value: Int) -> Bool {
        let mask = slots.count - 1
        var s = home(key)
        while true {
            let k = slots[s].key
            if k == key { return false }
            if k == 0 { break }
            s = (s + 1) & mask
        }
        slots[s] = Slot(key: key, value: value)
        count += 1
        return true
    }

    /// Empties the table, keeping its slots.
    mutating func removeAll() {
        guard count > 0 else { return }
        for s in slots.indices { slots[s].key = 0 }
        count = 0
    }

    /// Makes room for `n` items without rehashing.
    mutating func reserveCapacity(_ n: Int) {
        if n * 2 > slots.count { grow(to: n) }
    }

    private mutating func grow(to n: Int) {
        var newBits = Swift.max(bits, 4)
        while (1 << newBits) < n * 2 { newBits += 1 }
        let old = slots
        slots = ContiguousArray(repeating: Slot(key: 0, value: 0), count: 1 << newBits)
        bits = newBits
        count = 0
        for slot in old where slot.key != 0 { _ = insert(slot.key, slot.value) }
    }
}
