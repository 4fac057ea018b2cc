/// What one contact took by the end of the last step, for warm starting the next (``ContactPoint``): its
/// impulses along the normal and the tangent (mass × points/s) and its normal then.
struct ContactImpulse {
    var normal: Double, tangent: Double, nx: Double, ny: Double
}

/// The impulses of the last step's contacts by ``ContactImpulseKey``: an open-addressing hash
/// table refilled every step. A pile of 500 items makes some 3,000 contacts a step, each
/// looked up once and stored once; Swift's `Dictionary` hashes every key with SipHash, which took
/// some 15 % of a collision step. Here a key is mixed with two multiplications, and a refill
/// empties the table by bumping a stamp instead of clearing it.
struct ContactImpulseCache {
    private var keys: [ContactImpulseKey] = []
    private var values: [ContactImpulse] = []
    /// A slot holds an entry of this fill when its stamp equals ``stamp``.
    private var stamps: [UInt32] = []
    private var stamp: UInt32 = 1
    private var mask = -1

    /// Whether the table holds no entry.
    private(set) var isEmpty = true

    /// Empties the table and makes room for `count` entries (at most half full, so probes stay short).
    mutating func refill(expecting count: Int) {
        isEmpty = true
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        if capacity > keys.count {
            keys = [ContactImpulseKey](repeating: ContactImpulseKey(group: 0, a: 0, b: 0, pieces: 0), count: capacity)
            values = [ContactImpulse](repeating: ContactImpulse(normal: 0, tangent: 0, nx: 0, ny: 0), count: capacity)
            stamps = [UInt32](repeating: 0, count: capacity)
            mask = capacity - 1
            stamp = 1
        } else if stamp == UInt32.max {
            for i in stamps.indices { stamps[i] = 0 }
            stamp = 1
        } else {
            stamp += 1
        }
    }

    /// Empties the table (the bodies were rebuilt: their indices name other items now).
    mutating func removeAll() { refill(expecting: 0) }

    @inline(__always)
    private func slot(_ k: ContactImpulseKey) -> Int {
        var h = UInt64(UInt32(bitPattern: k.a)) | UInt64(UInt32(bitPattern: k.b)) << 32
        h &*= 0x9E37_79B9_7F4A_7C15
        h ^= (UInt64(UInt32(bitPattern: k.pieces)) | UInt64(UInt32(bitPattern: k.group)) << 32) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: h >> 32) & mask
    }

    /// Stores `value` for `key` (replacing what this fill stored for it, as a dictionary would).
    /// The table must have room: at most the `count` of the last ``refill(expecting:)``.
    mutating func insert(_ key: ContactImpulseKey, _ value: ContactImpulse) {
        var i = slot(key)
        while stamps[i] == stamp {
            if keys[i] == key { values[i] = value; return }
            i = (i + 1) & mask
        }
        stamps[i] = stamp
        keys[i] = key
        values[i] = value
        isEmpty = false
    }

    /// The impulses stored for `key` in this fill, if any.
    func lookup(_ key: ContactImpulseKey) -> ContactImpulse? {
        guard !isEmpty else { return nil }
        var i = slot(key)
        while stamps[i] == stamp {
            if keys[i] == key { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }
}
