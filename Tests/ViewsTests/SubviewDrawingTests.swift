import Testing
import Geometry
import Drawing
import Layout
import Animation
@testable import Views

/// Grey rounded cells, so that each draws a layer with content.
private final class Tile: CollectionViewCell {
    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(red: 0.4, green: 0.4, blue: 0.4)
        cornerRadius = 6
    }
}

private final class Tiles: CollectionViewDataSource {
    func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "t", for: indexPath)
    }
}

/// A 320×480 window holding a collection view of 40×40 tiles laid out by `layout` (6 per row,
/// rows 0…9 visible: 60 cells), stepped one 1/60-s frame at a time.
private struct TileWindow {
    let window = Window(size: Size(width: 320, height: 480))
    let cv: CollectionView
    private let source = Tiles()
    private var time = 0.0

    init(layout: FlowLayout) {
        layout.itemSize = Size(width: 40, height: 40)
        cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(Tile.self, forCellWithReuseIdentifier: "t")
        cv.dataSource = source
        window.rootView.addSubview(cv)
    }

    /// One frame: tick, then the display list.
    mutating func next() -> DisplayList {
        time += 1.0 / 60
        window.tick(at: time, dt: 1.0 / 60)
        return window.makeDisplayList()
    }

    /// The same frame worked out view by view (no replay).
    func walked() -> DisplayList { window.makeWalkedDisplayList() }
}

/// A collection view replays the display-list items of cells that did not change since the last
/// frame (`View.retainsSubviewDrawing`), and draws the rest, with the list a full walk gives.
@Suite("Retained subview drawing")
struct SubviewDrawingTests {
    @Test func aStillFrameCopiesEveryCellAndAMovedCellAloneIsDrawnAgain() throws {
        let layout = PushLayout()
        var w = TileWindow(layout: layout)
        _ = w.next()                                // first frame: draws, notes the context
        _ = w.next()                                // the context held: draws and records
        let cache = try #require(w.cv.subviewDrawingCache)
        #expect(cache.records == 1 && cache.lastDrawn == 60)
        let still = w.next()
        #expect(cache.lastReplayed == 60 && cache.lastDrawn == 0)
        #expect(still.items == w.walked().items)
        layout.push(IndexPath(item: 7, section: 0), by: Vector(dx: 3, dy: 5))
        let moved = w.next()
        #expect(cache.lastReplayed == 59 && cache.lastDrawn == 1)
        #expect(moved.items == w.walked().items)
        #expect(moved.items != still.items)
        #expect(cache.records == 1)
    }

    @Test func cellsLeavingAndEnteringAreFollowedWithoutStartingOver() throws {
        let layout = PushLayout()
        var w = TileWindow(layout: layout)
        for _ in 0..<3 { _ = w.next() }
        let cache = try #require(w.cv.subviewDrawingCache)
        let seven = IndexPath(item: 7, section: 0), far = IndexPath(item: 200, section: 0)
        layout.push(seven, by: Vector(dx: 0, dy: 5000))          // leaves
        layout.push(far, by: Vector(dx: 0, dy: -(33 * 50)))      // enters on top of item 2
        let list = w.next()
        #expect(w.cv.cellForItem(at: far) != nil && w.cv.cellForItem(at: seven) == nil)
        #expect(cache.records == 1 && cache.lastDrawn == 1 && cache.lastReplayed == 59)
        #expect(list.items == w.walked().items)
        // The newcomer draws last, over item 2.
        let last = try #require(list.items.last)
        guard case let .layer(_, frame, _, _) = last.command else { Issue.record("not a layer"); return }
        #expect(frame.center == w.cv.cellForItem(at: far)!.center)
        #expect(w.next().items == w.walked().items)
        #expect(cache.lastReplayed == 60 && cache.lastDrawn == 0)
    }

    @Test func scrollingDrawsEveryCellAndRecordsOnceItHoldsStill() throws {
        var w = TileWindow(layout: PushLayout())
        for _ in 0..<3 { _ = w.next() }
        let cache = try #require(w.cv.subviewDrawingCache)
        for k in 1...3 {
            w.cv.contentOffset = Point(x: 0, y: Double(10 * k))
            let list = w.next()
            #expect(cache.lastReplayed == 0 && cache.records == 1)
            #expect(list.items == w.walked().items)
        }
        _ = w.next()                                // held: records
        #expect(cache.records == 2)
        let still = w.next()
        #expect(cache.lastDrawn == 0 && cache.lastReplayed == w.cv.visibleCellCount)
        #expect(still.items == w.walked().items)
    }

    @Test func propertiesSetOnACellRedrawItAlone() throws {
        var w = TileWindow(layout: PushLayout())
        for _ in 0..<3 { _ = w.next() }
        let cache = try #require(w.cv.subviewDrawingCache)
        let cell = try #require(w.cv.cellForItem(at: IndexPath(item: 3, section: 0)))
        let changes: [(String, () -> Void)] = [
            ("alpha", { cell.alpha = 0.5 }),
            ("shadow", { cell.shadowOpacity = 0.4 }),
            ("shadow colour", { cell.shadowColor = .red }),
            ("shadow radius", { cell.shadowRadius = 8 }),
            ("background", { cell.backgroundColor = .blue }),
            ("content", { cell.contentView.backgroundColor = .green }),
            ("hidden", { cell.isHidden = true }),
        ]
        for (name, change) in changes {
            change()
            let list = w.next()
            #expect(cache.lastDrawn == 1, "\(name)")
            #expect(list.items == w.walked().items, "\(name)")
            // Replayed from the next frame on, or the one after when its pixels changed (a
            // layer whose content changed is drawn once more, to see that it holds still).
            _ = w.next()
            if cache.lastDrawn != 0 { _ = w.next() }
            #expect(cache.lastDrawn == 0, "\(name) then still")
        }
    }
}

/// Animations move presentation values without setters: cells in flight are drawn every frame,
/// an animated z position draws every cell, and the frames agree with a full walk throughout.
/// (A flow layout is queried every frame and would put a moved cell back, so these animate
/// what it does not set.)
@Suite("Retained subview drawing under animation")
struct SubviewDrawingAnimationTests {
    @Test func aCellInFlightIsDrawnEachFrameAndTheOthersReplayed() throws {
        var w = TileWindow(layout: FlowLayout())
        for _ in 0..<3 { _ = w.next() }
        let cache = try #require(w.cv.subviewDrawingCache)
        let cell = try #require(w.cv.cellForItem(at: IndexPath(item: 4, section: 0)))
        let animator = PropertyAnimator(duration: 0.2, curve: .linear, timeline: w.window.timeline) { cell.shadowOpacity = 0.5 }
        animator.startAnimation()
        var lists: [DisplayList] = []
        for _ in 0..<6 {
            let list = w.next()
            #expect(list.items == w.walked().items)
            #expect(cache.lastDrawn == 1 && cache.lastReplayed == w.cv.visibleCellCount - 1)
            lists.append(list)
        }
        #expect(lists[1].items != lists[4].items)          // the shadow grew
        for _ in 0..<12 { _ = w.next() }                   // ends at 0.2 s
        #expect(animator.state == .inactive)
        #expect(w.next().items == w.walked().items)
    }

    @Test func anAnimatedZPositionDrawsInTheNewOrder() throws {
        var w = TileWindow(layout: FlowLayout())
        for _ in 0..<3 { _ = w.next() }
        let cell = try #require(w.cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        let animator = PropertyAnimator(duration: 0.1, curve: .linear, timeline: w.window.timeline) { cell.zPosition = 0.9 }
        animator.startAnimation()
        for _ in 0..<12 { #expect(w.next().items == w.walked().items) }
    }
}
