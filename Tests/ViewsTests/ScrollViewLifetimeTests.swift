import Testing
import Geometry
import Layout
@testable import Views

/// A scroll view (and a collection view, with its layout) that has been in a window is released
/// with the window: its stepper registrations must not keep it alive (a scene switch leaked the
/// old scene's collection view, layout, cells and animator).
@Suite struct ScrollViewLifetimeTests {
    final class Weak { weak var object: AnyObject?; init(_ o: AnyObject) { object = o } }

    @Test func aCollectionViewThatWasInAWindowIsReleasedWithIt() {
        var refs: [Weak] = []
        do {
            let window = Window(size: Size(width: 400, height: 400))
            let layout = FlowLayout()
            let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: layout)
            let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.rootView.addSubview(cv)
            window.rootView.addSubview(scroll)
            window.tick(at: 0.1, dt: 1.0 / 60)
            refs = [Weak(window), Weak(cv), Weak(layout), Weak(scroll)]
        }
        #expect(refs.allSatisfy { $0.object == nil }, "\(refs.filter { $0.object != nil }.map { type(of: $0.object!) })")
    }

    @Test func aScrollViewRemovedFromItsWindowIsReleased() {
        let window = Window(size: Size(width: 400, height: 400))
        var ref: Weak?
        do {
            let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.rootView.addSubview(scroll)
            window.tick(at: 0.1, dt: 1.0 / 60)
            scroll.removeFromSuperview()
            ref = Weak(scroll)
        }
        #expect(ref?.object == nil)
        #expect(window.steppers.isEmpty)
    }
}
