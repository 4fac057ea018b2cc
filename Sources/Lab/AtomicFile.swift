import Foundation
import Glibc

/// Writes files the user owns so that a save keeps the file what it was: never half written,
/// still where the user's symlink points, with its permission bits and owner, and never over a
/// file the user made read-only.
///
/// The text goes to a temporary file `.NAME.tmp-PID` beside the file (same folder, so the rename
/// is atomic), which is flushed to disk, given the file's mode and owner, and renamed over it;
/// then the folder is flushed so the rename itself survives a power cut.
///
/// - Symlinks: the chain is followed to its final target; the temporary file goes beside the
///   target and replaces the target, so the symlink stays a symlink and points at the new text.
/// - Hard links (more than one name for the file): a rename would give only this name the new
///   text and silently split it from the others, so the file keeps its inode instead. The
///   complete text is first written and flushed to the temporary file (a full disk or any
///   write error shows up before the file is touched), space is reserved, then the file is
///   overwritten in place, truncated and flushed, and the copy removed. This one case is not
///   atomic: a crash during the overwrite can leave the file torn, with the complete text in
///   the copy beside it (which the next start keeps when the file does not load, see
///   ``removeStaleTemporaries(beside:)``).
package enum AtomicFile {
    /// Why ``write(_:to:)`` did not write a file: ``reason`` for the terminal, ``brief`` (a word
    /// or two) for the window's one-line notice.
    package struct WriteError: Error, CustomStringConvertible {
        /// The path as the user gave it.
        package let path: String
        /// The cause in a sentence, e.g. "the file is read-only (mode 444)".
        package let reason: String
        /// The cause in a word or two, e.g. "read-only".
        package let brief: String
        /// `cannot write PATH: reason`, the one line the command line prints.
        package var description: String { "cannot write \(path): \(reason)" }
    }

    /// Why ``write(_:to:)`` could not write `path`, checked before a run starts so a long session
    /// does not end in a lost file: the folder is missing, is not a folder, or cannot be written
    /// to (the temporary file goes beside the target), `path` names a folder or something else
    /// that is not a regular file (`/dev/null`), or the user made the file read-only. Nil when it
    /// can. The folder is probed by creating and removing the temporary file a save would use:
    /// permission bits do not tell root (or anyone on a read-only mount, or in `/proc`) the answer.
    package static func problem(writing path: String) -> String? {
        guard !path.isEmpty else { return "the file name is empty" }
        // "late.json/" names a folder that does not exist: it would fail only after the run.
        guard !path.hasSuffix("/") else { return "\(path) ends with /, so it names a folder, not a file" }
        let url = URL(fileURLWithPath: writeTarget(of: path))
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(path) is a folder, not a file"
        }
        var info = stat()
        if stat(url.path, &info) == 0 {
            if info.st_mode & S_IFMT != S_IFREG { return "\(path) is not a regular file" }
            if isReadOnly(url.path, info) { return readOnlyReason(path, info) }
        }
        return problem(savingBeside: url.path)
    }

    /// Why no save of `target` could go through a temporary file beside it (its folder missing,
    /// not a folder, not writable, or a file cannot be created there), or nil.
    package static func problem(savingBeside target: String) -> String? {
        let dir = URL(fileURLWithPath: target).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) else {
            return "the folder \(dir) does not exist"
        }
        guard isDirectory.boolValue else { return "\(dir) is not a folder" }
        guard access(dir, W_OK | X_OK) == 0 else { return "the folder \(dir) is not writable" }
        let probe = temporaryPath(for: target)
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            // EEXIST: a leftover of an earlier process with this PID, which a save replaces.
            if code == EEXIST { return nil }
            let text = String(cString: strerror(code))
            return "cannot create a file in the folder \(dir): \(text.prefix(1).lowercased() + text.dropFirst())"
        }
        close(fd)
        unlink(probe)
        return nil
    }

    /// Where a write to `path` must go so that a symlink stays a symlink: its final target, or
    /// `path` itself when it is no symlink (or the chain cannot be followed).
    package static func writeTarget(of path: String) -> String { (try? resolvedTarget(of: path)) ?? path }

    /// The file `path` names: for an existing file its device and inode, so two paths that name
    /// one file — through symlinks, `..`, a hard link or a bind mount — are the same; otherwise
    /// the path with symlinks followed and made absolute (the file a save would create).
    package static func identity(of path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "inode \(info.st_dev):\(info.st_ino)" }
        return URL(fileURLWithPath: writeTarget(of: path)).standardizedFileURL.path
    }

    /// Why a run with these `inputs` and `outputs` (flag, path) would overwrite a file it reads or
    /// write one file twice (`--data line.json --dump line.json`, `--dump x --stats x`), or nil.
    /// Paths are compared as the files they name (``identity(of:)``).
    package static func collision(inputs: [(flag: String, path: String)], outputs: [(flag: String, path: String)]) -> String? {
        var seen: [String: String] = [:]
        for (flag, path) in inputs { seen[identity(of: path)] = flag }
        var written: [String: String] = [:]
        for (flag, path) in outputs {
            let id = identity(of: path)
            if let input = seen[id] { return "\(flag) \(path) is the file \(input) reads; choose another output file" }
            if let other = written[id] { return "\(flag) and \(other) both name \(path); give each its own file" }
            written[id] = flag
        }
        return nil
    }

    /// Writes `text` to `path` as the type's documentation describes.
    /// - Throws: ``WriteError``; the file is then as it was (except for the hard-link case's
    ///   overwrite failing midway), and no temporary file is left.
    package static func write(_ text: String, to path: String) throws {
        let target = try resolvedTarget(of: path)
        let bytes = Array(text.utf8)
        let existing = try replaceable(target, path: path)
        let tmp = temporaryPath(for: target)
        try writeCopy(bytes, to: tmp, like: existing, path: path)
        if let info = existing, info.st_nlink > 1 {
            defer { unlink(tmp) }
            try overwrite(target, with: bytes, path: path)
            return
        }
        guard rename(tmp, target) == 0 else {
            let error = failure(path, errno)
            unlink(tmp)
            throw error
        }
        // The rename is done and the text is on disk; some file systems refuse to flush a folder,
        // which must not turn a completed save into a reported failure.
        let dir = open(URL(fileURLWithPath: target).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    /// The state of the file `target` that a save would replace, or nil when there is none yet.
    /// - Throws: ``WriteError`` when it is not a regular file or the user made it read-only.
    static func replaceable(_ target: String, path: String) throws -> stat? {
        var info = stat()
        guard stat(target, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw WriteError(path: path, reason: "\(target) is not a regular file", brief: "not a file")
        }
        if isReadOnly(target, info) {
            throw WriteError(path: path, reason: "the file is read-only (mode \(String(info.st_mode & 0o777, radix: 8)))", brief: "read-only")
        }
        return info
    }

    /// The file a chain of symlinks at `path` ends at (`path` itself when it is no symlink, or
    /// when the chain ends at a name that does not exist yet, which a save then creates).
    /// Relative links are resolved against the folder of the link that holds them.
    package static func resolvedTarget(of path: String) throws -> String {
        var current = path
        // 40 hops, as the kernel allows (ELOOP beyond).
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            let link: String
            do { link = try FileManager.default.destinationOfSymbolicLink(atPath: current) } catch {
                throw WriteError(path: path, reason: "cannot read the symlink \(current)", brief: "bad symlink")
            }
            let dir = (current as NSString).deletingLastPathComponent
            current = link.hasPrefix("/") || dir.isEmpty ? link : (dir.hasSuffix("/") ? dir + link : dir + "/" + link)
        }
        throw WriteError(path: path, reason: "too many levels of symbolic links", brief: "symlink loop")
    }

    /// `.NAME.tmp-PID` beside `target`: hidden, named after the file, and unique to this process.
    package static func temporaryPath(for target: String, pid: Int32 = getpid()) -> String {
        let url = URL(fileURLWithPath: target)
        return url.deletingLastPathComponent().appendingPathComponent(".\(shortened(url.lastPathComponent)).tmp-\(pid)").path
    }

    /// `name`, cut to 200 bytes (on a character boundary) so a temporary name built from it
    /// stays within the 255 bytes a file name may have: a legal 250-byte name must not fail
    /// because of the temporary file beside it.
    package static func shortened(_ name: String) -> String {
        guard name.utf8.count > 200 else { return name }
        var cut = ""
        for c in name where cut.utf8.count + String(c).utf8.count <= 200 { cut.append(c) }
        return cut
    }

    /// Removes the temporary files that saves of `path` (through its symlinks) left behind in
    /// processes that are no longer running (a crash or a kill during a save): `.NAME.tmp-PID`
    /// beside the target, whose PID has no process (`kill(pid, 0)` fails with ESRCH) or is this
    /// process (which has not saved yet, so the file is an earlier process's). Files of running
    /// processes stay: another Kinetic may be saving the same file right now. Call it after the
    /// file loaded: when it does not, a leftover may hold the only complete copy of the text
    /// (see the hard-link case). Returns the removed paths.
    @discardableResult
    package static func removeStaleTemporaries(beside path: String) -> [String] {
        let target = URL(fileURLWithPath: writeTarget(of: path))
        let dir = target.deletingLastPathComponent()
        let prefix = ".\(shortened(target.lastPathComponent)).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            let stale = pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
            let file = dir.appendingPathComponent(name).path
            if stale && unlink(file) == 0 { removed.append(file) }
        }
        return removed
    }

    /// Whether the user made the file read-only, from its mode bits. Root may write any file,
    /// so for root the file is read-only when no one has a write bit (`chmod a-w`); anyone else
    /// is asked the kernel's own question (write permission for this user, or a read-only file
    /// system). A rename needs only the folder's permission, so without this check a save would
    /// replace a file the user protected.
    /// Why the file cannot be written, in the user's terms: read-only by its mode, or owned by
    /// someone else who has not let this user write it (mode 644 is not "read-only" to its owner).
    static func readOnlyReason(_ path: String, _ info: stat) -> String {
        let mode = String(info.st_mode & 0o777, radix: 8)
        if geteuid() != 0 && info.st_uid != geteuid() {
            return "\(path) belongs to another user (uid \(info.st_uid), mode \(mode)) and you may not write it"
        }
        return "\(path) is read-only (mode \(mode))"
    }

    static func isReadOnly(_ path: String, _ info: stat) -> Bool {
        if geteuid() == 0 { return info.st_mode & 0o222 == 0 }
        return faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 && (errno == EACCES || errno == EROFS)
    }

    /// Writes `bytes` to a new file `tmp` (replacing a leftover of this process) with the owner
    /// and mode of `original` when there is one, and flushes it to disk.
    private static func writeCopy(_ bytes: [UInt8], to tmp: String, like original: stat?, path: String) throws {
        unlink(tmp)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path, errno) }
        var code: Int32 = 0
        if let info = original {
            // Owner first: a change of owner may clear the set-id bits that the mode then restores.
            // Only root (or the owner, for a group it is in) may give a file away: EPERM means the
            // new file stays this user's, which is the most it can do.
            if fchown(fd, info.st_uid, info.st_gid) != 0 && errno != EPERM { code = errno }
            if code == 0 && fchmod(fd, info.st_mode & 0o7777) != 0 { code = errno }
        }
        if code == 0 { code = writeAll(fd, bytes) }
        if code == 0 && fsync(fd) != 0 { code = errno }
        if close(fd) != 0 && code == 0 { code = errno }
        if code != 0 {
            unlink(tmp)
            throw failure(path, code)
        }
    }

    /// Overwrites the existing file `target` in place (its inode, so every hard link sees the
    /// text): space first, then the bytes, the length, and a flush.
    private static func overwrite(_ target: String, with bytes: [UInt8], path: String) throws {
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, errno) }
        var code: Int32 = 0
        // A full disk shows up here, before a byte of the file changes (EOPNOTSUPP/EINVAL: the
        // file system cannot reserve; the write below still reports a full disk).
        let reserved = bytes.isEmpty ? 0 : posix_fallocate(fd, 0, off_t(bytes.count))
        if reserved != 0 && reserved != EOPNOTSUPP && reserved != EINVAL { code = reserved }
        if code == 0 { code = writeAll(fd, bytes) }
        if code == 0 && ftruncate(fd, off_t(bytes.count)) != 0 { code = errno }
        if code == 0 && fsync(fd) != 0 { code = errno }
        if close(fd) != 0 && code == 0 { code = errno }
        if code != 0 { throw failure(path, code) }
    }

    /// Writes every byte at the descriptor's offset; 0, or the errno that stopped it (a full
    /// disk, a closed descriptor, a broken pipe: never a trap, unlike `FileHandle.write`).
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { buffer -> Int32 in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += n
            }
            return 0
        }
    }

    /// A ``WriteError`` for `code`, in the system's words ("no space left on device").
    static func failure(_ path: String, _ code: Int32) -> WriteError {
        let reason = describe(code)
        return WriteError(path: path, reason: reason, brief: reason)
    }

    /// The system's words for `errno` value `code`, lower-cased ("no space left on device").
    package static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// A user-facing error: one line, printed as `kinetic: <message>`, exit status 1.
package struct KineticError: Error, CustomStringConvertible {
    package let description: String
    package init(_ message: String) { description = message }
}
