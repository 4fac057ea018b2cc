import Testing
import Geometry
import Scenes

/// The benchmark scenarios behave as `kinetic bench` and `bench/box2d_baseline.cpp` describe them:
/// the "all moving" window really has every item awake, the settling run ends at rest where the
/// springs' rest length puts the items, and the drag flock never sleeps. No timing here.
@Suite struct BenchScenarioTests {
    /// Where every item of ``PhysicsBenchmark`` rests: 30 pt from its anchor, on the line it
    /// started on (the motion stays radial: nothing pushes an item sideways).
    static func restChecksum(items n: Int) -> Double {
        let columns = max(1, Int(Double(n).squareRoot()))
        var sum = 0.0
        for k in 0..<n {
            let angle = Double(k) * 2.399963
            sum += Double(k % columns) * 60 + 30 * cos(angle) + Double(k / columns) * 60 + 30 * sin(angle)
        }
        return sum
    }

    @Test("Anchor springs: all awake through step 60, all asleep at rest by step 600")
    func physicsScenario() {
        let bench = PhysicsBenchmark(items: 400)
        #expect(bench.awakeItemCount == 400)
        bench.run(steps: 60)
        #expect(bench.awakeItemCount == 400)
        #expect(bench.isRunning)
        let checksum = bench.run(steps: 540)
        #expect(bench.awakeItemCount == 0)
        #expect(!bench.isRunning)
        // Each item within 1 pt of rest (asleep below 1 pt/s): the sum within 0.1 pt per item.
        #expect(abs(checksum - Self.restChecksum(items: 400)) < 40)
    }

    @Test("Drag flock: every item stays awake while the pointer circles")
    func dragScenario() {
        let bench = DragBenchmark(items: 50)
        let first = bench.run(steps: 120)
        let second = bench.run(steps: 480)
        #expect(bench.awakeItemCount == 50)
        #expect(first.isFinite && second.isFinite && first != second)
    }
}
