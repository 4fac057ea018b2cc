import Testing
import Foundation

/// Issue 27 part 1: a Ctrl+R recording reproduces what the user saw. A headless "live" session
/// presses Ctrl+R after making state (a selection, an open card, a scroll, an exchange, slow
/// motion and the compare), records, presses Ctrl+R again; the command it prints, run headless,
/// ends in the same `--dump`, byte for byte, as the live session at the same frame.
@Suite struct ReproducingRecordingTests {
    static let ctrlR = #"{"t":T,"type":"key","key":"r","mods":["ctrl"]}"#

    /// Ctrl+R at time `t`, as a script line.
    static func ctrlR(at t: Double) -> String { ctrlR.replacingOccurrences(of: "T", with: "\(t)") }

    /// Moves from `a` to `b` between times `t0` and `t1`, every 1/60 s.
    static func moves(from a: (Double, Double), to b: (Double, Double), t0: Double, t1: Double) -> [String] {
        let n = Int(((t1 - t0) * 60).rounded())
        return (1...n).map { i in
            let f = Double(i) / Double(n)
            return #"{"t":\#(t0 + (t1 - t0) * f),"type":"move","x":\#(a.0 + (b.0 - a.0) * f),"y":\#(a.1 + (b.1 - a.1) * f)}"#
        }
    }

    struct Run {
        let dir: String
        let live: String
        let script: [String]
        let command: [String]

        /// Runs the recording's command with `extra` arguments in the live run's folder.
        func replay(_ extra: [String]) throws -> Kinetic.Result {
            try Kinetic.run(command + extra, environment: ReproducingRecordingTests.environment, directory: dir)
        }
    }

    static var environment: [String: String] { ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy"]) { $1 } }

    /// Runs `lines` live (headless, `frames` frames, `--dump live.json`) in a folder of its own;
    /// returns the dump, the recording's script lines and its printed command without `--video`.
    static func live(_ name: String, _ lines: [String], frames: Int, arguments: [String], files: [String: String] = [:]) throws -> Run {
        let dir = Kinetic.temp("reproduce-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (file, text) in files { try text.write(toFile: dir + "/" + file, atomically: true, encoding: .utf8) }
        try lines.joined(separator: "\n").write(toFile: dir + "/live.jsonl", atomically: true, encoding: .utf8)
        let r = try Kinetic.run(["run", "--headless", "--script", "live.jsonl", "--frames", "\(frames)", "--dump", "live.json"] + arguments,
                                environment: environment, directory: dir)
        try #require(r.status == 0, "\(r.stderr)")
        let printed = r.stdout.split(separator: "\n")
        try #require(printed.count == 1 && printed[0].hasPrefix("kinetic run "), "\(r.stdout)")
        var words = printed[0].split(separator: " ").map(String.init).dropFirst()
        // Without the video, its --pointer has nothing to draw on (refused alone, issue 37).
        if let v = words.firstIndex(of: "--video") { words.removeSubrange(v...(v + 1)); words.removeAll { $0 == "--pointer" } }
        let scriptName = try #require(words.firstIndex(of: "--script").map { words[$0 + 1] })
        let script = try String(contentsOfFile: dir + "/" + scriptName, encoding: .utf8).split(separator: "\n").map(String.init)
        return Run(dir: dir, live: try String(contentsOfFile: dir + "/live.json", encoding: .utf8), script: script, command: Array(words))
    }

    /// The live run, then the recording replayed to the same frame: the dumps are the same bytes.
    /// Returns the run for further checks.
    @discardableResult
    static func expectReproduced(_ name: String, _ lines: [String], frames: Int, arguments: [String] = [],
                                 files: [String: String] = [:]) throws -> Run {
        let run = try live(name, lines, frames: frames, arguments: arguments, files: files)
        // Never its own start or stop key (nor any Ctrl+R); one mark; frames before it.
        #expect(!run.script.contains { $0.contains(#""key":"r""#) && $0.contains("ctrl") }, "\(name)")
        let marks = run.script.indices.filter { run.script[$0].contains(#""type":"mark""#) }
        #expect(marks.count == 1 && run.script[..<(marks.first ?? 0)].contains { $0.contains(#""type":"frame""#) }, "\(name)")
        let r = try run.replay(["--frames", "\(frames)", "--dump", "replay.json"])
        try #require(r.status == 0, "\(r.stderr)")
        let replayed = try String(contentsOfFile: run.dir + "/replay.json", encoding: .utf8)
        #expect(replayed == run.live, "\(name): the replay's dump differs from the live session's")
        return run
    }

    @Test func dragWithASelectionMadeBeforeRecording() throws {
        let lines = [
            #"{"t":0.1,"type":"down","x":25,"y":55}"#, #"{"t":0.15,"type":"up","x":25,"y":55}"#,
            #"{"t":0.3,"type":"down","x":85,"y":55}"#, #"{"t":0.35,"type":"up","x":85,"y":55}"#,
            Self.ctrlR(at: 0.5),
            #"{"t":0.6,"type":"down","x":25,"y":55}"#,
        ] + Self.moves(from: (25, 55), to: (300, 300), t0: 1.2, t1: 1.5) + [
            #"{"t":1.5,"type":"up","x":300,"y":300}"#,
            Self.ctrlR(at: 1.6),
        ]
        let run = try Self.expectReproduced("drag", lines, frames: 150)
        #expect(run.live.components(separatedBy: #""selected": true"#).count - 1 >= 2, "the selection is in the dump")
    }

    /// The cards scene's script: a tap opens the first card at 0.2 s, Ctrl+R at `recordAt`, a
    /// 0.2 s pan down from `panAt` closes it, Ctrl+R again at `stopAt` (seconds).
    static func cardOpenedThenPannedClosed(recordAt: Double, panAt: Double, stopAt: Double) -> [String] {
        [#"{"t":0.2,"type":"down","x":490,"y":415}"#, #"{"t":0.25,"type":"up","x":490,"y":415}"#, ctrlR(at: recordAt),
         #"{"t":\#(panAt),"type":"down","x":490,"y":415}"#]
            + moves(from: (490, 415), to: (490, 560), t0: panAt, t1: panAt + 0.2)
            + [#"{"t":\#(panAt + 0.2),"type":"up","x":490,"y":560}"#, ctrlR(at: stopAt)]
    }

    @Test func cardsWithACardOpenedBeforeRecording() throws {
        // The card opens at 0.2 s; Ctrl+R while it still moves; the pan down closes it.
        let lines = Self.cardOpenedThenPannedClosed(recordAt: 0.4, panAt: 1.2, stopAt: 1.5)
        try Self.expectReproduced("cards", lines, frames: 150, arguments: ["--scene", "cards"])
    }

    @Test func springyScrolledBeforeRecording() throws {
        let wheels = (0..<12).map { i in #"{"t":\#(0.2 + Double(i) / 60),"type":"wheel","x":500,"y":300,"dx":0,"dy":-3}"# }
        let lines = wheels + [
            Self.ctrlR(at: 0.45),
            #"{"t":0.8,"type":"down","x":400,"y":500}"#,
        ] + Self.moves(from: (400, 500), to: (420, 300), t0: 0.8, t1: 1.1) + [
            #"{"t":1.1,"type":"up","x":420,"y":300}"#,
            Self.ctrlR(at: 1.2),
        ]
        try Self.expectReproduced("springy", lines, frames: 150, arguments: ["--scene", "springy"])
    }

    @Test func exchangeWithAnExchangeDoneBeforeRecording() throws {
        // Long-press a name, carry it over others, release: the line-up changes; then record
        // another exchange.
        let lines = [#"{"t":0.2,"type":"down","x":84,"y":94}"#]
            + Self.moves(from: (84, 94), to: (600, 94), t0: 0.5, t1: 1.0)
            + [#"{"t":1.0,"type":"up","x":600,"y":94}"#, Self.ctrlR(at: 1.3), #"{"t":1.5,"type":"down","x":250,"y":94}"#]
            + Self.moves(from: (250, 94), to: (84, 94), t0: 1.8, t1: 2.1)
            + [#"{"t":2.1,"type":"up","x":84,"y":94}"#, Self.ctrlR(at: 2.4)]
        let sections = [["Ana", "Ben", "Chidi", "Dara", "Eli", "Farah", "Goran", "Hana"],
                        ["Ines", "Jonas", "Kofi", "Lena", "Mateo", "Nadia", "Oskar", "Priya"],
                        ["Quinn", "Rosa", "Sami", "Tomas", "Uma", "Viktor", "Wen", "Yara"]]
        let lineUp = String(decoding: try JSONSerialization.data(withJSONObject: ["sections": sections]), as: UTF8.self)
        let run = try Self.expectReproduced("exchange", lines, frames: 240, arguments: ["--scene", "exchange", "--data", "lineup.json"],
                                            files: ["lineup.json": lineUp])
        func sectionsOf(_ file: String) throws -> [[String]]? {
            let o = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: run.dir + "/" + file))) as? [String: Any]
            return o?["sections"] as? [[String]]
        }
        // The live session saved its exchanges to the user's file; the recording carries the
        // line-up it started from, and its replay leaves that copy as it was.
        #expect(try sectionsOf("lineup.json") != sections)
        let data = try #require(run.command.firstIndex(of: "--data").map { run.command[$0 + 1] })
        #expect(try sectionsOf(data) == sections)
    }

    /// Slow motion (S) and the compare (B) turned on before recording; the render without
    /// `--frames` runs until the scenes rest, long after one second past the last input, and
    /// ends where the live session is at that frame.
    @Test func slowMotionAndCompareBeforeRecordingRenderUntilRest() throws {
        let lines = [
            #"{"t":0.05,"type":"key","key":"s"}"#, #"{"t":0.1,"type":"key","key":"b"}"#,
            #"{"t":0.2,"type":"down","x":25,"y":55}"#, #"{"t":0.25,"type":"up","x":25,"y":55}"#,
            Self.ctrlR(at: 0.4),
            #"{"t":0.5,"type":"down","x":25,"y":55}"#,
        ] + Self.moves(from: (25, 55), to: (200, 250), t0: 1.0, t1: 1.3) + [
            #"{"t":1.3,"type":"up","x":200,"y":250}"#,
            Self.ctrlR(at: 1.4),
        ]
        let run = try Self.expectReproduced("slow-compare", lines, frames: 200)
        #expect(run.live.contains(#""b": {"#), "the compare's B half is in the dump")
        let r = try run.replay(["--dump", "rest.json"])
        try #require(r.status == 0, "\(r.stderr)")
        let rest = try String(contentsOfFile: run.dir + "/rest.json", encoding: .utf8)
        #expect(!rest.contains(#""animatorRunning": true"#))
        let frame = try #require(rest.split(separator: "\n").first { $0.contains(#""frame":"#) }
            .flatMap { Int($0.filter(\.isNumber)) })
        #expect(frame > Int((1.3 + 1) * 60), "the render ran on until rest, frame \(frame)")
        // The live session at that frame is where the render stopped.
        let again = try Self.live("slow-compare-rest", lines, frames: frame, arguments: [])
        #expect(again.live == rest)
    }

    /// The render command reaches standard output (a file here) when the recording stops, not
    /// when the run ends: the run goes on long after the second Ctrl+R and is stopped once the
    /// line is there.
    @Test func theCommandIsOutWhenTheRecordingStops() throws {
        let dir = Kinetic.temp("reproduce-flush-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try [Self.ctrlR(at: 0.1), Self.ctrlR(at: 0.2)].joined(separator: "\n")
            .write(toFile: dir + "/live.jsonl", atomically: true, encoding: .utf8)
        let stdout = dir + "/stdout.txt"
        _ = FileManager.default.createFile(atPath: stdout, contents: nil)
        let p = Process()
        p.executableURL = Kinetic.binary
        p.arguments = ["run", "--headless", "--items", "20", "--script", "live.jsonl", "--frames", "1000000"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.environment = Self.environment
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
        p.standardError = FileHandle.nullDevice
        try p.run()
        // SIGKILL: a child of Foundation's Process may not hear SIGTERM, and this run need not finish.
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) }; p.waitUntilExit() }
        var printed = ""
        for _ in 0..<400 {
            Thread.sleep(forTimeInterval: 0.05)
            printed = (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? ""
            if printed.hasSuffix("\n") { break }
        }
        #expect(p.isRunning, "the run was still going")
        #expect(printed.hasPrefix("kinetic run --scene drag --items 20 ") && printed.hasSuffix(".mp4 --pointer\n"), "\(printed)")
    }
}
