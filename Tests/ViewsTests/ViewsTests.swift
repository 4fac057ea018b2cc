import Testing
@testable import Views
import Layout
import Gestures
import Animation
import Drawing
import Dynamics
import Geometry

private func close(_ a: Point, _ b: Point, _ eps: Double = 1e-9) -> Bool { abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps }

@Suite("View geometry, hit-testing and convert")
struct ViewGeometryTests {
    /// root 400×400 ⊃ container (100,100,200,200) rotated 90° ⊃ child (0,0,50,50).
    private func rotatedScene() -> (Window, View, View) {
        let window = Window(size: Size(width: 400, height: 400))
        let container = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        container.transform = AffineTransform(rotationAngle: .pi / 2)
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        container.addSubview(child)
        window.rootView.addSubview(container)
        return (window, container, child)
    }

    @Test func frameFollowsCenterBoundsAndTransform() {
        let v = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == Point(x: 60, y: 45))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        v.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == Rect(x: -40, y: -5, width: 200, height: 100))
        v.transform = .identity
        v.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(v.center == Point(x: 5, y: 5))
        #expect(v.presentationFrame == v.frame)   // no animator: presentation = model
    }

    @Test func hitTestingGoesThroughRotation() {
        let (window, container, child) = rotatedScene()
        // Child-local (25, 25) → container-local (25, 25) → (−75, −75) from the centre → rotated
        // clockwise by 90°: (75, −75) → window (275, 125).
        #expect(window.hitTest(Point(x: 275, y: 125)) === child)
        // The unrotated top-left corner is container-local (25, 175): the container, not the child.
        #expect(window.hitTest(Point(x: 125, y: 125)) === container)
        #expect(window.hitTest(Point(x: 50, y: 50)) === window.rootView)
        #expect(window.hitTest(Point(x: 500, y: 50)) == nil)
        child.isHidden = true
        #expect(window.hitTest(Point(x: 275, y: 125)) === container)
        child.isHidden = false
        child.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 275, y: 125)) === container)
    }

    @Test func hitTestingGoesThroughScaleAndStopsOutsideTheParent() {
        let window = Window(size: Size(width: 400, height: 400))
        let v = View(frame: Rect(x: 100, y: 100, width: 40, height: 40))   // centre (120, 120)
        v.transform = AffineTransform(scaleX: 2, y: 2)                        // covers 80…160
        window.rootView.addSubview(v)
        #expect(window.hitTest(Point(x: 85, y: 155)) === v)
        #expect(window.hitTest(Point(x: 79, y: 120)) === window.rootView)
        // A subview sticking out of its parent is not hit outside the parent (UIKit's rule).
        let out = View(frame: Rect(x: 30, y: 0, width: 40, height: 10))
        v.transform = .identity
        v.addSubview(out)
        #expect(window.hitTest(Point(x: 135, y: 105)) === out)
        #expect(window.hitTest(Point(x: 150, y: 105)) === window.rootView)
    }

    @Test func laterAndHigherSiblingsAreHitFirst() {
        let window = Window(size: Size(width: 100, height: 100))
        let a = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let b = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.rootView.addSubview(a); window.rootView.addSubview(b)
        #expect(window.hitTest(Point(x: 10, y: 10)) === b)
        a.zPosition = 1
        #expect(window.hitTest(Point(x: 10, y: 10)) === a)
    }

    @Test func convertThroughTransformsAndBoundsOrigin() {
        let (window, container, child) = rotatedScene()
        #expect(close(child.convert(Point(x: 25, y: 25), to: nil), Point(x: 275, y: 125)))
        #expect(close(child.convert(Point(x: 275, y: 125), from: nil), Point(x: 25, y: 25)))
        #expect(close(child.convert(Point(x: 25, y: 25), to: container), Point(x: 25, y: 25)))
        #expect(close(window.rootView.convert(Point(x: 275, y: 125), to: child), Point(x: 25, y: 25)))
        let r = child.convert(Rect(x: 0, y: 0, width: 50, height: 10), to: nil)
        #expect(abs(r.minX - 290) < 1e-9 && abs(r.minY - 100) < 1e-9 && abs(r.width - 10) < 1e-9 && abs(r.height - 50) < 1e-9)
        // Scrolling: bounds.origin (0, 50) shows content point (0, 50) at the view's top-left.
        let scroller = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        scroller.bounds.origin = Point(x: 0, y: 50)
        window.rootView.addSubview(scroller)
        #expect(close(scroller.convert(Point(x: 0, y: 50), to: nil), Point(x: 10, y: 10)))
        #expect(close(scroller.convertFromWindow(Point(x: 10, y: 10)), Point(x: 0, y: 50)))
    }

    @Test func hierarchyEditing() {
        let a = View(), b = View(), c = View()
        a.addSubview(b); a.addSubview(c)
        #expect(a.subviews.map { ObjectIdentifier($0) } == [ObjectIdentifier(b), ObjectIdentifier(c)])
        a.bringSubviewToFront(b)
        #expect(a.subviews.last === b)
        c.addSubview(b)
        #expect(a.subviews.count == 1 && b.superview === c && b.isDescendant(of: a))
        b.tag = 7
        #expect(a.viewWithTag(7) === b)
        b.removeFromSuperview()
        #expect(b.superview == nil && c.subviews.isEmpty)
    }
}

@Suite("Drawing the hierarchy")
struct ViewDrawingTests {
    @Test func alphaMultipliesAndTransformsCompose() {
        let window = Window(size: Size(width: 200, height: 200))
        let parent = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        parent.alpha = 0.5
        parent.backgroundColor = .red
        parent.cornerRadius = 8
        parent.transform = AffineTransform(scaleX: 2, y: 2)
        let child = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        child.alpha = 0.5
        child.backgroundColor = .blue
        parent.addSubview(child)
        window.rootView.addSubview(parent)
        let items = window.makeDisplayList().items
        #expect(items.count == 2)
        #expect(items[0].command == .fill(rect: Rect(x: 50, y: 50, width: 100, height: 100), cornerRadius: 8,
                                          color: .red, alpha: 0.5, transform: AffineTransform(scaleX: 2, y: 2)))
        // Child centre (10, 10) in the parent → (−40, −40) from its centre, ×2 → window (20, 20).
        #expect(items[1].command == .fill(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0,
                                          color: .blue, alpha: 0.25, transform: AffineTransform(scaleX: 2, y: 2)))
    }

    @Test func labelsHiddenViewsClipsAndLayers() {
        let window = Window(size: Size(width: 200, height: 200))
        let box = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        box.clipsToBounds = true
        box.zPosition = 2
        let label = Label(text: "Ana", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        label.textAlignment = .center
        label.fontSize = 14
        box.addSubview(label)
        let hidden = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        hidden.backgroundColor = .white
        hidden.isHidden = true
        box.addSubview(hidden)
        window.rootView.addSubview(box)
        let items = window.makeDisplayList().items
        #expect(items.count == 1)
        #expect(items[0].command == .text("Ana", frame: Rect(x: 10, y: 10, width: 100, height: 20), size: 14,
                                          color: .white, alignment: .center, transform: .identity))
        #expect(items[0].clip == Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(items[0].z == 2)
    }
}

@Suite("Rasterized layers and shadows")
struct LayerDrawingTests {
    func cell(in window: Window) -> (View, Label) {
        let v = View(frame: Rect(x: 40, y: 30, width: 60, height: 40))
        v.backgroundColor = .gray
        v.cornerRadius = 6
        v.shouldRasterize = true
        let label = Label(text: "7", frame: Rect(x: 0, y: 0, width: 60, height: 40))
        v.addSubview(label)
        window.rootView.addSubview(v)
        return (v, label)
    }

    func layer(_ window: Window) -> (LayerContent, Rect, Double, AffineTransform)? {
        for item in window.makeDisplayList().items {
            if case let .layer(c, f, a, t) = item.command { return (c, f, a, t) }
        }
        return nil
    }

    @Test func aRasterizedViewIsOneLayerWithItsContentInLocalCoordinates() throws {
        let window = Window(size: Size(width: 200, height: 200))
        _ = cell(in: window)
        let items = window.makeDisplayList().items
        #expect(items.count == 1)
        let (content, frame, alpha, t) = try #require(layer(window))
        #expect(frame == Rect(x: 40, y: 30, width: 60, height: 40) && alpha == 1 && t.isIdentity)
        #expect(content.size == Size(width: 60, height: 40))
        #expect(content.list.items.map(\.command) == [
            .fill(rect: Rect(x: 0, y: 0, width: 60, height: 40), cornerRadius: 6, color: .gray, alpha: 1, transform: .identity),
            .text("7", frame: Rect(x: 0, y: 0, width: 60, height: 40), size: 17, color: .white, alignment: .left, transform: .identity),
        ])
        // Flattened, it is what the view would draw unrasterized.
        #expect(window.makeDisplayList().flattened.items.map(\.command) == [
            .fill(rect: Rect(x: 40, y: 30, width: 60, height: 40), cornerRadius: 6, color: .gray, alpha: 1, transform: .identity),
            .text("7", frame: Rect(x: 40, y: 30, width: 60, height: 40), size: 17, color: .white, alignment: .left, transform: .identity),
        ])
    }

    @Test func movingFadingAndRotatingKeepTheVersionAndContentChangesBumpIt() throws {
        let window = Window(size: Size(width: 200, height: 200))
        let (v, label) = cell(in: window)
        let first = try #require(layer(window)).0
        v.center = Point(x: 120, y: 90)
        v.alpha = 0.5
        v.transform = AffineTransform(rotationAngle: 0.4)
        let moved = try #require(layer(window))
        #expect(moved.0.version == first.version && moved.0.id == first.id)
        #expect(moved.2 == 0.5 && moved.3 == AffineTransform(rotationAngle: 0.4))
        label.text = "8"
        #expect(try #require(layer(window)).0.version == first.version + 1)
        v.backgroundColor = .red
        #expect(try #require(layer(window)).0.version == first.version + 2)
        v.bounds = Rect(x: 0, y: 0, width: 70, height: 40)
        let resized = try #require(layer(window)).0
        #expect(resized.version == first.version + 3 && resized.size == Size(width: 70, height: 40))
        // Another view's layer has another identity.
        let (other, _) = cell(in: window)
        _ = other
        let ids = window.makeDisplayList().items.compactMap { item -> Int? in
            if case let .layer(c, _, _, _) = item.command { return c.id }
            return nil
        }
        #expect(Set(ids).count == 2)
    }

    @Test func contentChangingEveryFrameIsDrawnDirectlyUntilItHoldsStill() throws {
        let window = Window(size: Size(width: 200, height: 200))
        let (v, _) = cell(in: window)
        #expect(try #require(layer(window)).0.isVolatile == false)
        v.bounds = Rect(x: 0, y: 0, width: 61, height: 40)
        #expect(try #require(layer(window)).0.isVolatile == false) // one change: keep the pixels
        v.bounds = Rect(x: 0, y: 0, width: 62, height: 40)
        #expect(try #require(layer(window)).0.isVolatile == true)  // two in a row: a resize in flight
        v.bounds = Rect(x: 0, y: 0, width: 63, height: 40)
        #expect(try #require(layer(window)).0.isVolatile == true)
        let still = try #require(layer(window)).0
        #expect(still.isVolatile == false && still.size == Size(width: 63, height: 40))
    }

    /// `isOpaque` (CALayer's) puts the opaque part in the layer: the bounds inside the rounded
    /// corners, inset by r(1 − 1/√2) where each arc crosses the diagonal; none without the promise.
    @Test func anOpaqueViewsLayerCarriesItsOpaqueInterior() throws {
        let window = Window(size: Size(width: 200, height: 200))
        let (v, _) = cell(in: window)
        #expect(try #require(layer(window)).0.opaqueRect == nil)
        v.isOpaque = true
        v.setNeedsDisplay()
        let r = try #require(layer(window)?.0.opaqueRect)
        let inset = 6 * (1 - 0.5.squareRoot())
        #expect(abs(r.minX - inset) < 1e-12 && abs(r.minY - inset) < 1e-12)
        #expect(abs(r.width - (60 - 2 * inset)) < 1e-12 && abs(r.height - (40 - 2 * inset)) < 1e-12)
    }

    @Test func cellsRasterizeByDefault() {
        #expect(CollectionViewCell(frame: .zero).shouldRasterize)
        #expect(!View().shouldRasterize)
    }

    @Test func aShadowGoesUnderItsView() {
        let window = Window(size: Size(width: 200, height: 200))
        let v = View(frame: Rect(x: 40, y: 30, width: 60, height: 40))
        v.backgroundColor = .white
        v.cornerRadius = 8
        v.shadowOpacity = 0.5
        v.shadowRadius = 10
        v.shadowOffset = Vector(dx: 0, dy: 6)
        v.alpha = 0.8
        window.rootView.addSubview(v)
        let items = window.makeDisplayList().items
        #expect(items.count == 2)
        #expect(items[0].command == .shadow(rect: Rect(x: 40, y: 36, width: 60, height: 40), cornerRadius: 8, blur: 10,
                                            color: Color.black.withAlpha(0.4), transform: .identity))
        if case .fill = items[1].command {} else { Issue.record("the view's fill should follow its shadow") }
    }
}

// MARK: - Collection view fixtures

final class CountingCell: CollectionViewCell {
    var configured = false
    let label = Label()
    required init(frame: Rect) {
        super.init(frame: frame)
        contentView.addSubview(label)
    }
}

final class Source: CollectionViewDataSource, CollectionViewDelegate {
    var counts: [Int]
    var created = 0
    var configurations = 0
    var selectedEvents: [IndexPath] = []
    var deselectedEvents: [IndexPath] = []
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath) as! CountingCell
        if !cell.configured { created += 1; cell.configured = true }
        configurations += 1
        cell.label.text = "\(indexPath.item)"
        cell.backgroundColor = .gray
        return cell
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { selectedEvents.append(indexPath) }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) { deselectedEvents.append(indexPath) }
}

/// A 320×480 window filled by a collection view of 40×40 items, 10-pt spacing: 6 per row, row pitch 50.
private func makeGrid(_ counts: [Int], layout: FlowLayout = FlowLayout(), _ body: (Window, CollectionView, Source) -> Void) {
    let window = Window(size: Size(width: 320, height: 480))
    layout.itemSize = Size(width: 40, height: 40)
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    cv.register(CountingCell.self, forCellWithReuseIdentifier: "c")
    let source = Source(counts)
    cv.dataSource = source
    cv.delegate = source
    window.rootView.addSubview(cv)
    window.tick(at: 0)
    withExtendedLifetime(source) { body(window, cv, source) }
}

/// Ticks `window` at 60 Hz from `start` for `frames` frames; returns the time reached.
@discardableResult
private func run(_ window: Window, from start: Double, frames: Int, each: () -> Void = {}) -> Double {
    var t = start
    for _ in 0..<frames { t += 1.0 / 60; window.tick(at: t); each() }
    return t
}

@Suite("CollectionView cells")
struct CollectionViewCellTests {
    @Test func onlyVisibleCellsExist() {
        makeGrid([1000]) { _, cv, source in
            // Rows 0…9 meet 0…480 (row 9 spans 450…490): 60 cells.
            #expect(cv.visibleCells.count == 60)
            #expect(source.created == 60)
            #expect(cv.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
            #expect(cv.indexPathsForVisibleItems.last == IndexPath(item: 59, section: 0))
            let cell = cv.cellForItem(at: IndexPath(item: 7, section: 0))
            #expect(cell?.frame == Rect(x: 56, y: 50, width: 40, height: 40))
            #expect(cv.cellForItem(at: IndexPath(item: 60, section: 0)) == nil)
            #expect(cv.contentSize == Size(width: 320, height: 167 * 50 - 10))
        }
    }

    @Test func indexPathForItemAtAPoint() {
        makeGrid([1000]) { _, cv, _ in
            #expect(cv.indexPathForItem(at: Point(x: 60, y: 55)) == IndexPath(item: 7, section: 0))
            #expect(cv.indexPathForItem(at: Point(x: 45, y: 55)) == nil)        // the gap between columns
            #expect(cv.indexPathForItem(at: Point(x: 1, y: 2001)) == IndexPath(item: 240, section: 0)) // not visible: asks the layout
        }
    }

    @Test func liveCellsStayAtVisibleCountPlusOneRowWhileScrolling100kItems() {
        makeGrid([100_000]) { window, cv, source in
            cv.fling(velocity: Vector(dx: 0, dy: -6000))
            var maxLive = 0
            run(window, from: 0, frames: 240) { maxLive = max(maxLive, cv.visibleCells.count) }
            #expect(cv.contentOffset.y > 2000)
            #expect(maxLive <= 60 + 6)
            // Created cells are bounded by one screenful plus a row or two (the rest is reuse).
            #expect(source.created <= 60 + 6)
            #expect(source.configurations > 300)
        }
    }

    /// Scrolling back up brings items in at the top; by default their cells go on top of the
    /// others, with ``CollectionView/keepsCellsInIndexPathOrder`` they go below their successors.
    @Test(arguments: [false, true])
    func cellsEnteringAtTheTopJoinInIndexPathOrderWhenAsked(_ ordered: Bool) {
        makeGrid([1000]) { window, cv, _ in
            cv.keepsCellsInIndexPathOrder = ordered
            func order() -> [Int] { cv.subviews.compactMap { ($0 as? CollectionViewCell)?.indexPath?.item } }
            var t = 0.0
            for dy in [600.0, -300] {
                cv.contentOffset.y += dy
                t = run(window, from: t, frames: 1)
            }
            let items = order()
            #expect(items.count == cv.visibleCells.count && items.count == 60)
            #expect((items == items.sorted()) == ordered, "\(items)")
        }
    }

    @Test func clickingSelectsThroughTheWindow() {
        makeGrid([100]) { window, cv, source in
            cv.allowsMultipleSelection = true
            window.send(PointerEvent.down(Point(x: 60, y: 55), at: 0.1))
            window.send(PointerEvent.up(Point(x: 60, y: 55), at: 0.15))
            window.tick(at: 0.2)
            #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 7, section: 0)])
            #expect(source.selectedEvents == [IndexPath(item: 7, section: 0)])
            #expect(cv.cellForItem(at: IndexPath(item: 7, section: 0))?.isSelected == true)
            window.send(PointerEvent.down(Point(x: 60, y: 55), at: 1.0))
            window.send(PointerEvent.up(Point(x: 60, y: 55), at: 1.05))
            window.tick(at: 1.1)
            #expect(cv.indexPathsForSelectedItems.isEmpty)
            #expect(source.deselectedEvents == [IndexPath(item: 7, section: 0)])
        }
    }

    @Test func batchExchangeAnimatesOverTwoTenthsOfASecond() {
        makeGrid([100]) { window, cv, _ in
            let a = IndexPath(item: 0, section: 0), b = IndexPath(item: 7, section: 0)
            let cellA = cv.cellForItem(at: a)!, cellB = cv.cellForItem(at: b)!
            var finished: Bool?
            cv.performBatchUpdates({ cv.exchangeItem(at: a, withItemAt: b) }, completion: { finished = $0 })
            window.tick(at: 0)
            // The cells follow their items: the one that showed item 0 now shows item 7, still at the old place.
            #expect(cv.cellForItem(at: b) === cellA && cv.cellForItem(at: a) === cellB)
            #expect(cellA.center == Point(x: 20, y: 20))
            window.tick(at: 0.1)   // half-way: smoothstep(0.5) = 0.5
            #expect(close(cellA.center, Point(x: (20 + 76) / 2, y: (20 + 70) / 2)))
            #expect(finished == nil)
            window.tick(at: 0.2)
            #expect(cellA.center == Point(x: 76, y: 70))
            #expect(cellB.center == Point(x: 20, y: 20))
            #expect(finished == true)
        }
    }

    @Test func moveShiftsTheItemsBetween() {
        makeGrid([100]) { window, cv, _ in
            let cells = (0..<4).map { cv.cellForItem(at: IndexPath(item: $0, section: 0))! }
            cv.performBatchUpdates { cv.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0)) }
            #expect(cv.cellForItem(at: IndexPath(item: 3, section: 0)) === cells[0])
            #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === cells[1])
            #expect(cv.cellForItem(at: IndexPath(item: 2, section: 0)) === cells[3])
            window.tick(at: 1)
            #expect(cells[0].center == Point(x: 188, y: 20))
        }
    }

    @Test func aBatchRunsOnTheWindowTimelineAndOutsideAWindowAppliesAtOnce() {
        makeGrid([100]) { window, cv, _ in
            cv.performBatchUpdates { cv.exchangeItem(at: IndexPath(item: 0, section: 0), withItemAt: IndexPath(item: 7, section: 0)) }
            #expect(window.timeline.runningAnimatorCount == 1)
            // A newer batch interrupts the first: its animator leaves the timeline.
            var first: Bool?
            cv.performBatchUpdates({ cv.exchangeItem(at: IndexPath(item: 1, section: 0), withItemAt: IndexPath(item: 2, section: 0)) },
                                   completion: { first = $0 })
            cv.performBatchUpdates { cv.exchangeItem(at: IndexPath(item: 1, section: 0), withItemAt: IndexPath(item: 2, section: 0)) }
            #expect(first == false && window.timeline.runningAnimatorCount == 1)
            cv.removeFromSuperview()
            var finished: Bool?
            cv.performBatchUpdates({ cv.exchangeItem(at: IndexPath(item: 3, section: 0), withItemAt: IndexPath(item: 4, section: 0)) },
                                   completion: { finished = $0 })
            #expect(finished == true && !cv.isAnimatingBatchUpdates && window.timeline.runningAnimatorCount == 0)
        }
    }
}

@Suite("CollectionView scrolling")
struct CollectionViewScrollingTests {
    @Test func flingTravelsTheDecelerationDistance() {
        makeGrid([100_000]) { window, cv, _ in
            let v = 2000.0, rate = 0.998
            cv.fling(velocity: Vector(dx: 0, dy: -v))       // pointer moving up: content offset grows
            var t = 0.0
            while cv.isDecelerating && t < 20 { t = run(window, from: t, frames: 1) }
            let perMillisecondModel = v / 1000 * rate / (1 - rate)   // 998 pt
            #expect(abs(cv.contentOffset.y - perMillisecondModel) / perMillisecondModel < 0.01)
            #expect(abs(CollectionView.decelerationDistance(velocity: v) - perMillisecondModel) / perMillisecondModel < 0.01)
            #expect(cv.contentOffset.x == 0)
        }
    }

    @Test func rubberBandPullsBackToTheEdge() {
        makeGrid([1000]) { window, cv, _ in
            cv.beginDragging()
            cv.dragContent(translation: Vector(dx: 0, dy: 100))
            // UIScrollView's band: (1 − 1/(100·0.55/480 + 1))·480 ≈ 49.35 pt past the top.
            let expected = -(1 - 1 / (100 * 0.55 / 480 + 1)) * 480
            #expect(abs(cv.contentOffset.y - expected) < 1e-9)
            cv.endDragging(velocity: .zero)
            #expect(cv.isDecelerating)
            var t = 0.0, previous = cv.contentOffset.y
            var monotonic = true
            while cv.isDecelerating && t < 5 {
                t = run(window, from: t, frames: 1)
                if cv.contentOffset.y < previous - 1e-12 { monotonic = false }
                previous = cv.contentOffset.y
            }
            #expect(monotonic)             // critically damped: no overshoot
            #expect(cv.contentOffset.y == 0)
            #expect(t < 1.5)
        }
    }

    /// Issue 16 (found by the fuzzer): a release faster than a hand can flick (a pointer jumping
    /// 900 pt in 4 ms) moves the content at ``ScrollView/maximumFlingSpeed``, in its direction,
    /// so the momentum ends within 4.3 s instead of throwing a long list for many seconds.
    @Test func aFlingIsNeverFasterThanTheMaximumSpeed() {
        makeGrid([1_000_000]) { window, cv, _ in
            #expect(cv.maximumFlingSpeed == 10_000)
            cv.fling(velocity: Vector(dx: 0, dy: -230_000))
            #expect(abs(cv.scrollVelocity.dy - 10_000) < 1e-9 && cv.scrollVelocity.dx == 0)
            var t = 0.0
            while cv.isDecelerating && t < 10 { t = run(window, from: t, frames: 1) }
            #expect(t < 4.5)                                  // ln(10 000 / 2) / 2 s: 4.26 s
            cv.fling(velocity: Vector(dx: 0, dy: .nan))
            #expect(!cv.isDecelerating)
        }
    }

    /// Issue 16: a pointer (or wheel) location farther than ``Window/maximumPointerDistance``
    /// outside the window reaches the views at that distance (a script's 10⁹ pt made a dragged
    /// flock orbit its home for hours).
    @Test func pointerLocationsFarOutsideTheWindowAreClamped() {
        makeGrid([1000]) { window, cv, _ in
            #expect(window.clampedLocation(Point(x: 1e9, y: -1e9)) == Point(x: 320 + 8192, y: -8192))
            #expect(window.clampedLocation(Point(x: -100, y: 600)) == Point(x: -100, y: 600))
            window.send(PointerEvent.down(Point(x: 100, y: 400), at: 0))
            window.send(PointerEvent.moved(Point(x: 1e9, y: 1e12), at: 0.1))
            #expect(cv.pointerLocationInWindow == Point(x: 320 + 8192, y: 480 + 8192))
            window.send(PointerEvent.up(Point(x: 1e9, y: 1e12), at: 0.2))
        }
    }

    @Test func flingIntoTheEndBouncesBackToTheMaximumOffset() {
        makeGrid([60]) { window, cv, _ in            // 10 rows: content 490 tall, max offset 10
            cv.fling(velocity: Vector(dx: 0, dy: -3000))
            var t = 0.0, peak = 0.0
            while cv.isDecelerating && t < 10 { t = run(window, from: t, frames: 1); peak = max(peak, cv.contentOffset.y) }
            #expect(peak > 10)
            #expect(cv.contentOffset.y == 10)
        }
    }

    @Test func dragThroughTheWindowFollowsThePointerThenCoasts() {
        makeGrid([100_000]) { window, cv, _ in
            var t = 0.0
            window.send(PointerEvent.down(Point(x: 100, y: 400), at: t))
            for i in 1...20 {                               // 500 pt/s upwards, 20 ms apart
                t = Double(i) * 0.02
                window.send(PointerEvent.moved(Point(x: 100, y: 400 - 10 * Double(i)), at: t))
                window.tick(at: t)
            }
            #expect(cv.isDragging)
            #expect(abs(cv.contentOffset.y - 200) < 1e-9)
            #expect(cv.pointerLocation.map { close($0, Point(x: 100, y: 400)) } == true) // 200 in window + 200 offset
            window.send(PointerEvent.up(Point(x: 100, y: 200), at: t))
            #expect(!cv.isDragging && cv.isDecelerating)
            #expect(abs(cv.scrollVelocity.dy - 500) < 10)
            while cv.isDecelerating && t < 10 { t = run(window, from: t, frames: 1) }
            let coast = CollectionView.decelerationDistance(velocity: 500)
            #expect(abs(cv.contentOffset.y - (200 + coast)) < 0.02 * coast)
        }
    }

    @Test func animatedContentOffsetGlidesAndClamps() {
        makeGrid([1000]) { window, cv, _ in
            cv.setContentOffset(Point(x: 0, y: 300), animated: true)
            window.tick(at: 1.0 / 60)
            #expect(cv.contentOffset.y > 0 && cv.contentOffset.y < 300)
            run(window, from: 1.0 / 60, frames: 60)
            #expect(cv.contentOffset == Point(x: 0, y: 300))
            cv.setContentOffset(Point(x: 0, y: 1e9), animated: true)
            run(window, from: 2, frames: 120)
            #expect(cv.contentOffset.y == cv.contentSize.height - 480)
            cv.setContentOffset(Point(x: 0, y: 10), animated: false)
            #expect(cv.contentOffset.y == 10 && !cv.isDecelerating)
        }
    }

    @Test func wheelScrollsSmoothly() {
        makeGrid([1000]) { window, cv, _ in
            window.send(ScrollEvent(location: Point(x: 100, y: 100), delta: Vector(dx: 0, dy: -2), timestamp: 0))
            window.tick(at: 1.0 / 60)
            #expect(cv.contentOffset.y > 0 && cv.contentOffset.y < 80)
            run(window, from: 1.0 / 60, frames: 60)
            #expect(cv.contentOffset.y == 80)
            #expect(cv.pointerLocation == Point(x: 100, y: 180))
            window.send(ScrollEvent(location: Point(x: 100, y: 100), delta: Vector(dx: 0, dy: 10), timestamp: 2))
            run(window, from: 2, frames: 60)
            #expect(cv.contentOffset.y == 0)                // the wheel target stays inside the content
        }
    }
}

@Suite("CollectionView and its layout")
struct CollectionViewLayoutTests {
    /// Records what a springy layout sees: the old bounds during `shouldInvalidateLayout`, the pointer, and queries.
    final class Recording: FlowLayout {
        var changes: [(old: Rect, new: Rect, pointer: Point?)] = []
        var queries = 0
        override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
            changes.append((collectionView!.bounds, newBounds, collectionView!.pointerLocation))
            return false
        }
        override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            queries += 1
            return super.layoutAttributesForElements(in: rect)
        }
    }

    @Test func layoutSeesEveryBoundsChangeBeforeItHappensAndIsQueriedEveryFrame() {
        let layout = Recording()
        makeGrid([1000], layout: layout) { window, cv, _ in
            window.send(ScrollEvent(location: Point(x: 10, y: 300), delta: Vector(dx: 0, dy: -1), timestamp: 0))
            let before = layout.queries
            run(window, from: 0, frames: 30)
            #expect(layout.queries - before == 30)
            #expect(!layout.changes.isEmpty)
            var previous = 0.0
            for c in layout.changes {
                #expect(c.old.origin.y == previous)           // bounds still old inside the call
                #expect(c.pointer.map { close($0, Point(x: 10, y: 300 + previous)) } == true)
                previous = c.new.origin.y
            }
            #expect(previous == 40 && cv.contentOffset.y == 40)
        }
    }

    @Test func theCollectionViewStepsItsLayoutsAnimator() {
        makeGrid([10]) { window, cv, _ in
            let animator = DynamicAnimator(collectionViewLayout: cv.collectionViewLayout)
            // Something to move: an animator with nothing in motion is not running and, as in
            // UIKit, accrues no elapsed time.
            let item = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
            item.size = Size(width: 10, height: 10)
            item.center = Point(x: 100, y: 100)
            animator.addBehavior(AttachmentBehavior(item: item, attachedToAnchor: Point(x: 0, y: 0)))
            run(window, from: 0, frames: 6)
            #expect(abs(animator.elapsedTime - 0.1) < 1e-9)
        }
    }
}

@Suite("Window events")
struct WindowEventTests {
    final class VerticalOnly: GestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool {
            let v = (r as! PanGestureRecognizer).velocity(in: nil)
            return abs(v.dy) > abs(v.dx)
        }
    }

    /// A horizontal carousel whose first cell has a vertical-only pan.
    private func carousel(_ body: (Window, CollectionView, PanGestureRecognizer) -> Void) {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = Size(width: 100, height: 100)
        let window = Window(size: Size(width: 320, height: 480))
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.register(CountingCell.self, forCellWithReuseIdentifier: "c")
        let source = Source([40])
        cv.dataSource = source
        window.rootView.addSubview(cv)
        window.tick(at: 0)
        let pan = PanGestureRecognizer()
        let delegate = VerticalOnly()
        pan.delegate = delegate
        cv.cellForItem(at: IndexPath(item: 0, section: 0))!.addGestureRecognizer(pan)
        withExtendedLifetime((source, delegate)) { body(window, cv, pan) }
    }

    @Test func aVerticalDragGoesToTheCellsPan() {
        carousel { window, cv, pan in
            window.send(PointerEvent.down(Point(x: 50, y: 50), at: 0))
            window.send(PointerEvent.moved(Point(x: 50, y: 70), at: 0.02))
            window.send(PointerEvent.moved(Point(x: 51, y: 90), at: 0.04))
            #expect(pan.state == .changed)
            #expect(cv.panGestureRecognizer.state == .failed)
            #expect(cv.contentOffset == .zero)
            window.send(PointerEvent.up(Point(x: 51, y: 90), at: 0.05))
        }
    }

    @Test func aHorizontalDragScrollsTheCarousel() {
        carousel { window, cv, pan in
            window.send(PointerEvent.down(Point(x: 50, y: 50), at: 0))
            window.send(PointerEvent.moved(Point(x: 30, y: 50), at: 0.02))
            window.send(PointerEvent.moved(Point(x: 10, y: 51), at: 0.04))
            #expect(pan.state != .began && pan.state != .changed)
            #expect(cv.isDragging)
            #expect(cv.contentOffset == Point(x: 40, y: 0))
        }
    }

    @Test func longPressBeginsOnATickWithoutMotion() {
        let f = PressFixture()
        let window = f.window, v = f.view, press = f.press
        window.send(PointerEvent.down(Point(x: 10, y: 10), at: 1.0))
        window.tick(at: 1.4)
        #expect(f.states.isEmpty)
        window.tick(at: 1.5)
        #expect(f.states == [.began])
        #expect(press.location(in: v) == Point(x: 10, y: 10))
    }

    @Test func keysGoToTheResponderChainThenTheHandler() {
        final class KeyView: View {
            var keys: [String] = []
            override func keyEvent(_ event: KeyEvent) -> Bool { keys.append(event.key); return event.key == "space" }
        }
        let window = Window(size: Size(width: 100, height: 100))
        let parent = KeyView(), child = View()
        parent.addSubview(child)
        window.rootView.addSubview(parent)
        window.firstResponder = child
        var unhandled: [String] = []
        window.keyHandler = { unhandled.append($0.key); return true }
        #expect(window.send(KeyEvent(.down, key: "space", timestamp: 0)))
        #expect(window.send(KeyEvent(.down, key: "escape", timestamp: 0)))
        #expect(parent.keys == ["space", "escape"])
        #expect(unhandled == ["escape"])
    }

    @Test func escapeCancelsAGestureInProgressThenAsksTheEscapeHandler() {
        let f = PressFixture()
        let window = f.window, press = f.press
        var calls: [Bool] = []
        window.escapeHandler = { cancelled, _ in calls.append(cancelled); return false }
        var unhandled: [String] = []
        window.keyHandler = { unhandled.append($0.key); return false }
        // A press no gesture has claimed yet: nothing to cancel, the key goes on.
        window.send(.down(Point(x: 10, y: 10), at: 1.0))
        #expect(!window.send(.keyDown("escape", at: 1.1)))
        #expect(calls == [false] && unhandled == ["escape"] && window.arena.isTracking)
        // The long press has begun: Escape cancels the sequence (its handlers see `cancelled`).
        window.tick(at: 1.5)
        #expect(window.send(.keyDown("escape", at: 1.6)))
        #expect(f.states == [.began, .cancelled] && calls == [false, true] && unhandled == ["escape"])
        #expect(!window.arena.isTracking && press.state == .possible)
        window.send(.up(Point(x: 10, y: 10), at: 1.7))     // the rest of the sequence changes nothing
        #expect(f.states == [.began, .cancelled])
        // Escape with a modifier is an ordinary key; the handler alone can use a bare Escape.
        #expect(!window.send(.keyDown("escape", modifiers: [.shift], at: 2)))
        window.escapeHandler = { _, _ in true }
        #expect(window.send(.keyDown("escape", at: 2.1)))
        #expect(unhandled == ["escape", "escape"])
    }

    @Test func aSecondButtonDoesNotEndTheSequence() {
        let window = Window(size: Size(width: 100, height: 100))
        let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.rootView.addSubview(v)
        var states: [GestureRecognizerState] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        v.addGestureRecognizer(pan)
        window.send(.down(Point(x: 10, y: 10), at: 0))
        window.send(.moved(Point(x: 30, y: 10), at: 0.1))
        window.send(.pointer(.down(Point(x: 30, y: 10), at: 0.2, button: .right)))
        window.send(.pointer(.up(Point(x: 30, y: 10), at: 0.3, button: .right)))
        #expect(states == [.began] && window.arena.isTracking)
        window.send(.up(Point(x: 30, y: 10), at: 0.4))
        #expect(states == [.began, .ended])
    }

    /// Records the raw pointer sequence a view receives.
    final class TouchView: View {
        var phases: [PointerEvent.Phase] = []
        override func pointerBegan(_ event: PointerEvent) { phases.append(event.phase) }
        override func pointerMoved(_ event: PointerEvent) { phases.append(event.phase) }
        override func pointerEnded(_ event: PointerEvent) { phases.append(event.phase) }
        override func pointerCancelled(_ event: PointerEvent) { phases.append(event.phase) }
    }

    @Test func aRecognizerThatBeginsCancelsTheViewsPointerSequence() {
        for cancels in [true, false] {
            let window = Window(size: Size(width: 100, height: 100))
            let parent = View(frame: Rect(x: 0, y: 0, width: 80, height: 80))
            let v = TouchView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            parent.addSubview(v)
            window.rootView.addSubview(parent)
            let pan = PanGestureRecognizer()
            pan.cancelsTouchesInView = cancels
            parent.addGestureRecognizer(pan)                  // on an ancestor of the hit view
            window.send(.down(Point(x: 10, y: 10), at: 0))
            window.send(.moved(Point(x: 12, y: 10), at: 0.05)) // under the pan's threshold
            #expect(v.phases == [.down, .moved])
            window.send(.moved(Point(x: 40, y: 10), at: 0.1))  // the pan begins
            #expect(pan.state == .began)
            window.send(.moved(Point(x: 45, y: 10), at: 0.15))
            window.send(.up(Point(x: 45, y: 10), at: 0.2))
            #expect(pan.state == .possible)
            if cancels {
                #expect(v.phases == [.down, .moved, .cancelled])
            } else {
                #expect(v.phases == [.down, .moved, .moved, .moved, .up])
            }
        }
    }

    @Test func aRecognizedTapCancelsTheViewsSequenceAndEscapeOrFocusLossCancelsIt() {
        let window = Window(size: Size(width: 100, height: 100))
        let v = TouchView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.rootView.addSubview(v)
        let tap = TapGestureRecognizer()
        v.addGestureRecognizer(tap)
        window.send(.down(Point(x: 10, y: 10), at: 0))
        window.send(.up(Point(x: 10, y: 10), at: 0.1))      // the tap is recognized on the up
        #expect(v.phases == [.down, .cancelled])
        // No recognizer claims a press that moves too far for a tap: the view sees it all.
        v.phases = []
        window.send(.down(Point(x: 10, y: 10), at: 1))
        window.send(.moved(Point(x: 40, y: 10), at: 1.1))
        window.send(.up(Point(x: 40, y: 10), at: 1.2))
        #expect(v.phases == [.down, .moved, .up])
        // Focus loss cancels the sequence for the view too.
        v.phases = []
        window.send(.down(Point(x: 10, y: 10), at: 2))
        window.send(.focusLost(timestamp: 2.1))
        window.send(.up(Point(x: 10, y: 10), at: 2.2))
        #expect(v.phases == [.down, .cancelled])
    }

    @Test func sectionHeadersAreShownFromTheLayout() {
        final class Headers: CollectionViewDataSource {
            func numberOfSections(in collectionView: CollectionView) -> Int { 3 }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            }
            func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                                at indexPath: IndexPath) -> View? {
                Label(text: "Section \(indexPath.section)")
            }
        }
        let layout = FlowLayout()
        layout.itemSize = Size(width: 40, height: 40)
        layout.headerReferenceSize = Size(width: 0, height: 30)
        let window = Window(size: Size(width: 320, height: 100))
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 100), collectionViewLayout: layout)
        let source = Headers()
        cv.dataSource = source
        window.rootView.addSubview(cv)
        window.tick(at: 0)
        // Section 0: header 0…30, one row 30…70; section 1's header at 70…100.
        let h0 = cv.supplementaryView(forElementKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(h0?.frame == Rect(x: 0, y: 0, width: 320, height: 30))
        #expect((h0 as? Label)?.text == "Section 0")
        #expect(cv.supplementaryView(forElementKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)) != nil)
        #expect(cv.supplementaryView(forElementKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 2)) == nil)
        withExtendedLifetime(source) {}
    }
}

/// A window with a 50×50 view carrying a 0.5 s long press whose state changes are recorded.
final class PressFixture {
    let window = Window(size: Size(width: 100, height: 100))
    let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let press = LongPressGestureRecognizer(minimumPressDuration: 0.5)
    var states: [GestureRecognizerState] = []

    init() {
        window.rootView.addSubview(view)
        press.addTarget { [unowned self] in self.states.append($0.state) }
        view.addGestureRecognizer(press)
    }
}
