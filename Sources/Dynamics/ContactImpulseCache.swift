/// Where each of the last step's contacts stands in the list it was stored from
/// (``World/lastContactPoints``), by ``ContactImpulseKey``: a fresh contact's warm start reads its
/// impulses there, and recycling finds the contact to carry over. Filed by the contact's first
/// body (`a`, never a boundary): a counting sort each step puts each body's contacts side by side,
/// and a lookup scans the few of its own body (a piece in a pile touches some two to eight
/// points). It replaced an open-addressing hash table, whose scattered probes cost about 8 % of
/// a pile's step, as a `Dictionary` (SipHash) had cost 15 % before that. Where one key was stored
/// twice in a step, the later one counts, as a dictionary's would. It holds places, not impulses,
/// so a step whose contacts are the last step's in the same order keeps it as it is
/// (``World/contactsCarriedInPlace``).
struct ContactImpulseCache {
    /// Body `a`'s entries are `keys[start[a] ..< start[a + 1]]`, in the order they were stored.
    private var start: [Int32] = []
    private var keys: [ContactImpulseKey] = []
    /// Each key's place in the stored list.
    private var places: [Int32] = []
    /// The body count of the last fill.
    private var bodies = 0

    /// Whether the table holds no entry.
    var isEmpty: Bool { keys.isEmpty }

    /// Replaces the table with `contacts`' keys and places, for bodies `0 ..< bodyCount`.
    mutating func store(_ contacts: [ContactPoint], bodyCount: Int) {
        keys.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
        guard !contacts.isEmpty else { return }
        if start.count < bodyCount + 1 { start = [Int32](repeating: 0, count: bodyCount + 1) }
        keys.append(contentsOf: repeatElement(ContactImpulseKey(group: 0, a: 0, b: 0, pieces: 0), count: contacts.count))
        places.append(contentsOf: repeatElement(0, count: contacts.count))
        start.withUnsafeMutableBufferPointer { start in
            keys.withUnsafeMutableBufferPointer { keys in
                places.withUnsafeMutableBufferPointer { places in
                    // Counts, summed to each body's end; then from the last contact back, each
                    // takes the slot before its body's end, which leaves start[a] at a's first.
                    for a in 0..<bodyCount { start[a] = 0 }
                    for c in contacts { start[Int(c.a)] += 1 }
                    for a in 1..<max(1, bodyCount) { start[a] += start[a - 1] }
                    start[bodyCount] = Int32(contacts.count)
                    for (n, c) in contacts.enumerated().reversed() {
                        let a = Int(c.a)
                        start[a] -= 1
                        let k = Int(start[a])
                        keys[k] = c.key
                        places[k] = Int32(n)
                    }
                }
            }
        }
        bodies = bodyCount
    }

    /// Empties the table (the bodies were rebuilt: their indices name other items now).
    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
    }

    /// Where the contact stored as `key` in the last fill stood in its list, if it was stored.
    func lookup(_ key: ContactImpulseKey) -> Int? {
        let a = Int(key.a)
        guard !keys.isEmpty, a >= 0, a < bodies else { return nil }
        var k = Int(start[a + 1])
        let first = Int(start[a])
        while k > first {
            k -= 1
            if keys[k] == key { return Int(places[k]) }
        }
        return nil
    }
}
