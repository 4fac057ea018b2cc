import Foundation

/// Writes files the user owns without ever leaving a half-written one: the text goes to a
/// temporary file beside the target, which is then renamed over it.
enum AtomicFile {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try Data(text.utf8).write(to: tmp)
        } catch {
            throw KineticError("cannot write \(path): \(error.localizedDescription)")
        }
        if rename(tmp.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: tmp)
            throw KineticError("cannot write \(path): \(reason)")
        }
    }
}

/// A user-facing error: one line, printed as `kinetic: <message>`, exit status 1.
struct KineticError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
