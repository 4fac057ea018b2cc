import Lab
import ArgumentParser
import Foundation
import Geometry
import Gestures
import Drawing
import Layout
import Scenes
import SDLBackend

/// `kinetic bench`: times the physics, the layout query, whole frames and start-up, on the same
/// scenes the app shows. Run it on a release build (`make bench`). `--json` prints one flat JSON
/// object (every key a number) for scripts; `make bench` reads it beside Box2D's baseline.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure physics, layout, frame and start-up cost (use a release build: make bench).")

    @Argument(help: "physics, collision, layout, frame, startup, all, timeline (not in all: a minute of the drag scene and scrubs through it), or corners (not in all: every scene at the corners of its parameters; exits 1 when a corner's p99 frame is over 2× the defaults')")
    var what: String = "all"
    @Option(parsing: .unconditional, help: "Item count (physics: 10000 anchor springs and 1000 dragged items; collision: 500 pieces, at most 10000; layout: 1000000 items; frame: 1000, 100000 and 1000000 springy rows).")
    var items: Int?
    @Flag(help: "Print results as one flat JSON object (keys → numbers).")
    var json = false
    @Option(help: "corners: only this scene (repeat for several): drag, springy, cards, exchange or dynamics.")
    var scene: [String] = []

    static let choices = ["physics", "collision", "layout", "frame", "startup", "all", "timeline", "corners"]

    func validate() throws {
        guard Self.choices.contains(what) else {
            throw ValidationError("unknown benchmark '\(what)' (choose physics, collision, layout, frame, startup, all, timeline or corners)")
        }
        if items != nil && what == "corners" { throw ValidationError("--items does not apply to the corners benchmark (each scene runs its default item count)") }
        if !scene.isEmpty && what != "corners" { throw ValidationError("--scene applies to the corners benchmark only") }
        for s in scene where SceneKind(rawValue: s) == nil {
            throw ValidationError("unknown scene '\(s)' (choose \(SceneKind.choicesText))")
        }
        if let n = items, n < 1 || n > 1_000_000 { throw ValidationError("--items must be between 1 and 1000000, got \(n)") }
        if let n = items, what == "collision", n > Self.maximumCollisionItems {
            throw ValidationError("--items for the collision benchmark must be between 1 and \(Self.maximumCollisionItems), got \(n)")
        }
        if items != nil && what == "startup" { throw ValidationError("--items does not apply to the startup benchmark (it opens the default scene)") }
    }

    /// One measured figure: a line of text for humans and, when `key` is set, a JSON key.
    struct Result {
        let name: String
        let value: Double
        let unit: String
        var note = ""
        var key: String?
        /// Printed in the JSON object only (a count the text already gives in a note).
        var jsonOnly = false
    }

    func run() throws {
        var results: [Result] = []
        // Physics first (make bench runs Box2D's baseline just before), then start-up, which
        // the physics leaves cold (it touches neither SDL nor fonts).
        if what == "physics" || what == "all" {
            results += Self.physics(items: items ?? 10_000)
            results += Self.drag(items: items ?? 1_000)
        }
        if what == "collision" || what == "all" {
            // `all --items N` beyond the box's limit sizes the other benchmarks; the box keeps its 500.
            results += Self.collision(items: items.flatMap { $0 <= Self.maximumCollisionItems ? $0 : nil } ?? StressPile.count)
        }
        if what == "startup" || what == "all" { results += try Self.startup() }
        if what == "layout" || what == "all" { results += Self.layout(items: items ?? 1_000_000) }
        if what == "frame" || what == "all" {
            for n in items.map({ [$0] }) ?? [1_000, 100_000, 1_000_000] { results += try Self.frame(rows: n) }
            results += try Self.dragFrame(selected: 100)
        }
        if what == "timeline" { results += try Self.timeline(items: items ?? 1_000) }
        var failures: [String] = []
        if what == "corners" {
            let kinds = scene.isEmpty ? SceneKind.allCases : SceneKind.allCases.filter { scene.contains($0.rawValue) }
            let (rows, failed) = try Self.corners(scenes: kinds, table: !json)
            results += rows
            failures = failed
        }
        if json {
            let keyed = results.compactMap { r in
                r.key.map { ($0, r.value == r.value.rounded() && abs(r.value) < 1e15 ? JSONValue.int(Int(r.value)) : .rounded(r.value, 2)) }
            }
            say(JSONValue.object(keyed).text(pretty: true))
        } else {
            for r in results where !r.jsonOnly {
                say("\(r.name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%10.1f", r.value)) \(r.unit)   \(r.note)")
            }
        }
        for f in failures.dropLast() { warn(f) }
        if let f = failures.last { fail(f) }
    }

    /// Wall-clock time, nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// This thread's CPU time, nanoseconds. The physics rows use it (and so does
    /// `bench/box2d_baseline.cpp`): on a shared 2-core machine, time the process spends waiting
    /// for a core would otherwise count as physics.
    static func cpuNow() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// The physics rows are medians over freshly built scenarios, as `bench/box2d_baseline.cpp`
    /// measures, so one disturbed run does not decide: "all moving" over this many runs (each only
    /// 60 steps) and "settling" over the first ``settlingRuns`` of them.
    static let movingRuns = 15
    static let settlingRuns = 3

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : s[s.count / 2]
    }

    /// Issue 3's scenario (``PhysicsBenchmark``): N items, each on its own anchor spring (4 Hz,
    /// ζ 0.3, rest length 30 pt, starting 50 pt away), 600 steps of 1/120 s, in thread CPU time.
    /// "All moving" is steps 1–60, where no item sleeps yet; "settling" is the mean over steps
    /// 1–600, as the items come to rest and sleep (below 1 pt/s for 0.2 s).
    static func physics(items n: Int) -> [Result] {
        var build: [Double] = [], moving: [Double] = [], settling: [Double] = []
        var awakeAfterMoving = n, awakeAtEnd = 0, checksum = 0.0
        for run in 0..<movingRuns {
            let t0 = cpuNow()
            let bench = PhysicsBenchmark(items: n)
            let t1 = cpuNow()
            bench.run(steps: 60, dt: 1.0 / 120)
            let t2 = cpuNow()
            awakeAfterMoving = min(awakeAfterMoving, bench.awakeItemCount)  // not timed
            build.append(Double(t1 - t0) / 1e6)
            moving.append(Double(t2 - t1) / Double(60 * n))
            guard run < settlingRuns else { continue }
            let t3 = cpuNow()
            checksum = bench.run(steps: 540, dt: 1.0 / 120)
            let t4 = cpuNow()
            awakeAtEnd = bench.awakeItemCount
            settling.append(Double((t2 - t1) + (t4 - t3)) / Double(600 * n))
        }
        return [
            Result(name: "physics: build \(n) anchor springs", value: median(build), unit: "ms",
                   note: "items, behaviours and compiling", key: "physics_build_ms"),
            Result(name: "physics: steps 1–60 (all moving)", value: median(moving), unit: "ns/item-step",
                   note: "median of \(movingRuns); \(awakeAfterMoving) of \(n) awake after step 60",
                   key: "physics_ns_per_item_step"),
            Result(name: "physics: steps 1–600 (settling)", value: median(settling), unit: "ns/item-step",
                   note: "median of \(settlingRuns); \(awakeAtEnd) awake after step 600, checksum \(String(format: "%.3f", checksum))",
                   key: "physics_settling_ns_per_item_step"),
            Result(name: "physics: items", value: Double(n), unit: "", key: "physics_items", jsonOnly: true),
            Result(name: "physics: awake after step 60", value: Double(awakeAfterMoving), unit: "",
                   key: "physics_awake_after_60_steps", jsonOnly: true),
            Result(name: "physics: awake after step 600", value: Double(awakeAtEnd), unit: "",
                   key: "physics_awake_after_600_steps", jsonOnly: true),
            Result(name: "physics: checksum", value: checksum, unit: "", key: "physics_checksum", jsonOnly: true),
        ]
    }

    /// The drag scene's flock without views (``DragBenchmark``): N items on four springs each, the
    /// pointer circling, 600 steps of 1/120 s, every item moving throughout; thread CPU time,
    /// median of 3 runs.
    static func drag(items n: Int) -> [Result] {
        var perStep: [Double] = []
        var awake = 0
        for _ in 0..<3 {
            let bench = DragBenchmark(items: n)
            let t0 = cpuNow()
            bench.run(steps: 600, dt: 1.0 / 120)
            let t1 = cpuNow()
            awake = bench.awakeItemCount
            perStep.append(Double(t1 - t0) / Double(600 * n))
        }
        return [Result(name: "physics: drag flock, \(n) items × 4 springs", value: median(perStep), unit: "ns/item-step",
                       note: "median of 3; \(awake) of \(n) awake after step 600",
                       key: "drag_ns_per_item_step")]
    }

    /// The most pieces `bench collision --items` takes: the box's cells are then 7.4 pt, and
    /// 1,800 steps of them take about a minute.
    static let maximumCollisionItems = 10_000

    /// Issue 29's collision box (``CollisionBenchmark``, the ``StressPile``): `items` (500) squares
    /// and circles falling into a 1280 × 770 pt box and piling up, 600 steps of 1/60 s (10 s, in
    /// which the pile lands and settles), in thread CPU time per item-step, median of 3 runs;
    /// `bench/box2d_baseline.cpp` steps the same box (of 500).
    static func collision(items: Int = StressPile.count) -> [Result] {
        var perStep: [Double] = []
        var awake = 0, height = 0.0, checksum = 0.0, n = 0
        for _ in 0..<3 {
            let bench = CollisionBenchmark(items: items)
            n = bench.itemCount
            let t0 = cpuNow()
            checksum = bench.run(steps: 600, dt: 1.0 / 60)
            let t1 = cpuNow()
            awake = bench.awakeItemCount
            height = bench.pileHeight
            perStep.append(Double(t1 - t0) / Double(600 * n))
        }
        return [
            Result(name: "collision: \(n)-item box, steps 1–600", value: median(perStep), unit: "ns/item-step",
                   note: "median of 3; \(awake) awake after step 600, pile \(Int(saturating: height.rounded())) pt high",
                   key: "collision_ns_per_item_step"),
            Result(name: "collision: awake after step 600", value: Double(awake), unit: "", key: "collision_awake_after_600_steps", jsonOnly: true),
            Result(name: "collision: pile height", value: height, unit: "pt", key: "collision_pile_height", jsonOnly: true),
            Result(name: "collision: checksum", value: checksum, unit: "", key: "collision_checksum", jsonOnly: true),
        ]
    }

    /// "1k", "100k", "1m" for JSON keys.
    static func countLabel(_ n: Int) -> String {
        if n >= 1_000_000 && n % 1_000_000 == 0 { return "\(n / 1_000_000)m" }
        if n >= 1_000 && n % 1_000 == 0 { return "\(n / 1_000)k" }
        return "\(n)"
    }

    /// A screenful query (1280×800) at 1000 positions through an N-item vertical flow layout.
    static func layout(items n: Int) -> [Result] {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 40, height: 40)
        let host = LayoutHost(items: n, size: Size(width: 1280, height: 800))
        layout.collectionView = host
        layout.prepareIfNeeded()
        let height = layout.collectionViewContentSize.height
        var count = 0
        let t0 = now()
        for i in 0..<1000 {
            let y = Double(i) / 1000 * max(0, height - 800)
            count += layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 1280, height: 800)).count
        }
        let t1 = now()
        return [Result(name: "layout: screenful query, \(n) items", value: Double(t1 - t0) / 1000 / 1000, unit: "µs/query",
                       note: "\(count / 1000) attributes per query", key: "flow_query_us_\(countLabel(n))")]
    }

    static let benchSize = Size(width: 1280, height: 800)

    /// Runs `body` with a headless canvas of ``benchSize`` from its own SDL session, closed after.
    static func withCanvas<T>(_ body: (HeadlessCanvas) throws -> T) throws -> T {
        let session = try SDLSession(.headless)
        defer { session.close() }
        return try body(try session.makeCanvas(size: benchSize))
    }

    /// Building the app's default scene (drag, 1,000 cells) and drawing its first frame headless at
    /// 1280×800: SDL start, canvas, scene, first update, display list, rasterising and present.
    /// Process start-up before `main` is not included.
    static func startup() throws -> [Result] {
        let t0 = now()
        let session = try SDLSession(.headless)
        defer { session.close() }
        let canvas = try session.makeCanvas(size: benchSize)
        let scene = SceneCatalog.make(.drag, items: nil)
        scene.update(time: 0, dt: 1.0 / 60)
        var list = DisplayList()
        scene.draw(into: &list)
        canvas.renderer.draw(list)
        canvas.present()
        let t1 = now()
        return [Result(name: "startup: default scene, first frame", value: Double(t1 - t0) / 1e6, unit: "ms",
                       note: "SDL, canvas, drag scene, first frame headless", key: "startup_ms")]
    }

    /// The springy scene scrolled by the wheel for 600 frames at 60 fps (4 s of scrolling, 1 s to
    /// settle): the scene's own work per frame and the software rasterizing of its frame.
    static func frame(rows n: Int) throws -> [Result] {
        let scene = SpringyScene(items: n, size: benchSize)
        let label = countLabel(n)
        let t = try timeFrames(scene) { f, t in
            if f < 480 && f % 2 == 0 {
                _ = scene.handle(.wheel(Point(x: 640, y: 200 + Double(f % 400)), delta: Vector(dx: 0, dy: -1), at: t))
            }
        }
        return [
            Result(name: "frame: springy \(n) rows, scene", value: t.logicMean, unit: "µs/frame",
                   note: "mean; p99 \(Int(saturating: t.logicP99.rounded())) µs; input + physics + layout + display list",
                   key: "springy_frame_us_\(label)"),
            Result(name: "frame: springy \(n) rows, raster", value: t.renderMean, unit: "µs/frame",
                   note: "mean; software renderer, \(t.commands) commands, \(t.triangles) triangles",
                   key: "springy_render_us_\(label)"),
        ]
    }

    /// The drag scene, 1,000 cells, `selected` of them flying behind the pointer, which circles
    /// from t = 0.6 s (the long press began at 0.5 s): 600 frames; the percentiles are over the
    /// 540 frames from t = 1 s, mid-drag.
    static func dragFrame(selected: Int) throws -> [Result] {
        let scene = DragScene(items: 1000, size: benchSize)
        // The frame the bench has measured since issue 11: Kinetic's numbered grid with shadows
        // (the heavier look, refined's) and the source's shared square (the seed's anchoring).
        scene.variant = .refined
        scene.layout.anchoring = .sharedSquare
        for i in 0..<selected { scene.collectionView.selectItem(at: IndexPath(item: i * 3, section: 0)) }
        _ = scene.handle(.down(Point(x: 640, y: 400), at: 0))
        let t = try timeFrames(scene, measuredFrom: 60) { _, t in
            if t > 0.6 { _ = scene.handle(.moved(Point(x: 640 + 150 * cos(t * 2), y: 400 + 100 * sin(t * 2)), at: t)) }
        }
        let name = "frame: drag \(selected) of 1000 cells"
        return [
            Result(name: "\(name), logic p99", value: t.logicP99, unit: "µs/frame",
                   note: "mean \(Int(saturating: t.logicMean.rounded())) µs; input + physics + layout + display list",
                   key: "frame_logic_p99_us"),
            Result(name: "\(name), render p99", value: t.renderP99, unit: "µs/frame",
                   note: "mean \(Int(saturating: t.renderMean.rounded())) µs; \(t.commands) commands, \(t.triangles) triangles",
                   key: "frame_render_p99_us"),
            Result(name: "\(name), logic mean", value: t.logicMean, unit: "µs/frame", key: "frame_logic_mean_us",
                   jsonOnly: true),
            Result(name: "\(name), render mean", value: t.renderMean, unit: "µs/frame", key: "frame_render_mean_us",
                   jsonOnly: true),
            Result(name: "\(name), logic p99, wall clock", value: t.logicWallP99, unit: "µs/frame",
                   note: "mean \(Int(saturating: t.logicWallMean.rounded())) µs; includes waiting for a core", key: "frame_logic_wall_p99_us"),
            Result(name: "\(name), render p99, wall clock", value: t.renderWallP99, unit: "µs/frame",
                   note: "mean \(Int(saturating: t.renderWallMean.rounded())) µs; includes waiting for a core", key: "frame_render_wall_p99_us"),
        ]
    }

    /// Per-frame times of one run of ``timeFrames(_:measuredFrom:input:)``, microseconds: this
    /// thread's CPU time (as the physics rows), and wall-clock time, which also counts the time
    /// the process waited for a core on a shared machine.
    struct FrameTimes {
        var logicMean = 0.0, logicP99 = 0.0, renderMean = 0.0, renderP99 = 0.0
        var logicWallMean = 0.0, logicWallP99 = 0.0, renderWallMean = 0.0, renderWallP99 = 0.0
        var commands = 0, triangles = 0
    }

    /// The value below which 99 % of `values` lie (nearest rank).
    static func p99(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s[min(s.count - 1, Int(saturating: (0.99 * Double(s.count)).rounded(.up)) - 1)]
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// Runs `scene` for 600 frames at 60 fps on a headless canvas, feeding `input(frame, time)`
    /// first each frame, and times the scene's work (input, update, display list) apart from the
    /// rendering (rasterizing and present), over the frames from `measuredFrom` on.
    static func timeFrames(_ scene: any Scene, measuredFrom first: Int = 0, input: (Int, Double) -> Void) throws -> FrameTimes {
        try withCanvas { canvas in
            var list = DisplayList()
            var logic: [Double] = [], render: [Double] = [], logicWall: [Double] = [], renderWall: [Double] = []
            let frames = 600
            for f in 0..<frames {
                let t = Double(f) / 60
                let a = now(), ca = cpuNow()
                input(f, t)
                scene.update(time: t, dt: 1.0 / 60)
                list.removeAll()
                scene.draw(into: &list)
                let b = now(), cb = cpuNow()
                canvas.renderer.draw(list)
                canvas.present()
                let c = now(), cc = cpuNow()
                if f >= first {
                    logic.append(Double(cb - ca) / 1000)
                    render.append(Double(cc - cb) / 1000)
                    logicWall.append(Double(b - a) / 1000)
                    renderWall.append(Double(c - b) / 1000)
                }
            }
            return FrameTimes(logicMean: mean(logic), logicP99: p99(logic), renderMean: mean(render), renderP99: p99(render),
                              logicWallMean: mean(logicWall), logicWallP99: p99(logicWall),
                              renderWallMean: mean(renderWall), renderWallP99: p99(renderWall),
                              commands: list.count, triangles: canvas.renderer.lastTriangles)
        }
    }
}

/// A stand-in collection view for the layout benchmark: just the counts and bounds a layout reads.
final class LayoutHost: CollectionViewLayoutContext {
    let items: Int
    var bounds: Rect
    init(items: Int, size: Size) { self.items = items; bounds = Rect(origin: .zero, size: size) }
    var contentOffset: Point { bounds.origin }
    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { items }
    var pointerLocation: Point? { nil }
}
