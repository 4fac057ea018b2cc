import ArgumentParser
import Foundation
import Geometry
import Gestures
import Drawing
import Layout
import Scenes
import SDLBackend

/// `kinetic bench`: times the physics, the layout query and whole frames, on the same scenes the
/// app shows. Run it on a release build (`make bench`).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure physics, layout and frame cost (use a release build: make bench).")

    @Argument(help: "physics, layout, frame or all")
    var what: String = "all"
    @Option(help: "Item count (physics: 10000 attachments; layout: 1000000 items; frame: 1000 and 100000 springy rows).")
    var items: Int?
    @Flag(help: "Print results as JSON.")
    var json = false

    func validate() throws {
        guard ["physics", "layout", "frame", "all"].contains(what) else {
            throw ValidationError("unknown benchmark '\(what)' (choose physics, layout, frame or all)")
        }
        if let n = items, n < 1 || n > 1_000_000 { throw ValidationError("--items must be between 1 and 1000000, got \(n)") }
    }

    struct Result { let name: String; let value: Double; let unit: String; let note: String }

    func run() throws {
        var results: [Result] = []
        if what == "physics" || what == "all" { results += Self.physics(items: items ?? 10_000) }
        if what == "layout" || what == "all" { results += Self.layout(items: items ?? 1_000_000) }
        if what == "frame" || what == "all" {
            for n in items.map({ [$0] }) ?? [1_000, 100_000] { results += try Self.frame(rows: n) }
            results += try Self.dragFrame(selected: 100)
        }
        if json {
            let o = JSONValue.array(results.map { .object([("name", .string($0.name)), ("value", JSONValue.rounded($0.value, 2)),
                                                           ("unit", .string($0.unit)), ("note", .string($0.note))]) })
            print(o.text(pretty: true))
        } else {
            for r in results { print("\(r.name.padding(toLength: 40, withPad: " ", startingAt: 0)) \(String(format: "%10.1f", r.value)) \(r.unit)   \(r.note)") }
        }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Issue 3's scenario: N items, each on its own anchor spring (4 Hz, ζ 0.3, rest length 30 pt,
    /// starting 50 pt away), 600 steps of 1/120 s.
    static func physics(items n: Int) -> [Result] {
        let t0 = now()
        let bench = PhysicsBenchmark(items: n)
        let t1 = now()
        var checksum = bench.run(steps: 60, dt: 1.0 / 120) // every item still moving
        let t2 = now()
        checksum += bench.run(steps: 540, dt: 1.0 / 120)
        let t3 = now()
        let moving = Double(t2 - t1) / Double(60 * n)
        let all = Double(t3 - t1) / Double(600 * n)
        return [
            Result(name: "physics: build \(n) items", value: Double(t1 - t0) / 1e6, unit: "ms", note: ""),
            Result(name: "physics: steps 1–60 (all moving)", value: moving, unit: "ns/item-step", note: ""),
            Result(name: "physics: steps 1–600 (settling)", value: all, unit: "ns/item-step", note: "checksum \(String(format: "%.3f", checksum))"),
        ]
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
                       note: "\(count / 1000) attributes per query")]
    }

    /// The springy scene scrolled by the wheel for 600 frames at 60 fps (4 s of scrolling, 1 s to
    /// settle): the scene's own work per frame and the software rasterizing of its frame.
    static func frame(rows n: Int) throws -> [Result] {
        let scene = SpringyScene(items: n, size: benchSize)
        return try timeFrames(scene, name: "springy \(n) rows") { f, t in
            if f < 480 && f % 2 == 0 {
                _ = scene.handle(.wheel(Point(x: 640, y: 200 + Double(f % 400)), delta: Vector(dx: 0, dy: -1), at: t))
            }
        }
    }

    /// The drag scene with `selected` cells flying in a circle behind the pointer for 600 frames:
    /// 400 visible cells, the animator stepping every selected item's four springs.
    static func dragFrame(selected: Int) throws -> [Result] {
        let scene = DragScene(items: 1000, size: benchSize)
        for i in 0..<selected { scene.collectionView.selectItem(at: IndexPath(item: i * 3, section: 0)) }
        _ = scene.handle(.down(Point(x: 640, y: 400), at: 0))
        return try timeFrames(scene, name: "drag \(selected) of 1000 cells") { _, t in
            if t > 0.6 { _ = scene.handle(.moved(Point(x: 640 + 150 * cos(t * 2), y: 400 + 100 * sin(t * 2)), at: t)) }
        }
    }

    static let benchSize = Size(width: 1280, height: 800)

    /// Runs `scene` for 600 frames at 60 fps, feeding `input(frame, time)` first each frame, and
    /// times the scene's work (input, physics, layout, display list) apart from the rasterizing.
    static func timeFrames(_ scene: any Scene, name: String, input: (Int, Double) -> Void) throws -> [Result] {
        try SDLSystem.start(.headless)
        let canvas = try HeadlessCanvas(size: benchSize)
        var list = DisplayList()
        var sceneNs: UInt64 = 0, renderNs: UInt64 = 0
        let frames = 600
        for f in 0..<frames {
            let t = Double(f) / 60
            let a = now()
            input(f, t)
            scene.update(time: t, dt: 1.0 / 60)
            list.removeAll()
            scene.draw(into: &list)
            let b = now()
            canvas.renderer.draw(list)
            let c = now()
            sceneNs += b - a
            renderNs += c - b
        }
        return [
            Result(name: "frame: \(name), scene", value: Double(sceneNs) / Double(frames) / 1000, unit: "µs/frame",
                   note: "input + physics + layout + display list"),
            Result(name: "frame: \(name), raster", value: Double(renderNs) / Double(frames) / 1000, unit: "µs/frame",
                   note: "software renderer, \(list.count) commands, \(canvas.renderer.lastTriangles) triangles"),
        ]
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
