import Testing
import Geometry
@testable import Dynamics

/// The broad phase's pairs kept from step to step (``SweepPairCache``): the same pairs, met in the
/// same order, as a sweep of every box, so a step is the same bit for bit.
@Suite struct KeptPairsTests {
    static func box(_ body: Int32, _ minX: Double, _ minY: Double, size: Double = 10) -> SweepBox {
        SweepBox(minX: minX, maxX: minX + size, minY: minY, maxY: minY + size, body: body)
    }

    /// Every pair of `boxes` that overlap, as places, in the order a sweep meets them (box by box,
    /// each with its later partners), found by testing every pair.
    static func swept(_ boxes: [SweepBox]) -> [Int32] {
        var pairs: [Int32] = []
        for x in boxes.indices {
            for y in (x + 1)..<boxes.count where boxes[y].minX <= boxes[x].maxX && boxes[x].minX <= boxes[y].maxX
                && boxes[y].minY <= boxes[x].maxY && boxes[x].minY <= boxes[y].maxY {
                pairs += [Int32(x), Int32(y)]
            }
        }
        return pairs
    }

    @Test("Kept pairs are the sweep's pairs of the grown boxes, in the sweep's order")
    func keptPairsAreTheGrownBoxesSweep() {
        // A row and a column with gaps of 1.5 pt (under twice the pad: grown, the neighbours
        // overlap) and 3 pt (over it: they stay apart).
        var boxes = [Self.box(0, 0, 0), Self.box(1, 11.5, 0), Self.box(2, 24.5, 0), Self.box(3, 24.5, 11.5), Self.box(4, 24.5, 24.5)]
        var cache = SweepPairCache()
        boxes.withUnsafeMutableBufferPointer { cache.keep($0) }
        let pad = SweepPairCache.pad
        let grown = boxes.map { SweepBox(minX: $0.minX - pad, maxX: $0.maxX + pad, minY: $0.minY - pad, maxY: $0.maxY + pad, body: $0.body) }
        #expect(cache.isValid && cache.pairs == Self.swept(grown))
        #expect(cache.pairs == [0, 1, 2, 3], "\(cache.pairs)")  // 0–1 and 2–3 are 1.5 pt apart; 1–2 and 3–4, 3 pt
        // Where the boxes have not moved, the pairs that overlap now are the sweep's of the boxes.
        #expect(Self.swept(boxes).isEmpty)
        // They hold while every box stays inside its grown one and the order stands.
        #expect(boxes.withUnsafeMutableBufferPointer { cache.holds($0) })
        boxes[1].minX += 0.9; boxes[1].maxX += 0.9
        #expect(boxes.withUnsafeMutableBufferPointer { cache.holds($0) })
        boxes[1].maxX += 0.2  // 1.1 pt past where it was kept: out of its grown box
        #expect(!boxes.withUnsafeMutableBufferPointer { cache.holds($0) })
    }

    @Test("Kept pairs do not hold for boxes out of order, another body, a box not finite, or another count")
    func keptPairsDoNotHold() {
        let kept = [Self.box(0, 0, 0), Self.box(1, 0.5, 20), Self.box(2, 30, 0)]
        var cache = SweepPairCache()
        var boxes = kept
        boxes.withUnsafeMutableBufferPointer { cache.keep($0) }
        // Box 1 now starts before box 0 (both still inside their grown boxes): the sweep's sort
        // would swap them, and its pairs' order with them.
        boxes[1].minX = -0.4
        #expect(!boxes.withUnsafeMutableBufferPointer { cache.holds($0) })
        boxes = kept
        boxes[2].body = 7
        #expect(!boxes.withUnsafeMutableBufferPointer { cache.holds($0) })
        boxes = kept
        boxes[2].maxY = .nan
        #expect(!boxes.withUnsafeMutableBufferPointer { cache.holds($0) })
        boxes = Array(kept.prefix(2))
        #expect(!boxes.withUnsafeMutableBufferPointer { cache.holds($0) })
        var invalid = cache
        invalid.isValid = false
        boxes = kept
        #expect(!boxes.withUnsafeMutableBufferPointer { invalid.holds($0) })
    }

    @Test("Pairs never used wait 1, 2, 4 … sweeps before they are kept again; a use starts over")
    func keepingWaitsAfterPairsGoUnused() {
        var boxes = [Self.box(0, 0, 0), Self.box(1, 11.5, 0)]
        var cache = SweepPairCache()
        func sweep() -> Bool {
            boxes.withUnsafeMutableBufferPointer { cache.afterSweep($0) }
            return cache.isValid
        }
        let kept = (0..<12).map { _ in sweep() }
        #expect(kept == [true, false, true, false, false, true, false, false, false, false, true, false], "\(kept)")
        // Kept, used once: the next sweep keeps at once, and an unused keep waits one sweep again.
        #expect(sweep() == false)  // still waiting (eight sweeps)
        while !sweep() {}
        cache.uses += 1
        #expect(sweep() && !sweep() && sweep())
    }

    /// A pile of 120 (squares and circles, friction) awake for 600 steps, with frames of another
    /// length now and then and two pieces flung into it: every step the same bit for bit as the
    /// same pile sweeping every box, and most of its resting steps from kept pairs.
    @Test("A pile with kept pairs steps bit for bit as one that sweeps every step")
    func keptPairsStepAsTheSweep() {
        let (kept, keptBoxes, swept, sweptBoxes, flights) = ContactBlockRefreshTests.twinAwakePiles(count: 120)
        swept.world.keepsBroadPhasePairs = false
        for step in 0..<600 {
            if step >= 300 && step % 100 == 0 {
                ContactBlockRefreshTests.fling(flights, [keptBoxes, sweptBoxes], Vector(dx: 900, dy: -700))
            }
            let dt = step % 97 == 0 ? 1.0 / 45 : 1.0 / 60
            kept.step(dt)
            swept.step(dt)
            guard ContactBlockRefreshTests.sameBits(keptBoxes, sweptBoxes, step: step) else { return }
        }
        #expect(swept.world.broadPhasesFromKeptPairs == 0)
        #expect(kept.world.broadPhasesFromKeptPairs > 150, "\(kept.world.broadPhasesFromKeptPairs) broad phases from kept pairs")
    }
}
