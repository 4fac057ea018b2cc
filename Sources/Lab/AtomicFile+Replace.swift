import Foundation
import Glibc

extension AtomicFile {
    /// Gives `path` the contents of `tmp`, a complete file a writer finished beside it (a PNG, a
    /// video, a recording), with the care ``write(_:to:)`` takes: through a symlink to its
    /// target, keeping the mode and owner of the file it replaces, never over a file the user
    /// made read-only, and for a file with hard links by copying into it in place, so every name
    /// sees the new contents (a rename would split the link). `tmp` is gone afterwards either way.
    /// - Throws: ``WriteError``.
    package static func replace(_ path: String, withCompleteFile tmp: String) throws {
        defer { unlink(tmp) } // already gone after a rename
        let target = try resolvedTarget(of: path)
        if let info = try replaceable(target, path: path) {
            if info.st_nlink > 1 { return try copy(tmp, into: target, path: path) }
            // Owner first: a change of owner may clear the set-id bits that the mode restores.
            if chown(tmp, info.st_uid, info.st_gid) != 0 && errno != EPERM { throw failure(path, errno) }
            if chmod(tmp, info.st_mode & 0o7777) != 0 { throw failure(path, errno) }
        }
        guard rename(tmp, target) == 0 else { throw failure(path, errno) }
    }

    /// Copies the file `source` into the existing file `target` in place (its inode): space
    /// first, so a full disk shows before a byte changes, then the bytes, the length, a flush.
    private static func copy(_ source: String, into target: String, path: String) throws {
        let from = open(source, O_RDONLY | O_CLOEXEC)
        guard from >= 0 else { throw failure(path, errno) }
        defer { close(from) }
        var info = stat()
        guard fstat(from, &info) == 0 else { throw failure(path, errno) }
        let to = open(target, O_WRONLY | O_CLOEXEC)
        guard to >= 0 else { throw failure(path, errno) }
        var code: Int32 = 0
        let reserved = info.st_size == 0 ? 0 : posix_fallocate(to, 0, info.st_size)
        if reserved != 0 && reserved != EOPNOTSUPP && reserved != EINVAL { code = reserved }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while code == 0 {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(from, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; code = errno; break }
            if n == 0 { break }
            code = writeAll(to, Array(buffer[0..<n]))
        }
        if code == 0 && ftruncate(to, info.st_size) != 0 { code = errno }
        if code == 0 && fsync(to) != 0 { code = errno }
        if close(to) != 0 && code == 0 { code = errno }
        if code != 0 { throw failure(path, code) }
    }
}
