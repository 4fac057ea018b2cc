import Testing
import Drawing
import Foundation
@testable import kinetic
@testable import Lab

/// A folder of its own under the system's temporary folder, removed when the test is done.
/// (Tests run as root here, where permission bits do not stop a write: nothing below relies on
/// EACCES.)
final class SaveFolder {
    /// The folder's path.
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-saves-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` (plainly, not through AtomicFile) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: file(name), atomically: false, encoding: .utf8)
        return file(name)
    }

    /// The text of `name` (or of a path).
    func read(_ name: String) throws -> String {
        try String(contentsOfFile: name.hasPrefix("/") ? name : file(name), encoding: .utf8)
    }

    /// The temporary files of saves left in the folder.
    var temporaries: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.contains(".tmp-") }
    }
}

/// `stat` of `path` (following symlinks), or nil.
func fileStatus(_ path: String) -> stat? {
    var info = stat()
    return stat(path, &info) == 0 ? info : nil
}

/// Issue 16, "saves that keep the user's file what it was": ``AtomicFile`` on its own.
@Suite struct AtomicFileTests {
    @Test func aSymlinkStaysASymlinkAndItsTargetGetsTheText() throws {
        let folder = try SaveFolder()
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        let target = try folder.write("real/data.json", "old\n")
        // A relative link to the file, and an absolute link to that link (a chain).
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json"), withDestinationPath: "real/data.json")
        try FileManager.default.createSymbolicLink(atPath: folder.file("chain.json"), withDestinationPath: folder.file("link.json"))
        #expect(try AtomicFile.resolvedTarget(of: folder.file("chain.json")) == folder.file("real/data.json"))

        try AtomicFile.write("new\n", to: folder.file("chain.json"))
        #expect(try folder.read(target) == "new\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.json")) == "real/data.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("chain.json")) == folder.file("link.json"))
        // The temporary file went beside the target (same folder, so the rename is atomic) and is gone.
        #expect(folder.temporaries.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("real")) == ["data.json"])

        // A link to a file that does not exist yet: the save creates the file, the link stays.
        try FileManager.default.createSymbolicLink(atPath: folder.file("ahead.json"), withDestinationPath: "real/later.json")
        try AtomicFile.write("made\n", to: folder.file("ahead.json"))
        #expect(try folder.read("real/later.json") == "made\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("ahead.json")) == "real/later.json")
    }

    @Test func theModeAndTheOwnerAreKept() throws {
        let folder = try SaveFolder()
        let path = try folder.write("data.json", "old\n")
        #expect(chmod(path, 0o600) == 0)
        // Only root can give a file to someone else; as anyone else the owner is already this user.
        let owner: (uid_t, gid_t) = geteuid() == 0 ? (1234, 2345) : (geteuid(), getegid())
        #expect(chown(path, owner.0, owner.1) == 0)
        let before = try #require(fileStatus(path))

        try AtomicFile.write("new\n", to: path)
        let after = try #require(fileStatus(path))
        #expect(try folder.read(path) == "new\n")
        #expect(after.st_ino != before.st_ino)                       // replaced by a rename
        #expect(after.st_mode & 0o7777 == 0o600)
        #expect(after.st_uid == owner.0 && after.st_gid == owner.1)

        #expect(chmod(path, 0o640) == 0)
        try AtomicFile.write("again\n", to: path)
        #expect(try #require(fileStatus(path)).st_mode & 0o7777 == 0o640)
    }

    @Test func aReadOnlyFileIsNotOverwritten() throws {
        let folder = try SaveFolder()
        let path = try folder.write("data.json", "mine\n")
        #expect(chmod(path, 0o444) == 0)
        // The check reads the mode bits (the user's intent): root could write the file anyway.
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write("new\n", to: path) }
        do {
            try AtomicFile.write("new\n", to: path)
        } catch let e as AtomicFile.WriteError {
            #expect(e.brief == "read-only")
            #expect(e.description == "cannot write \(path): the file is read-only (mode 444)")
        }
        #expect(try folder.read(path) == "mine\n")
        #expect(try #require(fileStatus(path)).st_mode & 0o7777 == 0o444) // not made writable
        #expect(folder.temporaries.isEmpty)
    }

    @Test func aHardLinkedFileKeepsItsInodeSoEveryNameSeesTheText() throws {
        let folder = try SaveFolder()
        let path = try folder.write("data.json", "a longer old text\n")
        #expect(link(path, folder.file("other-name.json")) == 0)
        let before = try #require(fileStatus(path))

        try AtomicFile.write("new\n", to: path)
        let after = try #require(fileStatus(path))
        #expect(after.st_ino == before.st_ino && after.st_nlink == 2)
        #expect(try folder.read(path) == "new\n")                    // truncated to the new length
        #expect(try folder.read("other-name.json") == "new\n")
        #expect(folder.temporaries.isEmpty)
    }

    @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
        let folder = try SaveFolder()
        let path = try folder.write("data.json", "{}\n")
        // No process has a PID above the kernel's pid_max (at most 2²²); PID 1 always runs.
        let dead = AtomicFile.temporaryPath(for: path, pid: Int32.max - 1)
        let mine = AtomicFile.temporaryPath(for: path, pid: getpid())   // an earlier process's, reused PID
        let running = AtomicFile.temporaryPath(for: path, pid: 1)
        for p in [dead, mine, running] { try "half".write(toFile: p, atomically: false, encoding: .utf8) }
        try folder.write(".data.json.tmp-notapid", "x")
        try folder.write(".other.json.tmp-\(Int32.max - 1)", "x")

        let removed = AtomicFile.removeStaleTemporaries(beside: path)
        #expect(Set(removed) == [dead, mine])
        #expect(Set(folder.temporaries) == [".data.json.tmp-1", ".data.json.tmp-notapid", ".other.json.tmp-\(Int32.max - 1)"])
    }
}

/// Issue 16: the `--data` file's saver keeps the arrangement when it cannot save, and never
/// overwrites a file someone else changed.
@Suite struct ExchangeDataSaverTests {
    static let team = #"{"sections": [["Ana", "Ben"], ["Cy"]]}"#

    /// A saver over a fresh `data.json` holding ``team``, and an arrangement to save.
    func setUp(_ folder: SaveFolder) throws -> (ExchangeDataSaver, path: String, next: String) {
        let path = try folder.write("data.json", Self.team)
        let saver = ExchangeDataSaver(path: path, read: try ExchangeDataFile.read(path))
        return (saver, path, #"{"sections": [["Ben", "Ana"], ["Cy"]]}"#)
    }

    /// Saves the arrangement in `json` (the file's shape) with `saver`.
    func save(_ saver: ExchangeDataSaver, _ json: String) throws -> ExchangeDataSaver.Failure? {
        saver.save(try ExchangeDataFile.model(from: Data(json.utf8), path: "test.json"))
    }

    /// The text the saver writes for the arrangement in `json`.
    func text(_ json: String) throws -> String {
        ExchangeDataFile.text(try ExchangeDataFile.model(from: Data(json.utf8), path: "test.json"))
    }

    @Test func anEditOnDiskIsNotOverwritten() throws {
        let folder = try SaveFolder()
        let (saver, path, next) = try setUp(folder)
        let edited = #"{"sections": [["Ana", "Ben", "Dee"], ["Cy"]]}"#
        try folder.write("data.json", edited)

        let failure = try #require(try save(saver, next))
        #expect(failure.changedOnDisk)
        #expect(failure.notice == "data.json changed on disk — not overwritten")
        #expect(failure.message.hasPrefix("could not save \(path): it changed on disk"))
        #expect(try folder.read(path) == edited)
        #expect(try saver.unsaved.map(ExchangeDataFile.text) == text(next))
        // Still refused at exit; the line carries the arrangement, the only copy left.
        let last = try #require(saver.saveUnsaved())
        #expect(last.exitMessage(unsaved: saver.unsaved!).hasSuffix(#"the unsaved arrangement: {"sections":[["Ben","Ana"],["Cy"]]}"#))
        #expect(try folder.read(path) == edited)
    }

    @Test func ourOwnSavesAndATouchAreNotChanges() throws {
        let folder = try SaveFolder()
        let (saver, path, next) = try setUp(folder)
        #expect(try save(saver, next) == nil)
        // Saving again right away (same coarse timestamp or not) compares with what we wrote.
        #expect(try save(saver, Self.team) == nil)
        // A new time with the same bytes loses nothing.
        var times = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
        #expect(utimes(path, &times) == 0)
        #expect(try save(saver, next) == nil)
        #expect(try folder.read(path) == text(next))
        #expect(saver.unsaved == nil)
    }

    @Test func aReadOnlyFileKeepsTheArrangementUntilItIsWritableAgain() throws {
        let folder = try SaveFolder()
        let (saver, path, next) = try setUp(folder)
        #expect(chmod(path, 0o444) == 0)
        let failure = try #require(try save(saver, next))
        #expect(!failure.changedOnDisk)
        #expect(failure.notice == "could not save data.json (read-only) — kept in memory")
        #expect(failure.message == "could not save \(path): the file is read-only (mode 444) — the arrangement is kept in memory and saved on the next change")
        #expect(try folder.read(path) == Self.team)
        #expect(saver.unsaved != nil)

        // The user makes it writable again: the next change saves (and the file kept its mode).
        #expect(chmod(path, 0o640) == 0)
        #expect(try save(saver, next) == nil)
        #expect(saver.unsaved == nil && saver.saveUnsaved() == nil)
        #expect(try folder.read(path) == text(next))
        #expect(try #require(fileStatus(path)).st_mode & 0o777 == 0o640)
    }

    @Test func aFolderThatComesBackGetsTheNextSave() throws {
        let folder = try SaveFolder()
        try FileManager.default.createDirectory(atPath: folder.file("team"), withIntermediateDirectories: true)
        let path = try folder.write("team/data.json", Self.team)
        let saver = ExchangeDataSaver(path: path, read: try ExchangeDataFile.read(path))
        // The folder goes away (an unmounted share, say) mid-session, then comes back.
        try FileManager.default.moveItem(atPath: folder.file("team"), toPath: folder.file("away"))
        let failure = try #require(try save(saver, #"{"sections": [["Cy"], ["Ana", "Ben"]]}"#))
        #expect(failure.brief == "no such file or directory")
        try FileManager.default.moveItem(atPath: folder.file("away"), toPath: folder.file("team"))
        // At exit the kept arrangement gets one more try, which now succeeds.
        #expect(saver.saveUnsaved() == nil)
        #expect(try folder.read(path) == text(#"{"sections": [["Cy"], ["Ana", "Ben"]]}"#))
    }

    @Test func messagesCountSectionsAndItemsFromOne() throws {
        func message(_ text: String) -> String {
            do { _ = try ExchangeDataFile.model(from: Data(text.utf8), path: "t.json"); return "" } catch { return "\(error)" }
        }
        #expect(message(#"{"sections": [["Ana", 3]]}"#) == "t.json: section 1, item 2 must be a string")
        #expect(message(#"{"sections": [["Ana"], "Ben"]}"#) == "t.json: section 2 must be an array of names")
        #expect(message(#"{"sections": [["Ana"], ["Ben", " "]]}"#) == "t.json: section 2, item 2: the name is empty")
        #expect(message(#"{"sections": [["Ana"], ["Ana"]]}"#) == "t.json: name \"Ana\" appears twice (sections 1 and 2)")
    }
}

/// A long notice is cut to fit the window instead of running off both edges (``TextLayout/fit``,
/// which the notice, the title line and labels share).
@Suite struct NoticeFitTests {
    /// 8 pt per character, whatever the size.
    final class Monospace: TextMeasuring {
        func width(of text: String, size: Double) -> Double { Double(text.count) * 8 }
    }

    @Test func aLongNoticeIsCutWithAnEllipsis() {
        let m = Monospace()
        #expect(TextLayout.fit("saved", size: 14, width: 100, measurer: m) == "saved")
        let long = "could not save /a/very/long/folder/name/that/goes/on/data.json (read-only) — kept in memory"
        let fitted = TextLayout.fit(long, size: 14, width: 200, measurer: m)
        #expect(fitted == "could not save /a/very/l…")   // 24 characters and "…": 200 pt
        #expect(m.width(of: fitted, size: 14) <= 200)
        #expect(TextLayout.fit("ab cd", size: 14, width: 32, measurer: m) == "ab…")  // no space before the "…"
    }
}

/// The same rules through the binary, as a person meets them.
@Suite struct SaveRunTests {
    /// Catches Ana (0,0), hovers Fay (1,1) and releases: one completed transaction.
    static let exchange = """
    {"t":0.10,"type":"down","x":84,"y":94}
    {"t":0.40,"type":"move","x":150,"y":150}
    {"t":0.50,"type":"move","x":242,"y":202}
    {"t":0.90,"type":"up","x":242,"y":202}
    """
    static let team = #"{"sections": [["Ana", "Ben", "Cy", "Dee"], ["Eve", "Fay", "Gus"]], "locked": ["Gus"]}"#
    static let exchanged = [["Fay", "Ben", "Cy", "Dee"], ["Eve", "Ana", "Gus"]]

    func run(_ folder: SaveFolder, data: String) throws -> (Kinetic.Result, model: [[String]]?) {
        let script = try folder.write("exchange.jsonl", Self.exchange)
        let dump = folder.file("dump.json")
        let r = try Kinetic.run(["--headless", "--scene", "exchange", "--data", data, "--script", script, "--frames", "90", "--dump", dump])
        let obj = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any]
        return (r, obj?["model"] as? [[String]])
    }

    func sections(_ path: String) throws -> [[String]]? {
        (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])?["sections"] as? [[String]]
    }

    @Test func aSymlinkedDataFileIsSavedThroughTheLink() throws {
        let folder = try SaveFolder()
        let target = try folder.write("real-team.json", Self.team)
        #expect(chmod(target, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.file("team.json"), withDestinationPath: "real-team.json")
        let (r, model) = try run(folder, data: folder.file("team.json"))
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(model == Self.exchanged)
        #expect(try sections(target) == Self.exchanged)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("team.json")) == "real-team.json")
        #expect(try #require(fileStatus(target)).st_mode & 0o7777 == 0o600)
    }

    @Test func aReadOnlyDataFileFailsTheRunButKeepsTheArrangement() throws {
        let folder = try SaveFolder()
        let data = try folder.write("team.json", Self.team)
        #expect(chmod(data, 0o444) == 0)
        let (r, model) = try run(folder, data: data)
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n")
        // One line when the transaction's save fails, one when the last try at exit fails too.
        #expect(lines.count == 2, "\(r.stderr)")
        #expect(lines.first == "kinetic: could not save \(data): the file is read-only (mode 444) — the arrangement is kept in memory and saved on the next change")
        #expect(lines.last?.hasPrefix("kinetic: could not save \(data): the file is read-only (mode 444) — the unsaved arrangement: {\"sections\":[[\"Fay\"") == true)
        #expect(try folder.read(data) == Self.team)                  // untouched
        #expect(model == Self.exchanged)                             // kept in memory (the dump shows it)
        #expect(folder.temporaries.isEmpty)
    }

    @Test func aReadOnlyOutputFileIsRefusedBeforeTheRun() throws {
        let folder = try SaveFolder()
        let dump = try folder.write("dump.json", "keep\n")
        #expect(chmod(dump, 0o444) == 0)
        let r = try Kinetic.run(["--headless", "--frames", "2", "--dump", dump])
        #expect(r.status != 0)
        #expect(r.stderr == "kinetic: --dump: \(dump) is read-only (mode 444)\n")
        #expect(try folder.read(dump) == "keep\n")
    }

    @Test func staleTemporariesAreRemovedAtStart() throws {
        let folder = try SaveFolder()
        let data = try folder.write("team.json", Self.team)
        let stale = AtomicFile.temporaryPath(for: data, pid: Int32.max - 1)
        try "half a file".write(toFile: stale, atomically: false, encoding: .utf8)
        let r = try Kinetic.run(["--headless", "--scene", "exchange", "--data", data, "--frames", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(try folder.read(data) == Self.team)
    }

    @Test func ctrlSKeepsAReadOnlyParametersFileAndSavesThroughASymlink() throws {
        let folder = try SaveFolder()
        let ctrlS = try folder.write("save.jsonl", #"{"t":0.1,"type":"key","key":"f"}"# + "\n" + #"{"t":0.2,"type":"key","key":"s","mods":["ctrl"]}"#)
        let params = try folder.write("params.json", #"{"drag": {"frequency": 12}}"#)
        #expect(chmod(params, 0o444) == 0)
        let r = try Kinetic.run(["--headless", "--frames", "20", "--script", ctrlS, "--params", params])
        // Issue 37: a headless run whose save failed says so at the end too and exits non-zero.
        #expect(r.status == 1)
        #expect(r.stderr == "kinetic: could not save \(params): the file is read-only (mode 444)\n"
                + "kinetic: Ctrl+S: could not save \(params): the file is read-only (mode 444)\n")
        #expect(try folder.read(params) == #"{"drag": {"frequency": 12}}"#)

        #expect(chmod(params, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json"), withDestinationPath: params)
        let saved = try Kinetic.run(["--headless", "--frames", "20", "--script", ctrlS, "--params", folder.file("link.json")])
        #expect(saved.status == 0 && saved.stderr.isEmpty, "\(saved.stderr)")
        #expect(try folder.read(params).contains("13.2"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.json")) == params)
        #expect(try #require(fileStatus(params)).st_mode & 0o7777 == 0o600)
    }
}
