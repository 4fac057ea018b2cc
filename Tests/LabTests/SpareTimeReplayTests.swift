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

    /// A present that returns as soon as it has drawn (no vsync): its duration is all work (the
    /// process spent at least as much CPU time), so nothing is replayed before presenting.
    @Test func aPresentThatDoesNotWaitLeavesNoTimeBeforeIt() {
        var b = SpareTimeReplay()
        let interval = 1.0 / 60
        for f in 0..<10 {
            let start = Double(f) * interval + 0.004
            b.recordPresent(start: start, end: start + 0.003, cpu: 0.006, replayed: 0, period: interval, interval: interval)
            #expect(b.beforePresent == 0)
            #expect(b.beforePresentDeadline(now: start + interval) == start + interval)
        }
    }

    /// A present held until the display's blank: the wait (duration less the CPU time) less the
    /// margin is replayed before the next present, which then waits that much less, so the
    /// budget holds steady; and it never runs into the present's own work before the next blank.
    @Test func aPresentThatWaitsForTheBlankLendsItsWait() {
        var b = SpareTimeReplay()
        let interval = 1.0 / 60
        // Blanks at k × interval; the frame draws for 3 ms, the present works 2 ms and waits.
        b.recordPresent(start: 0.003, end: interval, cpu: 0.002, replayed: 0, period: interval, interval: interval)
        let wait = interval - 0.003 - 0.002
        #expect(abs(b.beforePresent - (wait - SpareTimeReplay.margin)) < 1e-12)
        // The next frame replays that long, then presents; it still returns at the blank.
        let now = interval + 0.003
        let deadline = b.beforePresentDeadline(now: now)
        #expect(abs(deadline - (now + wait - SpareTimeReplay.margin)) < 1e-12)
        b.recordPresent(start: deadline, end: 2 * interval, cpu: 0.002, replayed: deadline - now, period: interval, interval: interval)
        #expect(abs(b.beforePresent - (wait - SpareTimeReplay.margin)) < 1e-12)
        // A frame that drew for 12 ms: the replay stops at the blank less the present's work and margin.
        let late = 2 * interval + 0.012
        #expect(abs(b.beforePresentDeadline(now: late) - (3 * interval - 0.002 - SpareTimeReplay.margin)) < 1e-12)
        // One that drew for 15 ms has no time.
        #expect(b.beforePresentDeadline(now: 2 * interval + 0.015) == 2 * interval + 0.015)
    }

    /// A late frame (a period over 1.25 intervals) stops replay before presenting for
    /// ``SpareTimeReplay/holdFrames`` frames.
    @Test func aLateFrameHoldsReplayBeforePresenting() {
        var b = SpareTimeReplay()
        let interval = 1.0 / 60
        b.recordPresent(start: 0.003, end: interval, cpu: 0.002, replayed: 0, period: interval, interval: interval)
        #expect(b.beforePresent > 0)
        b.recordPresent(start: 0.003, end: interval, cpu: 0.002, replayed: 0, period: 2 * interval, interval: interval)
        // The next holdFrames frames replay nothing before presenting; the one after does.
        for _ in 0..<SpareTimeReplay.holdFrames {
            #expect(b.beforePresent == 0)
            b.recordPresent(start: 0.003, end: interval, cpu: 0.002, replayed: 0, period: interval, interval: interval)
        }
        #expect(b.beforePresent > 0)
    }

    @Test func pendingWhenDueUnderWayAndNotOnceKept() throws {
        let s = try openedSession { $0.scene = .drag; $0.headless = false }
        s.timeline.policy = .init(framesPerFrame: 8, spacing: 30, maximum: 4)
        s.timeline.advancesInStep = false
        let interval = 1.0 / 60
        func frame() { s.now += interval; s.step(realDt: interval) }
        for _ in 0..<29 { frame() }
        #expect(!s.timeline.checkpointWorkPending)
        #expect(s.timeline.advanceCheckpoints(frames: 1) == 0)
        frame()
        #expect(s.timeline.checkpointWorkPending)
        // Under way from the session's start: one frame at a time until it reaches the present.
        var replayed = 0
        while s.timeline.checkpointWorkPending {
            #expect(s.timeline.advanceCheckpoints(frames: 1) == 1)
            replayed += 1
        }
        #expect(replayed == 30)
        #expect(s.checkpointCount == 1)
        // The next is due 30 frames later.
        for _ in 0..<29 { frame() }
        #expect(!s.timeline.checkpointWorkPending)
        frame()
        #expect(s.timeline.checkpointWorkPending)
    }

    /// ``Timeline/replayBeforePresent(submit:clock:)``: with checkpoint work pending and a present
    /// that waited, the frame is handed over first and the replay ends by the deadline; with none,
    /// nothing is handed over and no time is taken.
    @Test func replayBeforePresentSubmitsFirstAndEndsByTheDeadline() throws {
        let s = try openedSession { $0.scene = .drag; $0.headless = false }
        s.timeline.policy = .init(framesPerFrame: 8, spacing: 30, maximum: 4)
        s.timeline.advancesInStep = false
        let interval = 1.0 / 60
        var submitted = false, t = 1.0
        // No work pending: nothing handed over, nothing replayed.
        #expect(!s.timeline.checkpointWorkPending)
        #expect(s.timeline.replayBeforePresent(submit: { submitted = true }, clock: { t }) == 0)
        #expect(!submitted)
        for _ in 0..<30 { s.now += interval; s.step(realDt: interval) }
        #expect(s.timeline.checkpointWorkPending)
        // The last present, ending at t = 1, took 12 ms of which 2 ms were its own work: the next
        // may replay for 12 − 2 − margin ms before presenting.
        s.timeline.spareTime.recordPresent(start: 1 - 0.012, end: 1, cpu: 0.002, replayed: 0, period: interval, interval: interval)
        t = 1.003
        let begin = t
        let took = s.timeline.replayBeforePresent(submit: { submitted = true }, clock: { t += 0.0005; return t })
        #expect(submitted)
        #expect(took > 0)
        // Every frame replayed was expected to end by the deadline (one clock step over at most).
        let deadline = begin + 0.0005 + min(0.012 - 0.002 - SpareTimeReplay.margin, 1 + interval - 0.002 - SpareTimeReplay.margin - begin - 0.0005)
        #expect(t <= deadline + 0.0005 * 3)
    }
}
