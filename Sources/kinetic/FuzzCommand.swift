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
    @Option(help: "Drive only this scene (repeat for several): drag, springy, cards, exchange or dynamics.")
    var scene: [String] = []
    @Option(parsing: .unconditional, help: "Fuzzers to run in parallel (threads), sharing the events; job i uses seed + i.")
    var jobs: Int = 1
    @Flag(help: "Print a line after each episode (one scene's share of the run).")
    var verbose = false
    @Option(parsing: .unconditional, help: "Print every event from this one on (0-based), to see what led to a failure.")
    var traceFrom: Int?

    /// The most events one run takes (about an hour of a release build).
    static let maximumEvents = 100_000_000

    func validate() throws {
        if let s = seed, UInt64(s) == nil {
            throw ValidationError("--seed must be a whole number between 0 and \(UInt64.max), got \(s)")
        }
        guard (1...Self.maximumEvents).contains(events) else {
            throw ValidationError("--events must be between 1 and \(Self.maximumEvents), got \(events)")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64, got \(jobs)") }
        if traceFrom != nil && jobs > 1 { throw ValidationError("--trace-from traces one job: leave out --jobs") }
        if let t = traceFrom, t < 0 { throw ValidationError("--trace-from must be an event number, 0 or more, got \(t)") }
        if let twice = scene.first(where: { s in scene.filter { $0 == s }.count > 1 }) {
            throw ValidationError("--scene \(twice) is given twice; name each scene once")
        }
        for s in scene where SceneKind(rawValue: s) == nil {
            throw ValidationError("unknown scene '\(s)' (choose \(SceneKind.choicesText))")
        }
    }

    func run() throws {
        let seed = seedValue ?? UInt64.random(in: 1...UInt64(UInt32.max))
        var base = SceneFuzzer.Configuration(seed: seed, events: events)
        if !scene.isEmpty { base.kinds = scene.compactMap(SceneKind.init(rawValue:)) }
        if let from = traceFrom {
            base.traceFrom = from
            base.trace = { say("  " + $0) }
        }
        let configurations = (0..<jobs).map { i -> SceneFuzzer.Configuration in
            var c = base
            c.seed = seed &+ UInt64(i)
            c.events = events / jobs + (i < events % jobs ? 1 : 0)
            return c
        }
        let seeds = configurations.map { "\($0.seed)" }.joined(separator: ", ")
        say("kinetic fuzz: seed \(seeds), \(events) events\(jobs > 1 ? " in \(jobs) jobs" : ""), "
              + "scenes \(base.kinds.map(\.name).joined(separator: " "))")
        let start = Date()
        let verbose = self.verbose
        let reports = Mutex<[SceneFuzzer.Report?]>(Array(repeating: nil, count: jobs))
        DispatchQueue.concurrentPerform(iterations: jobs) { i in
            let c = configurations[i]
            let report = SceneFuzzer(c).run { episode, report in
                guard verbose else { return }
                say("  \(jobs > 1 ? "job \(i + 1), " : "")\(episode.description): \(episode.events) events; "
                      + "\(report.events) in all, \(Self.seconds(since: start))")
            }
            reports.withLock { $0[i] = report }
        }
        let all = reports.withLock { $0.compactMap { $0 } }
        let elapsed = Date().timeIntervalSince(start)
        let total = all.reduce(0) { $0 + $1.events }
        func sum(_ k: KeyPath<SceneFuzzer.Report, Int>) -> Int { all.reduce(0) { $0 + $1[keyPath: k] } }
        let perScene = base.kinds.map { k in "\(k.name) \(all.reduce(0) { $0 + ($1.eventsPerScene[k] ?? 0) })" }.joined(separator: ", ")
        let slowest = all.max { $0.longestRest < $1.longestRest }
        say("kinetic fuzz: \(total) events (\(perScene)) in \(sum(\.episodes)) episodes, \(sum(\.frames)) frames, "
              + "\(Int(saturating: all.reduce(0) { $0 + $1.simulatedSeconds })) s simulated; \(sum(\.restChecks)) rest checks, \(sum(\.dumps)) dumps, "
              + "\(sum(\.transactionsFinished)) exchanges dropped and \(sum(\.transactionsCancelled)) cancelled, "
              + "at most \(all.map(\.mostVisibleCells).max() ?? 0) cells visible, "
              + "longest rest \(String(format: "%.1f", slowest?.longestRest ?? 0)) s (\(slowest?.longestRestScene ?? "")), "
              + "\(sum(\.swingingFlocks)) seed drag flocks still swinging after \(Int(SceneFuzzer.swingingFlockAllowance)) s")
        let failures = all.compactMap(\.failure)
        say("kinetic fuzz: seed \(seeds), \(total) events in \(Self.seconds(since: start)) "
              + "(\(Int(saturating: Double(total) / max(elapsed, 1e-9))) events/s): "
              + (failures.isEmpty ? "every invariant held" : "FAILED"))
        for f in failures.dropLast() { warn(f) }
        if let f = failures.last { fail(f) }
    }

    static func seconds(since start: Date) -> String { String(format: "%.1f s", Date().timeIntervalSince(start)) }
}
