import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

@Suite("Attachment springs")
struct AttachmentTests {
    /// Simulates a length-0 spring from x = 1000 and measures the damped period and the amplitude
    /// ratio over one period.
    static func measure(frequency f: Double, damping z: Double) -> (period: Double, ratio: Double) {
        let animator = DynamicAnimator()
        let box = Box(1000, 0)
        let spring = AttachmentBehavior(item: box, attachedToAnchor: .zero)
        spring.frequency = f
        spring.damping = z
        #expect(spring.length == 1000)
        spring.length = 0
        animator.addBehavior(spring)
        let expected = 1 / (f * (1 - z * z).squareRoot())
        let dt = expected / 400
        var xs: [Double] = [box.center.x]
        for _ in 0..<620 {
            animator.step(dt)
            xs.append(box.center.x)
        }
        // Downward zero crossings at T/4 and 5T/4 (interpolated).
        var crossings: [Double] = []
        for k in 1..<xs.count where xs[k - 1] > 0 && xs[k] <= 0 {
            crossings.append((Double(k - 1) + xs[k - 1] / (xs[k - 1] - xs[k])) * dt)
        }
        let period = crossings.count >= 2 ? crossings[1] - crossings[0] : .nan
        // The maximum near t = T (parabolic interpolation over the samples around it).
        var best = 300
        for k in 300..<500 where xs[k] > xs[best] { best = k }
        let a = xs[best - 1], b = xs[best], c = xs[best + 1]
        let peak = b - (a - c) * (a - c) / (8 * (a - 2 * b + c))
        return (period, peak / 1000)
    }

    @Test("Period and decay match the damped oscillator", arguments: [1.0, 8.0, 30.0], [0.1, 0.6])
    func periodAndDecay(frequency: Double, damping: Double) {
        let (period, ratio) = Self.measure(frequency: frequency, damping: damping)
        let root = (1 - damping * damping).squareRoot()
        let expectedPeriod = 1 / (frequency * root)
        let expectedRatio = exp(-2 * Double.pi * damping / root)
        #expect(abs(period - expectedPeriod) / expectedPeriod < 0.01, "period \(period) vs \(expectedPeriod)")
        #expect(abs(ratio - expectedRatio) / expectedRatio < 0.05, "ratio \(ratio) vs \(expectedRatio)")
    }

    @Test("Response does not depend on mass (1 vs 9)")
    func massIndependence() {
        let light = Box(0, 0, size: 100), heavy = Box(0, 0, size: 300)
        var paths: [[Point]] = []
        for box in [light, heavy] {
            let animator = DynamicAnimator()
            let s = AttachmentBehavior(item: box, attachedToAnchor: Point(x: 80, y: -60))
            s.length = 0
            s.frequency = 3
            s.damping = 0.2
            animator.addBehavior(s)
            animator.addBehavior(GravityBehavior(items: [box]))
            var path: [Point] = []
            for _ in 0..<240 { animator.step(1.0 / 120); path.append(box.center) }
            paths.append(path)
        }
        for (p, q) in zip(paths[0], paths[1]) {
            #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9)
        }
    }

    @Test("Frequency 0 is a rigid rod under gravity (0.1 pt)")
    func rigidRod() {
        let animator = DynamicAnimator()
        let box = Box(100, 0, size: 20)
        let rod = AttachmentBehavior(item: box, attachedToAnchor: .zero)
        #expect(rod.frequency == 0)
        animator.addBehavior(rod)
        animator.addBehavior(GravityBehavior(items: [box]))
        var worst = 0.0
        var lowest = 0.0
        for _ in 0..<240 {
            animator.step(1.0 / 60)
            worst = max(worst, abs(box.center.distance(to: .zero) - 100))
            lowest = max(lowest, box.center.y)
        }
        #expect(worst < 0.1, "length error \(worst)")
        #expect(lowest > 99, "the pendulum swung through the bottom")
    }

    @Test("length defaults to the distance between the attach points")
    func lengthDefault() {
        let a = Box(10, 20), b = Box(110, 20)
        #expect(AttachmentBehavior(item: a, attachedToAnchor: Point(x: 13, y: 24)).length == 5)
        let offset = AttachmentBehavior(item: a, offsetFromCenter: Vector(dx: 10, dy: 0), attachedToAnchor: Point(x: 20, y: 30))
        #expect(offset.length == 10)
        let pair = AttachmentBehavior(item: a, offsetFromCenter: Vector(dx: 0, dy: 5), attachedTo: b, offsetFromCenter: Vector(dx: 0, dy: 5))
        #expect(pair.length == 100)
        #expect(pair.attachedBehaviorType == .items)
        #expect(pair.items.count == 2)
        a.transform = AffineTransform(rotationAngle: .pi / 2)
        // The offset is in the item's frame: rotated a quarter turn, (10, 0) points down.
        let rotated = AttachmentBehavior(item: a, offsetFromCenter: Vector(dx: 10, dy: 0), attachedToAnchor: Point(x: 10, y: 30))
        #expect(abs(rotated.length) < 1e-9)
    }

    @Test("Debug geometry describes springs and anchors")
    func debugGeometry() {
        let animator = DynamicAnimator()
        let box = Box(0, 0)
        animator.addBehavior(AttachmentBehavior(item: box, attachedToAnchor: Point(x: 0, y: 50)))
        let shapes = animator.debugShapes
        #expect(shapes.contains(.anchor(Point(x: 0, y: 50))))
        #expect(shapes.contains(.spring(from: .zero, to: Point(x: 0, y: 50), stretch: 0, isRigid: true)))
    }
}
