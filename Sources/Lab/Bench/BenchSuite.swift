import Foundation
import Geometry
import Drawing
import Scenes

/// `kinetic bench`: times the physics, the layout query, whole frames and start-up, on the same
/// scenes the app shows, and reports them as ``BenchResult``s. The host supplies the clocks
/// (``meters``) and the headless canvas (``openCanvas``): library code reads no clock and has no
/// SDL. Run it from a release build (`make bench`).
package struct BenchSuite {
    /// The benchmarks `kinetic bench` takes by name.
    package static let choices = ["physics", "collision", "layout", "frame", "startup", "all", "timeline", "corners", "piles", "piles-wide", "pile"]
    /// The most pieces `bench collision --items` takes: the box's cells are then 7.4 pt, and
    /// 1,800 steps of them take about a minute.
    package static let maximumCollisionItems = 10_000
    /// The window size every frame, start-up, corner and timeline benchmark renders at, points.
    package static let size = Size(width: 1280, height: 800)

    /// The clocks and the memory reading.
    package var meters: BenchMeters
    /// Opens a headless canvas of ``size`` (the executable's from its own SDL session).
    package var openCanvas: () throws -> BenchCanvas

    /// A suite reading `meters` and rendering into canvases from `openCanvas`.
    package init(meters: BenchMeters, openCanvas: @escaping () throws -> BenchCanvas) {
        self.meters = meters
        self.openCanvas = openCanvas
    }

    /// Why `kinetic bench WHAT [--items N] [--scene S…]` cannot run, one line naming the
    /// option, or nil.
    package static func problem(what: String, items: Int?, scenes: [String]) -> String? {
        guard choices.contains(what) else {
            return "unknown benchmark '\(what)' (choose physics, collision, layout, frame, startup, all, timeline, corners, piles, piles-wide or pile)"
        }
        if items != nil && what == "corners" { return "--items does not apply to the corners benchmark (each scene runs its default item count)" }
        if !scenes.isEmpty && what != "corners" { return "--scene applies to the corners benchmark only" }
        for s in scenes where SceneKind(rawValue: s) == nil {
            return "unknown scene '\(s)' (choose \(SceneKind.choicesText))"
        }
        if let n = items, n < 1 || n > 1_000_000 { return "--items must be between 1 and 1000000, got \(n)" }
        if let n = items, what == "collision" || what == "pile", n > maximumCollisionItems {
            return "--items for the \(what) benchmark must be between 1 and \(maximumCollisionItems), got \(n)"
        }
        if items != nil && what.hasPrefix("piles") { return "--items does not apply to the piles benchmark (it sweeps piles of 400 to 600 pieces)" }
        if items != nil && what == "startup" { return "--items does not apply to the startup benchmark (it opens the default scene)" }
        return nil
    }

    /// Runs the benchmark `what` (one of ``choices``, checked by ``problem(what:items:scenes:)``)
    /// with `items` (nil: each benchmark's own count) and, for the corners, `scenes` (empty:
    /// all). The corners' table goes to `table` row by row as it is measured (nil: none).
    /// Returns the figures and a line per corner over its allowance.
    package func run(_ what: String, items: Int?, scenes: [SceneKind] = [],
                     table: ((String) -> Void)? = nil) throws -> (results: [BenchResult], failures: [String]) {
        var results: [BenchResult] = []
        // Physics first (make bench runs Box2D's baseline just before), then start-up, which
        // the physics leaves cold (it touches neither SDL nor fonts).
        if what == "physics" || what == "all" {
            results += physics(items: items ?? 10_000)
            results += drag(items: items ?? 1_000)
        }
        if what == "collision" || what == "all" {
            // `all --items N` beyond the box's limit sizes the other benchmarks; the box keeps its 500.
            results += collision(items: items.flatMap { $0 <= Self.maximumCollisionItems ? $0 : nil } ?? StressPile.count)
        }
        if what == "startup" || what == "all" { results += try startup() }
        if what == "layout" || what == "all" { results += layout(items: items ?? 1_000_000) }
        if what == "frame" || what == "all" {
            for n in items.map({ [$0] }) ?? [1_000, 100_000, 1_000_000] { results += try frame(rows: n) }
            results += try dragFrame(selected: 100)
        }
        if what == "timeline" { results += try timeline(items: items ?? 1_000) }
        if what == "pile" { results += pileRound(items: items ?? StressPile.count) }
        if what == "piles" { results += piles() }
        if what == "piles-wide" { results += piles(sizes: PileSweep.widerSizes, key: "piles_wide") }
        var failures: [String] = []
        if what == "corners" {
            let (rows, failed) = try corners(scenes: scenes.isEmpty ? SceneKind.builtIn : scenes, table: table)
            results += rows
            failures = failed
        }
        return (results, failures)
    }

    /// The physics rows are medians over freshly built scenarios, as `bench/box2d_baseline.cpp`
    /// measures, so one disturbed run does not decide: "all moving" over this many runs (each only
    /// 60 steps) and "settling" over the first ``settlingRuns`` of them.
    package static let movingRuns = 15
    /// Runs of the physics scenario whose settling (steps 61–600) is timed too.
    package static let settlingRuns = 3

    /// Issue 3's scenario (``PhysicsBenchmark``): N items, each on its own anchor spring (4 Hz,
    /// ζ 0.3, rest length 30 pt, starting 50 pt away), 600 steps of 1/120 s, in thread CPU time.
    /// "All moving" is steps 1–60, where no item sleeps yet; "settling" is the mean over steps
    /// 1–600, as the items come to rest and sleep (below 1 pt/s for 0.2 s).
    package func physics(items n: Int) -> [BenchResult] {
        let cpu = meters.cpuNanoseconds
        var build: [Double] = [], moving: [Double] = [], settling: [Double] = []
        var awakeAfterMoving = n, awakeAtEnd = 0, checksum = 0.0
        for run in 0..<Self.movingRuns {
            let t0 = cpu()
            let bench = PhysicsBenchmark(items: n)
            let t1 = cpu()
            bench.run(steps: 60, dt: 1.0 / 120)
            let t2 = cpu()
            awakeAfterMoving = min(awakeAfterMoving, bench.awakeItemCount)  // not timed
            build.append(Double(t1 - t0) / 1e6)
            moving.append(Double(t2 - t1) / Double(60 * n))
            guard run < Self.settlingRuns else { continue }
            let t3 = cpu()
            checksum = bench.run(steps: 540, dt: 1.0 / 120)
            let t4 = cpu()
            awakeAtEnd = bench.awakeItemCount
            settling.append(Double((t2 - t1) + (t4 - t3)) / Double(600 * n))
        }
        return [
            BenchResult(name: "physics: build \(n) anchor springs", value: BenchStatistics.median(build), unit: "ms",
                        note: "items, behaviours and compiling", key: "physics_build_ms"),
            BenchResult(name: "physics: steps 1–60 (all moving)", value: BenchStatistics.median(moving), unit: "ns/item-step",
                        note: "median of \(Self.movingRuns); \(awakeAfterMoving) of \(n) awake after step 60",
                        key: "physics_ns_per_item_step"),
            BenchResult(name: "physics: steps 1–600 (settling)", value: BenchStatistics.median(settling), unit: "ns/item-step",
                        note: "median of \(Self.settlingRuns); \(awakeAtEnd) awake after step 600, checksum \(String(format: "%.3f", checksum))",
                        key: "physics_settling_ns_per_item_step"),
            BenchResult(name: "physics: items", value: Double(n), unit: "", key: "physics_items", jsonOnly: true),
            BenchResult(name: "physics: awake after step 60", value: Double(awakeAfterMoving), unit: "",
                        key: "physics_awake_after_60_steps", jsonOnly: true),
            BenchResult(name: "physics: awake after step 600", value: Double(awakeAtEnd), unit: "",
                        key: "physics_awake_after_600_steps", jsonOnly: true),
            BenchResult(name: "physics: checksum", value: checksum, unit: "", key: "physics_checksum", jsonOnly: true),
        ]
    }

    /// The drag scene's flock without views (``DragBenchmark``): N items on four springs each, the
    /// pointer circling, 600 steps of 1/120 s, every item moving throughout; thread CPU time,
    /// median of 3 runs.
    package func drag(items n: Int) -> [BenchResult] {
        var perStep: [Double] = []
        var awake = 0
        for _ in 0..<3 {
            let bench = DragBenchmark(items: n)
            let t0 = meters.cpuNanoseconds()
            bench.run(steps: 600, dt: 1.0 / 120)
            let t1 = meters.cpuNanoseconds()
            awake = bench.awakeItemCount
            perStep.append(Double(t1 - t0) / Double(600 * n))
        }
        return [BenchResult(name: "physics: drag flock, \(n) items × 4 springs", value: BenchStatistics.median(perStep), unit: "ns/item-step",
                            note: "median of 3; \(awake) of \(n) awake after step 600", key: "drag_ns_per_item_step")]
    }

    /// "1k", "100k", "1m" for JSON keys.
    package static func countLabel(_ n: Int) -> String {
        if n >= 1_000_000 && n % 1_000_000 == 0 { return "\(n / 1_000_000)m" }
        if n >= 1_000 && n % 1_000 == 0 { return "\(n / 1_000)k" }
        return "\(n)"
    }

    /// A screenful query (1280×800) at 1000 positions through an N-item vertical flow layout
    /// (``FlowQueryBenchmark``), wall-clock time.
    package func layout(items n: Int) -> [BenchResult] {
        let bench = FlowQueryBenchmark(items: n)
        let t0 = meters.wallNanoseconds()
        let count = bench.run(queries: 1000)
        let t1 = meters.wallNanoseconds()
        return [BenchResult(name: "layout: screenful query, \(n) items", value: Double(t1 - t0) / 1000 / 1000, unit: "µs/query",
                            note: "\(count / 1000) attributes per query", key: "flow_query_us_\(Self.countLabel(n))")]
    }

    /// Runs `body` with a canvas from ``openCanvas``, closed after.
    package func withCanvas<T>(_ body: (BenchCanvas) throws -> T) throws -> T {
        let canvas = try openCanvas()
        defer { canvas.close() }
        return try body(canvas)
    }

    /// Building the app's default scene (drag, 1,000 cells) and drawing its first frame headless at
    /// 1280×800: SDL start, canvas, scene, first update, display list, rasterising and present
    /// (wall-clock time). Process start-up before `main` is not included.
    package func startup() throws -> [BenchResult] {
        let t0 = meters.wallNanoseconds()
        let t1: UInt64 = try withCanvas { canvas in
            let scene = SceneCatalog.make(.drag, items: nil)
            scene.update(time: 0, dt: 1.0 / 60)
            var list = DisplayList()
            scene.draw(into: &list)
            canvas.render(list)
            return meters.wallNanoseconds()
        }
        return [BenchResult(name: "startup: default scene, first frame", value: Double(t1 - t0) / 1e6, unit: "ms",
                            note: "SDL, canvas, drag scene, first frame headless", key: "startup_ms")]
    }
}
