import Foundation
import Glibc

/// Finds the bundled font (DejaVu Sans, in the repository's `Assets/`).
///
/// Looked up in order: `$KINETIC_FONT`; `Assets/` beside the source tree this binary was built
/// from; `Assets/` in the working directory; the system copy from Debian's `fonts-dejavu-core`.
/// A `$KINETIC_FONT` that names no file is an error, not a reason to fall back: the person asked
/// for that font, and a silent substitute would hide the typo.
public enum FontLocator {
    /// The file name of the bundled font.
    public static let fileName = "DejaVuSans.ttf"

    /// Why no font can be used; ``description`` is the one line the command line prints.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The places searched after `$KINETIC_FONT`, in order.
    public static var defaultCandidates: [String] {
        // This file is Sources/SDLBackend/FontLocator.swift: the repository root is two levels up.
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [repo.appendingPathComponent("Assets/\(fileName)").path,
                FileManager.default.currentDirectoryPath + "/Assets/\(fileName)",
                "/usr/share/fonts/truetype/dejavu/\(fileName)"]
    }

    /// The font to use: `$KINETIC_FONT` when set, else the first of ``defaultCandidates`` that
    /// exists. Whether the file is a font SDL_ttf can open is checked by the renderer.
    /// - Throws: ``Problem`` when `$KINETIC_FONT` names no file or no candidate exists.
    public static func locate() throws(Problem) -> String {
        try locate(environment: ProcessInfo.processInfo.environment["KINETIC_FONT"], candidates: defaultCandidates)
    }

    /// ``locate()`` with the variable's value and the candidates given (for tests).
    public static func locate(environment: String?, candidates: [String]) throws(Problem) -> String {
        if let env = environment, !env.isEmpty {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: env, isDirectory: &isDirectory) else {
                throw Problem("KINETIC_FONT is \(env), which does not exist (unset it to use the bundled \(fileName))")
            }
            guard !isDirectory.boolValue else { throw Problem("KINETIC_FONT is \(env), a folder; it must name a .ttf font file") }
            // Only a regular file is opened: a FIFO or a device would block open() or read forever.
            var info = stat()
            guard stat(env, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw Problem("KINETIC_FONT is \(env), which is not a regular file; it must name a .ttf font file")
            }
            return env
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw Problem("the font \(fileName) was not found (looked in $KINETIC_FONT, Assets/ and /usr/share/fonts/truetype/dejavu; "
                          + "install fonts-dejavu-core or set KINETIC_FONT to a .ttf file)")
        }
        return found
    }
}
