import Testing
import Geometry
import Gestures
@testable import Scenes

/// Issue 42 in the springy scene: the settling line after releases of a drag of the list, slow
/// and fast, against the time measured.
@Suite struct SpringyReleaseTimingTests {
    /// Drags the list `distance` pt up over `frames` frames, holds `hold` frames, releases; the report once measured.
    static func release(distance: Double, frames: Int, hold: Int = 0, items: Int = 1000) throws -> SettlingReport {
        let s = SpringyScene(items: items)
        s.resize(to: Size(width: 1280, height: 800))
        var t = 0.0
        func frame() { t += 1.0 / 60; s.update(time: t, dt: 1.0 / 60) }
        for _ in 0..<30 { frame() }
        var p = Point(x: 400, y: 600)
        _ = s.handle(.pointer(.down(p, at: t)))
        for _ in 0..<frames {
            p.y -= distance / Double(frames)
            _ = s.handle(.pointer(.moved(p, at: t)))
            frame()
        }
        for _ in 0..<hold { frame() }
        _ = s.handle(.pointer(.up(p, at: t)))
        for _ in 0..<(60 * 30) where s.status.settling?.measured == nil { frame() }
        return try #require(s.status.settling)
    }

    @Test(arguments: [(200.0, 120, 0), (200.0, 60, 0), (60.0, 120, 0), (240.0, 6, 0)])
    func predictedIsWithinFifteenPercentOrATenthOfMeasured(distance: Double, frames: Int, hold: Int) throws {
        let r = try Self.release(distance: distance, frames: frames, hold: hold)
        let measured = try #require(r.measured)
        print("springy \(distance) pt over \(frames) frames, hold \(hold): predicted \(r.predicted) s, took \(measured) s")
        #expect(abs(r.predicted - measured) <= max(0.15 * measured, 0.1), "predicted \(r.predicted) s, took \(measured) s")
    }
}
