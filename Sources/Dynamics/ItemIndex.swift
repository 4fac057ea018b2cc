/// Body indices by item identity: an open-addressing hash table keyed by the object's address.
///
/// A rebuild inserts every item (10,000 or more); `Dictionary<ObjectIdentifier, Int>` hashes each
/// with SipHash, which made this table a large part of compiling the benchmark scene. Fibonacci
/// hashing of the address is enough here: keys are distinct live objects, and the layout of the
/// table never reaches the results (so runs stay deterministic). Keys and values live in separate
/// arrays so clearing touches only the keys.
struct ItemIndex {
    /// Object addresses; 0 marks an empty slot.
    private var keys: ContiguousArray<UInt> = []
    private var values: ContiguousArray<Int32> = []
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
        let mask = keys.count - 1
        var s = home(key)
        while true {
            let k = keys[s]
            if k == key { return Int(values[s]) }
            if k == 0 { return nil }
            s = (s + 1) & mask
        }
    }

    /// Inserts `value` for `id` unless `id` is present; returns whether it was inserted.
    mutating func insertIfAbsent(_ id: ObjectIdentifier, _ value: Int) -> Bool {
        if !fits(count + 1) { grow(to: count + 1) }
        return insert(UInt(bitPattern: id), Int32(value))
    }

    /// Empties the table, keeping its slots.
    mutating func removeAll() {
        guard count > 0 else { return }
        for s in keys.indices { keys[s] = 0 }
        count = 0
    }

    /// Makes room for `n` items without rehashing.
    mutating func reserveCapacity(_ n: Int) {
        if !fits(n) { grow(to: n) }
    }

    /// Whether `n` items keep the load factor at most 2/3 (linear probing stays short).
    private func fits(_ n: Int) -> Bool { 3 * n <= 2 * keys.count }

    private mutating func insert(_ key: UInt, _ value: Int32) -> Bool {
        let mask = keys.count - 1
        var s = home(key)
        while true {
            let k = keys[s]
            if k == key { return false }
            if k == 0 { break }
            s = (s + 1) & mask
        }
        keys[s] = key
        values[s] = value
        count += 1
        return true
    }

    private mutating func grow(to n: Int) {
        var newBits = Swift.max(bits, 4)
        while 3 * n > 2 * (1 << newBits) { newBits += 1 }
        let oldKeys = keys, oldValues = values
        keys = ContiguousArray(repeating: 0, count: 1 << newBits)
        values = ContiguousArray(repeating: 0, count: 1 << newBits)
        bits = newBits
        count = 0
        for s in oldKeys.indices where oldKeys[s] != 0 { _ = insert(oldKeys[s], oldValues[s]) }
    }
}
