import Testing
import Foundation
import Glibc
import Scenes
@testable import kinetic
@testable import Lab

/// Issue 16, "saves that never go astray", the hard way: the app runs headless on the exchange
/// scene with a `--data` file and a script of completed exchanges, and is killed with SIGKILL,
/// each trial at a different moment: at a random time, the instant a save's temporary file
/// appears (mid-save), or the instant a save has been renamed into place. After every kill the
/// file parses, holds a permutation of the original names and equals the line-up after some
/// completed transaction (a prefix of the script). SIGKILL leaves a process no chance to clean
/// up, so a kill during a save may leave its temporary `.team.json.tmp-PID` beside the file; the
/// check is that it is only ever the killed process's, and that the next start removes it
/// without touching the file.
///
/// Every trial's run is held open after its script (`--frames` of a simulated day), so each kill
/// lands while the app runs, however fast or slow the machine is; only the whole run, which gives
/// the random moments their spread, ends by itself.
///
/// `KINETIC_KILL_TRIALS` sets the number of trials (default 10; CI runs 100).
@Suite struct KillTests {
    enum Moment: CustomStringConvertible {
        /// At `fraction` of a whole run's duration.
        case random(fraction: Double)
        /// The instant the temporary file of save `k` (1-based) appears.
        case midSave(Int)
        /// The instant save `k` has been renamed over the file.
        case afterSave(Int)
        var description: String {
            switch self {
            case .random(let f): "at \(Int(f * 100)) % of the run"
            case .midSave(let k): "during save \(k)"
            case .afterSave(let k): "after save \(k)"
            }
        }
    }

    /// How one trial ended.
    struct Outcome {
        /// Whether the kill landed (the run had not finished).
        var killed = false
        /// Saves renamed into place before the kill.
        var saves = 0
        /// Whether the killed process's temporary file was left.
        var leftTemporary = false
    }

    @Test func aKilledRunAlwaysLeavesACompletedTransaction() throws {
        let trials = ProcessInfo.processInfo.environment["KINETIC_KILL_TRIALS"].flatMap(Int.init) ?? 10
        let folder = try SaveFolder()
        let original = [["Ana", "Ben", "Cy", "Dee"], ["Eve", "Fay", "Gus", "Hal"]]
        let originalText = #"{"sections": [["Ana", "Ben", "Cy", "Dee"], ["Eve", "Fay", "Gus", "Hal"]]}"#
        let data = folder.file("team.json")
        let run = ["--headless", "--scene", "exchange", "--size", "640x480", "--fps", "20", "--data", data]

        // Where each name is drawn, from a dump (so the script follows the layout as it is).
        try folder.write("team.json", originalText)
        let dumpPath = folder.file("layout.json")
        let layout = try Kinetic.run(run + ["--frames", "1", "--dump", dumpPath])
        #expect(layout.status == 0, "\(layout.stderr)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dumpPath))) as? [String: Any])
        var centre: [[Int]: (Int, Int)] = [:]
        for case let item as [String: Any] in try #require(dump["items"] as? [Any]) {
            let ip = try #require(item["indexPath"] as? [Int]), f = try #require(item["frame"] as? [Double])
            centre[ip] = (Int(f[0] + f[2] / 2), Int(f[1] + f[3] / 2))
        }
        #expect(centre.count == 8)

        // Four completed exchanges, 1.6 s apart (the snapshot of one lands before the next catch):
        // catch, hold past the 0.15 s long press, move onto the other name, release.
        let swaps: [([Int], [Int])] = [([0, 0], [1, 3]), ([0, 1], [1, 2]), ([0, 2], [1, 0]), ([0, 3], [1, 1])]
        var script = ""
        var states = [original]
        for (j, (a, b)) in swaps.enumerated() {
            let t = 0.1 + Double(j) * 1.6
            let (ax, ay) = try #require(centre[a]), (bx, by) = try #require(centre[b])
            script += #"{"t":\#(t),"type":"down","x":\#(ax),"y":\#(ay)}"# + "\n"
            script += #"{"t":\#(t + 0.3),"type":"move","x":\#(bx),"y":\#(by)}"# + "\n"
            script += #"{"t":\#(t + 0.5),"type":"up","x":\#(bx),"y":\#(by)}"# + "\n"
            var next = states.last!
            (next[a[0]][a[1]], next[b[0]][b[1]]) = (next[b[0]][b[1]], next[a[0]][a[1]])
            states.append(next)
        }
        let scriptPath = try folder.write("exchanges.jsonl", script)
        let args = run + ["--script", scriptPath]
        // The trials' runs: the same, held open for a simulated day after the script, until killed.
        let held = args + ["--frames", String(20 * 86_400)]

        // A whole run: it must end with every exchange saved, and it gives the run's duration.
        try folder.write("team.json", originalText)
        let clock = ContinuousClock()
        let whole = try trial(args, folder: folder, moment: nil)
        let wholeSeconds = whole.seconds
        #expect(!whole.outcome.killed && whole.outcome.saves == swaps.count)
        #expect(try sections(data) == states.last, "the uninterrupted run ends at the last exchange")

        var leftTemporaries = 0, killedMidSave = 0, landed = 0
        let start = clock.now
        for n in 0..<trials {
            try folder.write("team.json", originalText)
            let k = 1 + (n / 3) % swaps.count
            let moment: Moment = switch n % 3 {
            case 0: .random(fraction: Double((n * 7919) % 1000) / 1000 * 1.1)
            case 1: .midSave(k)
            default: .afterSave(k)
            }
            let (outcome, _) = try trial(held, folder: folder, moment: moment, wholeRun: wholeSeconds)
            let label = "trial \(n + 1), killed \(moment)"
            if outcome.killed { landed += 1 }
            if case .midSave = moment, outcome.killed { killedMidSave += 1 }
            // The file parses (as the app itself reads it), holds the original names, and is the
            // line-up after a completed transaction: exactly the saves that landed.
            let model = try ExchangeDataFile.load(data)
            #expect(model.sections.joined().sorted() == original.joined().sorted(), "\(label): \(model.sections)")
            #expect(model.sections == states[outcome.saves], "\(label): \(model.sections), after \(outcome.saves) saves")
            if case .afterSave(let k) = moment, outcome.killed { #expect(outcome.saves >= k, "\(label)") }
            // Only the killed process's temporary may be left; the next start removes it and
            // leaves the file as it is.
            let before = try folder.read("team.json")
            #expect(folder.temporaries.count <= (outcome.leftTemporary ? 1 : 0), "\(label): \(folder.temporaries)")
            if outcome.leftTemporary { leftTemporaries += 1 }
            let next = try Kinetic.run(run + ["--frames", "1"])
            #expect(next.status == 0, "\(label): the next start failed: \(next.stderr)")
            #expect(folder.temporaries.isEmpty, "\(label): the next start left \(folder.temporaries)")
            #expect(try folder.read("team.json") == before, "\(label): the next start changed the file")
        }
        let elapsed = clock.now - start
        print("KillTests: \(trials) trials in \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))) "
              + "(a whole run \(Int(wholeSeconds * 1000)) ms): \(landed) kills landed before the run ended, \(killedMidSave) "
              + "during a save, \(leftTemporaries) left a temporary file that the next start removed; every file held a completed transaction")
        #expect(landed == trials, "every kill must land while the run is held open")
    }

    /// How long a trial may wait for its moment (or a whole run for its end): far beyond any run
    /// (a whole one takes well under a second in a debug build); it only bounds a failure.
    static let giveUp = Duration.seconds(120)

    /// The `sections` of the data file at `path`.
    func sections(_ path: String) throws -> [[String]]? {
        (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])?["sections"] as? [[String]]
    }

    /// Runs the app with `args` and kills it at `moment` (nil: lets it finish), watching the data
    /// file's folder with inotify: a save creates `.team.json.tmp-PID`, then renames it over
    /// `team.json`. Returns how the run ended and how long it ran (seconds). A run that reaches
    /// neither its end nor `moment` within ``giveUp`` is killed and recorded as a failure.
    func trial(_ args: [String], folder: SaveFolder, moment: Moment?, wholeRun: Double = 0.4) throws -> (outcome: Outcome, seconds: Double) {
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        #expect(watch >= 0)
        defer { close(watch) }
        #expect(inotify_add_watch(watch, folder.path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0)

        let p = Process()
        p.executableURL = Kinetic.binary
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try p.run()
        let pid = p.processIdentifier
        let temporary = ".team.json.tmp-\(pid)"
        var outcome = Outcome(), created = 0
        var deadline: ContinuousClock.Instant?
        if case .random(let f) = moment { deadline = start + .milliseconds(Int(f * wholeRun * 1000)) }
        let limit = start + Self.giveUp
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        /// Reads the folder's events so far; true when `moment` says to kill now.
        func readEvents() -> Bool {
            var due = false
            while true {
                let n = read(watch, &buffer, buffer.count)
                guard n > 0 else { return due }
                var offset = 0
                while offset < n {
                    let (mask, length) = buffer.withUnsafeBytes { raw in
                        (raw.load(fromByteOffset: offset + 4, as: UInt32.self), Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self)))
                    }
                    let name = String(decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                    offset += 16 + length
                    if mask & UInt32(IN_CREATE) != 0 && name == temporary {
                        created += 1
                        if case .midSave(let k) = moment, created == k { due = true }
                    } else if mask & UInt32(IN_MOVED_TO) != 0 && name == "team.json" {
                        outcome.saves += 1
                        if case .afterSave(let k) = moment, outcome.saves == k { due = true }
                    }
                }
            }
        }
        while p.isRunning {
            if let d = deadline, clock.now >= d { kill(pid, SIGKILL); outcome.killed = true; break }
            if clock.now >= limit { kill(pid, SIGKILL); timedOut = true; break }
            // Wait for the folder to change (or the random moment); a 5 ms cap notices the exit.
            var pfd = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            let wait = deadline.map { d in max(0, min(5, Int(((d - clock.now) / .milliseconds(1)).rounded(.up)))) } ?? 5
            _ = poll(&pfd, 1, Int32(wait))
            if readEvents() { kill(pid, SIGKILL); outcome.killed = true; break }
        }
        p.waitUntilExit()
        // Saves that landed between the last read and the end (or the kill) count too.
        _ = readEvents()
        let seconds = (clock.now - start) / .seconds(1)
        if timedOut {
            Issue.record("the run reached neither its end nor the moment to kill it (\(moment.map(String.init(describing:)) ?? "none")) within \(Self.giveUp)")
        } else if outcome.killed {
            #expect(p.terminationReason == .uncaughtSignal || p.terminationStatus == 0, "the run ended with \(p.terminationStatus)")
            // The kill may have landed after the run's own end; then it is no kill.
            if p.terminationReason != .uncaughtSignal { outcome.killed = false }
        } else {
            #expect(p.terminationStatus == 0, "an uninterrupted run exited with \(p.terminationStatus)")
        }
        outcome.leftTemporary = folder.temporaries.contains(temporary)
        return (outcome, seconds)
    }
}
