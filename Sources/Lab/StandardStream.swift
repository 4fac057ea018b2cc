import Glibc

/// Standard output and standard error, written so that a full disk (`>/dev/full`), a closed
/// stream (`>&-`) or a broken pipe is a reason to report, never a trap (`FileHandle.write` traps
/// on any error).
package enum StandardStream {
    /// Standard output (descriptor 1).
    case output
    /// Standard error (descriptor 2).
    case error

    /// Writes `text`; nil, or why it could not ("no space left on device", "bad file descriptor").
    @discardableResult
    package func write(_ text: String) -> String? {
        let code = writeReportingErrno(text)
        return code == 0 ? nil : AtomicFile.describe(code)
    }

    /// Writes `text`; 0, or the errno that stopped it (EPIPE: the reader went away).
    package func writeReportingErrno(_ text: String) -> Int32 {
        AtomicFile.writeAll(self == .output ? STDOUT_FILENO : STDERR_FILENO, Array(text.utf8))
    }
}
