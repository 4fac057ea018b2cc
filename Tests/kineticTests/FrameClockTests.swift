import Testing
@testable import kinetic
@testable import Lab

@Suite struct FrameClockTests {
    @Test func stepDividesTheRefreshInterval() {
        #expect(abs(FrameClock(frameRate: 60).step - 1.0 / 240) < 1e-15)
        #expect(abs(FrameClock(frameRate: 120).step - 1.0 / 240) < 1e-15)
        #expect(abs(FrameClock(frameRate: 144).step - 1.0 / 288) < 1e-15)
        #expect(abs(FrameClock(frameRate: 75).step - 1.0 / 300) < 1e-15)
        #expect(abs(FrameClock(frameRate: 30).step - 1.0 / 240) < 1e-15)
    }

    @Test func vsyncJitterGivesTheSameStepsEveryFrame() {
        for rate in [60.0, 144.0] {
            var clock = FrameClock(frameRate: rate)
            let interval = 1 / rate
            var steps: Set<Int> = []
            for i in 0..<600 {
                // ±8 % jitter around the refresh interval, as a compositor delivers it.
                let jitter = (i % 2 == 0 ? 0.08 : -0.08) * interval
                let dt = clock.advance(realDt: interval + jitter)
                steps.insert(Int((dt / clock.step).rounded()))
            }
            #expect(steps == [Int((240 / rate).rounded(.up))], "\(rate) Hz: \(steps)")
        }
    }

    @Test func aMissedFrameCatchesUpAndAStallIsCapped() {
        var clock = FrameClock(frameRate: 60)
        #expect(abs(clock.advance(realDt: 2.0 / 60) - 2.0 / 60) < 1e-12) // one dropped frame: two frames of motion
        #expect(abs(clock.advance(realDt: 3) - clock.maximumCatchUp) < clock.step) // a 3 s stall: at most 0.25 s
    }

    @Test func slowMotionAndPause() {
        var clock = FrameClock(frameRate: 60)
        clock.timeScale = 0.1
        var total = 0.0
        for _ in 0..<60 {
            let dt = clock.advance(realDt: 1.0 / 60)
            #expect(abs(dt - 0.1 / 60) < 1e-12) // every frame moves, by a tenth of a frame
            total += dt
        }
        #expect(abs(total - 0.1) < 1e-9) // one real second is 0.1 s of motion
        clock.isPaused = true
        #expect(clock.advance(realDt: 1.0 / 60) == 0)
        #expect(abs(clock.singleStep() - 1.0 / 60) < 1e-15)
    }

    @Test func framesPerSecondIsTheMedianSoOneLongFrameDoesNotDragItDown() {
        var c = FrameClock(frameRate: 60)
        for _ in 0..<59 { _ = c.advance(realDt: 1.0 / 60) }
        _ = c.advance(realDt: 0.3)   // e.g. the frame before the window went idle
        #expect(abs(c.framesPerSecond - 60) < 1e-9)
        #expect(abs(c.medianFrameTime - 1.0 / 60) < 1e-12)
    }
}
