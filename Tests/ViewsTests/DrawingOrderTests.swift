import Testing
import Geometry
@testable import Views

/// `View.subviewsInDrawingOrder`: ascending z position, then the order of `subviews`, whichever
/// way it is computed (counting whole z positions in a small range, or sorting).
@Suite("Drawing order")
struct DrawingOrderTests {
    private func order(_ zs: [Double]) -> [Int] {
        let parent = View(frame: .zero)
        for (i, z) in zs.enumerated() {
            let v = View(frame: .zero)
            v.tag = i
            v.zPosition = z
            parent.addSubview(v)
        }
        return parent.subviewsInDrawingOrder.map(\.tag)
    }

    /// The order a stable sort by z gives.
    private func expected(_ zs: [Double]) -> [Int] {
        zs.enumerated().sorted { $0.element != $1.element ? $0.element < $1.element : $0.offset < $1.offset }.map(\.offset)
    }

    @Test(arguments: [
        [0, 0, 0],
        [1, 0, 1, 0, 2, 0],                // item z-indices: counted
        [-1, 3, 0, -1, 3, 2],              // whole, negative: counted
        [0.5, 0, 1, 0.25, 0],              // fractional: sorted
        [0, 1000, 1, 0],                   // whole but far apart: sorted
        [2, 2, 2],
    ] as [[Double]])
    func ascendingZThenSubviewOrder(_ zs: [Double]) {
        #expect(order(zs) == expected(zs))
    }

    @Test func aMovedZPositionReordersAndASameOrderIsKept() {
        let parent = View(frame: .zero)
        let views = (0..<5).map { i -> View in let v = View(frame: .zero); v.tag = i; parent.addSubview(v); return v }
        #expect(parent.subviewsInDrawingOrder.map(\.tag) == [0, 1, 2, 3, 4])
        views[1].zPosition = 1
        #expect(parent.subviewsInDrawingOrder.map(\.tag) == [0, 2, 3, 4, 1])
        views[3].zPosition = 1
        #expect(parent.subviewsInDrawingOrder.map(\.tag) == [0, 2, 4, 1, 3])
        parent.addSubview(View(frame: .zero))
        #expect(parent.subviewsInDrawingOrder.map(\.tag) == [0, 2, 4, 0, 1, 3])
    }
}
