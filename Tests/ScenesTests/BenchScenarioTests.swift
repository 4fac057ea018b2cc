import Testing
import Geometry
import Scenes

/// The benchmark scenarios behave as `kinetic bench` and `bench/box2d_baseline.cpp` describe them:
/// the "all moving" window really has every item awake, the settling run ends at rest where the
/// springs' rest length puts the items, the drag flock never sleeps, and the collision box keeps
/// every piece awake with sleeping off. No timing here.
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

    @Test("Pile settling: landed is the first step from which the height stays within 2 % of the last; all asleep, the first with none awake")
    func pileSettlingDefinitions() {
        // Final 234.5 pt: the band is ±4.69 pt, so 240 is out, and 230 (step 4) is in and the rest stay in.
        let heights = [770, 500, 240, 230, 236, 234, 234.5]
        #expect(PileSettling.landedStep(heights: heights) == 4)
        #expect(PileSettling.landedStep(heights: [236, 245, 236]) == 3)  // out of the band at step 2
        #expect(PileSettling.landedStep(heights: [5]) == 1 && PileSettling.landedStep(heights: []) == 0)
        let settled = PileSettling(heights: heights, awake: [7, 7, 3, 1, 0, 0, 0])
        #expect(settled == PileSettling(allAsleepStep: 5, landedStep: 4))
        #expect(settled.secondsAsleepAfterLanding(dt: 0.5) == 0.5)
        let restless = PileSettling(heights: heights, awake: [7, 7, 7, 7, 7, 7, 1])
        #expect(restless.allAsleepStep == 0 && restless.secondsAsleepAfterLanding(dt: 1) == nil)
    }

    @Test("Collision box: with sleeping off every piece stays awake; the untimed settling run steps the same pile")
    func collisionScenario() {
        let asleep = CollisionBenchmark(items: 40)
        asleep.run(steps: 600)
        let awake = CollisionBenchmark(items: 40, allowsSleeping: false)
        awake.run(steps: 600)
        #expect(awake.awakeItemCount == 40)
        #expect(abs(awake.pileHeight - asleep.pileHeight) <= 0.02 * asleep.pileHeight)
        let traced = CollisionBenchmark(items: 40)
        let settling = traced.settle(steps: 600)
        #expect(traced.pileHeight == asleep.pileHeight && traced.awakeItemCount == asleep.awakeItemCount)
        #expect(settling.landedStep >= 1 && settling.landedStep <= 600)
        #expect((settling.allAsleepStep == 0) == (asleep.awakeItemCount != 0))
    }

    @Test("Drag flock: every item stays awake while the pointer circles")
    func dragScenario() {
        let bench = DragBenchmark(items: 50)
        let first = bench.run(steps: 120)
        let second = bench.run(steps: 480)
        #expect(bench.awakeItemCount == 50)
        #expect(first.isFinite && second.isFinite && first != second)
    }

    @Test("Pile sweep frames: steady ones are 1/60 s; uneven ones 0.85–1.15 × 1/60 s, with frame 5 and one in every 5–11 after it doubled")
    func pileSweepFrames() {
        #expect((0..<200).allSatisfy { PileSweep.FramePattern.steady.frameLength($0) == 1.0 / 60 })
        let uneven = (0..<400).map { PileSweep.FramePattern.uneven.frameLength($0) * 60 }
        let doubled = uneven.indices.filter { uneven[$0] > 1.5 }
        #expect(doubled.first == 5)
        #expect(zip(doubled, doubled.dropFirst()).allSatisfy { (5...11).contains($1 - $0) })
        #expect(uneven.allSatisfy { (0.85 - 1e-12...1.15 + 1e-12).contains($0) || (1.7 - 1e-12...2.3 + 1e-12).contains($0) })
        #expect(Set(uneven.filter { $0 < 1.5 }.map { ($0 * 1000).rounded() }).count == 13)
    }

    @Test("Pile sweep: a small pile lands and sleeps, its time after landing counted in its frames' own lengths")
    func pileSweepSleeps() throws {
        for frames in PileSweep.FramePattern.allCases {
            let sweep = PileSweep(frames: frames, sizes: [40], steps: 600)
            let pile = try #require(sweep.piles.first)
            #expect(sweep.neverAsleep.isEmpty && pile.allAsleepStep > pile.landedStep && pile.landedStep > 0)
            let seconds = (pile.landedStep..<pile.allAsleepStep).reduce(0.0) { $0 + frames.frameLength($1) }
            #expect(pile.secondsAsleepAfterLanding == seconds && sweep.asleepAfterLanding == [seconds])
        }
    }
}
