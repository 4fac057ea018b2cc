import Testing
import Geometry
import Drawing
@testable import Scenes

/// Issue 37 part 2: a long diagonal demo line (a 1,000-pt pendulum rod) is drawn in pieces, each
/// spanning at most 48 pt across, along the same straight line; short and axis-aligned lines stay
/// one segment.
@Suite struct DemoLineTests {
    @Test("A long diagonal line: pieces of at most 48 pt across, on the line, from end to end")
    func longDiagonalLineIsInPieces() throws {
        let a = Point(x: 640, y: 60), b = Point(x: 1347, y: 767)
        guard case let .stroke(points, closed, width, _) = DemoDecoration.straightLine(from: a, to: b, width: 2, color: .black) else {
            Issue.record("not a stroke"); return
        }
        #expect(!closed && width == 2)
        #expect(points.first == a && points.last == b)
        #expect(points.count == 16)  // 707 pt across: 15 pieces
        for (p, q) in zip(points, points.dropFirst()) {
            #expect(min(abs(q.x - p.x), abs(q.y - p.y)) <= DemoDecoration.lineSpan + 1e-9)
            // On the line from a to b: the cross product vanishes.
            let cross = (p.x - a.x) * (b.y - a.y) - (p.y - a.y) * (b.x - a.x)
            #expect(abs(cross) < 1e-6)
        }
    }

    @Test("Short and axis-aligned lines stay one segment")
    func shortAndAxisAlignedLinesStayWhole() {
        for (a, b) in [(Point(x: 0, y: 0), Point(x: 30, y: 40)), (Point(x: 0, y: 10), Point(x: 1200, y: 10)),
                       (Point(x: 5, y: 0), Point(x: 5, y: 900))] {
            guard case let .stroke(points, _, _, _) = DemoDecoration.straightLine(from: a, to: b, width: 2, color: .black) else {
                Issue.record("not a stroke"); continue
            }
            #expect(points == [a, b])
        }
    }
}
