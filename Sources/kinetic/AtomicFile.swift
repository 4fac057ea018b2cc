import Foundation

/// Writes files the user owns without ever leaving a half-written one: the text goes to a
/// temporary file beside the target, which is then renamed over it.
enum AtomicFile {
    /// Why ``write(_:to:)`` could not write `path`, checked before a run starts so a long session
    /// does not end in a lost file: the folder is missing, is not a folder, or cannot be written
    /// to (the temporary file goes beside the target), or `path` names a folder. Nil when it can.
    static func problem(writing path: String) -> String? {
        guard !path.isEmpty else { return "the file name is empty" }
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(path) is a folder, not a file"
        }
        let dir = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) else {
            return "the folder \(dir) does not exist"
        }
        guard isDirectory.boolValue else { return "\(dir) is not a folder" }
        guard access(dir, W_OK | X_OK) == 0 else { return "the folder \(dir) is not writable" }
        return nil
    }

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
