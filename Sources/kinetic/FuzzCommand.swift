import Lab
import ArgumentParser
import Foundation
import Scenes
import Synchronization

/// `kinetic fuzz`: drives every scene with random input (``SceneFuzzer``) and checks its
/// invariants after every event. Headless and in-process (no SDL); a release build delivers a
/// million events in a few minutes, so CI runs it from one. A broken invariant prints one line
/// with the seed and the command that replays it, and exits 1. With `--jobs N` the events are
/// shared among N fuzzers on N threads, job i with seed + i (each failure names its own seed
/// and event count, which replay that job alone).
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Drive every scene with random input and check its invariants after every event (use a release build).",
        discussion: "The same --seed and --events replay the same run exactly. Prints the seed, the event count and the time taken.")

    // Read as text and checked in validate(), so "--seed -1" gets one line naming the range
    // rather than the argument parser's generic "invalid value".
    @Option(parsing: .unconditional, help: "Seed of the random input, 0…18446744073709551615 (default: a new one, printed).")
    var seed: String?

    /// The validated `--seed`, nil when none was given.
    var seedValue: UInt64? { seed.flatMap { UInt64($0) } }
    @Option(parsing: .unconditional, help: "Input events to deliver.")
    var events: Int = 100_000
    @Option(help: "Drive only this scene (repeat for several): drag, springy, cards, exchange, dynamics, or a scene file (.json).")
    var scene: [String] = []
    @Option(parsing: .unconditional, help: "Fuzzers to run in parallel (threads), sharing the events; job i uses seed + i.")
    var jobs: Int = 1
    @Flag(help: "Print a line after each episode (one scene's share of the run).")
    var verbose = false
    @Option(parsing: .unconditional, help: "Print every event from this one on (0-based), to see what led to a failure.")
    var traceFrom: Int?

    func validate() throws {
        if let problem = SceneFuzzer.problem(seed: seed, events: events, jobs: jobs, traceFrom: traceFrom, scenes: scene) {
            throw ValidationError(problem)
        }
    }

    func run() throws {
        var base = SceneFuzzer.Configuration(seed: seedValue ?? UInt64.random(in: 1...UInt64(UInt32.max)), events: events)
        do { try base.select(scenes: scene) } catch { fail("\(error)") }
        if let from = traceFrom {
            base.traceFrom = from
            base.trace = { say("  " + $0) }
        }
        let configurations = base.jobs(jobs)
        say(SceneFuzzer.Report.header(configurations))
        let start = Date()
        let (verbose, jobs) = (self.verbose, self.jobs)
        let reports = Mutex<[SceneFuzzer.Report?]>(Array(repeating: nil, count: jobs))
        DispatchQueue.concurrentPerform(iterations: jobs) { i in
            let report = SceneFuzzer(configurations[i]).run { episode, report in
                guard verbose else { return }
                say("  \(jobs > 1 ? "job \(i + 1), " : "")\(episode.description): \(episode.events) events; "
                      + "\(report.events) in all, \(String(format: "%.1f s", Date().timeIntervalSince(start)))")
            }
            reports.withLock { $0[i] = report }
        }
        let all = reports.withLock { $0.compactMap { $0 } }
        say(SceneFuzzer.Report.summary(all, kinds: base.kinds))
        say(SceneFuzzer.Report.verdict(all, jobs: configurations, seconds: Date().timeIntervalSince(start)))
        let failures = all.compactMap(\.failure)
        for f in failures.dropLast() { warn(f) }
        if let f = failures.last { fail(f) }
    }
}
