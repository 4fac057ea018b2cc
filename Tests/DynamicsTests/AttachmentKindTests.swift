import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// The iOS 9 attachment kinds (sliding, fixed, limit, pin), which compile into the solver's
/// `.line`, `.axisLimit`, `.rope`, `.angle` and `.angleLimit` rows: each holds its constraint under
/// gravity and pushes, and leaves free what it should leave free.
@Suite("Attachment kinds")
struct AttachmentKindTests {
    /// The world position of the point at `offset` (item frame) on `item`.
    static func point(_ item: Box, _ offset: Vector) -> Point {
        item.center + offset.applying(AffineTransform(rotationAngle: item.transform.rotationAngle))
    }

    /// The signed distance of `p` from the line through `origin` along the unit vector `axis`,
    /// and the travel of `p` along it.
    static func lineCoordinates(_ p: Point, origin: Point, axis: Vector) -> (off: Double, along: Double) {
        let d = p - origin
        return (axis.dx * d.dy - axis.dy * d.dx, axis.dx * d.dx + axis.dy * d.dy)
    }

    static func angle(_ item: Box) -> Double { item.transform.rotationAngle }

    static func push(_ item: Box, _ direction: Vector, offset: Vector = .zero) -> PushBehavior {
        let p = PushBehavior(items: [item], mode: .continuous)
        p.pushDirection = direction
        if offset != .zero { p.setTargetOffsetFromCenter(offset, for: item) }
        return p
    }

    static func anchored(_ item: Box) -> DynamicItemBehavior {
        let b = DynamicItemBehavior(items: [item])
        b.isAnchored = true
        return b
    }

    @Test("Sliding to an anchor: on its axis (0.5 pt), not turning (0.01 rad), sliding as a ball on a slope")
    func slidingToAnchor() {
        let box = Box(0, 0)
        let anchor = Point(x: 20, y: 10)
        let axis = Vector(dx: 2, dy: 1).normalized
        let slide = AttachmentBehavior.slidingAttachment(with: box, attachmentAnchor: anchor, axisOfTranslation: axis)
        let animator = DynamicAnimator()
        animator.addBehavior(slide)
        animator.addBehavior(GravityBehavior(items: [box]))
        // Across the axis and off-centre: it must neither leave the line nor turn.
        animator.addBehavior(Self.push(box, Vector(dx: -3, dy: 6), offset: Vector(dx: 40, dy: -30)))
        let offset = Vector(dx: 20, dy: 10)
        // Along the axis only gravity's component acts: 1000·(axis·ŷ) + 100·(push·axis) points/s².
        let along = 1000 * axis.dy + 100 * (-3 * axis.dx + 6 * axis.dy)
        var worstOff = 0.0, worstTurn = 0.0, worstTravel = 0.0
        for k in 1...60 {
            animator.step(1.0 / 60)
            let t = Double(k) / 60
            let (off, travel) = Self.lineCoordinates(Self.point(box, offset), origin: anchor, axis: axis)
            worstOff = max(worstOff, abs(off))
            worstTurn = max(worstTurn, abs(Self.angle(box)))
            worstTravel = max(worstTravel, abs(travel - 0.5 * along * t * t))
        }
        #expect(worstOff < 0.5, "left its axis by \(worstOff) pt")
        #expect(worstTurn < 0.01, "turned by \(worstTurn) rad")
        #expect(worstTravel < 0.5, "travel off by \(worstTravel) pt")
    }

    @Test("Sliding between items: on the (turning) axis (0.5 pt), no relative rotation (0.01 rad)")
    func slidingBetweenItems() {
        let a = Box(0, 0), b = Box(160, 0, size: 80)
        let point = Point(x: 80, y: 0)
        let axis = Vector(dx: 1, dy: 1).normalized
        let slide = AttachmentBehavior.slidingAttachment(with: a, attachedTo: b, attachmentAnchor: point, axisOfTranslation: axis)
        let pivot = AttachmentBehavior(item: b, offsetFromCenter: Vector(dx: 30, dy: 0), attachedToAnchor: Point(x: 190, y: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(slide)
        animator.addBehavior(pivot)
        animator.addBehavior(GravityBehavior(items: [a, b]))
        animator.addBehavior(Self.push(a, Vector(dx: 4, dy: -2), offset: Vector(dx: 0, dy: 40)))
        let offsetA = Vector(dx: 80, dy: 0), offsetB = Vector(dx: -80, dy: 0)
        var worstOff = 0.0, worstTurn = 0.0, travelled = 0.0, turned = 0.0
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            let axisNow = axis.applying(AffineTransform(rotationAngle: Self.angle(b)))
            let (off, travel) = Self.lineCoordinates(Self.point(a, offsetA), origin: Self.point(b, offsetB), axis: axisNow)
            worstOff = max(worstOff, abs(off))
            worstTurn = max(worstTurn, abs(Self.angle(a) - Self.angle(b)))
            travelled = max(travelled, abs(travel))
            turned = max(turned, abs(Self.angle(b)))
        }
        #expect(worstOff < 0.5, "left its axis by \(worstOff) pt")
        #expect(worstTurn < 0.01, "relative rotation \(worstTurn) rad")
        #expect(travelled > 50 && turned > 0.5, "the pair barely moved: \(travelled) pt, \(turned) rad")
    }

    @Test("Sliding with a range: the travel stays within attachmentRange (0.5 pt) and comes to rest at its end")
    func slidingRange() {
        // To an anchor: gravity drives it down the axis into the maximum, a push back into the minimum.
        for (push, end) in [(0.0, 40.0), (-30.0, -20.0)] {
            let box = Box(0, 0)
            let axis = Vector(dx: 1, dy: 2).normalized
            let slide = AttachmentBehavior.slidingAttachment(with: box, attachmentAnchor: .zero, axisOfTranslation: axis)
            slide.attachmentRange = FloatRange(minimum: -20, maximum: 40)
            let animator = DynamicAnimator()
            animator.addBehavior(slide)
            animator.addBehavior(GravityBehavior(items: [box]))
            if push != 0 { animator.addBehavior(Self.push(box, Vector(dx: push * axis.dx, dy: push * axis.dy))) }
            var low = 0.0, high = 0.0
            for _ in 0..<120 {
                animator.step(1.0 / 60)
                let (_, travel) = Self.lineCoordinates(box.center, origin: .zero, axis: axis)
                low = min(low, travel); high = max(high, travel)
            }
            #expect(low > -20.5 && high < 40.5, "travel \(low)…\(high)")
            let (off, travel) = Self.lineCoordinates(box.center, origin: .zero, axis: axis)
            #expect(abs(travel - end) < 0.5 && abs(off) < 0.5, "rests at \(travel), \(off) off the axis")
        }
        // Between items: a thrown item stops at the range's end while the other swings.
        let a = Box(0, 0), b = Box(150, 0)
        let slide = AttachmentBehavior.slidingAttachment(with: a, attachedTo: b, attachmentAnchor: Point(x: 75, y: 0),
                                                         axisOfTranslation: Vector(dx: 1, dy: 0))
        slide.attachmentRange = FloatRange(minimum: -30, maximum: 10)
        let pivot = AttachmentBehavior(item: b, attachedToAnchor: Point(x: 150, y: 0))
        let thrown = DynamicItemBehavior(items: [a])
        thrown.addLinearVelocity(Vector(dx: -400, dy: 0), for: a)
        let animator = DynamicAnimator()
        for behavior in [slide, pivot, thrown, GravityBehavior(items: [a])] as [DynamicBehavior] { animator.addBehavior(behavior) }
        var low = 0.0, high = 0.0
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            let axisNow = Vector(dx: 1, dy: 0).applying(AffineTransform(rotationAngle: Self.angle(b)))
            let (_, travel) = Self.lineCoordinates(Self.point(a, Vector(dx: 75, dy: 0)), origin: Self.point(b, Vector(dx: -75, dy: 0)), axis: axisNow)
            low = min(low, travel); high = max(high, travel)
        }
        #expect(low > -30.5 && high < 10.5 && low < -29, "travel \(low)…\(high)")
    }

    @Test("Fixed: welded items keep their relative position (0.5 pt) and angle (0.01 rad) while they swing")
    func fixed() {
        let a = Box(0, 0), b = Box(140, 30, size: 60)
        b.transform = AffineTransform(rotationAngle: 0.3)
        let weld = AttachmentBehavior.fixedAttachment(with: a, attachedTo: b, attachmentAnchor: Point(x: 80, y: 10))
        let pivot = AttachmentBehavior(item: a, offsetFromCenter: Vector(dx: -50, dy: -50), attachedToAnchor: Point(x: -50, y: -50))
        let animator = DynamicAnimator()
        animator.addBehavior(weld)
        animator.addBehavior(pivot)
        animator.addBehavior(GravityBehavior(items: [a, b]))
        animator.addBehavior(Self.push(b, Vector(dx: 0, dy: -3), offset: Vector(dx: 30, dy: 0)))
        // b's centre in a's frame, and the relative angle, at the start.
        func relative() -> (Vector, Double) {
            let d = b.center - a.center
            return (d.applying(AffineTransform(rotationAngle: -Self.angle(a))), Self.angle(b) - Self.angle(a))
        }
        let (d0, angle0) = relative()
        var worstGap = 0.0, worstTurn = 0.0, swung = 0.0
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            let (d, angle) = relative()
            worstGap = max(worstGap, (d - d0).length)
            worstTurn = max(worstTurn, abs(angle - angle0))
            swung = max(swung, abs(Self.angle(a)))
        }
        #expect(worstGap < 0.5, "relative position drifted \(worstGap) pt")
        #expect(worstTurn < 0.01, "relative angle drifted \(worstTurn) rad")
        #expect(swung > 0.5, "the weld barely swung: \(swung) rad")
    }

    @Test("Limit: free fall while slack, then the rope never stretches past its length (0.5 pt)")
    func limit() {
        let a = Box(0, 60), hook = Box(0, -100, size: 40)
        let offsetA = Vector(dx: 10, dy: -20), offsetHook = Vector(dx: 0, dy: 20)
        let rope = AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: offsetA, attachedTo: hook, offsetFromCenter: offsetHook)
        #expect(abs(rope.length - Point(x: 10, y: 40).distance(to: Point(x: 0, y: -80))) < 1e-9)
        rope.length = 250
        let animator = DynamicAnimator()
        animator.addBehavior(rope)
        animator.addBehavior(Self.anchored(hook))
        animator.addBehavior(GravityBehavior(items: [a]))
        animator.addBehavior(Self.push(a, Vector(dx: 2, dy: 0)))
        var worstSlack = 0.0, worstStretch = -Double.infinity, taut = false
        for k in 1...120 {
            animator.step(1.0 / 60)
            let t = Double(k) / 60
            let distance = Self.point(a, offsetA).distance(to: Self.point(hook, offsetHook))
            worstStretch = max(worstStretch, distance - rope.length)
            if distance < rope.length - 20 && !taut {
                // Slack: free fall with the push, y = 60 + ½·1000·t², x = ½·200·t².
                worstSlack = max(worstSlack, a.center.distance(to: Point(x: 100 * t * t, y: 60 + 500 * t * t)))
            } else {
                taut = true
            }
        }
        #expect(taut, "the rope never tightened")
        #expect(worstSlack < 1e-6, "not free while slack: \(worstSlack) pt")
        #expect(worstStretch < 0.5, "stretched \(worstStretch) pt past its length")
    }

    @Test("Limit between free items: a thrown item drags the other, never past the length (0.5 pt)")
    func limitBetweenFreeItems() {
        let a = Box(0, 0), b = Box(120, 0)
        let rope = AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: Vector(dx: 0, dy: 30))
        let thrown = DynamicItemBehavior(items: [a])
        thrown.addLinearVelocity(Vector(dx: -600, dy: 200), for: a)
        let animator = DynamicAnimator()
        animator.addBehavior(rope)
        animator.addBehavior(thrown)
        var worst = -Double.infinity
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            worst = max(worst, a.center.distance(to: Self.point(b, Vector(dx: 0, dy: 30))) - rope.length)
        }
        #expect(worst < 0.5, "stretched \(worst) pt past its length")
        #expect(b.center.x < 0, "the other item was not dragged along: \(b.center)")
    }

    @Test("Pin: the pinned points coincide (0.5 pt) and an off-centre item swings freely about them")
    func pin() {
        let a = Box(100, 0), base = Box(0, 0)
        let pin = AttachmentBehavior.pinAttachment(with: a, attachedTo: base, attachmentAnchor: Point(x: 60, y: 0))
        let animator = DynamicAnimator()
        animator.addBehavior(pin)
        animator.addBehavior(Self.anchored(base))
        animator.addBehavior(GravityBehavior(items: [a]))
        var worst = 0.0, lowest = -Double.infinity, turned = 0.0
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            worst = max(worst, Self.point(a, Vector(dx: -40, dy: 0)).distance(to: Point(x: 60, y: 0)))
            lowest = max(lowest, a.center.y)
            turned = max(turned, Self.angle(a))
        }
        #expect(worst < 0.5, "pinned points apart by \(worst) pt")
        // Released level, the centre swings through the bottom (40 pt below the pin), turning a quarter turn.
        #expect(lowest > 39 && turned > 1.5, "lowest \(lowest), turned \(turned)")
    }

    @Test("Pin with a range: the relative rotation stays within attachmentRange (0.01 rad)")
    func pinRange() {
        let a = Box(100, 0), base = Box(0, 0)
        let pin = AttachmentBehavior.pinAttachment(with: a, attachedTo: base, attachmentAnchor: Point(x: 60, y: 0))
        pin.attachmentRange = FloatRange(minimum: -0.2, maximum: 0.4)
        let animator = DynamicAnimator()
        animator.addBehavior(pin)
        animator.addBehavior(Self.anchored(base))
        animator.addBehavior(GravityBehavior(items: [a]))
        var worst = 0.0, high = 0.0
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            worst = max(worst, Self.point(a, Vector(dx: -40, dy: 0)).distance(to: Point(x: 60, y: 0)))
            high = max(high, Self.angle(a))
        }
        #expect(worst < 0.5, "pinned points apart by \(worst) pt")
        #expect(high < 0.41 && high > 0.39, "turned to \(high) rad")
    }
}
