import Lab
import Foundation
import Glibc

/// A clip's headless render in a process of its own (``Lab/LabSession/exportClip(gif:)``): this
/// executable run with the arguments the session gives and `--progress`, so its standard error
/// (a temporary file) carries `progress K N` lines the window reads to move its bar. The window
/// never waits for it; a render still running when the window closes runs on to its end.
final class BackgroundRenderProcess: BackgroundRender {
    private let child: ChildProcess
    /// The child's standard error.
    private let logPath: String
    private var last = BackgroundRenderState.running(progress: 0)

    /// Starts `executable` (default: this one, `kinetic`) with `arguments`.
    /// - Throws: ``KineticError`` when the process cannot be started.
    init(arguments: [String], executable: String? = nil) throws {
        let executable = executable ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        logPath = NSTemporaryDirectory() + "kinetic-render-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        child = try ChildProcess(executable: executable, arguments: arguments, log: logPath)
        child.closeInput()
    }

    var state: BackgroundRenderState {
        guard case .running = last else { return last }
        if child.isRunning {
            last = .running(progress: progress(in: tail()) ?? 0)
        } else {
            let status = child.exitStatus ?? 1
            let lines = tail().split(separator: "\n").map(String.init).filter { !$0.hasPrefix("progress ") }
            let reason = lines.last.map { $0.hasPrefix("kinetic: ") ? String($0.dropFirst(9)) : $0 } ?? "the render ended with status \(status)"
            last = status == 0 ? .finished : .failed(reason)
            unlink(logPath)
        }
        return last
    }

    /// The share done in the newest `progress K N` line of `text`, nil when there is none.
    func progress(in text: String) -> Double? {
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("progress ") }) else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, let k = Double(parts[1]), let n = Double(parts[2]), n > 0 else { return nil }
        return min(max(k / n, 0), 1)
    }

    /// The last 512 bytes of the child's standard error.
    private func tail() -> String {
        let fd = open(logPath, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        let size = lseek(fd, 0, SEEK_END)
        let start = max(0, size - 512)
        var bytes = [UInt8](repeating: 0, count: Int(size - start))
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(start)) }
        return String(decoding: bytes.prefix(max(0, n)), as: UTF8.self)
    }
}
