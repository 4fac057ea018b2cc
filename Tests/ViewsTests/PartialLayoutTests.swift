import Testing
import Geometry
import Layout
@testable import Views

/// A flow layout whose items can be pushed off their place, reporting each push as an item
/// invalidation, as `DraggableLayout` does for the items its animator moves. (Also used by
/// `SubviewDrawingTests`.)
final class PushLayout: FlowLayout {
    var offsets: [IndexPath: Vector] = [:]
    var elementQueries = 0
    var itemQueries = 0
    var honest = true

    override var reportsEveryChange: Bool { honest }

    func push(_ ip: IndexPath, by offset: Vector) {
        offsets[ip] = offset
        invalidateItems(at: [ip])
    }

    private func pushed(_ a: LayoutAttributes) -> LayoutAttributes {
        if let v = offsets[a.indexPath] { a.center = a.center + v }
        return a
    }

    override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        elementQueries += 1
        return super.layoutAttributesForElements(in: rect.insetBy(dx: -3000, dy: -3000))
            .map(pushed).filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItems(at indexPaths: Set<IndexPath>, in rect: Rect) -> [LayoutAttributes] {
        itemQueries += 1
        return indexPaths.sorted().compactMap { ip in
            super.layoutAttributesForItem(at: ip).map(pushed).flatMap { $0.frame.intersects(rect) ? $0 : nil }
        }
    }
}

private final class Cells: CollectionViewDataSource {
    func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
    }
}

/// A layout that reports every change lets the collection view update only the invalidated items'
/// cells, with the outcome a full pass would have.
@Suite("Partial layout passes")
struct PartialLayoutTests {
    /// 320×480, 40×40 items, 10-pt spacing: 6 per row, rows 0…9 visible (60 cells).
    private func grid(_ body: (Window, CollectionView, PushLayout) -> Void) {
        let window = Window(size: Size(width: 320, height: 480))
        let layout = PushLayout()
        layout.itemSize = Size(width: 40, height: 40)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(CollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Cells()
        cv.dataSource = source
        window.rootView.addSubview(cv)
        window.tick(at: 0, dt: 1.0 / 60)
        withExtendedLifetime(source) { body(window, cv, layout) }
    }

    private func frames(_ cv: CollectionView) -> [IndexPath: Rect] {
        var out: [IndexPath: Rect] = [:]
        for ip in cv.indexPathsForVisibleItems { out[ip] = cv.cellForItem(at: ip)?.frame }
        return out
    }

    @Test func onlyTheInvalidatedItemIsAskedForAndMoved() {
        grid { window, cv, layout in
            #expect(layout.elementQueries == 1 && cv.visibleCellCount == 60)
            let seven = IndexPath(item: 7, section: 0)
            let before = frames(cv)
            let other = cv.cellForItem(at: IndexPath(item: 8, section: 0))
            layout.push(seven, by: Vector(dx: 0, dy: 100))
            window.tick(at: 1.0 / 60, dt: 1.0 / 60)
            #expect(layout.elementQueries == 1 && layout.itemQueries == 1)
            #expect(cv.cellForItem(at: seven)?.frame == before[seven]!.offset(by: Vector(dx: 0, dy: 100)))
            #expect(cv.displayedAttributesForItem(at: seven)?.center == before[seven]!.center + Vector(dx: 0, dy: 100))
            #expect(cv.cellForItem(at: IndexPath(item: 8, section: 0)) === other)
            // Nothing invalidated: no query at all.
            window.tick(at: 2.0 / 60, dt: 1.0 / 60)
            #expect(layout.elementQueries == 1 && layout.itemQueries == 1)
        }
    }

    @Test func itemsLeaveAndEnterTheBoundsAsInAFullPass() {
        grid { window, cv, layout in
            let seven = IndexPath(item: 7, section: 0), far = IndexPath(item: 200, section: 0)
            layout.push(seven, by: Vector(dx: 0, dy: 5000))          // out of the bounds
            layout.push(far, by: Vector(dx: 0, dy: -(33 * 50)))      // row 33 → row 0, onto item 2
            window.tick(at: 1.0 / 60, dt: 1.0 / 60)
            #expect(layout.elementQueries == 1)
            #expect(cv.cellForItem(at: seven) == nil && cv.displayedAttributesForItem(at: seven) == nil)
            #expect(cv.cellForItem(at: far) != nil)
            #expect(cv.visibleCellCount == 60)
            #expect(cv.reusableCellCount == 0)    // the cell that left was reused for the one that came
            let partial = frames(cv)
            // A full pass agrees.
            layout.invalidateLayout()
            window.tick(at: 2.0 / 60, dt: 1.0 / 60)
            #expect(layout.elementQueries == 2)
            #expect(frames(cv) == partial)
            // Back home.
            layout.push(seven, by: .zero)
            window.tick(at: 3.0 / 60, dt: 1.0 / 60)
            #expect(cv.visibleCellCount == 61 && cv.cellForItem(at: seven) != nil)
        }
    }

    @Test func scrollingOrAWholeInvalidationQueriesEverything() {
        grid { window, cv, layout in
            cv.contentOffset = Point(x: 0, y: 120)
            layout.push(IndexPath(item: 7, section: 0), by: Vector(dx: 3, dy: 0))
            window.tick(at: 1.0 / 60, dt: 1.0 / 60)
            #expect(layout.elementQueries == 2 && layout.itemQueries == 0)
            layout.invalidateLayout()
            window.tick(at: 2.0 / 60, dt: 1.0 / 60)
            #expect(layout.elementQueries == 3)
        }
    }

    /// A layout that does not promise to report every change is queried at every pass, as before.
    @Test func otherLayoutsAreQueriedEveryPass() {
        grid { window, cv, layout in
            layout.honest = false
            for f in 1...3 { window.tick(at: Double(f) / 60, dt: 1.0 / 60) }
            #expect(layout.elementQueries == 4 && layout.itemQueries == 0)
            #expect(cv.visibleCellCount == 60)
        }
    }
}
