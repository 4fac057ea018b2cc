import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// Every contact call a collision delegate hears, by touch: `"a|nil"` for item `a` against an
/// unnamed boundary (the reference bounds), `"a|wall"` for a named one, `"a+b"` for two items
/// (names in order), each with the frame it came in.
final class TouchLog: CollisionBehaviorDelegate {
    /// One delegate call.
    struct Event: Equatable {
        var frame: Int
        var began: Bool
        var touch: String
    }
    /// Every call, in order.
    private(set) var events: [Event] = []
    /// The frame being stepped (the test advances it).
    var frame = 0
    private let names: [ObjectIdentifier: String]

    /// A log naming `items` by `names`.
    init(_ items: [(String, any DynamicItem)]) {
        names = Dictionary(uniqueKeysWithValues: items.map { (ObjectIdentifier($0.1), $0.0) })
    }

    private func name(_ item: any DynamicItem) -> String { names[ObjectIdentifier(item)] ?? "?" }
    private func pair(_ a: any DynamicItem, _ b: any DynamicItem) -> String { [name(a), name(b)].sorted().joined(separator: "+") }
    private func boundary(_ a: any DynamicItem, _ id: AnyHashable?) -> String { "\(name(a))|\(id.map { "\($0)" } ?? "nil")" }

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: Point) {
        events.append(Event(frame: frame, began: true, touch: pair(item1, item2)))
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {
        events.append(Event(frame: frame, began: false, touch: pair(item1, item2)))
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: Point) {
        events.append(Event(frame: frame, began: true, touch: boundary(item, identifier)))
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?) {
        events.append(Event(frame: frame, began: false, touch: boundary(item, identifier)))
    }

    /// The calls for `touch`, in order.
    func calls(_ touch: String) -> [Event] { events.filter { $0.touch == touch } }
    /// Every touch heard of, sorted.
    var touches: [String] { Set(events.map(\.touch)).sorted() }

    /// Whether `touch`'s calls alternate begin, end, begin, … (never two begins or two ends in a row).
    func alternates(_ touch: String) -> Bool {
        calls(touch).enumerated().allSatisfy { $0.element.began == $0.offset.isMultiple(of: 2) }
    }
}

/// The collision delegate's begin and end calls (UIKit's `UICollisionBehaviorDelegate`): exactly
/// one begin when a touch starts and one end when it stops, for item–boundary and item–item
/// contacts, whether the items rest, sleep, bounce or lie beside something still moving. The
/// animators step at 60 Hz, as the app steps them.
@Suite("Collision delegate")
struct ContactDelegateTests {
    /// A 400 × 400 animator whose bounds are the boundary of one collision behavior over `items`
    /// (named for the log), reporting to the returned log, with gravity on `falling`.
    static func world(_ items: [(String, Box)], falling: [Box]) -> (DynamicAnimator, CollisionBehavior, TouchLog) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let collision = CollisionBehavior(items: items.map(\.1))
        collision.translatesReferenceBoundsIntoBoundary = true
        let log = TouchLog(items)
        collision.collisionDelegate = log
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: falling))
        return (animator, collision, log)
    }

    /// Steps `animator` `frames` times at 60 Hz, advancing `log`'s frame, calling `each` after each step.
    static func run(_ animator: DynamicAnimator, _ log: TouchLog, frames: Int, each: () -> Void = {}) {
        for _ in 0..<frames {
            log.frame += 1
            animator.step(1.0 / 60)
            each()
        }
    }

    @Test("A box resting on the floor for 5 s: one begin, no end, though it falls asleep; lifted, one end; back down, one begin")
    func restingOnTheFloor() {
        let box = Box(200, 100, size: 50)
        let (animator, _, log) = Self.world([("box", box)], falling: [box])
        // It lands after about 0.74 s; then 5 s at rest.
        Self.run(animator, log, frames: 45 + 300)
        #expect(!animator.isRunning, "the box rests and the animator pauses")
        #expect(log.touches == ["box|nil"])
        #expect(log.calls("box|nil").map(\.began) == [true], "\(log.events)")
        // Thrown up: the touch ends once; it falls back: one more begin.
        let throwUp = DynamicItemBehavior(items: [box])
        throwUp.addLinearVelocity(Vector(dx: 0, dy: -600), for: box)
        animator.addBehavior(throwUp)
        Self.run(animator, log, frames: 180)
        #expect(log.calls("box|nil").map(\.began) == [true, false, true], "\(log.events)")
    }

    @Test("A box resting on the floor beside one that keeps swinging: one begin, no end over 5 s")
    func restingBesideAMovingItem() {
        let box = Box(100, 300, size: 50), swinger = Box(300, 100, size: 40)
        let (animator, _, log) = Self.world([("box", box), ("swinger", swinger)], falling: [box])
        // An undamped 1-Hz spring keeps the other item moving, clear of the box and the edges.
        let spring = AttachmentBehavior(item: swinger, attachedToAnchor: Point(x: 300, y: 150))
        spring.frequency = 1
        let push = DynamicItemBehavior(items: [swinger])
        push.addLinearVelocity(Vector(dx: 150, dy: 0), for: swinger)
        animator.addBehavior(spring)
        animator.addBehavior(push)
        Self.run(animator, log, frames: 30 + 300)
        #expect(animator.isRunning)
        #expect(log.touches == ["box|nil"], "\(log.events)")
        #expect(log.calls("box|nil").map(\.began) == [true], "\(log.events)")
    }

    @Test("A bouncing box: one begin and one end per bounce, the box off the floor between touches (its last hops a fraction of a point)")
    func bouncing() {
        let box = Box(200, 100, size: 50)
        let (animator, _, log) = Self.world([("box", box)], falling: [box])
        let bouncy = DynamicItemBehavior(items: [box])
        bouncy.elasticity = 0.6
        animator.addBehavior(bouncy)
        // Each stretch out of touch after an end, and the highest the box's bottom edge rose in it.
        var clearance: [Double] = [], wasTouching = false
        Self.run(animator, log, frames: 360) {
            let touching = log.calls("box|nil").last?.began ?? false
            if wasTouching && !touching { clearance.append(0) }
            if !touching, let last = clearance.indices.last { clearance[last] = max(clearance[last], 400 - (box.center.y + 25)) }
            wasTouching = touching
        }
        let calls = log.calls("box|nil")
        #expect(log.touches == ["box|nil"])
        #expect(log.alternates("box|nil"), "\(calls)")
        #expect(calls.count >= 7, "it bounces at least three times and lands: \(calls.count) calls")
        #expect(calls.last?.began == true, "it comes to rest touching")
        #expect(clearance.allSatisfy { $0 > 0 }, "off the floor between touches: \(clearance)")
    }

    @Test("A box resting on another for 5 s, a behavior added meanwhile: one begin for each touch, no end")
    func restingOnAnItem() {
        let lower = Box(200, 375, size: 50), upper = Box(210, 200, size: 50)
        let (animator, _, log) = Self.world([("lower", lower), ("upper", upper)], falling: [lower, upper])
        Self.run(animator, log, frames: 30 + 150)
        // A behavior added while they rest rebuilds the animator's world: the touches go on.
        let material = DynamicItemBehavior(items: [upper])
        material.friction = 0.5
        animator.addBehavior(material)
        Self.run(animator, log, frames: 150)
        #expect(log.touches == ["lower+upper", "lower|nil"], "\(log.events)")
        #expect(log.calls("lower+upper").map(\.began) == [true], "\(log.events)")
        #expect(log.calls("lower|nil").map(\.began) == [true], "\(log.events)")
    }

    @Test("Two boxes meeting head-on and parting: one begin, one end")
    func itemsBounceApart() {
        let a = Box(100, 200, size: 40), b = Box(300, 200, size: 40)
        let (animator, _, log) = Self.world([("a", a), ("b", b)], falling: [])
        let props = DynamicItemBehavior(items: [a, b])
        props.elasticity = 1
        props.addLinearVelocity(Vector(dx: 200, dy: 0), for: a)
        props.addLinearVelocity(Vector(dx: -200, dy: 0), for: b)
        animator.addBehavior(props)
        // They meet after 0.4 s and part; the walls are reached after 1.4 s.
        Self.run(animator, log, frames: 60)
        #expect(log.touches == ["a+b"], "\(log.events)")
        #expect(log.calls("a+b").map(\.began) == [true, false], "\(log.events)")
        #expect(b.center.x - a.center.x > 40, "they parted")
    }
}
