import Testing
@testable import kinetic
@testable import Lab

@Suite struct IdlePolicyTests {
    @Test func anyReasonAsksForTheNextFrame() {
        #expect(!IdlePolicy.Reasons().any)
        #expect(IdlePolicy.Reasons(inputArrived: true).any)
        #expect(IdlePolicy.Reasons(countingFrames: true).any)
        #expect(IdlePolicy.Reasons(scriptPending: true).any)
        #expect(IdlePolicy.Reasons(appRequestPending: true).any)
        #expect(IdlePolicy.Reasons(sceneNeedsFrame: true).any)
        // Shapes drawn from stand-ins while they moved are drawn exact in one more frame.
        #expect(IdlePolicy.Reasons(drawingRefines: true).any)
    }

    @Test func theWaitEndsAtTheOverlaysNextChange() {
        #expect(IdlePolicy.waitTimeout(now: 3, nextChange: nil) == IdlePolicy.maximumWait)
        #expect(IdlePolicy.waitTimeout(now: 3, nextChange: 3.25) == 0.25)
        #expect(IdlePolicy.waitTimeout(now: 3, nextChange: 10) == IdlePolicy.maximumWait)
        #expect(IdlePolicy.waitTimeout(now: 3, nextChange: 3) == nil)      // due: draw now
        #expect(IdlePolicy.waitTimeout(now: 3, nextChange: 2) == nil)
    }

    @Test func theOverlayChangesWhenTheHelpCardAndNoticesGoAway() {
        var o = OverlayState()
        #expect(o.nextChange(after: 0) == nil)
        o.showHelpBriefly(at: 0, headless: false)
        #expect(o.nextChange(after: 1) == 4)
        o.notice("saved", at: 1)
        #expect(o.nextChange(after: 1) == 3.5)
        #expect(o.nextChange(after: 3.5) == 4)
        #expect(o.nextChange(after: 4) == nil)
        var headless = OverlayState()
        headless.showHelpBriefly(at: 0, headless: true)
        #expect(headless.nextChange(after: 0) == nil)
    }
}
