import Testing
@testable import Lab

/// ``FramePacer``: presents on a grid of refresh intervals when Kinetic paces alone (frames start
/// as late as their cost allows, and wait for their slot once drawn), a millisecond short of the
/// interval when vsync may pace.
@Suite struct FramePacerTests {
    let interval = 1.0 / 60

    /// One frame through the pacer: it starts at `start`, is drawn `draw` seconds later, waits
    /// as told, and presents for `present` seconds. Returns when the present ended.
    func frame(_ p: inout FramePacer, start: Double, draw: Double, present: Double) -> (end: Double, held: Double) {
        let drawn = start + draw
        let held = p.presentWait(frameStart: start, now: drawn)
        let end = drawn + held + present
        p.presented(start: drawn + held, end: end)
        return (end, held)
    }

    /// Runs `count` frames whose drawing takes `draw(i)` seconds and presents `present(i)`,
    /// sleeping as told with `late` seconds of wake-up lateness; returns the presents' ends.
    func run(_ p: inout FramePacer, count: Int, late: Double = 0, draw: (Int) -> Double, present: (Int) -> Double) -> [Double] {
        var t = 10.0, ends: [Double] = []
        for i in 0..<count {
            let (end, _) = frame(&p, start: t, draw: draw(i), present: present(i))
            ends.append(end)
            let sleep = p.sleep(frameStart: t, now: end)
            t = end + (sleep > 0 ? sleep + late : 0)
        }
        return ends
    }

    @Test func presentsComeAnIntervalApartWhateverEachFrameCosts() {
        // Drawing takes 6–11 ms, in no order; presents take 1.5 ms.
        var p = FramePacer(interval: interval, pacesAlone: true)
        let costs = [0.009, 0.006, 0.011, 0.007, 0.010, 0.006, 0.008, 0.011]
        let ends = run(&p, count: 200, draw: { costs[$0 % costs.count] }, present: { _ in 0.0015 })
        // After the first frames have measured the costs, every period is exactly the interval.
        for i in 20..<ends.count {
            #expect(abs(ends[i] - ends[i - 1] - interval) < 1e-9, "frame \(i): \(ends[i] - ends[i - 1])")
        }
        // The slowest drawing lately (11 ms) and present set when frames start.
        #expect(abs(p.drawCost - 0.011) < 0.002 * interval * 8 + 1e-9)
        #expect(abs(p.presentCost - 0.0015) < 1e-12)
    }

    @Test func aFrameStartsAsLateAsItsCostAllows() {
        // A light frame (3 ms to draw, 0.5 ms to present) starts 5.5 ms before its slot, not an
        // interval before it: the input it reads is that much fresher.
        var p = FramePacer(interval: interval, pacesAlone: true)
        _ = run(&p, count: 30, draw: { _ in 0.003 }, present: { _ in 0.0005 })
        let slot = try! #require(p.slot)
        #expect(abs(slot - p.nextFrameStart - (0.003 * FramePacer.drawMargin + 0.0005 + FramePacer.guardTime)) < 1e-12)
        #expect(abs(slot - p.nextFrameStart - 0.0055) < 1e-12)
    }

    @Test func lateWakeUpsDoNotMoveThePresents() {
        // Every sleep ends 0.3 ms late: the hold before presenting absorbs it.
        var p = FramePacer(interval: interval, pacesAlone: true)
        let ends = run(&p, count: 120, late: 0.0003, draw: { _ in 0.005 }, present: { _ in 0.001 })
        for i in 10..<ends.count { #expect(abs(ends[i] - ends[i - 1] - interval) < 1e-9) }
    }

    @Test func aSlowFrameMovesTheStartsEarlierThenTheyDriftBack() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        _ = run(&p, count: 30, draw: { _ in 0.006 }, present: { _ in 0.001 })
        let calm = p.drawCost
        #expect(abs(calm - 0.006) < 1e-12)
        // One frame takes 12 ms: the cost jumps to it at once...
        var t = p.nextFrameStart
        var (end, _) = frame(&p, start: t, draw: 0.012, present: 0.001)
        #expect(abs(p.drawCost - 0.012) < 1e-12)
        // ... and falls back by costDecay of an interval a frame.
        for _ in 0..<10 {
            t = end + p.sleep(frameStart: t, now: end)
            (end, _) = frame(&p, start: t, draw: 0.006, present: 0.001)
        }
        #expect(abs(p.drawCost - (0.012 - 10 * FramePacer.costDecay * interval)) < 1e-12)
    }

    @Test func aLateFrameStartsTheGridAgain() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        let ends = run(&p, count: 40, draw: { $0 == 30 ? 0.030 : 0.005 }, present: { _ in 0.001 })
        // Frame 30 took 30 ms: it presents as soon as it is drawn, and the grid starts from there
        // (no burst of short frames to catch up).
        #expect(ends[30] - ends[29] > 0.025)
        for i in 32..<ends.count { #expect(abs(ends[i] - ends[i - 1] - interval) < 1e-9, "frame \(i)") }
    }

    @Test func theFirstFramesStartAtOnceAndPresentWhenDrawn() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        // No slot yet: the first frame presents as soon as it is drawn (its 70 ms of shader
        // compiles are not taken as its drawing cost; its present is the first guess of that cost).
        let first = frame(&p, start: 0, draw: 0.070, present: 0.002)
        #expect(first.held == 0)
        #expect(p.drawCost == interval && abs(p.presentCost - 0.002) < 1e-12)
        // Nothing measured yet: the next frame starts at once.
        #expect(p.sleep(frameStart: 0, now: first.end) == 0)
        // The second frame, on the grid, is measured as it is, and presents on its slot.
        let second = frame(&p, start: first.end, draw: 0.004, present: 0.002)
        #expect(abs(second.end - first.end - interval) < 1e-12)
        #expect(abs(p.drawCost - 0.004) < 1e-12 && abs(p.presentCost - 0.002) < 1e-12)
    }

    @Test func restartForgetsTheGridButKeepsTheCosts() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        _ = run(&p, count: 20, draw: { _ in 0.004 }, present: { _ in 0.001 })
        p.restart()
        #expect(p.slot == nil)
        // After an idle wait the next frame presents when drawn and starts a grid of its own.
        let (end, held) = frame(&p, start: 100, draw: 0.004, present: 0.001)
        #expect(held == 0)
        #expect(abs(try! #require(p.slot) - (end + interval)) < 1e-12)
        #expect(abs(p.drawCost - 0.004) < 1e-12)
    }

    @Test func aFrameHalfAgainAsSlowAsLatelyIsStillOnTime() {
        // 8 ms frames lately, then one of 11.5 ms: it is drawn before its slot, and presents on it.
        var p = FramePacer(interval: interval, pacesAlone: true)
        let ends = run(&p, count: 60, draw: { $0 == 50 ? 0.0115 : 0.008 }, present: { _ in 0.0015 })
        #expect(abs(ends[50] - ends[49] - interval) < 1e-9)
        #expect(abs(ends[51] - ends[50] - interval) < 1e-9)
    }

    @Test func aStalledPresentIsNotTakenAsTheCost() {
        // One present stalls for 15 ms (the window system took a screenshot): the cost rises to
        // a quarter interval at most, and the frames after it present on the grid (each as much
        // earlier than the last as the cost fell, 33 µs).
        var p = FramePacer(interval: interval, pacesAlone: true)
        let ends = run(&p, count: 80, draw: { _ in 0.005 }, present: { $0 == 40 ? 0.015 : 0.001 })
        #expect(p.presentCost <= interval / 4)
        for i in 43..<ends.count {
            #expect(abs(ends[i] - ends[i - 1] - interval) <= FramePacer.costDecay * interval + 1e-9, "frame \(i)")
        }
    }

    @Test func holdForSlotFinishesThenSleepsToTheSlot() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        _ = run(&p, count: 10, draw: { _ in 0.004 }, present: { _ in 0.001 })
        let start = p.nextFrameStart, slot = try! #require(p.slot)
        var finished = false, slept = -1.0
        // Drawn 3 ms in (a quicker frame than lately): it sleeps until a present's cost before the slot.
        let held = p.holdForSlot(frameStart: start, finish: { finished = true }, clock: { start + 0.003 }, sleep: { slept = $0 })
        #expect(finished)
        #expect(abs(held - (slot - 0.001 - (start + 0.003))) < 1e-12 && slept == held)
        // With vsync the display holds the present: nothing is finished or slept.
        var v = FramePacer(interval: interval, pacesAlone: false)
        finished = false
        #expect(v.holdForSlot(frameStart: 0, finish: { finished = true }, clock: { 0.003 }, sleep: { _ in }) == 0)
        #expect(!finished)
    }

    @Test func theReplayEndsAMarginBeforeTheNextFrame() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        _ = run(&p, count: 10, draw: { _ in 0.004 }, present: { _ in 0.001 })
        #expect(p.replayDeadline(frameStart: 0) == p.nextFrameStart - SpareTimeReplay.margin)
        let v = FramePacer(interval: interval, pacesAlone: false)
        #expect(v.replayDeadline(frameStart: 2) == SpareTimeReplay.deadline(frameStart: 2, interval: interval))
    }

    @Test func costsAreCappedAtAnInterval() {
        #expect(FramePacer.longest(0.5, 0, interval: interval) == interval)
        #expect(FramePacer.longest(-1, 0, interval: interval) == 0)
    }

    @Test func withVsyncItSleepsAMillisecondShortAndNeverHolds() {
        var p = FramePacer(interval: 1.0 / 60, pacesAlone: false)
        #expect(abs(p.sleep(frameStart: 0, now: 0.005) - (1.0 / 60 - 0.005 - 0.001)) < 1e-12)
        // Within 2 ms of the interval (vsync waited, or nearly): no sleep.
        #expect(p.sleep(frameStart: 0, now: 1.0 / 60 - 0.0015) == 0)
        #expect(p.sleep(frameStart: 0, now: 0.030) == 0)
        // Vsync holds the present itself: the pacer keeps no grid.
        p.presented(start: 0.005, end: 0.006)
        #expect(p.presentWait(frameStart: 0, now: 0.005) == 0)
        #expect(p.slot == nil)
    }
}
