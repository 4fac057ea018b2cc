import Testing
@testable import Animation

/// `AnimatableSlot`: the value lives inline until it is first animated, and then behaves exactly
/// as an `AnimatableProperty`.
@Suite("AnimatableSlot")
struct AnimatableSlotTests {
    /// A class holding a slot, as a view does.
    final class Owner {
        var slot = AnimatableSlot<Double>(10)
    }

    @Test func plainSetsMakeNoProperty() {
        let o = Owner()
        let changed = o.slot.set(20), again = o.slot.set(20)
        #expect(changed && !again)
        #expect(o.slot.value == 20 && o.slot.presentationValue == 20 && !o.slot.isAnimating)
        #expect(o.slot.box == nil)
    }

    @Test func aChangeInsideAnimationsAnimatesFromTheOldValue() {
        let timeline = AnimationTimeline()
        let o = Owner()
        let reference = AnimatableProperty<Double>(10)
        let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) {
            o.slot.set(110)
            reference.value = 110
        }
        animator.startAnimation()
        #expect(o.slot.box != nil && o.slot.isAnimating)
        for _ in 0..<4 {
            timeline.advance(by: 0.25)
            #expect(o.slot.value == reference.value)
            #expect(o.slot.presentationValue == reference.presentationValue)
        }
        #expect(!o.slot.isAnimating && o.slot.presentationValue == 110)
    }

    @Test func stoppingMidwayKeepsTheValueOnScreen() {
        let timeline = AnimationTimeline()
        let o = Owner()
        let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) { o.slot.set(110) }
        animator.startAnimation()
        timeline.advance(by: 0.5)
        let shown = o.slot.presentationValue
        animator.stopAnimation(true)
        #expect(o.slot.value == shown && o.slot.presentationValue == shown)
        // Later plain sets go to the property, which stays the one storage.
        o.slot.set(5)
        #expect(o.slot.value == 5 && o.slot.box?.value == 5)
    }

    @Test func askingForThePropertyMakesItFromTheCurrentValue() {
        let o = Owner()
        o.slot.set(42)
        let p = o.slot.property()
        #expect(p.value == 42)
        let same = o.slot.property()
        #expect(same === p)
        p.value = 7
        #expect(o.slot.value == 7)
    }
}
