import Foundation
import Glibc

/// Reads the files a run takes in (`--params`, `--data`, `--script`) with one line naming the
/// cause when it cannot: Foundation's `contents(atPath:)` says only nil, and on a FIFO it blocks
/// for ever waiting for a writer.
package enum InputFile {
    /// The largest file read, bytes (64 MiB: an hour-long recording is about 15 MB).
    package static let sizeLimit = 64 << 20

    /// The bytes of `path` (through symlinks). `what` names the file in messages ("parameters file");
    /// `limit` is the largest size read, bytes (default ``sizeLimit``).
    /// - Throws: ``KineticError``, e.g. "cannot read parameters file p.json: no such file".
    package static func read(_ path: String, as what: String, limit: Int = sizeLimit) throws -> [UInt8] {
        func failure(_ reason: String) -> KineticError { KineticError("cannot read \(what) \(path): \(reason)") }
        guard !path.isEmpty else { throw KineticError("the \(what) name is empty") }
        // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("it is a folder, not a file")
        default: throw failure("it is not a regular file (a device, FIFO or socket)")
        }
        guard info.st_size <= limit else {
            throw failure("it is \(info.st_size >> 20) MB, over the \(limit >> 20) MB limit")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while true {
            if count == bytes.count {
                // Full: one more byte says whether the file ends here or grew while being read
                // (then read on, within the limit; a /proc file reports size 0 and grows too).
                var probe: UInt8 = 0
                let n = Glibc.read(fd, &probe, 1)
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { throw failure(reason(errno)) }
                if n == 0 { break }
                guard bytes.count < limit else { throw failure("it is over the \(limit >> 20) MB limit") }
                bytes.append(probe)
                count += 1
                bytes.append(contentsOf: repeatElement(0, count: min(max(4096, bytes.count), limit + 1 - bytes.count)))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw failure(reason(errno)) }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// errno in words, as a person would say it.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a folder on its path is a file"
        case EISDIR: "it is a folder, not a file"
        case ELOOP: "too many symlinks (a loop?)"
        case ENAMETOOLONG: "the name is too long"
        case EIO: "input/output error"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
