import Testing
import Geometry
import KineticTestSupport
import Scenes
@testable import Dynamics

/// The drag scene's behaviors in the animator alone (moved from `DynamicsTests` with
/// ``DragBehavior`` and ``RectangleAttachmentBehavior``).
@Suite("Drag behaviors")
struct DragBehaviorTests {
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

    /// Issue 42: the drag HUD's rows give one corner spring's f and ζ, its plot the four combined.
    /// The plot's figures, from the rows' (the default 8 Hz, ζ 0.6 and the 1.41 Hz, ζ 0.49:
    /// 2 / √2 and 0.7 / √2, which the rows round),
    /// are what a simulated cell does after a small step: the frequency and ratio recovered from
    /// the time of its overshoot's peak (π / ω_d) and its size (e^(−ζωπ/ω_d) of the step).
    /// A 2000-pt square keeps a 100-pt step small against the 1414-pt springs (linear), and fast
    /// enough that the animator does not put the cell to sleep at the peak.
    @Test("The HUD's combined spring is what the simulated cell does", arguments: [(8.0, 0.6, "11.31", "0.85"), (2 / 2.0.squareRoot(), 0.7 / 2.0.squareRoot(), "2.00", "0.70")])
    func combinedFiguresMatchTheSimulation(frequency f: Double, damping z: Double, plottedF: String, plottedZeta: String) {
        let combined = RectangleAttachmentBehavior.combinedSpring(frequency: f, damping: z)
        #expect(fixed(combined.frequency, decimals: 2) == plottedF && fixed(combined.dampingRatio, decimals: 2) == plottedZeta)
        let animator = DynamicAnimator()
        let box = Box(0, 0, size: 40)
        let rectangle = RectangleAttachmentBehavior(item: box, point: .zero, squareSize: 2000, frequency: f, damping: z)
        animator.addBehavior(rectangle)
        let step = 100.0
        rectangle.updateAttachmentLocation(Point(x: step, y: 0))
        let w = 2 * Double.pi * combined.frequency
        let dt = Double.pi / (w * (1 - combined.dampingRatio * combined.dampingRatio).squareRoot()) / 1000
        // x − step over time: from −step up through 0 to the overshoot's peak, then back.
        var previous = -step, peak = (time: 0.0, x: -Double.infinity)
        for k in 1...3000 {
            animator.step(dt)
            let x = box.center.x - step
            if x > 0, x > peak.x { peak = (Double(k) * dt, x) }
            if x < previous, previous > 0 { break }
            previous = x
        }
        #expect(peak.x > 0, "no overshoot")
        guard peak.x > 0 else { return }
        let wd = Double.pi / peak.time, sigma = log(step / peak.x) * wd / Double.pi
        let measuredW = (wd * wd + sigma * sigma).squareRoot()
        let measuredF = measuredW / (2 * Double.pi), measuredZeta = sigma / measuredW
        print("corners \(f) Hz, ζ \(z): plotted \(plottedF) Hz, ζ \(plottedZeta); simulated \(measuredF) Hz, ζ \(measuredZeta)")
        #expect(abs(measuredF - combined.frequency) / combined.frequency < 0.02, "f \(measuredF) vs \(combined.frequency)")
        #expect(abs(measuredZeta - combined.dampingRatio) < 0.02, "ζ \(measuredZeta) vs \(combined.dampingRatio)")
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

    @Test("Rotating, coupled and rigid setups stay finite under frame spikes")
    func coupledFinite() {
        for frequency in [0.0, 8.0, 1000.0] {
            for damping in [0.0, 10.0] {
                let animator = DynamicAnimator(referenceBounds: Rect(x: -500, y: -500, width: 1000, height: 1000))
                let a = Box(0, 0, size: 40), b = Box(60, 10, size: 30), c = Box(-50, 40, size: 20)
                let rect = RectangleAttachmentBehavior(item: a, point: Point(x: 10, y: 5))
                rect.frequency = frequency
                rect.damping = damping
                animator.addBehavior(rect)
                let pair = AttachmentBehavior(item: a, offsetFromCenter: Vector(dx: 15, dy: 15), attachedTo: b, offsetFromCenter: Vector(dx: -10, dy: 0))
                pair.frequency = frequency
                pair.damping = damping
                animator.addBehavior(pair)
                animator.addBehavior(AttachmentBehavior.pinAttachment(with: b, attachedTo: c, attachmentAnchor: Point(x: 0, y: 30)))
                let collision = CollisionBehavior(items: [a, b, c])
                collision.translatesReferenceBoundsIntoBoundary = true
                animator.addBehavior(collision)
                animator.addBehavior(GravityBehavior(items: [a, b, c]))
                for dt in [1.0 / 1000, 1.0 / 60, 1.0, 0.25, 1.0 / 30] {
                    for _ in 0..<10 {
                        rect.updateAttachmentLocation(Point(x: 30 * dt * 100, y: -20))
                        animator.step(dt)
                        for box in [a, b, c] {
                            #expect(box.center.isFinite && box.transform.rotationAngle.isFinite)
                        }
                    }
                }
            }
        }
    }
}
