import Testing
@testable import Layout
import Dynamics
import Geometry

/// A stand-in collection view: a size, a scroll offset and item counts per section.
final class FakeCollectionView: CollectionViewLayoutContext {
    var bounds: Rect
    var counts: [Int]
    var pointerLocation: Point?
    init(size: Size, counts: [Int], offset: Point = .zero) {
        bounds = Rect(origin: offset, size: size)
        self.counts = counts
    }
    var contentOffset: Point { bounds.origin }
    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
}

/// The layout only holds its collection view weakly, so keep the fake alive for the test's body.
private func withFlow(_ size: Size, _ counts: [Int], configure: (FlowLayout) -> Void,
                      _ body: (FlowLayout, FakeCollectionView) -> Void) {
    let cv = FakeCollectionView(size: size, counts: counts)
    let layout = FlowLayout()
    configure(layout)
    layout.collectionView = cv
    withExtendedLifetime(cv) { body(layout, cv) }
}

private func frame(_ l: FlowLayout, _ item: Int, _ section: Int = 0) -> Rect? {
    l.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
}

@Suite("LayoutAttributes")
struct LayoutAttributesTests {
    @Test func frameCenterAndBoundsAgree() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 3, section: 1), frame: Rect(x: 10, y: 20, width: 40, height: 60))
        #expect(a.center == Point(x: 30, y: 50))
        #expect(a.bounds == Rect(x: 0, y: 0, width: 40, height: 60))
        a.center = Point(x: 100, y: 100)
        #expect(a.frame == Rect(x: 80, y: 70, width: 40, height: 60))
        #expect(a.representedElementCategory == .cell)
        #expect(a.representedElementKind == nil)
    }

    @Test func copyIsIndependent() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 1, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        a.alpha = 0.5; a.zIndex = 2; a.isHidden = true; a.transform = AffineTransform(scaleX: 2, y: 2)
        let b = a.copy()
        #expect(b !== a)
        #expect(b.hasSameValues(as: a))
        b.center = Point(x: 50, y: 50)
        #expect(a.center == Point(x: 5, y: 5))
        #expect(!b.hasSameValues(as: a))
    }

    @Test func transformedFrameIsAboutTheCenter() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 10, y: 10, width: 20, height: 10))
        a.transform = AffineTransform(scaleX: 2, y: 3)
        #expect(a.transformedFrame == Rect(x: 0, y: 0, width: 40, height: 30))
    }
}

@Suite("FlowLayout frames")
struct FlowLayoutFrameTests {
    @Test func verticalSpreadsLeftoverSpaceBetweenItems() {
        // 320 wide, 50-pt items, 10-pt spacing: 5 fit ((320+10)/60 = 5.5); leftover 70 over 4 gaps = 17.5.
        withFlow(Size(width: 320, height: 480), [12], configure: { $0.itemSize = Size(width: 50, height: 50) }) { l, _ in
            #expect(frame(l, 0) == Rect(x: 0, y: 0, width: 50, height: 50))
            #expect(frame(l, 1) == Rect(x: 67.5, y: 0, width: 50, height: 50))
            #expect(frame(l, 4) == Rect(x: 270, y: 0, width: 50, height: 50))
            #expect(frame(l, 5) == Rect(x: 0, y: 60, width: 50, height: 50))
            // The short last line keeps the grid's columns.
            #expect(frame(l, 11) == Rect(x: 67.5, y: 120, width: 50, height: 50))
            #expect(l.collectionViewContentSize == Size(width: 320, height: 170))
            #expect(frame(l, 12) == nil)
        }
    }

    @Test func insetsAndSpacings() {
        // available 300-15-5 = 280; (280+10)/(40+10) = 5.8 → 5 per line; leftover 80/4 = 20 → pitch 60.
        withFlow(Size(width: 300, height: 400), [7], configure: {
            $0.itemSize = Size(width: 40, height: 30)
            $0.minimumInteritemSpacing = 10
            $0.minimumLineSpacing = 5
            $0.sectionInset = EdgeInsets(top: 20, left: 15, bottom: 25, right: 5)
        }) { l, _ in
            #expect(frame(l, 0) == Rect(x: 15, y: 20, width: 40, height: 30))
            #expect(frame(l, 4) == Rect(x: 255, y: 20, width: 40, height: 30))
            #expect(frame(l, 6) == Rect(x: 75, y: 55, width: 40, height: 30))
            #expect(l.collectionViewContentSize == Size(width: 300, height: 20 + 30 + 5 + 30 + 25))
        }
    }

    @Test func exactFitKeepsMinimumSpacing() {
        // (270+10)/70 = 4 exactly: four items, spacing stays 10.
        withFlow(Size(width: 270, height: 100), [4], configure: { $0.itemSize = Size(width: 60, height: 60) }) { l, _ in
            #expect(frame(l, 3) == Rect(x: 210, y: 0, width: 60, height: 60))
        }
    }

    @Test func aLoneItemPerLineIsCentered() {
        withFlow(Size(width: 100, height: 300), [3], configure: { $0.itemSize = Size(width: 60, height: 20) }) { l, _ in
            #expect(frame(l, 0) == Rect(x: 20, y: 0, width: 60, height: 20))
            #expect(frame(l, 2) == Rect(x: 20, y: 60, width: 60, height: 20))
        }
    }

    @Test func horizontalFillsColumnsTopToBottom() {
        // available height 130-10-10 = 110; (110+5)/(30+5) = 3.29 → 3 per column; leftover 20/2 = 10 → pitch 40.
        withFlow(Size(width: 200, height: 130), [7], configure: {
            $0.scrollDirection = .horizontal
            $0.itemSize = Size(width: 40, height: 30)
            $0.minimumLineSpacing = 10
            $0.minimumInteritemSpacing = 5
            $0.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        }) { l, _ in
            #expect(frame(l, 0) == Rect(x: 20, y: 10, width: 40, height: 30))
            #expect(frame(l, 1) == Rect(x: 20, y: 50, width: 40, height: 30))
            #expect(frame(l, 2) == Rect(x: 20, y: 90, width: 40, height: 30))
            #expect(frame(l, 3) == Rect(x: 70, y: 10, width: 40, height: 30))
            #expect(frame(l, 6) == Rect(x: 120, y: 10, width: 40, height: 30))
            #expect(l.collectionViewContentSize == Size(width: 20 + 40 + 10 + 40 + 10 + 40 + 20, height: 130))
        }
    }

    @Test func severalSectionsWithHeadersAndFooters() {
        // 100 wide, 30-pt items: 2 per line ((100+10)/40 = 2.75), pitch 70.
        withFlow(Size(width: 100, height: 300), [3, 1, 0], configure: {
            $0.itemSize = Size(width: 30, height: 30)
            $0.headerReferenceSize = Size(width: 999, height: 20)
            $0.footerReferenceSize = Size(width: 0, height: 4)
            $0.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
        }) { l, _ in
            // Section 0: header 0…20, lines at 25 and 65, inset to 100, footer 100…104.
            #expect(frame(l, 0) == Rect(x: 0, y: 25, width: 30, height: 30))
            #expect(frame(l, 1) == Rect(x: 70, y: 25, width: 30, height: 30))
            #expect(frame(l, 2) == Rect(x: 0, y: 65, width: 30, height: 30))
            // Section 1 starts at 104: header 104…124, item at 129, footer 164…168.
            #expect(frame(l, 0, 1) == Rect(x: 0, y: 129, width: 30, height: 30))
            let h1 = l.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
            #expect(h1?.frame == Rect(x: 0, y: 104, width: 100, height: 20))
            #expect(h1?.representedElementCategory == .supplementaryView)
            let f1 = l.layoutAttributesForSupplementaryView(ofKind: FlowLayout.elementKindSectionFooter, at: IndexPath(item: 0, section: 1))
            #expect(f1?.frame == Rect(x: 0, y: 164, width: 100, height: 4))
            // Section 2 is empty: header, both insets, footer: 168 + 20 + 10 + 4.
            #expect(l.collectionViewContentSize == Size(width: 100, height: 202))
            let all = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 1000))
            #expect(all.filter { $0.representedElementCategory == .cell }.count == 4)
            #expect(all.filter { $0.representedElementKind == FlowLayout.elementKindSectionHeader }.count == 3)
        }
    }

    @Test func changingAPropertyInvalidates() {
        withFlow(Size(width: 100, height: 100), [4], configure: { $0.itemSize = Size(width: 40, height: 40) }) { l, _ in
            #expect(frame(l, 1) == Rect(x: 60, y: 0, width: 40, height: 40))
            l.itemSize = Size(width: 20, height: 20)   // (100+10)/30 = 3.67 → 3 per line, pitch 40
            #expect(frame(l, 3) == Rect(x: 0, y: 30, width: 20, height: 20))
        }
    }

    @Test func onlyWidthChangesInvalidateWhenVertical() {
        withFlow(Size(width: 100, height: 100), [4], configure: { _ in }) { l, cv in
            l.prepareIfNeeded()
            #expect(!l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 50, width: 100, height: 100)))
            #expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 120, height: 100)))
            cv.bounds.size.width = 120
            l.invalidateLayout()
            #expect(l.collectionViewContentSize.width == 120)
        }
    }
}

@Suite("FlowLayout visible query")
struct FlowLayoutQueryTests {
    /// Every element whose frame meets `rect`, found by asking for each item.
    private func bruteForce(_ l: FlowLayout, _ counts: [Int], _ rect: Rect) -> [IndexPath] {
        var out: [IndexPath] = []
        for (s, n) in counts.enumerated() {
            for i in 0..<n where l.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame.intersects(rect) {
                out.append(IndexPath(item: i, section: s))
            }
        }
        return out
    }

    @Test(arguments: [FlowLayout.ScrollDirection.vertical, .horizontal])
    func queryMatchesBruteForce(direction: FlowLayout.ScrollDirection) {
        let counts = [17, 0, 5, 40]
        withFlow(Size(width: 230, height: 230), counts, configure: {
            $0.scrollDirection = direction
            $0.itemSize = Size(width: 30, height: 40)
            $0.minimumLineSpacing = 7
            $0.minimumInteritemSpacing = 3
            $0.sectionInset = EdgeInsets(top: 4, left: 9, bottom: 6, right: 2)
            $0.headerReferenceSize = Size(width: 15, height: 15)
        }) { l, _ in
            let rects = [Rect(x: 0, y: 0, width: 230, height: 230), Rect(x: 35, y: 130, width: 50, height: 77),
                         Rect(x: -20, y: 300, width: 500, height: 3), Rect(x: 100, y: 41, width: 1, height: 1),
                         Rect(x: 0, y: 0, width: 2000, height: 2000), Rect(x: 5000, y: 5000, width: 10, height: 10)]
            for r in rects {
                let got = l.layoutAttributesForElements(in: r).filter { $0.representedElementCategory == .cell }
                #expect(got.map(\.indexPath) == bruteForce(l, counts, r), "rect \(r)")
                #expect(got.allSatisfy { $0.frame.intersects(r) })
            }
        }
    }

    @Test func aScreenfulOfAMillionItemsTouchesOnlyThoseItems() {
        // 320 wide, 40-pt items, 10-pt spacing: 6 per line (330/50 = 6.6), line pitch 50.
        withFlow(Size(width: 320, height: 480), [1_000_000], configure: { $0.itemSize = Size(width: 40, height: 40) }) { l, _ in
            #expect(l.collectionViewContentSize.height == 166_667 * 50 - 10)
            l.attributesCreated = 0
            let visible = Rect(x: 0, y: 4_000_005, width: 320, height: 480)
            let got = l.layoutAttributesForElements(in: visible)
            // Lines 80 000 (y 4 000 000…4 000 040) to 80 009 (y 4 000 450…): 10 lines × 6 items.
            #expect(got.count == 60)
            #expect(got.first?.indexPath == IndexPath(item: 480_000, section: 0))
            #expect(got.last?.indexPath == IndexPath(item: 480_059, section: 0))
            #expect(l.attributesCreated == 60)
            // A huge query rectangle must not overflow.
            #expect(l.layoutAttributesForElements(in: Rect(x: 0, y: 8_333_300, width: 320, height: .greatestFiniteMagnitude)).count == 4)
        }
    }
}

@Suite("CollectionViewLayout and dynamics")
struct LayoutDynamicsTests {
    @Test func animatorStepsInvalidateTheLayout() {
        withFlow(Size(width: 100, height: 100), [4], configure: { _ in }) { l, _ in
            let animator = DynamicAnimator(collectionViewLayout: l)
            #expect(l.dynamicAnimator === animator)
            l.prepareIfNeeded()
            #expect(!l.needsPrepare)
            animator.itemsDidMove?()
            #expect(l.needsPrepare)
            l.dynamicAnimator = nil
            #expect(animator.itemsDidMove == nil)
        }
    }

    @Test func prepareRunsOnceAfterEachInvalidation() {
        final class Counting: CollectionViewLayout {
            var prepared = 0
            override func prepare() { super.prepare(); prepared += 1 }
        }
        let l = Counting()
        l.prepareIfNeeded(); l.prepareIfNeeded()
        #expect(l.prepared == 1)
        l.invalidateLayout()
        l.prepareIfNeeded()
        #expect(l.prepared == 2)
    }
}
