import Testing
import Geometry
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

    @Test("Four-corner rectangle attachment keeps the offset to the moved square")
    func rectangleAttachment() {
        let animator = DynamicAnimator()
        let box = Box(200, 200, size: 50)
        let rect = RectangleAttachmentBehavior(item: box, point: Point(x: 215, y: 190))
        #expect(rect.attachments.count == 4)
        #expect(abs(rect.attachments[0].length - Point(x: 195, y: 170).distance(to: box.center)) < 1e-12)
        animator.addBehavior(rect)
        animator.step(1.0 / 60)
        rect.updateAttachmentLocation(Point(x: 315, y: 240))
        for _ in 0..<180 { animator.step(1.0 / 60) }
        #expect(box.center.distance(to: Point(x: 300, y: 250)) < 0.1, "\(box.center)")
        #expect(abs(box.transform.rotationAngle) < 0.001)
        #expect(!animator.isRunning)
    }

    /// Issue 14: what an exported drag spring must reproduce. A 40×40 cell centred on its square
    /// is pulled 10 pt sideways by moving the square; its damped period and the ratio of
    /// successive peaks are those of one spring of √2·f and √2·ζ, not of one attachment.
    @Test("Four corner attachments act as one spring of √2·f and √2·ζ", arguments: [(8.0, 0.1), (2.0, 0.2), (8.0, 0.3)])
    func rectangleAttachmentIsOneStifferSpring(frequency f: Double, damping z: Double) {
        let animator = DynamicAnimator()
        let box = Box(0, 0, size: 40)
        let rectangle = RectangleAttachmentBehavior(item: box, point: .zero, squareSize: 40, frequency: f, damping: z)
        animator.addBehavior(rectangle)
        rectangle.updateAttachmentLocation(Point(x: 10, y: 0))
        let combined = RectangleAttachmentBehavior.combinedSpring(frequency: f, damping: z)
        let root = (1 - combined.dampingRatio * combined.dampingRatio).squareRoot()
        let expectedPeriod = 1 / (combined.frequency * root)
        let dt = expectedPeriod / 400
        var xs: [Double] = []
        for _ in 0..<1000 {
            animator.step(dt)
            xs.append(box.center.x - 10)
        }
        // Upward zero crossings (interpolated) one period apart; peaks of x − 10 above zero.
        var ups: [Double] = []
        for k in 1..<xs.count where xs[k - 1] < 0 && xs[k] >= 0 {
            ups.append((Double(k - 1) + -xs[k - 1] / (xs[k] - xs[k - 1])) * dt)
        }
        var peaks: [Double] = []
        for k in 1..<(xs.count - 1) where xs[k] > 0 && xs[k] > xs[k - 1] && xs[k] >= xs[k + 1] { peaks.append(xs[k]) }
        #expect(ups.count >= 2 && peaks.count >= 2)
        guard ups.count >= 2, peaks.count >= 2 else { return }
        let period = ups[1] - ups[0]
        #expect(abs(period - expectedPeriod) / expectedPeriod < 0.02, "period \(period) vs \(expectedPeriod)")
        let ratio = peaks[1] / peaks[0], expectedRatio = exp(-2 * Double.pi * combined.dampingRatio / root)
        #expect(abs(ratio - expectedRatio) / expectedRatio < 0.05, "peak ratio \(ratio) vs \(expectedRatio)")
        // One attachment's f and ζ would be far off.
        #expect(abs(period - 1 / (f * (1 - z * z).squareRoot())) > 0.2 * expectedPeriod)
    }

    @Test("DragBehavior moves every item by the pointer delta")
    func dragBehavior() {
        let animator = DynamicAnimator()
        let boxes = [Box(100, 100, size: 40), Box(200, 100, size: 40), Box(150, 150, size: 40)]
        let drag = DragBehavior(items: boxes, point: Point(x: 120, y: 110))
        #expect(drag.squareSize == 40 && drag.frequency == 8 && drag.damping == 0.6)
        animator.addBehavior(drag)
        drag.updateDragLocation(Point(x: 170, y: 80))
        for _ in 0..<120 { animator.step(1.0 / 60) }
        #expect(boxes[0].center.distance(to: Point(x: 150, y: 70)) < 0.1)
        #expect(boxes[2].center.distance(to: Point(x: 200, y: 120)) < 0.1)
        drag.frequency = 4
        #expect(drag.rectangleAttachments.allSatisfy { $0.attachments.allSatisfy { $0.frequency == 4 } })
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
