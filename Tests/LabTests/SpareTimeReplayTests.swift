import Testing
import Foundation
@testable import Lab

/// The window's checkpoint replay in spare time (issue 29: the stress demo's frames): the
/// budget's rule on a simulated clock, and the session's pending flag transition by transition.
@Suite struct SpareTimeReplayTests {
    @Test func replaysOnlyWhatFitsBeforeTheDeadline() {
        var b = SpareTimeReplay()
        #expect(b.frameCost == 0.002)
        // A 60 Hz frame that started at 0 and is done at 12 ms: the deadline is 14.67 ms.
        let deadline = SpareTimeReplay.deadline(frameStart: 0, interval: 1.0 / 60)
        #expect(abs(deadline - (1.0 / 60 - 0.002)) < 1e-12)
        var now = 0.012, replayed = 0
        while b.fits(now: now, deadline: deadline) {
            b.record(start: now, end: now + 0.001)
            now += 0.001
            replayed += 1
        }
        // 2 ms expected at first, then the longest lately decays by a tenth a frame.
        #expect(replayed == 1)
        #expect(abs(b.frameCost - 0.0018) < 1e-12)
    }

    @Test func aLongFrameRaisesTheEstimateAtOnceAndItDecays() {
        var b = SpareTimeReplay(frameCost: 0.001)
        b.record(start: 0, end: 0.010)
        #expect(b.frameCost == 0.010)
        #expect(!b.fits(now: 0, deadline: 0.009))
        for _ in 0..<22 { b.record(start: 0, end: 0.0005) }
        #expect(b.frameCost < 0.001 && b.frameCost > 0.0009)
    }

    @Test func pendingWhenDueUnderWayAndNotOnceKept() throws {
        let s = try openedSession { $0.scene = .drag; $0.headless = false }
        s.checkpointPolicy = .init(framesPerFrame: 8, spacing: 30, maximum: 4)
        s.advancesCheckpointsInStep = false
        let interval = 1.0 / 60
        func frame() { s.now += interval; s.step(realDt: interval) }
        for _ in 0..<29 { frame() }
        #expect(!s.checkpointWorkPending)
        #expect(s.advanceCheckpoints(frames: 1) == 0)
        frame()
        #expect(s.checkpointWorkPending)
        // Under way from the session's start: one frame at a time until it reaches the present.
        var replayed = 0
        while s.checkpointWorkPending {
            #expect(s.advanceCheckpoints(frames: 1) == 1)
            replayed += 1
        }
        #expect(replayed == 30)
        #expect(s.checkpointCount == 1)
        // The next is due 30 frames later.
        for _ in 0..<29 { frame() }
        #expect(!s.checkpointWorkPending)
        frame()
        #expect(s.checkpointWorkPending)
    }
}
