import Testing
import Geometry
@testable import Views

/// Counts its layout passes; may ask another view for layout from inside its own.
private final class CountingView: View {
    var passes = 0
    var alsoAsk: View?
    override func layoutSubviews() {
        passes += 1
        alsoAsk?.setNeedsLayout()
        alsoAsk = nil
    }
}

/// Records its frame updates.
private final class TickingView: View {
    var ticks: [Double] = []
    override func update(_ dt: Double) { ticks.append(dt) }
}

/// The layout pass walks only the branches that wait for layout, frame updates reach only the
/// views that asked for them, and a superview that goes away leaves no dangling pointer.
@Suite("Layout pass and frame updates")
struct LayoutPassTests {
    /// Root → three branches of a container with a leaf each.
    private func tree() -> (Window, [CountingView], [CountingView]) {
        let window = Window(size: Size(width: 100, height: 100))
        var branches: [CountingView] = [], leaves: [CountingView] = []
        for _ in 0..<3 {
            let b = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            let l = CountingView(frame: Rect(x: 0, y: 0, width: 5, height: 5))
            b.addSubview(l)
            window.rootView.addSubview(b)
            branches.append(b); leaves.append(l)
        }
        return (window, branches, leaves)
    }

    @Test func aNewHierarchyIsLaidOutOnceThenRests() {
        let (window, branches, leaves) = tree()
        #expect(window.rootView.subtreeNeedsLayout)
        window.tick(at: 0, dt: 1.0 / 60)
        #expect((branches + leaves).allSatisfy { $0.passes == 1 })
        #expect(!window.rootView.subtreeNeedsLayout)
        window.tick(at: 1.0 / 60, dt: 1.0 / 60)
        _ = window.makeDisplayList()
        #expect((branches + leaves).allSatisfy { $0.passes == 1 })
    }

    @Test func aDeepRequestLaysOutThatViewOnly() {
        let (window, branches, leaves) = tree()
        window.tick(at: 0, dt: 1.0 / 60)
        leaves[1].setNeedsLayout()
        #expect(window.needsFrame)
        window.tick(at: 1.0 / 60, dt: 1.0 / 60)
        #expect(leaves.map(\.passes) == [1, 2, 1])
        #expect(branches.map(\.passes) == [1, 1, 1])
        #expect(!window.needsFrame)
    }

    /// A layout that asks a view already passed for layout: served in the next pass (as when
    /// every view was walked), and the window keeps asking for a frame until then.
    @Test func aRequestForAViewAlreadyPassedWaitsForTheNextPass() {
        let (window, branches, leaves) = tree()
        window.tick(at: 0, dt: 1.0 / 60)
        branches[2].setNeedsLayout()
        branches[2].alsoAsk = leaves[0]
        window.tick(at: 1.0 / 60, dt: 1.0 / 60)
        #expect(leaves[0].passes == 1)
        #expect(window.rootView.subtreeNeedsLayout && window.needsFrame)
        window.tick(at: 2.0 / 60, dt: 1.0 / 60)
        #expect(leaves[0].passes == 2)
        #expect(!window.rootView.subtreeNeedsLayout)
        // A request for a later sibling is served in the same pass.
        branches[0].setNeedsLayout()
        branches[0].alsoAsk = leaves[2]
        window.tick(at: 3.0 / 60, dt: 1.0 / 60)
        #expect(leaves[2].passes == 2)
        #expect(!window.rootView.subtreeNeedsLayout)
    }

    @Test func aSubtreeAddedLaterIsLaidOut() {
        let (window, _, _) = tree()
        window.tick(at: 0, dt: 1.0 / 60)
        let container = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let leaf = CountingView(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        container.addSubview(leaf)
        window.tick(at: 1.0 / 60, dt: 1.0 / 60)
        window.rootView.subviews[0].addSubview(container)
        #expect(window.needsFrame)
        window.tick(at: 2.0 / 60, dt: 1.0 / 60)
        #expect(leaf.passes == 1)
    }

    @Test func frameUpdatesReachOnlyTheViewsThatAskWhileTheyAreInTheWindow() {
        let window = Window(size: Size(width: 100, height: 100))
        let container = View(frame: .zero)
        let asking = TickingView(frame: .zero), quiet = TickingView(frame: .zero)
        asking.wantsFrameUpdates = true
        container.addSubview(asking); container.addSubview(quiet)
        #expect(window.updatingViews.isEmpty)
        window.rootView.addSubview(container)
        #expect(window.updatingViews.count == 1 && window.updatingViews[0] === asking)
        window.tick(at: 0, dt: 0.5)
        #expect(asking.ticks == [0.5] && quiet.ticks.isEmpty)
        quiet.wantsFrameUpdates = true
        asking.wantsFrameUpdates = false
        window.tick(at: 0.5, dt: 0.25)
        #expect(asking.ticks == [0.5] && quiet.ticks == [0.25])
        container.removeFromSuperview()
        #expect(window.updatingViews.isEmpty)
        window.tick(at: 0.75, dt: 0.25)
        #expect(quiet.ticks == [0.25])
    }

    /// `superview` is not retained (no weak reference either): the superview clears it as it goes.
    @Test func aFreedSuperviewLeavesNoPointerBehind() {
        let child = View(frame: .zero)
        do {
            let parent = View(frame: .zero)
            parent.addSubview(child)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
        #expect(child.window == nil)
    }
}
