import Testing
import Foundation

/// Runs the built `kinetic` binary as a person would, headless. Each run is its own process, so
/// these tests do not share SDL state with each other or with the in-process SDL suite.
enum Kinetic {
    static var binary: URL {
        // The test bundle sits beside the products in .build/<config>/.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("kinetic")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/kinetic")
    }

    struct Result {
        /// The exit status, or the signal number when ``killedBySignal``.
        let status: Int32
        let stdout: String
        let stderr: String
        var killedBySignal = false
    }

    static func run(_ args: [String], environment: [String: String]? = nil, directory: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        if let e = environment { p.environment = e }
        if let d = directory { p.currentDirectoryURL = URL(fileURLWithPath: d) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self),
                      killedBySignal: p.terminationReason == .uncaughtSignal)
    }

    static func temp(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }
}

@Suite struct CommandLineErrorTests {
    func expectOneLineError(_ args: [String], containing text: String, environment: [String: String]? = nil) throws {
        let r = try Kinetic.run(args, environment: environment)
        #expect(r.status != 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("kinetic: "))
        #expect(r.stderr.contains(text), "stderr: \(r.stderr)")
    }

    @Test func noDisplayIsOneClearLine() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil; env["SDL_VIDEODRIVER"] = nil
        try expectOneLineError(["run"], containing: "no display found", environment: env)
    }

    /// Issue 26: --refresh is a window's, within 24–500 Hz.
    @Test func refreshIsCheckedAndWindowsOnly() throws {
        try expectOneLineError(["run", "--refresh", "1000"], containing: "--refresh must be between 24 and 500 Hz, got 1000.0")
        try expectOneLineError(["run", "--refresh", "nan"], containing: "--refresh must be between 24 and 500 Hz")
        try expectOneLineError(["run", "--headless", "--frames", "2", "--refresh", "144"], containing: "--refresh is for windows")
    }

    /// Issue 24: a display that names nothing made SDL fall back to an invisible driver, and the
    /// run went on unseen (exit 0). The display is named, exit 1.
    @Test func aDisplayWithNothingThereIsOneClearLine() throws {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = nil; env["XDG_RUNTIME_DIR"] = nil
        env["DISPLAY"] = ":97"; env["WAYLAND_DISPLAY"] = nil
        try expectOneLineError(["run", "--frames", "5"], containing: "cannot open the display DISPLAY=:97", environment: env)
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = "wayland-97"
        try expectOneLineError(["run", "--frames", "5"], containing: "cannot open the display WAYLAND_DISPLAY=wayland-97", environment: env)
        env["XDG_RUNTIME_DIR"] = FileManager.default.temporaryDirectory.path
        try expectOneLineError(["run", "--frames", "5"], containing: "WAYLAND_DISPLAY=wayland-97 (nothing answers there)", environment: env)
    }

    @Test func absurdSpringsAreOneClearLine() throws {
        try expectOneLineError(["curve", "spring", "--mass", "1e300", "--stiffness", "1", "--damping", "1"],
                               containing: "mass must be between 1e-6 and 1e6")
        try expectOneLineError(["curve", "spring", "--mass", "1", "--stiffness", "1", "--damping", "1", "--velocity", "1e308"],
                               containing: "--velocity must be within ±1000000 unit distances per second, got 1e+308")
        // In range but absurdly slow: runs, with a note that the curve is cut where an animator cuts it.
        let r = try Kinetic.run(["curve", "spring", "--mass", "100", "--stiffness", "0.1", "--damping", "0.01", "--samples", "3"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("settles in 38.4 h") && r.stderr.contains("cut at 5.0 min"), "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 4)
    }

    @Test func badValues() throws {
        try expectOneLineError(["--scene", "nope", "--headless", "--frames", "1"], containing: "unknown scene 'nope'")
        try expectOneLineError(["--size", "12", "--headless", "--frames", "1"], containing: "--size")
        try expectOneLineError(["--fps", "0", "--headless", "--frames", "1"], containing: "--fps")
        try expectOneLineError(["--fps", "abc"], containing: "abc")
        try expectOneLineError(["--headless"], containing: "--frames")
        try expectOneLineError(["--headless", "--frames", "1", "--script", "/nonexistent/script.jsonl"], containing: "cannot read script")
    }

    /// Issue 16: negative numbers are refused as out of range (not "missing value"), a cubic's
    /// negative Y is a number, and every output path is checked before the run.
    @Test func negativeNumbersAndOutputPaths() throws {
        try expectOneLineError(["--frames", "-1", "--headless"], containing: "--frames must be at least 1, got -1")
        try expectOneLineError(["--fps", "-5", "--headless", "--frames", "2"], containing: "--fps must be between 1 and 1000, got -5")
        try expectOneLineError(["--size", "-800x-600", "--headless", "--frames", "2"], containing: "got '-800x-600'")
        try expectOneLineError(["bench", "--items", "-3"], containing: "--items must be between 1 and 1000000, got -3")
        // Issue 37 part 4: the parser's generic message gave no range.
        try expectOneLineError(["fuzz", "--seed", "-1"], containing: "--seed must be a whole number between 0 and 18446744073709551615, got -1")
        try expectOneLineError(["fuzz", "--seed", "18446744073709551616"], containing: "--seed must be a whole number between 0 and")
        // Issue 37 part 3: the collision box takes --items up to 10000 and says so beyond.
        try expectOneLineError(["bench", "collision", "--items", "20000"], containing: "--items for the collision benchmark must be between 1 and 10000, got 20000")
        try expectOneLineError(["bench", "corners", "--items", "5"], containing: "--items does not apply to the corners benchmark")
        try expectOneLineError(["bench", "corners", "--scene", "nope"], containing: "unknown scene 'nope'")
        try expectOneLineError(["curve", "spring", "--mass", "-1", "--stiffness", "2", "--damping", "1"], containing: "mass")
        let cubic = try Kinetic.run(["curve", "cubic", "0.6", "-0.28", "0.735", "0.045", "--samples", "3"])
        #expect(cubic.status == 0 && cubic.stdout.contains("0.5,-0.063622"), "\(cubic.stderr)")
        let folder = Kinetic.temp("a-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try expectOneLineError(["--headless", "--frames", "2", "--screenshot", "/nonexistent/x.png"], containing: "--screenshot: the folder /nonexistent does not exist")
        try expectOneLineError(["--headless", "--frames", "2", "--dump", "/nonexistent/d.json"], containing: "--dump: the folder /nonexistent does not exist")
        try expectOneLineError(["--headless", "--frames", "2", "--record", folder], containing: "--record: \(folder) is a folder, not a file")
        try expectOneLineError(["--headless", "--frames", "2", "--dump", folder], containing: "is a folder, not a file")
    }

    @Test func badScriptLineNamesTheLine() throws {
        let path = Kinetic.temp("bad.jsonl")
        try "{\"t\":0.1,\"type\":\"down\",\"x\":1,\"y\":2}\n{\"t\":0.2,\"type\":\"jump\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
        try expectOneLineError(["--headless", "--frames", "2", "--script", path], containing: "bad.jsonl:2: unknown type \"jump\"")
    }

    @Test func scriptTimesMustBeWithinADay() throws {
        // 1.6e17 s used to trap (Double → Int overflow of the frame count); 1e6 s ran for hours.
        for (name, t) in [("huge", "1.6e17"), ("week", "1e6"), ("over", "86400.5"), ("negative", "-1")] {
            let path = Kinetic.temp("time-\(name).jsonl")
            try "{\"t\":0.1,\"type\":\"down\",\"x\":1,\"y\":2}\n{\"t\":\(t),\"type\":\"up\",\"x\":1,\"y\":2}\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            try expectOneLineError(["--headless", "--script", path], containing: "time-\(name).jsonl:2: \"t\" is ")
            let r = try Kinetic.run(["--headless", "--frames", "2", "--script", path])
            #expect(r.status == 1 && !r.killedBySignal, "\(name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("between 0 and 86400 s"), "\(name): \(r.stderr)")
        }
        // The bound itself is a valid time.
        let edge = Kinetic.temp("time-edge.jsonl")
        try "{\"t\":86400,\"type\":\"key\",\"key\":\"f\"}\n".write(toFile: edge, atomically: true, encoding: .utf8)
        let r = try Kinetic.run(["--headless", "--frames", "2", "--script", edge])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func statsPathIsCheckedBeforeTheRun() throws {
        try expectOneLineError(["--headless", "--frames", "1", "--stats", "/nonexistent-kinetic-folder/s.json"],
                               containing: "--stats: the folder /nonexistent-kinetic-folder does not exist")
        let dir = Kinetic.temp("stats-folder")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try expectOneLineError(["--headless", "--frames", "1", "--stats", dir], containing: "is a folder, not a file")
        let file = Kinetic.temp("stats-not-a-folder")
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        try expectOneLineError(["--headless", "--frames", "1", "--stats", file + "/s.json"], containing: "is not a folder")
        let r = try Kinetic.run(["--headless", "--frames", "1", "--stats", "/nonexistent-kinetic-folder/s.json"])
        #expect(r.status == 1)
    }

    @Test func helpExitsZero() throws {
        let r = try Kinetic.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE"))
    }
}

@Suite struct HeadlessRunTests {
    @Test func screenshotAndDumpAreWritten() throws {
        let png = Kinetic.temp("shot.png"), json = Kinetic.temp("dump.json")
        let r = try Kinetic.run(["--headless", "--frames", "3", "--screenshot", png, "--dump", json])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try #require(FileManager.default.contents(atPath: png))
        #expect(data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(obj["frame"] as? Int == 3)
        #expect((obj["time"] as? Double).map { abs($0 - 0.05) < 1e-9 } == true)
        #expect((obj["items"] as? [Any])?.isEmpty == false)
    }

    @Test func statsCountEveryFrameAndTheGestureFrames() throws {
        // A press at 0.05 s held to 0.75 s (a long press and a drag), released: gesture frames
        // while the button is down and while the flock flies home.
        let script = Kinetic.temp("stats.jsonl"), json = Kinetic.temp("stats.json")
        try """
        {"t":0.05,"type":"down","x":36,"y":66}
        {"t":0.10,"type":"up","x":36,"y":66}
        {"t":0.20,"type":"down","x":61,"y":91}
        {"t":0.80,"type":"move","x":161,"y":151}
        {"t":1.00,"type":"up","x":161,"y":151}
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try Kinetic.run(["--headless", "--frames", "240", "--script", script, "--stats", json])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(obj["frames"] as? Int == 240)
        let ms = try #require(obj["frame_ms"] as? [String: Double])
        #expect(Set(ms.keys) == ["p50", "p90", "p99", "max"])
        #expect(ms["p50"]! > 0 && ms["p50"]! <= ms["p90"]! && ms["p90"]! <= ms["p99"]! && ms["p99"]! <= ms["max"]!)
        #expect((obj["fps_median"] as? Double).map { abs($0 - 1000 / ms["p50"]!) < 0.01 * $0 } == true)
        let gesture = try #require(obj["gesture"] as? [String: Any])
        let g = try #require(gesture["frames"] as? Int)
        // Button down 0.05–0.10 and 0.20–1.00 s (about 51 frames) plus the flight home.
        #expect(g > 60 && g < 240, "gesture frames \(g)")
        #expect((gesture["frame_ms"] as? [String: Double])?.keys.count == 4)
    }

    @Test func sameInputSameDumpByteForByte() throws {
        let script = Kinetic.temp("same.jsonl")
        try """
        {"t":0.05,"type":"down","x":120,"y":120}
        {"t":0.10,"type":"up","x":120,"y":120}
        {"t":0.20,"type":"down","x":300,"y":300}
        {"t":0.80,"type":"move","x":340,"y":330}
        {"t":1.00,"type":"up","x":340,"y":330}
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let a = Kinetic.temp("a.json"), b = Kinetic.temp("b.json")
        #expect(try Kinetic.run(["--headless", "--frames", "90", "--script", script, "--dump", a]).status == 0)
        #expect(try Kinetic.run(["--headless", "--frames", "90", "--script", script, "--dump", b]).status == 0)
        let da = try Data(contentsOf: URL(fileURLWithPath: a)), db = try Data(contentsOf: URL(fileURLWithPath: b))
        #expect(!da.isEmpty && da == db)
    }
}

/// Issue 15's reproducer through the binary: `--script` a quick flick, `--dump` the result.
@Suite struct DragFlickCommandLineTests {
    @Test func flickComesHomeAndTheDumpShowsTheAnimatorsItems() throws {
        let script = Kinetic.temp("flick.jsonl"), dump = Kinetic.temp("flick.json")
        try """
        {"t":0.1,"type":"down","x":36,"y":66}
        {"t":0.13,"type":"up","x":36,"y":66}
        {"t":0.3,"type":"down","x":320,"y":200}
        {"t":0.9,"type":"move","x":128.68,"y":289.14}
        {"t":0.95,"type":"move","x":208.43,"y":131.72}
        {"t":1.0,"type":"move","x":505.25,"y":289.38}
        {"t":1.05,"type":"move","x":239.09,"y":310.75}
        {"t":1.1,"type":"up","x":320,"y":200}
        """.write(toFile: script, atomically: true, encoding: .utf8)
        // Mid-flight (frame 70, 1.17 s) the dump lists the animator's item with its velocity.
        // The refined variant (each cell keeps its offset), the default when issue 15 was filed.
        var r = try Kinetic.run(["run", "--scene", "drag", "--variant", "refined", "--headless", "--size", "640x480", "--frames", "70",
                                 "--script", script, "--dump", dump])
        #expect(r.status == 0, "\(r.stderr)")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])
        let flying = try #require(json["dynamicItems"] as? [[String: Any]])
        #expect(flying.count == 1)
        #expect(flying.first?["finite"] as? Bool == true)
        #expect((flying.first?["velocity"] as? [Double])?.count == 2)
        // 3 s later the cell is home and the animator has paused.
        r = try Kinetic.run(["run", "--scene", "drag", "--variant", "refined", "--headless", "--size", "640x480", "--frames", "250",
                             "--script", script, "--dump", dump])
        #expect(r.status == 0, "\(r.stderr)")
        json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])
        #expect(json["animatorRunning"] as? Bool == false)
        #expect((json["dynamicItems"] as? [Any])?.isEmpty == true)
        let items = try #require(json["items"] as? [[String: Any]])
        let cell = try #require(items.first { ($0["indexPath"] as? [Int]) == [0, 0] })
        #expect(cell["frame"] as? [Double] == [16, 46, 40, 40])
        #expect(json["variant"] as? String == "refined")
        // Seed (the source's shared square): the cell, ~320 pt from the pointer, hangs on nearly
        // parallel springs and is still swinging 3 s later, but it is never lost.
        r = try Kinetic.run(["run", "--scene", "drag", "--headless", "--size", "640x480", "--frames", "250",
                             "--script", script, "--dump", dump])
        #expect(r.status == 0, "\(r.stderr)")
        json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])
        #expect(json["variant"] as? String == "seed")
        let swinging = try #require(json["dynamicItems"] as? [[String: Any]])
        #expect(swinging.allSatisfy { $0["finite"] as? Bool == true })
    }
}

/// `kinetic bench --json` prints one flat object of numbers (make bench reads it with awk).
@Suite struct BenchCommandTests {
    @Test func jsonIsOneFlatObjectOfNumbers() throws {
        let r = try Kinetic.run(["bench", "physics", "--items", "40", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let values = try #require(object)
        for key in ["physics_ns_per_item_step", "physics_settling_ns_per_item_step", "drag_ns_per_item_step",
                    "physics_build_ms", "physics_awake_after_60_steps"] {
            #expect(values[key] is NSNumber, "\(key) in \(r.stdout)")
        }
        #expect(values.values.allSatisfy { $0 is NSNumber })
        #expect((values["physics_awake_after_60_steps"] as? NSNumber)?.intValue == 40)
        // One key per line, as the Makefile's awk reads it.
        let lines = r.stdout.split(separator: "\n").filter { $0.contains("\":") }
        #expect(lines.count == values.count)
    }

    /// Issue 37 part 3: `bench collision --items 1` steps a box of one piece (it ignored --items).
    @Test func collisionHonoursItems() throws {
        let r = try Kinetic.run(["bench", "collision", "--items", "3", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let values = try #require(object)
        #expect((values["collision_awake_after_600_steps"] as? NSNumber).map { $0.intValue <= 3 } == true, "\(r.stdout)")
        let text = try Kinetic.run(["bench", "collision", "--items", "1"])
        #expect(text.status == 0 && text.stdout.contains("collision: 1-item box"), "\(text.stdout) \(text.stderr)")
    }

    @Test func unknownBenchmarkIsAnError() throws {
        let r = try Kinetic.run(["bench", "nope"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("unknown benchmark 'nope'"), "\(r.stderr)")
    }
}
