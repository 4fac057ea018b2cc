import Foundation
import Scenes

/// The scene file a session runs (`kinetic run FILE.json`, `--scene-file`): its path, the model
/// last read well, and live reload's look at the file. A save is noticed by the file's
/// modification date, size and inode changing (an editor that saves by rename makes a new inode);
/// a file that no longer reads leaves ``model`` as it was and says why in ``problem``.
package final class SceneFileSource {
    /// The path as given.
    package let path: String
    /// The scene as last read without error.
    package private(set) var model: SceneFileModel
    /// Why the last read failed (one line: file, line, column, problem), nil after a good read.
    package private(set) var problem: String?
    /// What the file looked like when last read (good or bad).
    private var stamp: Stamp?

    /// What ``reloadIfChanged()`` found.
    package enum Change: Equatable {
        /// The file is as it was last read.
        case unchanged
        /// It changed and read well: ``model`` is the new scene.
        case reloaded
        /// It changed and does not read: ``model`` is kept; the line says why.
        case failed(String)
    }

    /// A source holding `model` as if read from `path` (tests; a later save there reloads).
    package init(model: SceneFileModel, path: String) {
        self.path = path
        self.model = model
        stamp = Self.stamp(of: path)
    }

    /// Reads the file at `path`.
    /// - Throws: ``KineticError``, one line naming the file, line, column and problem.
    package init(path: String) throws {
        self.path = path
        stamp = Self.stamp(of: path)
        model = try SceneFileReader.read(path: path)
    }

    /// Reads the file again when it changed since the last look.
    package func reloadIfChanged() -> Change {
        let now = Self.stamp(of: path)
        guard now != stamp else { return .unchanged }
        stamp = now
        do {
            model = try SceneFileReader.read(path: path)
            problem = nil
            return .reloaded
        } catch {
            let line = (error as? KineticError)?.description ?? "\(error)"
            problem = line
            return .failed(line)
        }
    }

    /// The file's modification time (seconds and nanoseconds), size and inode; nil when it
    /// cannot be read (a save in progress may remove it for a moment).
    private struct Stamp: Equatable { var seconds: Int, nanoseconds: Int, size: Int, inode: UInt64 }

    /// One `stat` call, no allocation: the window asks every frame.
    private static func stamp(of path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size), inode: UInt64(info.st_ino))
    }
}
