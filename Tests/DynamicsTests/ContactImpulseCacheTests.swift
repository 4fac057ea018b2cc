import Testing
@testable import Dynamics

/// The last step's contacts by key (``ContactImpulseCache``): filed by body, it answers where each
/// stood as a dictionary refilled each step would, which the hash table it replaced did.
@Suite("Contact impulse cache")
struct ContactImpulseCacheTests {
    static func point(_ a: Int32, _ b: Int32, pieces: Int32, group: Int32 = 0, normal: Double) -> ContactPoint {
        ContactPoint(a: a, b: b, nx: 0, ny: 1, rAx: 0, rAy: 0, lAx: 0, lAy: 0, separation: 0, normalMass: 1,
                     tangentMass: 1, friction: 0, restitution: 0, normalImpulse: normal,
                     tangentImpulse: -normal, key: ContactImpulseKey(group: group, a: a, b: b, pieces: pieces))
    }

    @Test("Every stored key is found with its place in the list; others, and bodies past the count, are not")
    func findsWhatWasStored() {
        // Bodies in no order, some with several contacts, one with none, boundaries (b < 0).
        let points = [Self.point(3, 1, pieces: 0, normal: 1), Self.point(0, -1, pieces: 0, normal: 2),
                      Self.point(3, 1, pieces: 1, normal: 3), Self.point(4, 2, pieces: 0, normal: 4),
                      Self.point(0, -2, pieces: 1, normal: 5), Self.point(3, -1, pieces: 0, group: 1, normal: 6)]
        var cache = ContactImpulseCache()
        #expect(cache.isEmpty)
        cache.store(points, bodyCount: 5)
        #expect(!cache.isEmpty)
        for (k, p) in points.enumerated() {
            #expect(cache.lookup(p.key) == k)
        }
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 1, b: 3, pieces: 0)) == nil)  // a body with none
        #expect(cache.lookup(ContactImpulseKey(group: 1, a: 3, b: 1, pieces: 0)) == nil)  // another group
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 7, b: 1, pieces: 0)) == nil)  // past the count
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: -1, b: 1, pieces: 0)) == nil)
    }

    @Test("A key stored twice in one fill answers with the later, as a dictionary would")
    func laterDuplicateWins() {
        var cache = ContactImpulseCache()
        cache.store([Self.point(2, 0, pieces: 0, normal: 1), Self.point(1, 0, pieces: 0, normal: 9),
                     Self.point(2, 0, pieces: 0, normal: 7)], bodyCount: 3)
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 2, b: 0, pieces: 0)) == 2)
    }

    @Test("A new fill replaces the last, and an empty one or removeAll leaves nothing")
    func refillReplaces() {
        var cache = ContactImpulseCache()
        cache.store([Self.point(0, 1, pieces: 0, normal: 1)], bodyCount: 2)
        cache.store([Self.point(1, 0, pieces: 0, normal: 2)], bodyCount: 2)
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 0, b: 1, pieces: 0)) == nil)
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 1, b: 0, pieces: 0)) == 0)
        cache.removeAll()
        #expect(cache.isEmpty)
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 1, b: 0, pieces: 0)) == nil)
        cache.store([Self.point(1, 0, pieces: 0, normal: 2)], bodyCount: 2)
        cache.store([], bodyCount: 2)
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 1, b: 0, pieces: 0)) == nil)
    }

    @Test("A fill for fewer bodies than the last still finds its own")
    func shrinkingBodyCount() {
        var cache = ContactImpulseCache()
        cache.store((0..<50).map { Self.point(Int32($0), -1, pieces: 0, normal: Double($0)) }, bodyCount: 50)
        cache.store([Self.point(1, -1, pieces: 0, normal: 11), Self.point(0, -1, pieces: 0, normal: 10)], bodyCount: 2)
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 0, b: -1, pieces: 0)) == 1)
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 1, b: -1, pieces: 0)) == 0)
        #expect(cache.lookup(ContactImpulseKey(group: 0, a: 30, b: -1, pieces: 0)) == nil)
    }
}
