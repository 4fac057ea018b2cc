import Testing
import Geometry
import Animation
import Layout
@testable import Views

/// Records the order of the frame phases.
private final class Probe: FrameStepper {
    let name: String
    let log: Log
    init(_ name: String, _ log: Log) { self.name = name; self.log = log }
    func step(_ dt: Double) { log.entries.append("\(name) \(dt)") }
}
private final class Log { var entries: [String] = [] }
private final class UpdatingView: View {
    var log: Log?
    override func update(_ dt: Double) { log?.entries.append("view \(dt)") }
}

@Suite("Window frame")
struct WindowFrameTests {
    @Test func tickRunsTimelineThenSteppersInOrderThenViews() {
        let window = Window(size: Size(width: 100, height: 100))
        let log = Log()
        let view = UpdatingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.log = log
        view.wantsFrameUpdates = true
        window.rootView.addSubview(view)
        let a = Probe("a", log), b = Probe("b", log)
        window.addStepper(a); window.addStepper(b); window.addStepper(a)
        let x = AnimatableProperty(0.0)
        let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: window.timeline) { x.value = 100 }
        animator.addCompletion { _ in log.entries.append("timeline") }
        animator.startAnimation()
        window.tick(at: 0, dt: 1)
        #expect(log.entries == ["timeline", "a 1.0", "b 1.0", "view 1.0"])
        #expect(window.timeline.currentTime == 1)
        window.removeStepper(a)
        log.entries.removeAll()
        window.tick(at: 1, dt: -2)
        #expect(log.entries == ["b 0.0", "view 0.0"])
    }

    @Test func scrollViewsRegisterTheirPhysicsAndTheLayoutAnimatorWithTheirWindow() {
        let window = Window(size: Size(width: 100, height: 100))
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: FlowLayout())
        #expect(window.steppers.isEmpty)
        window.rootView.addSubview(cv)
        #expect(window.steppers.count == 2)
        #expect(window.steppers.first === cv)
        cv.removeFromSuperview()
        #expect(window.steppers.isEmpty)
    }

    /// UIKit's `didMoveToWindow()`: a scroll view inside a container that joins the window later
    /// registers too (it used to register only when it was itself added to a view in a window),
    /// and leaves with the container.
    @Test func aScrollViewInsideALaterAddedContainerRegisters() {
        let window = Window(size: Size(width: 100, height: 100))
        let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let sv = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        container.addSubview(sv)
        #expect(window.steppers.isEmpty)
        window.rootView.addSubview(container)
        #expect(window.steppers.count == 1 && window.steppers.first === sv)
        container.removeFromSuperview()
        #expect(window.steppers.isEmpty)
        // Added twice (moved within the hierarchy): still registered once.
        window.rootView.addSubview(container)
        let other = View(frame: .zero)
        window.rootView.addSubview(other)
        other.addSubview(sv)
        #expect(window.steppers.count == 1)
    }

    @Test func beforeTimelineSteppersRunFirstInTheFrame() {
        let window = Window(size: Size(width: 100, height: 100))
        let log = Log()
        let late = Probe("late", log), early = Probe("early", log)
        window.addStepper(late)
        window.addStepper(early, phase: .beforeTimeline)
        window.addStepper(early)   // already there (in the other phase): no effect
        let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: window.timeline)
        animator.addCompletion { _ in log.entries.append("timeline") }
        animator.startAnimation()
        window.tick(at: 0, dt: 1)
        #expect(log.entries == ["early 1.0", "timeline", "late 1.0"])
        #expect(window.steppers.count == 2 && window.steppers.first === early)
        window.removeStepper(early)
        #expect(window.steppers.count == 1 && window.steppers.first === late)
    }
}
