import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// Collision bounds shapes (iOS 9's `.rectangle`, `.ellipse`, `.path`) against their analytic
/// contact geometry, and item groups held rigid.
@Suite("Collision shapes")
struct CollisionShapeTests {
    /// `items` falling under gravity in a 400 × 400 animator whose bounds are a boundary; items
    /// collide with each other too. `anchored` items do not move.
    static func world(_ items: [any DynamicItem], anchored: [any DynamicItem] = []) -> DynamicAnimator {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let collision = CollisionBehavior(items: items + anchored)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        if !anchored.isEmpty {
            let pin = DynamicItemBehavior(items: anchored)
            pin.isAnchored = true
            animator.addBehavior(pin)
        }
        return animator
    }

    /// Whether `a` and `b`, colliding with each other only, touch in one step of 1/60 s (their
    /// collision delegate hears a contact begin); the step also moves them apart.
    static func touchInOneStep(_ a: Box, _ b: Box) -> Bool {
        let collision = CollisionBehavior(items: [a, b])
        collision.collisionMode = .items
        let log = ContactLog()
        collision.collisionDelegate = log
        let animator = DynamicAnimator()
        animator.addBehavior(collision)
        animator.step(1.0 / 60)
        return log.pairs > 0
    }

    static func run(_ animator: DynamicAnimator, seconds: Double) {
        for _ in 0..<Int(seconds * 60) { animator.step(1.0 / 60) }
    }

    @Test("An ellipse dropped turned 30° rocks and rests at its support height for the angle it ends at")
    func ellipseRestsAtItsSupport() {
        let e = Box(200, 100)
        e.bounds = Rect(x: 0, y: 0, width: 120, height: 60)
        e.shape = .ellipse
        e.transform = AffineTransform(rotationAngle: .pi / 6)
        let animator = Self.world([e])
        let props = DynamicItemBehavior(items: [e])
        props.friction = 0.5
        props.angularResistance = 2
        animator.addBehavior(props)
        Self.run(animator, seconds: 6)
        // The lowest point of an ellipse of half-axes a, b turned by θ is √((a sin θ)² + (b cos θ)²) below its centre.
        let angle = e.transform.rotationAngle
        let reach = ((60 * sin(angle)) * (60 * sin(angle)) + (30 * cos(angle)) * (30 * cos(angle))).squareRoot()
        #expect(abs(e.center.y - (400 - reach)) < 0.5, "centre \(e.center.y), expected \(400 - reach)")
        // It turned toward lying flat (gravity's torque about the contact point).
        #expect(abs(sin(angle)) < sin(Double.pi / 6), "rotation \(angle)")
        #expect(!animator.isRunning)
    }

    @Test("A triangle path rests on its base, and turned upside down on its apex")
    func triangleRestsOnItsLowestCorner() {
        for (angle, below) in [(0.0, 40.0), (Double.pi, 50.0)] {
            let t = Box(200, 100)
            t.shape = .path
            t.path = [Point(x: 0, y: -50), Point(x: -50, y: 40), Point(x: 50, y: 40)]
            t.transform = AffineTransform(rotationAngle: angle)
            let animator = Self.world([t])
            Self.run(animator, seconds: 3)
            #expect(abs(t.center.y - (400 - below)) < 0.5, "turned \(angle): centre \(t.center.y), expected \(400 - below)")
        }
    }

    @Test("Two circles touch at the sum of their radii, in any direction")
    func circlesTouchAtTheSumOfTheirRadii() {
        for direction in [0.0, Double.pi / 4, 1.1] {
            let (ux, uy) = (cos(direction), sin(direction))
            // 0.3 pt apart: no contact (a box test would see the bounding squares overlap at 45°).
            for (gap, touches) in [(0.3, false), (-2.0, true)] {
                let a = Box(200, 200, size: 40), b = Box(200 + (50 + gap) * ux, 200 + (50 + gap) * uy, size: 60)
                a.shape = .ellipse; b.shape = .ellipse
                #expect(Self.touchInOneStep(a, b) == touches, "direction \(direction), gap \(gap)")
                // Soft contacts (Box2D v3's) part an overlap over a few steps, not at once; never closer.
                let d = a.center.distance(to: b.center)
                #expect(d >= 50 + min(gap, 0) - 1e-9, "direction \(direction), gap \(gap): centres \(d) apart")
            }
        }
        // A 2-pt overlap has parted to within 0.5 pt a quarter of a second later.
        do {
            let a = Box(200, 200, size: 40), b = Box(248, 200, size: 60)
            a.shape = .ellipse; b.shape = .ellipse
            let collision = CollisionBehavior(items: [a, b])
            collision.collisionMode = .items
            let animator = DynamicAnimator()
            animator.addBehavior(collision)
            for _ in 0..<15 { animator.step(1.0 / 60) }
            #expect(a.center.distance(to: b.center) > 50 - 0.5, "centres \(a.center.distance(to: b.center)) apart")
        }
        // Thrown at each other, they part with the centres no closer than 50 − 0.5 pt.
        let a = Box(100, 200, size: 40), b = Box(300, 200, size: 60)
        a.shape = .ellipse; b.shape = .ellipse
        let collision = CollisionBehavior(items: [a, b])
        collision.collisionMode = .items
        let props = DynamicItemBehavior(items: [a, b])
        props.addLinearVelocity(Vector(dx: 400, dy: 0), for: a)
        let animator = DynamicAnimator()
        animator.addBehavior(collision)
        animator.addBehavior(props)
        var closest = Double.infinity
        for _ in 0..<60 {
            animator.step(1.0 / 60)
            closest = min(closest, a.center.distance(to: b.center))
        }
        #expect(closest > 49.5 && closest < 50.5, "closest \(closest)")
        #expect(props.linearVelocity(for: b).dx > 0)
    }

    @Test("A circle beside a square's corner does not touch it; against its side it does")
    func circleAgainstACorner() {
        // A 40-pt circle diagonally off a 100-pt square's corner, 0.5 pt clear of it.
        let offset = 50 + (20 + 0.5) / 2.0.squareRoot()
        for (dx, dy, touches) in [(offset, offset, false), (69.0, 0.0, true)] {
            let square = Box(200, 200), circle = Box(200 + dx, 200 + dy, size: 40)
            circle.shape = .ellipse
            #expect(Self.touchInOneStep(square, circle) == touches, "circle at +\(dx), +\(dy)")
        }
    }

    @Test("A square dropped turned 30° onto a slab topples and rests flat on one side")
    func turnedSquareTopplesFlat() {
        let square = Box(200, 150, size: 60)
        square.transform = AffineTransform(rotationAngle: .pi / 6)
        let slab = Box(200, 340)
        slab.bounds = Rect(x: 0, y: 0, width: 360, height: 40)
        let animator = Self.world([square], anchored: [slab])
        Self.run(animator, seconds: 5)
        let angle = square.transform.rotationAngle
        let quarter = (angle / (.pi / 2)).rounded() * (.pi / 2)
        #expect(abs(angle - quarter) < 0.01, "rotation \(angle)")
        #expect(abs(square.center.y - (320 - 30)) < 0.5, "centre \(square.center.y), expected 290")
        #expect(abs(slab.center.y - 340) < 1e-9)
    }

    /// A 200 × 40 slab set down on the floor with one end 0.4 pt up (within the 0.5-pt tolerance
    /// that makes its bottom edge one touching edge) and a ball of radius 20 resting on its top face.
    static func tiltedSlabWithBall() -> (slab: Box, ball: Box, animator: DynamicAnimator) {
        let angle = asin(0.4 / 200)
        let slab = Box(200, 0, size: 0)
        slab.bounds = Rect(x: 0, y: 0, width: 200, height: 40)
        slab.transform = AffineTransform(rotationAngle: angle)
        // The lower corner (right, for a clockwise-on-screen positive angle) on the floor at y = 400.
        slab.center.y = 400 - (100 * sin(angle) + 20 * cos(angle))
        let ball = Box(230, slab.center.y - 20 / cos(angle) - 20 + 0.05, size: 40)
        ball.shape = .ellipse
        let animator = Self.world([slab, ball])
        let props = DynamicItemBehavior(items: [slab, ball])
        props.friction = 0.5
        props.elasticity = 0.3
        props.resistance = 1
        props.angularResistance = 2
        animator.addBehavior(props)
        return (slab, ball, animator)
    }

    @Test("A slab set down tilted by less than the touching-edge tolerance settles flat, and a ball on it comes to rest")
    func tiltedSlabSettlesFlat() {
        let (slab, ball, animator) = Self.tiltedSlabWithBall()
        let x0 = ball.center.x
        Self.run(animator, seconds: 10)
        // Flat to within the contact slop over its width (the tilt a speculative corner can leave).
        let rise = abs(sin(slab.transform.rotationAngle)) * 200
        #expect(rise < 0.1, "the slab's ends differ by \(rise) pt")
        #expect(abs(ball.center.x - x0) < 5, "the ball rolled \(ball.center.x - x0) pt")
        #expect(animator.isAtRest, "still moving after 10 s")
    }

    @Test("Convexity and winding of a collision bounding path")
    func boundingPathRule() {
        let ccw = [Point(x: 0, y: -50), Point(x: -50, y: 40), Point(x: 50, y: 40)]
        #expect(CollisionOutline.isConvexCounterClockwise(ccw))
        #expect(!CollisionOutline.isConvexCounterClockwise(ccw.reversed()))
        #expect(!CollisionOutline.isConvexCounterClockwise([Point(x: -50, y: -50), Point(x: -50, y: 50), Point(x: 0, y: 0), Point(x: 50, y: 50),
                                                            Point(x: 50, y: -50)].reversed()))
        #expect(!CollisionOutline.isConvexCounterClockwise(Array(ccw.prefix(2))))
        // A unit square's moment about its centre per unit mass is (1 + 1) / 12.
        let square = [Point(x: -0.5, y: -0.5), Point(x: -0.5, y: 0.5), Point(x: 0.5, y: 0.5), Point(x: 0.5, y: -0.5)]
        #expect(abs(CollisionOutline.polygonUnitInertia(square) - 1.0 / 6) < 1e-12)
    }
}

@Suite("Item groups")
struct ItemGroupTests {
    /// An L of three 40-pt squares: two side by side on top, one under the left.
    static func letterL() -> (DynamicItemGroup, [Box]) {
        let squares = [Box(100, 100, size: 40), Box(140, 100, size: 40), Box(100, 140, size: 40)]
        return (DynamicItemGroup(items: squares), squares)
    }

    @Test("A group falls, lands and tips as one body: its members keep their places within 0.5 pt")
    func membersHoldTheirPlaces() {
        let (group, squares) = Self.letterL()
        #expect(abs(group.center.x - 340.0 / 3) < 1e-9 && abs(group.center.y - 340.0 / 3) < 1e-9)
        let animator = CollisionShapeTests.world([group])
        let spin = DynamicItemBehavior(items: [group])
        spin.addAngularVelocity(3, for: group)
        animator.addBehavior(spin)
        let start = squares.map { $0.center }
        var worst = 0.0
        for _ in 0..<240 {
            animator.step(1.0 / 60)
            for a in 0..<3 { for b in (a + 1)..<3 {
                let now = squares[a].center.distance(to: squares[b].center), then = start[a].distance(to: start[b])
                worst = max(worst, abs(now - then))
            } }
            for s in squares { #expect(abs(s.transform.rotationAngle - group.transform.rotationAngle) < 1e-9) }
        }
        #expect(worst < 0.5, "members drifted \(worst) pt")
        // It lies on the floor: the lowest member corner at y = 400.
        let lowest = squares.map { s in
            (0..<4).map { k -> Double in
                let a = s.transform.rotationAngle + Double(k) * .pi / 2 + .pi / 4
                return s.center.y + 20 * 2.0.squareRoot() * sin(a)
            }.max()!
        }.max()!
        #expect(abs(lowest - 400) < 0.5, "lowest corner \(lowest)")
        #expect(!animator.isRunning)
    }

    @Test("A group's mass is its members' summed: a push moves three 40-pt squares as 0.48")
    func massIsTheMembersSummed() {
        let (group, squares) = Self.letterL()
        let animator = DynamicAnimator()
        let push = PushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        animator.addBehavior(push)
        let x0 = squares.map { $0.center.x }
        animator.step(0.1)
        // An instantaneous push of 1 changes a mass-1 item's velocity by 100 pt/s.
        for (s, x) in zip(squares, x0) { #expect(abs(s.center.x - x - 0.1 * 100 / 0.48) < 1e-6) }
    }

    @Test("A group collides with other items with its members' outlines")
    func groupCollidesAsItsUnion() {
        let (group, squares) = Self.letterL()
        // A small box dropped into the L's notch (right of the lower square, under the upper right one)
        // stops on nothing there: it falls below the group.
        let box = Box(145, 145, size: 20)
        let animator = DynamicAnimator()
        let collision = CollisionBehavior(items: [group, box])
        let log = ContactLog()
        collision.collisionDelegate = log
        animator.addBehavior(collision)
        animator.step(1.0 / 60)
        #expect(log.pairs == 0, "the box in the notch touches no member")
        box.center = Point(x: 125, y: 145)
        animator.updateItem(usingCurrentState: box)
        animator.step(1.0 / 60)
        #expect(log.pairs == 1, "pushed into the lower square, it touches")
        #expect(squares[2].center.x < 100 || box.center.x >= 130 - 1e-6)
    }
}
