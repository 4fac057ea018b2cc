import Testing
import Foundation

/// Issue 24: outputs are checked before the run exactly as they will be written, and none may
/// replace a file the run reads or another output; a font must be a regular file.
@Suite struct OutputPathTests {
    let errors = CommandLineErrorTests()

    @Test func aTrailingSlashIsRefusedBeforeTheRun() throws {
        for flag in ["--dump", "--stats", "--record"] {
            try errors.expectOneLineError(["run", "--headless", "--frames", "2", flag, Kinetic.temp("late.json") + "/"],
                                          containing: "ends with /, so it names a folder, not a file")
        }
    }

    @Test func anOutputNeverReplacesAnInput() throws {
        let data = Kinetic.temp("lineup-in.json")
        let lineup = #"{"sections":[["Ana","Ben"]]}"#
        try lineup.write(toFile: data, atomically: true, encoding: .utf8)
        try errors.expectOneLineError(["run", "--headless", "--scene", "exchange", "--frames", "2", "--data", data, "--dump", data],
                                      containing: "--dump \(data) is the file --data reads")
        #expect(try String(contentsOfFile: data, encoding: .utf8) == lineup)
        let params = Kinetic.temp("params-in.json")
        try "{}".write(toFile: params, atomically: true, encoding: .utf8)
        // The same file by another name (`dir/../dir/name`) is still the same file.
        let other = URL(fileURLWithPath: params).deletingLastPathComponent().path + "/../"
            + URL(fileURLWithPath: params).deletingLastPathComponent().lastPathComponent + "/params-in.json"
        try errors.expectOneLineError(["run", "--headless", "--frames", "2", "--params", params, "--stats", other],
                                      containing: "is the file --params reads")
        #expect(try String(contentsOfFile: params, encoding: .utf8) == "{}")
    }

    @Test func twoOutputsNeverShareAFile() throws {
        let out = Kinetic.temp("both.json")
        try errors.expectOneLineError(["run", "--headless", "--frames", "2", "--dump", out, "--stats", out],
                                      containing: "both name \(out)")
    }

    @Test func aFontThatIsNotARegularFileIsRefused() throws {
        let fifo = Kinetic.temp("font-fifo")
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        var env = ProcessInfo.processInfo.environment
        env["KINETIC_FONT"] = fifo
        try errors.expectOneLineError(["run", "--headless", "--frames", "2"], containing: "not a regular file", environment: env)
    }
}

/// Issue 24: an empty file name is named as such ("cannot read parameters file " said nothing).
@Suite struct EmptyFileNameTests {
    @Test(arguments: ["--params", "--data", "--script", "--dump", "--stats", "--record"])
    func anEmptyNameIsOneClearLine(_ flag: String) throws {
        try CommandLineErrorTests().expectOneLineError(["run", "--headless", "--frames", "2", flag, ""],
                                                       containing: "\(flag): the file name is empty")
    }
}

/// A run that cannot start (no display) leaves no `--record` temporary file behind.
@Suite struct FailedStartTests {
    @Test func noDisplayLeavesNoRecordingBehind() throws {
        let record = Kinetic.temp("never-started.jsonl")
        let folder = URL(fileURLWithPath: record).deletingLastPathComponent().path
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil; env["SDL_VIDEODRIVER"] = nil
        try CommandLineErrorTests().expectOneLineError(["run", "--record", record], containing: "no display found", environment: env)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".never-started.jsonl.recording") }
        #expect(left.isEmpty && !FileManager.default.fileExists(atPath: record), "\(left)")
    }
}

/// Issue 24: `--screenshot` and `--record` write through a symlink to its target, as `--dump`
/// and `--stats` do: the link stays a link.
@Suite struct SymlinkedOutputTests {
    @Test func screenshotAndRecordKeepTheirSymlinks() throws {
        let dir = Kinetic.temp("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (real, link) in [("real.png", "shot.png"), ("real.jsonl", "input.jsonl")] {
            try "old".write(toFile: dir + "/" + real, atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: dir + "/" + link, withDestinationPath: real)
        }
        let r = try Kinetic.run(["run", "--headless", "--frames", "2", "--screenshot", dir + "/shot.png", "--record", dir + "/input.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        for (real, link) in [("real.png", "shot.png"), ("real.jsonl", "input.jsonl")] {
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/" + link)) == real)
            #expect(try String(contentsOfFile: dir + "/" + real, encoding: .isoLatin1) != "old")
        }
    }
}
