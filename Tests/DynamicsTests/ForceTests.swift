import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

@Suite("Gravity, push and snap")
struct ForceTests {
    @Test("Free fall follows y = ½·1000·g·t² (0.5 %)")
    func freeFall() {
        let animator = DynamicAnimator()
        let box = Box(0, 0)
        let g = GravityBehavior(items: [box])
        g.magnitude = 0.5
        animator.addBehavior(g)
        var t = 0.0
        for k in 1...90 {
            animator.step(1.0 / 60)
            t += 1.0 / 60
            if k % 15 == 0 {
                let expected = 0.5 * 1000 * 0.5 * t * t
                #expect(abs(box.center.y - expected) / expected < 0.005, "y \(box.center.y) vs \(expected) at \(t)")
            }
        }
        #expect(abs(box.center.x) < 1e-9)
        #expect(abs(g.angle - .pi / 2) < 1e-12)
    }

    @Test("Push: magnitude 1 on mass 1 gives 100 pt/s², scaling with 1/mass")
    func pushLaw() {
        for (size, mass) in [(100.0, 1.0), (200.0, 4.0)] {
            let animator = DynamicAnimator()
            let box = Box(0, 0, size: size)
            let push = PushBehavior(items: [box], mode: .continuous)
            push.setAngle(0, magnitude: 2)
            animator.addBehavior(push)
            for _ in 0..<60 { animator.step(1.0 / 60) }
            let a = 100 * 2 / mass
            #expect(abs(animator.velocity(of: box).dx - a) / a < 1e-9)
            #expect(abs(box.center.x - a / 2) / (a / 2) < 1e-9)
        }
        // Instantaneous: a velocity change of 100·magnitude/mass, once; then inactive.
        let animator = DynamicAnimator()
        let box = Box(0, 0, size: 200)
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = Vector(dx: 0, dy: -3)
        animator.addBehavior(push)
        animator.step(1.0 / 60)
        #expect(!push.active)
        animator.step(1.0 / 60)
        #expect(abs(animator.velocity(of: box).dy + 75) < 1e-9)
    }

    @Test("Push at an offset turns the item")
    func pushTorque() {
        let animator = DynamicAnimator()
        let box = Box(0, 0)
        let push = PushBehavior(items: [box], mode: .instantaneous)
        push.pushDirection = Vector(dx: 0, dy: 1)
        push.setTargetOffsetFromCenter(Vector(dx: 50, dy: 0), for: box)
        animator.addBehavior(push)
        animator.step(1.0 / 60)
        // Impulse 100 at arm 50 on inertia (100² + 100²)/12: ω = 5000 / 1666.7 = 3 rad/s.
        #expect(abs(animator.angularVelocity(of: box) - 3) < 1e-9)
    }

    @Test("Snap with damping 1 converges without overshoot")
    func snapNoOvershoot() {
        let animator = DynamicAnimator()
        let box = Box(0, 0)
        box.transform = AffineTransform(rotationAngle: 0.5)
        let snap = SnapBehavior(item: box, snapTo: Point(x: 300, y: -100))
        snap.damping = 1
        animator.addBehavior(snap)
        var angle = 0.5
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            #expect(box.center.x <= 300 + 1e-6 && box.center.y >= -100 - 1e-6)
            let now = box.transform.rotationAngle
            #expect(now >= -1e-6 && now <= angle + 1e-12)
            angle = now
        }
        #expect(box.center.distance(to: Point(x: 300, y: -100)) < 0.1)
        #expect(abs(box.transform.rotationAngle) < 0.001)
    }

    @Test("Item behavior: velocities, resistance, anchoring")
    func itemBehavior() {
        let animator = DynamicAnimator()
        let box = Box(0, 0), fixed = Box(500, 0)
        let props = DynamicItemBehavior(items: [box, fixed])
        props.resistance = 2
        props.addLinearVelocity(Vector(dx: 100, dy: 0), for: box)
        props.addAngularVelocity(1, for: box)
        #expect(props.linearVelocity(for: box) == Vector(dx: 100, dy: 0))
        let anchored = DynamicItemBehavior(items: [fixed])
        anchored.isAnchored = true
        animator.addBehavior(props)
        animator.addBehavior(anchored)
        animator.addBehavior(GravityBehavior(items: [fixed]))
        for _ in 0..<60 { animator.step(1.0 / 60) }
        // dv/dt = −2 v: after 1 s, v = 100·e⁻² (the implicit factor per 1/240 s substep is 1/(1+2h)).
        let expected = 100 * pow(1 / (1 + 2.0 / 240), 240)
        #expect(abs(props.linearVelocity(for: box).dx - expected) < 1e-9)
        #expect(abs(expected - 100 * exp(-2)) / (100 * exp(-2)) < 0.01)
        #expect(props.angularVelocity(for: box) > 0.9)
        #expect(fixed.center == Point(x: 500, y: 0))
    }

    @Test("Fields: linear gravity, radial pull and a reproducible noise field")
    func fields() {
        let animator = DynamicAnimator()
        let a = Box(0, 0), b = Box(200, 0)
        let linear = FieldBehavior.linearGravityField(direction: Vector(dx: 1, dy: 0))
        linear.addItem(a)
        let radial = FieldBehavior.radialGravityField(position: Point(x: 300, y: 0))
        radial.region = .circle(radius: 150)
        radial.addItem(b)
        animator.addBehavior(linear)
        animator.addBehavior(radial)
        animator.step(0.1)
        #expect(abs(a.center.x - 0.5 * 1000 * 0.01) < 1e-9)
        #expect(b.center.x > 200 && abs(b.center.y) < 1e-12)
        let n1 = FieldInstance.valueNoise(3.3, 4.7, 42), n2 = FieldInstance.valueNoise(3.3, 4.7, 42)
        #expect(n1 == n2 && abs(n1) <= 1)
        #expect(FieldInstance.valueNoise(3.3, 4.7, 43) != n1)
    }
}
