import Foundation
import Scenes

/// `kinetic fuzz`'s rules and reports: the options it takes, the events shared among parallel
/// jobs, and the lines it prints (the executable parses, runs the threads and reads the clock).
extension SceneFuzzer {
    /// The most events one run takes (about an hour of a release build).
    package static let maximumEvents = 100_000_000

    /// Why `kinetic fuzz` cannot run with these options, one line naming the option, or nil:
    /// `seed` as typed (a whole number 0…2⁶⁴ − 1), `events` (1…``maximumEvents``), `jobs` (1…64),
    /// `traceFrom` (an event number, one job only) and `scenes` (each a scene, once).
    package static func problem(seed: String?, events: Int, jobs: Int, traceFrom: Int?, scenes: [String]) -> String? {
        if let s = seed, UInt64(s) == nil {
            return "--seed must be a whole number between 0 and \(UInt64.max), got \(s)"
        }
        guard (1...maximumEvents).contains(events) else { return "--events must be between 1 and \(maximumEvents), got \(events)" }
        guard (1...64).contains(jobs) else { return "--jobs must be between 1 and 64, got \(jobs)" }
        if traceFrom != nil && jobs > 1 { return "--trace-from traces one job: leave out --jobs" }
        if let t = traceFrom, t < 0 { return "--trace-from must be an event number, 0 or more, got \(t)" }
        if let twice = scenes.first(where: { s in scenes.filter { $0 == s }.count > 1 }) {
            return "--scene \(twice) is given twice; name each scene once"
        }
        for s in scenes where SceneKind(builtIn: s) == nil && !isSceneFile(s) {
            return "unknown scene '\(s)' (choose \(SceneKind.choicesText), or a scene file ending in .json)"
        }
        if scenes.filter(isSceneFile).count > 1 { return "--scene names one scene file at most" }
        return nil
    }

    /// Whether a `--scene` value names a scene file (it ends in `.json`).
    static func isSceneFile(_ name: String) -> Bool { name.lowercased().hasSuffix(".json") }
}

extension SceneFuzzer.Configuration {
    /// Drives the scenes `names` (`--scene`, each a scene's name or a scene file, checked by
    /// ``SceneFuzzer/problem(seed:events:jobs:traceFrom:scenes:)``): the scene file is read now.
    /// - Throws: ``KineticError`` when the scene file does not read (file, line, column, problem).
    package mutating func select(scenes names: [String]) throws {
        guard !names.isEmpty else { return }
        kinds = try names.map { name in
            guard SceneFuzzer.isSceneFile(name) else { return SceneKind(builtIn: name) ?? .drag }
            sceneFile = try SceneFileReader.read(path: name)
            sceneFilePath = name
            return .file
        }
    }

    /// This run shared among `jobs` fuzzers: job i with seed + i (wrapping) and an equal share
    /// of the events, the first `events % jobs` jobs one more.
    package func jobs(_ jobs: Int) -> [SceneFuzzer.Configuration] {
        (0..<jobs).map { i in
            var c = self
            c.seed = seed &+ UInt64(i)
            c.events = events / jobs + (i < events % jobs ? 1 : 0)
            return c
        }
    }
}

extension SceneFuzzer.Report {
    /// The first line of a run: the jobs' seeds, the events, the jobs and the scenes.
    package static func header(_ jobs: [SceneFuzzer.Configuration]) -> String {
        let events = jobs.reduce(0) { $0 + $1.events }
        return "kinetic fuzz: seed \(seeds(jobs)), \(events) events\(jobs.count > 1 ? " in \(jobs.count) jobs" : ""), "
            + "scenes \((jobs.first?.kinds ?? []).map(\.name).joined(separator: " "))"
    }

    /// The jobs' seeds, "5" or "5, 6".
    package static func seeds(_ jobs: [SceneFuzzer.Configuration]) -> String { jobs.map { "\($0.seed)" }.joined(separator: ", ") }

    /// What the jobs' `reports` did together, events per scene of `kinds` first.
    package static func summary(_ reports: [SceneFuzzer.Report], kinds: [SceneKind]) -> String {
        func sum(_ k: KeyPath<SceneFuzzer.Report, Int>) -> Int { reports.reduce(0) { $0 + $1[keyPath: k] } }
        let perScene = kinds.map { k in "\(k.name) \(reports.reduce(0) { $0 + ($1.eventsPerScene[k] ?? 0) })" }.joined(separator: ", ")
        let slowest = reports.max { $0.longestRest < $1.longestRest }
        return "kinetic fuzz: \(sum(\.events)) events (\(perScene)) in \(sum(\.episodes)) episodes, \(sum(\.frames)) frames, "
            + "\(Int(saturating: reports.reduce(0) { $0 + $1.simulatedSeconds })) s simulated; \(sum(\.restChecks)) rest checks, \(sum(\.dumps)) dumps, "
            + "\(sum(\.transactionsFinished)) exchanges dropped and \(sum(\.transactionsCancelled)) cancelled, "
            + "at most \(reports.map(\.mostVisibleCells).max() ?? 0) cells visible, "
            + "longest rest \(String(format: "%.1f", slowest?.longestRest ?? 0)) s (\(slowest?.longestRestScene ?? "")), "
            + "\(sum(\.swingingFlocks)) seed drag flocks still swinging after \(Int(SceneFuzzer.swingingFlockAllowance)) s"
    }

    /// The last line: the seeds, the events in `seconds` (wall clock) and the verdict.
    package static func verdict(_ reports: [SceneFuzzer.Report], jobs: [SceneFuzzer.Configuration], seconds: Double) -> String {
        let total = reports.reduce(0) { $0 + $1.events }
        return "kinetic fuzz: seed \(seeds(jobs)), \(total) events in \(String(format: "%.1f s", seconds)) "
            + "(\(Int(saturating: Double(total) / max(seconds, 1e-9))) events/s): "
            + (reports.contains { $0.failure != nil } ? "FAILED" : "every invariant held")
    }
}
