import Testing
import Foundation
@testable import kinetic

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
