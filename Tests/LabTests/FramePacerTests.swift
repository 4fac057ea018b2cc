import Testing
@testable import Lab

/// ``FramePacer``: frames on a grid of refresh intervals when Kinetic paces alone, a millisecond
/// short of the interval when vsync may pace.
@Suite struct FramePacerTests {
    let interval = 1.0 / 144

    @Test func framesStartOnTheGrid() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        // Frame 0 starts at 1.0 and takes 3 ms: sleep to 1.0 + interval.
        #expect(abs(p.sleep(frameStart: 1.0, now: 1.003) - (interval - 0.003)) < 1e-12)
        // The wake-up came 0.4 ms late; frame 1 took 2 ms: the sleep ends on the grid again.
        let start1 = 1.0 + interval + 0.0004
        #expect(abs(p.sleep(frameStart: start1, now: start1 + 0.002) - (1.0 + 2 * interval - start1 - 0.002)) < 1e-12)
    }

    @Test func theRateIsTheRefreshRateWhateverTheLateness() {
        // Every wake-up 0.3 ms late and every frame 4 ms: 144 frames take one second, not 1.04 s.
        var p = FramePacer(interval: interval, pacesAlone: true)
        var t = 0.0
        for _ in 0..<144 {
            let start = t
            t += 0.004
            t += p.sleep(frameStart: start, now: t) + 0.0003
        }
        #expect(abs(t - 1.0003) < 1e-9, "\(t)")
    }

    @Test func anOverrunStartsTheGridAgain() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        #expect(p.sleep(frameStart: 0, now: 0.002) > 0)
        // Frame 1 starts on time and takes 12 ms: no sleep, and no burst of short frames after.
        #expect(p.sleep(frameStart: interval, now: interval + 0.012) == 0)
        let start2 = interval + 0.012
        #expect(abs(p.sleep(frameStart: start2, now: start2 + 0.001) - (interval - 0.001)) < 1e-12)
    }

    @Test func restartForgetsTheGrid() {
        var p = FramePacer(interval: interval, pacesAlone: true)
        _ = p.sleep(frameStart: 0, now: 0.001)
        p.restart()
        // After an idle wait the next frame starts a grid of its own.
        #expect(abs(p.sleep(frameStart: 5, now: 5.002) - (interval - 0.002)) < 1e-12)
    }

    @Test func withVsyncItSleepsAMillisecondShort() {
        var p = FramePacer(interval: 1.0 / 60, pacesAlone: false)
        #expect(abs(p.sleep(frameStart: 0, now: 0.005) - (1.0 / 60 - 0.005 - 0.001)) < 1e-12)
        // Within 2 ms of the interval (vsync waited, or nearly): no sleep.
        #expect(p.sleep(frameStart: 0, now: 1.0 / 60 - 0.0015) == 0)
        #expect(p.sleep(frameStart: 0, now: 0.030) == 0)
    }
}
