import Testing
import Geometry
import Dynamics
import Scenes

/// Issue 42: "after a slow springy release the HUD said 'predicted 0.2 s · took 0.4 s'". The
/// settling line's prediction and measurement after releases slow and fast, of springy and stiff
/// springs, one cell and several, in both variants.
@Suite struct DragReleaseTimingTests {
    /// One release: the corner springs' frequency (Hz) and damping ratio, the cells, and the
    /// pointer's path (one point a frame, from the long-pressed cell's centre), then `hold` frames still.
    struct Release: Sendable, CustomStringConvertible {
        var name: String
        var variant: SceneVariant
        var frequency: Double
        var damping: Double
        var cells: [Int]
        var path: [Vector]
        var hold = 0
        var description: String { name }
    }

    /// A slow drag: `distance` pt right over `frames` frames.
    static func slow(_ distance: Double, frames: Int) -> [Vector] {
        (1...frames).map { Vector(dx: distance * Double($0) / Double(frames), dy: distance * 0.25 * Double($0) / Double(frames)) }
    }
    static let flick: [Vector] = [20, 60, 120, 150, 90, 30].map { Vector(dx: $0, dy: $0 * 0.3) }

    static let releases: [Release] = [
        Release(name: "slow springy (the issue's 1.41 Hz, ζ 0.49)", variant: .seed, frequency: 1.41, damping: 0.49, cells: [21], path: slow(120, frames: 120), hold: 30),
        Release(name: "slow springy refined", variant: .refined, frequency: 1.41, damping: 0.49, cells: [21], path: slow(120, frames: 120), hold: 30),
        Release(name: "slow default", variant: .seed, frequency: 8, damping: 0.6, cells: [21], path: slow(120, frames: 120), hold: 30),
        Release(name: "slow default refined", variant: .refined, frequency: 8, damping: 0.6, cells: [21], path: slow(120, frames: 120)),
        Release(name: "fast default", variant: .seed, frequency: 8, damping: 0.6, cells: [21], path: flick),
        Release(name: "fast springy", variant: .seed, frequency: 1.41, damping: 0.49, cells: [21], path: flick),
        Release(name: "slow stiff", variant: .seed, frequency: 20, damping: 0.6, cells: [21], path: slow(120, frames: 120), hold: 30),
        Release(name: "fast stiff", variant: .refined, frequency: 20, damping: 0.6, cells: [21, 22], path: flick),
        Release(name: "slow overdamped", variant: .refined, frequency: 3, damping: 1.2, cells: [21], path: slow(100, frames: 100), hold: 30),
    ]

    /// A barely damped cell (2.83 Hz, ζ 0.14 combined) is over-predicted: its speed envelope
    /// (amplitude·ω) is under 1 pt/s at 2.9 s, but it passes a turning point within 0.5 pt, at
    /// rest by the measured criterion, at 2.2 s. Predicting that moment from the modes' exact
    /// linear motion fixes this case but under-predicts the ζ 0.7 ones by 15 % (their large
    /// first swing is not linear), so it is not done yet: this pins today's error.
    @Test func aBarelyDampedCellIsOverPredictedByAThird() throws {
        let r = Release(name: "slow barely damped", variant: .refined, frequency: 2, damping: 0.1, cells: [21], path: Self.slow(80, frames: 90), hold: 30)
        let report = try Self.play(r)
        let measured = try #require(report.measured)
        print("\(r.name): predicted \(report.predicted) s, took \(measured) s")
        #expect(report.predicted >= measured && report.predicted <= 1.35 * measured, "predicted \(report.predicted) s, took \(measured) s")
    }

    /// Plays `r` in a fresh scene; the report once measured.
    static func play(_ r: Release) throws -> SettlingReport {
        let s = DragScene(items: 1000, size: Size(width: 1280, height: 800))
        s.variant = r.variant
        s.setParameter("frequency", to: r.frequency)
        s.setParameter("damping", to: r.damping)
        let d = SceneDriver(s)
        d.run(0.1)
        func centre(_ item: Int) throws -> Point {
            try #require(s.dump().items.first { $0.indexPath == IndexPath(item: item, section: 0) }).frame.center
        }
        for c in r.cells { d.click(try centre(c)) }
        let start = try centre(r.cells[0])
        d.longPress(at: start)
        for v in r.path { d.move(start + v); d.step() }
        for _ in 0..<r.hold { d.step() }
        d.up(start + (r.path.last ?? .zero))
        _ = d.run(until: 60) { s.status.settling?.measured != nil }
        return try #require(s.status.settling)
    }

    @Test(arguments: releases)
    func predictedIsWithinFifteenPercentOrATenthOfMeasured(_ r: Release) throws {
        let report = try Self.play(r)
        let measured = try #require(report.measured, "\(r): still moving after 60 s")
        print("\(r.name): predicted \(report.predicted) s, took \(measured) s")
        #expect(abs(report.predicted - measured) <= max(0.15 * measured, 0.1), "\(r.name): predicted \(report.predicted) s, took \(measured) s")
    }
}
