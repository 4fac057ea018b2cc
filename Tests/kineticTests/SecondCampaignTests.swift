import Testing
import Foundation
@testable import Lab

/// Issue 24's closing campaign: 150 new bad inputs, of which 43 went wrong. Each group's cases,
/// kept fixed.
@Suite struct SecondCampaignTests {
    let errors = CommandLineErrorTests()

    /// A fresh folder for one test.
    func folder(_ name: String) throws -> String {
        let dir = Kinetic.temp("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    // MARK: Crash

    /// A reader that went away killed a run with SIGPIPE before it wrote its dump (rc 141).
    @Test func aClosedStandardOutputPipeDoesNotKillTheRun() throws {
        let dir = try folder("sigpipe")
        let script = dir + "/e.jsonl"
        try #"{"t":0.05,"type":"key","key":"e"}"#.write(toFile: script, atomically: true, encoding: .utf8)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0]) // nobody reads
        let pid = try ShutdownTests.spawn(["run", "--headless", "--frames", "10", "--script", script, "--dump", dir + "/d.json"],
                                          stderrPath: dir + "/stderr", standardOutput: fds[1])
        close(fds[1])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(status & 0x7f == 0, "killed by signal \(status & 0x7f)")
        #expect(FileManager.default.fileExists(atPath: dir + "/d.json"))
        let stderr = (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? ""
        #expect(stderr.contains("cannot write to standard output: broken pipe"), "\(stderr)")
    }

    // MARK: Data loss

    @Test func anOutputIsNeverAHardLinkOfAnInput() throws {
        let dir = try folder("hardlink")
        let team = dir + "/team.json"
        try #"{"sections":[["Ana","Ben"]]}"#.write(toFile: team, atomically: true, encoding: .utf8)
        #expect(link(team, dir + "/alias.json") == 0)
        try errors.expectOneLineError(["run", "--headless", "--scene", "exchange", "--frames", "2", "--data", team, "--dump", dir + "/alias.json"],
                                      containing: "is the file --data reads")
        #expect(try String(contentsOfFile: team, encoding: .utf8) == #"{"sections":[["Ana","Ben"]]}"#)
    }

    /// Ctrl+S saves A's and B's parameters: they must not share a file, nor an output a save file.
    @Test func parameterSavesNeverOverwriteEachOtherOrAnOutput() throws {
        let dir = try folder("saves")
        let same = dir + "/same.json"
        try "{}".write(toFile: same, atomically: true, encoding: .utf8)
        try errors.expectOneLineError(["run", "--headless", "--frames", "2", "--compare", "--params", same, "--params", same],
                                      containing: "A's and B's --params name the same file")
        try "{}".write(toFile: dir + "/kinetic-params-b.json", atomically: true, encoding: .utf8)
        let r = try Kinetic.run(["run", "--headless", "--frames", "2", "--compare", "--params", "kinetic-params-b.json"], directory: dir)
        #expect(r.status == 1 && r.stderr.contains("is where Ctrl+S saves B's parameters"), "\(r.stderr)")
        let d = try Kinetic.run(["run", "--headless", "--frames", "2", "--dump", "kinetic-params.json"], directory: dir)
        #expect(d.status == 1 && d.stderr.contains("Ctrl+S (A's parameters) and --dump both name kinetic-params.json"), "\(d.stderr)")
    }

    /// `--record` and `--screenshot` replace a file as saves do: a hard link stays one file and a
    /// private file stays private (they renamed a new 644 file over it).
    @Test func recordingsAndScreenshotsKeepHardLinksAndModes() throws {
        let dir = try folder("replace")
        for name in ["r.jsonl", "x.png"] {
            try "keep".write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            chmod(dir + "/" + name, 0o600)
            #expect(link(dir + "/" + name, dir + "/other-" + name) == 0)
        }
        let r = try Kinetic.run(["run", "--headless", "--frames", "3", "--record", dir + "/r.jsonl", "--screenshot", dir + "/x.png"])
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["r.jsonl", "x.png"] {
            var a = stat(), b = stat()
            #expect(stat(dir + "/" + name, &a) == 0 && stat(dir + "/other-" + name, &b) == 0)
            #expect(a.st_ino == b.st_ino && a.st_nlink == 2, "\(name): the hard link was split")
            #expect(a.st_mode & 0o777 == 0o600, "\(name): mode \(String(a.st_mode & 0o777, radix: 8))")
            #expect(a.st_size != 4, "\(name) was not replaced")
        }
    }

    /// The recorder's temporary file is made new: a symlink planted at its name is not followed
    /// (it truncated the file the link named).
    @Test func aPlantedSymlinkAtTheRecordingsTemporaryNameIsNotFollowed() throws {
        let dir = try folder("planted")
        let precious = dir + "/precious.txt"
        try "precious".write(toFile: precious, atomically: true, encoding: .utf8)
        #expect(symlink(precious, dir + "/.r.jsonl.recording-\(getpid())") == 0)
        let recorder = try InputRecorder(path: dir + "/r.jsonl")
        try recorder.finish()
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "precious")
        var info = stat()
        #expect(lstat(dir + "/r.jsonl", &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    /// P twice in one second keeps both screenshots; a headless run says where they went.
    @Test func everyScreenshotOfASecondIsKept() throws {
        let dir = try folder("shots")
        try (#"{"t":0.05,"type":"key","key":"p"}"# + "\n" + #"{"t":0.1,"type":"key","key":"p"}"#)
            .write(toFile: dir + "/p.jsonl", atomically: true, encoding: .utf8)
        let r = try Kinetic.run(["run", "--headless", "--frames", "10", "--script", "p.jsonl"], directory: dir)
        #expect(r.status == 0)
        let shots = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }
        #expect(shots.count == 2, "\(shots)")
        #expect(r.stderr.components(separatedBy: "screenshot saved: ").count == 3, "\(r.stderr)")
    }

    // MARK: Silent

    @Test func whatWasIgnoredIsRefused() throws {
        let dir = try folder("silent")
        try errors.expectOneLineError(["help", "bogus"], containing: "no command 'bogus' (commands: run, curve, bench, fuzz, scene-file)")
        try errors.expectOneLineError(["curve", "cubic", "0", "0", "1", "1", "--duration", "1e-300", "--as", "css"],
                                      containing: "--duration must be between 0.001 and 3600 seconds")
        try errors.expectOneLineError(["fuzz", "--events", "3", "--trace-from", "-5"], containing: "--trace-from must be an event number")
        try errors.expectOneLineError(["fuzz", "--events", "3", "--scene", "drag", "--scene", "drag"], containing: "--scene drag is given twice")
        try errors.expectOneLineError(["bench", "startup", "--items", "7"], containing: "--items does not apply to the startup benchmark")
        let params = dir + "/p.json"
        try #"{"cards":{"curve":2.5}}"#.write(toFile: params, atomically: true, encoding: .utf8)
        try errors.expectOneLineError(["run", "--headless", "--frames", "2", "--scene", "cards", "--params", params],
                                      containing: #"cards.curve = 2.5 is not one of its choices (allowed: "linear" (0), "easeIn" (1),"#)
        let script = dir + "/s.jsonl"
        try #"{"t":0.1,"type":"down","x":5,"y":5,"buton":"right"}"#.write(toFile: script, atomically: true, encoding: .utf8)
        try errors.expectOneLineError(["run", "--headless", "--frames", "2", "--script", script],
                                      containing: #"unknown field "buton" on a "down" line (its fields: t, type, x, y, button, mods)"#)
        try #"{"t":0.1,"type":"DOWN"}"#.write(toFile: script, atomically: true, encoding: .utf8)
        try errors.expectOneLineError(["run", "--headless", "--frames", "2", "--script", script],
                                      containing: "(use down, move, up, cancel, wheel, key, keyup, focuslost, leave, frame, resize, mark, paste, scrub, params, rerun)")
    }

    // MARK: Wrong message

    @Test func messagesNameTheRealCause() throws {
        let dir = try folder("messages")
        // A line break in a file name stays on the one line of the message.
        try errors.expectOneLineError(["run", "--headless", "--frames", "1", "--params", "no\nsuch.json"],
                                      containing: #"cannot read parameters file no\nsuch.json: no such file"#)
        // A legal 250-byte name is not refused because of the temporary file beside it.
        let long = dir + "/" + String(repeating: "d", count: 245) + ".json"
        let r = try Kinetic.run(["run", "--headless", "--frames", "1", "--dump", long])
        #expect(r.status == 0 && FileManager.default.fileExists(atPath: long), "\(r.stderr)")
        // Frames ffmpeg cannot take are refused before the run, in words.
        try errors.expectOneLineError(["run", "--headless", "--frames", "1", "--size", "8192x8192", "--scale", "2", "--video", dir + "/big.gif"],
                                      containing: "frames of 16384x16384 pixels are more than ffmpeg encodes")
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "bogus"
        try errors.expectOneLineError(["run", "--frames", "2"], containing: "cannot open the display SDL_VIDEODRIVER=bogus (bogus not available)",
                                      environment: env)
    }

    /// A file of exactly the size limit is read; one byte more is over it.
    @Test func aFileOfExactlyTheLimitIsRead() throws {
        let dir = try folder("limit")
        let path = dir + "/big.jsonl"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(count: InputFile.sizeLimit)))
        #expect(try InputFile.read(path, as: "script").count == InputFile.sizeLimit)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x0A]))
        try handle.close()
        #expect(throws: KineticError.self) { try InputFile.read(path, as: "script") }
    }
}
