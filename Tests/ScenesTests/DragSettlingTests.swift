import Testing
import Geometry
import Dynamics
import Scenes

/// The HUD's settling time after a release: the flock's slowest mode, predicted at the release,
/// within 30 % of the time measured (every cell within 0.5 pt and 1 pt/s of its place).
@Suite struct DragSettlingTests {
    /// The centre of cell `item` in the first frame's layout (window points).
    func centre(_ s: DragScene, _ item: Int) throws -> Point {
        try #require(s.dump().items.first { $0.indexPath == IndexPath(item: item, section: 0) }).frame.center
    }

    /// Selects `cells` (clicks), long-presses the first, flings along `path` (one point per
    /// frame), releases; returns the report once measured (or after `limit` seconds).
    func fling(variant: SceneVariant, cells: [Int], path: [Vector], limit: Double = 120) throws -> SettlingReport? {
        let s = DragScene(items: 1000, size: Size(width: 1280, height: 800))
        s.variant = variant
        let d = SceneDriver(s)
        d.run(0.1)
        for c in cells { d.click(try centre(s, c)) }
        let start = try centre(s, cells[0])
        d.longPress(at: start)
        for v in path { d.move(start + v); d.step() }
        d.up(start + (path.last ?? .zero))
        _ = d.run(until: limit) { s.status.settling?.measured != nil }
        return s.status.settling
    }

    /// A fast flick of 150 pt sideways and back over six frames.
    let flick: [Vector] = [20, 60, 120, 150, 90, 30].map { Vector(dx: $0, dy: $0 * 0.3) }

    /// Flings of near and far cells: sideways, down, and a slow drag released without a flick.
    static let flings: [(cells: [Int], path: [Vector])] = [
        ([17, 18, 34, 150, 190, 200], [20, 60, 120, 150, 90, 30].map { Vector(dx: $0, dy: $0 * 0.3) }),
        ([100, 101, 5, 190], [10, 40, 90, 160, 240, 300].map { Vector(dx: -$0 * 0.2, dy: $0) }),
        ([50, 0, 15, 195, 207], (1...40).map { Vector(dx: Double($0) * 3, dy: Double($0) * -1.5) }),
    ]

    @Test(arguments: 0..<3)
    func aFarCellsSwingIsPredictedNotOneSpringsStepResponse(fling index: Int) throws {
        let (cells, path) = Self.flings[index]
        let r = try #require(try fling(variant: .seed, cells: cells, path: path))
        let measured = try #require(r.measured, "still moving after 120 s (predicted \(r.predicted) s)")
        print("fling \(index): predicted \(r.predicted) s, measured \(measured) s")
        #expect(measured > 5, "a far cell swings for seconds, not a tenth of one: \(measured)")
        // The tracked cell (the one that rests last) stays under its predicted envelope.
        let e = try #require(r.envelope)
        #expect(r.item?.hasPrefix("cell ") == true)
        // One sample a frame while the cell is out; the frame it is home for good has none.
        #expect(r.samples.count >= Int(measured * 60) - 2 && (r.samples.last?.time ?? 0) >= measured - 1.0 / 60 - 1e-9)
        let above = r.samples.filter { $0.time > 2 && $0.distance > 1.25 * e.value(at: $0.time) + 1 }
        #expect(above.isEmpty, "\(above.count) samples above the envelope, first \(String(describing: above.first))")
        #expect(abs(r.predicted - measured) <= 0.3 * measured, "predicted \(r.predicted) s, measured \(measured) s")
    }

    @Test func nearCellsSettleInAFractionOfASecond() throws {
        let r = try #require(try fling(variant: .seed, cells: [21, 22], path: flick))
        let measured = try #require(r.measured)
        print("near: predicted \(r.predicted) s, measured \(measured) s")
        #expect(measured < 3)
        #expect(abs(r.predicted - measured) <= max(0.3 * measured, 0.1), "predicted \(r.predicted) s, measured \(measured) s")
    }

    @Test func refinedSquaresHoldEveryCellAlike() throws {
        let r = try #require(try fling(variant: .refined, cells: [17, 18, 150, 200], path: flick))
        let measured = try #require(r.measured)
        print("refined: predicted \(r.predicted) s, measured \(measured) s")
        #expect(abs(r.predicted - measured) <= max(0.3 * measured, 0.1), "predicted \(r.predicted) s, measured \(measured) s")
    }
}
