import Foundation
import Glibc

extension VideoEncoder {
    /// Removes what encoders of processes that no longer run left in `folder` (a SIGKILL during
    /// `--video` skips every clean-up): `.kinetic-video-PID.EXT` (the partial video, its ffmpeg
    /// log) whose PID has no process (`kill(pid, 0)` fails with ESRCH). Files of a running
    /// process stay, whoever it is: another Kinetic may be encoding into the same folder now.
    /// Returns the removed paths.
    @discardableResult
    static func removeStaleTemporaries(in folder: String) -> [String] {
        let prefix = ".kinetic-video-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dot = rest.firstIndex(of: "."), let pid = Int32(rest[..<dot]), pid > 0 else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let file = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            if unlink(file) == 0 { removed.append(file) }
        }
        return removed
    }
}
