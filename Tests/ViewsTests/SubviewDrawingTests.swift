import Testing
import Geometry
import Drawing
import Layout
import Animation
@testable import Views

/// A flow layout whose items can be pushed off their place, each push reported as an item
/// invalidation (as `DraggableLayout` reports the items its animator moved).
private final class NudgeLayout: FlowLayout {
    var offsets: [IndexPath: Vector] = [:]
    override var reportsEveryChange: Bool { true }

    func push(_ ip: IndexPath, by offset: Vector) {
        offsets[ip] = offset
        invalidateItems(at: [ip])
    }

    private func pushed(_ a: LayoutAttributes) -> LayoutAttributes {
        if let v = offsets[a.indexPath] { a.center = a.center + v }
        return a
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        super.layoutAttributesForElements(in: rect.insetBy(dx: -3000, dy: -3000)).map(pushed).filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItems(at indexPaths: Set<IndexPath>, in rect: Rect) -> [LayoutAttributes] {
        indexPaths.sorted().compactMap { ip in
            super.layoutAttributesForItem(at: ip).map(pushed).flatMap { $0.frame.intersects(rect) ? $0 : nil }
        }
    }
}

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

/// A collection view replays the display-list items of cells that did not change since the last
/// frame (`View.retainsSubviewDrawing`), and draws the rest, with the list a full walk gives.
@Suite("Retained subview drawing")
struct SubviewDrawingTests {
    /// 320×480, 40×40 items, 10-pt spacing: 6 per row, rows 0…9 visible (60 cells).
    private func grid(_ body: (Window, CollectionView, NudgeLayout, SubviewDrawingCache) throws -> Void) rethrows {
        let window = Window(size: Size(width: 320, height: 480))
        let layout = NudgeLayout()
        layout.itemSize = Size(width: 40, height: 40)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(Tile.self, forCellWithReuseIdentifier: "t")
        let source = Tiles()
        cv.dataSource = source
        window.rootView.addSubview(cv)
        try withExtendedLifetime(source) { try body(window, cv, layout, try #require(cv.subviewDrawingCache)) }
    }

    private var frame = 0
    /// One frame: tick, then the display list.
    private mutating func next(_ window: Window) -> DisplayList {
        frame += 1
        window.tick(at: Double(frame) / 60, dt: 1.0 / 60)
        return window.makeDisplayList()
    }

    /// The same frame drawn by walking every view (no replay).
    private func walked(_ window: Window, _ cv: CollectionView) -> DisplayList { window.makeWalkedDisplayList() }

    @Test mutating func aStillFrameCopiesEveryCellAndAMovedCellAloneIsDrawnAgain() throws {
        try grid { window, cv, layout, _ in
            _ = next(window)                       // first frame: draws, notes the context
            _ = next(window)                       // the context held: draws and records
            let cache = try #require(cv.subviewDrawingCache)
            #expect(cache.records == 1 && cache.lastDrawn == 60)
            let still = next(window)
            #expect(cache.lastReplayed == 60 && cache.lastDrawn == 0)
            #expect(still.items == walked(window, cv).items)
            layout.push(IndexPath(item: 7, section: 0), by: Vector(dx: 3, dy: 5))
            let moved = next(window)
            #expect(cache.lastReplayed == 59 && cache.lastDrawn == 1)
            #expect(moved.items == walked(window, cv).items)
            #expect(moved.items != still.items)
            #expect(cache.records == 1)
        }
    }

    @Test mutating func cellsLeavingAndEnteringAreFollowedWithoutStartingOver() throws {
        try grid { window, cv, layout, _ in
            for _ in 0..<3 { _ = next(window) }
            let cache = try #require(cv.subviewDrawingCache)
            let seven = IndexPath(item: 7, section: 0), far = IndexPath(item: 200, section: 0)
            layout.push(seven, by: Vector(dx: 0, dy: 5000))          // leaves
            layout.push(far, by: Vector(dx: 0, dy: -(33 * 50)))      // enters on top of item 2
            let list = next(window)
            #expect(cv.cellForItem(at: far) != nil && cv.cellForItem(at: seven) == nil)
            #expect(cache.records == 1 && cache.lastDrawn == 1 && cache.lastReplayed == 59)
            #expect(list.items == walked(window, cv).items)
            // The newcomer draws last, over item 2.
            let last = try #require(list.items.last)
            guard case let .layer(_, frame, _, _) = last.command else { Issue.record("not a layer"); return }
            #expect(frame.center == cv.cellForItem(at: far)!.center)
            #expect(next(window).items == walked(window, cv).items)
            #expect(cache.lastReplayed == 60 && cache.lastDrawn == 0)
        }
    }

    @Test mutating func scrollingDrawsEveryCellAndRecordsOnceItHoldsStill() throws {
        try grid { window, cv, _, _ in
            for _ in 0..<3 { _ = next(window) }
            let cache = try #require(cv.subviewDrawingCache)
            for k in 1...3 {
                cv.contentOffset = Point(x: 0, y: Double(10 * k))
                let list = next(window)
                #expect(cache.lastReplayed == 0 && cache.records == 1)
                #expect(list.items == walked(window, cv).items)
            }
            _ = next(window)                       // held: records
            #expect(cache.records == 2)
            let still = next(window)
            #expect(cache.lastDrawn == 0 && cache.lastReplayed == cv.visibleCellCount)
            #expect(still.items == walked(window, cv).items)
        }
    }

    @Test mutating func propertiesSetOnACellRedrawItAlone() throws {
        try grid { window, cv, _, _ in
            for _ in 0..<3 { _ = next(window) }
            let cache = try #require(cv.subviewDrawingCache)
            let cell = try #require(cv.cellForItem(at: IndexPath(item: 3, section: 0)))
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
                let list = next(window)
                #expect(cache.lastDrawn == 1, "\(name)")
                #expect(list.items == walked(window, cv).items, "\(name)")
                // Replayed from the next frame on, or the one after when its pixels changed
                // (a layer whose content changed is drawn once more, to see that it holds still).
                _ = next(window)
                if cache.lastDrawn != 0 { _ = next(window) }
                #expect(cache.lastDrawn == 0, "\(name) then still")
            }
        }
    }
}

/// Animations move presentation values without setters: cells in flight are drawn every frame,
/// an animated z position draws every cell, and the frames agree with a full walk throughout.
@Suite("Retained subview drawing under animation")
struct SubviewDrawingAnimationTests {
    @Test func aCellInFlightIsDrawnEachFrameAndTheOthersReplayed() throws {
        let window = Window(size: Size(width: 320, height: 480))
        let layout = FlowLayout()
        layout.itemSize = Size(width: 40, height: 40)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(Tile.self, forCellWithReuseIdentifier: "t")
        let source = Tiles()
        cv.dataSource = source
        window.rootView.addSubview(cv)
        var t = 0.0
        func frame() -> DisplayList {
            t += 1.0 / 60
            window.tick(at: t, dt: 1.0 / 60)
            return window.makeDisplayList()
        }
        for _ in 0..<3 { _ = frame() }
        let cache = try #require(cv.subviewDrawingCache)
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 4, section: 0)))
        // A flow layout is queried every frame and would put the cell back: animate its shadow.
        let animator = PropertyAnimator(duration: 0.2, curve: .linear, timeline: window.timeline) { cell.shadowOpacity = 0.5 }
        animator.startAnimation()
        var lists: [DisplayList] = []
        for _ in 0..<6 {
            let list = frame()
            #expect(list.items == window.makeWalkedDisplayList().items)
            #expect(cache.lastDrawn == 1 && cache.lastReplayed == cv.visibleCellCount - 1)
            lists.append(list)
        }
        #expect(lists[1].items != lists[4].items)          // the shadow grew
        for _ in 0..<12 { _ = frame() }                    // ends at 0.2 s
        #expect(animator.state == .inactive)
        let still = frame()
        #expect(still.items == window.makeWalkedDisplayList().items)
        withExtendedLifetime(source) {}
    }

    @Test func anAnimatedZPositionDrawsInTheNewOrder() throws {
        let window = Window(size: Size(width: 320, height: 480))
        let layout = FlowLayout()
        layout.itemSize = Size(width: 40, height: 40)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(Tile.self, forCellWithReuseIdentifier: "t")
        let source = Tiles()
        cv.dataSource = source
        window.rootView.addSubview(cv)
        var t = 0.0
        func frame() -> DisplayList {
            t += 1.0 / 60
            window.tick(at: t, dt: 1.0 / 60)
            return window.makeDisplayList()
        }
        for _ in 0..<3 { _ = frame() }
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        let animator = PropertyAnimator(duration: 0.1, curve: .linear, timeline: window.timeline) { cell.zPosition = 0.9 }
        animator.startAnimation()
        for _ in 0..<12 {
            #expect(frame().items == window.makeWalkedDisplayList().items)
        }
        withExtendedLifetime(source) {}
    }
}
