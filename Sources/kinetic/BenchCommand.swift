import Lab
import ArgumentParser
import Foundation
import Scenes
import SDLBackend

/// `kinetic bench`: times the physics, the layout query, whole frames and start-up, on the same
/// scenes the app shows (``BenchSuite``). Run it on a release build (`make bench`). `--json` prints
/// one flat JSON object (every key a number) for scripts; `make bench` reads it beside Box2D's
/// baseline. The command supplies what the library may not touch: the clocks and SDL's canvas.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure physics, layout, frame and start-up cost (use a release build: make bench).")

    @Argument(help: "physics, collision, layout, frame, startup, all, timeline (not in all: a minute of the drag scene and scrubs through it), corners (not in all: every scene at the corners of its parameters; exits 1 when a corner's p99 frame is over 2× the defaults'), piles (not in all: 41 piles of 400–600 pieces settling, for how many never sleep or sleep over 5 s after landing), piles-wide (not in all: the same over 123 piles, about 30 s), or pile (not in all: one run of the collision box with sleeping on and one with it off, for make bench's rounds beside Box2D's)")
    var what: String = "all"
    @Option(parsing: .unconditional, help: "Item count (physics: 10000 anchor springs and 1000 dragged items; collision and pile: 500 pieces, at most 10000; layout: 1000000 items; frame: 1000, 100000 and 1000000 springy rows).")
    var items: Int?
    @Flag(help: "Print results as one flat JSON object (keys → numbers).")
    var json = false
    @Option(help: "corners: only this scene (repeat for several): drag, springy, cards, exchange or dynamics.")
    var scene: [String] = []

    func validate() throws {
        if let problem = BenchSuite.problem(what: what, items: items, scenes: scene) { throw ValidationError(problem) }
    }

    func run() throws {
        let suite = BenchSuite(meters: BenchMeters(wallNanoseconds: { DispatchTime.now().uptimeNanoseconds },
                                                   cpuNanoseconds: Self.cpuNow, residentBytes: Self.residentBytes),
                               openCanvas: Self.openCanvas)
        let kinds = SceneKind.allCases.filter { scene.contains($0.rawValue) }
        let (results, failures) = try suite.run(what, items: items, scenes: kinds, table: json ? nil : { say($0) })
        if json { say(BenchResult.json(results)) } else { for line in BenchResult.lines(results) { say(line) } }
        for f in failures.dropLast() { warn(f) }
        if let f = failures.last { fail(f) }
    }

    /// This thread's CPU time, nanoseconds (see ``BenchMeters/cpuNanoseconds``).
    static func cpuNow() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// The process's resident memory, bytes (Linux `/proc/self/statm`; 0 where it is missing).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// A headless canvas of ``BenchSuite/size`` from its own SDL session, which its `close` closes.
    static func openCanvas() throws -> BenchCanvas {
        let session = try SDLSession(.headless)
        let canvas: HeadlessCanvas
        do { canvas = try session.makeCanvas(size: BenchSuite.size) } catch { session.close(); throw error }
        return BenchCanvas(textMeasurer: canvas.renderer, render: { canvas.renderer.draw($0); canvas.present() },
                           triangles: { canvas.renderer.lastTriangles }, close: { session.close() })
    }
}
