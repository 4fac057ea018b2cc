import Testing
import Foundation

/// A folder on a 48 KB tmpfs, mounted once per test process, or nil where mounting is not
/// allowed (not root, or a container without the capability): the full-disk tests then do not run.
enum FullDisk {
    static let folder: String? = {
        let dir = Kinetic.temp("full-disk-\(UUID().uuidString)")
        guard getuid() == 0, (try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)) != nil,
              mount("tmpfs", dir, "tmpfs", 0, "size=48k") == 0 else { return nil }
        atexit { for m in mounted { umount2(m, Int32(MNT_DETACH)) } }
        mounted.append(dir)
        return dir
    }()
    nonisolated(unsafe) static var mounted: [String] = []

    /// Fills the disk but for `spare` bytes.
    static func fill(_ dir: String, leaving spare: Int = 0) {
        unlink(dir + "/filler")
        var info = statvfs()
        statvfs(dir, &info)
        let free = Int(info.f_bavail) * Int(info.f_bsize) - spare
        if free > 0 { _ = FileManager.default.createFile(atPath: dir + "/filler", contents: Data(count: free)) }
    }
}

/// Issue 24: the campaign's full-disk cases. Nothing the user had is replaced by a partial file,
/// every output that could not be written is one line and exit status 1, and the other outputs
/// are still written.
@Suite(.serialized, .enabled(if: FullDisk.folder != nil, "needs root to mount a small tmpfs"))
struct FullDiskTests {
    let dir = FullDisk.folder ?? "/nonexistent"

    func existing(_ name: String, _ text: String) throws -> String {
        let path = dir + "/" + name
        unlink(dir + "/filler")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func aScreenshotReplacesNothing() throws {
        let png = try existing("shot.png", "the old screenshot")
        FullDisk.fill(dir)
        let dump = Kinetic.temp("full-disk-shot.json")
        let r = try Kinetic.run(["--headless", "--frames", "3", "--screenshot", png, "--dump", dump])
        #expect(r.status == 1 && r.stderr.contains("--screenshot: cannot write \(png)"), "\(r.stderr)")
        #expect(try String(contentsOfFile: png, encoding: .utf8) == "the old screenshot")
        #expect(FileManager.default.fileExists(atPath: dump))
    }

    @Test func aDumpReplacesNothingAndTheStatisticsAreStillWritten() throws {
        let dump = try existing("dump.json", "{\"old\": true}")
        FullDisk.fill(dir)
        let stats = Kinetic.temp("full-disk-stats.json")
        try? FileManager.default.removeItem(atPath: stats)
        let r = try Kinetic.run(["--headless", "--scene", "springy", "--frames", "3", "--dump", dump, "--stats", stats])
        #expect(r.status == 1 && r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("cannot write \(dump)"), "\(r.stderr)")
        #expect(try String(contentsOfFile: dump, encoding: .utf8) == "{\"old\": true}")
        #expect(FileManager.default.fileExists(atPath: stats))
    }

    @Test func aRecordingThatDoesNotFitIsDroppedWithOneLine() throws {
        unlink(dir + "/filler")
        let record = dir + "/rec.jsonl"
        unlink(record)
        FullDisk.fill(dir, leaving: 4096)
        let script = Kinetic.temp("full-disk-moves.jsonl")
        try (0..<2000).map { #"{"t":\#(Double($0) / 1000),"type":"move","x":\#($0 % 600),"y":20}"# }.joined(separator: "\n")
            .write(toFile: script, atomically: true, encoding: .utf8)
        let dump = Kinetic.temp("full-disk-rec.json")
        try? FileManager.default.removeItem(atPath: dump)
        let r = try Kinetic.run(["--headless", "--frames", "150", "--script", script, "--record", record, "--dump", dump])
        #expect(r.status == 1 && r.stderr.contains("no space left on device — the recording is incomplete and was not kept"), "\(r.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0 != "filler" && $0.contains("rec") }
        #expect(left.isEmpty, "\(left)")
        #expect(FileManager.default.fileExists(atPath: dump))
    }

    @Test func aLineUpThatCannotBeSavedIsPrintedAtExit() throws {
        let data = try existing("team.json", SaveRunTests.team)
        FullDisk.fill(dir)
        let script = Kinetic.temp("full-disk-exchange.jsonl")
        try SaveRunTests.exchange.write(toFile: script, atomically: true, encoding: .utf8)
        let dump = Kinetic.temp("full-disk-exchange.json")
        try? FileManager.default.removeItem(atPath: dump)
        let r = try Kinetic.run(["--headless", "--scene", "exchange", "--data", data, "--script", script, "--frames", "90", "--dump", dump])
        #expect(r.status == 1, "\(r.stderr)")
        // The arrangement nobody could save is on stderr, the file is as it was, the dump written.
        #expect(r.stderr.hasSuffix(#"no space left on device — the unsaved arrangement: {"sections":[["Fay","Ben","Cy","Dee"],["Eve","Ana","Gus"]],"locked":["Gus"]}"# + "\n"),
                "\(r.stderr)")
        #expect(try String(contentsOfFile: data, encoding: .utf8) == SaveRunTests.team)
        #expect(FileManager.default.fileExists(atPath: dump))
    }
}
