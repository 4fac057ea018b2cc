import Foundation

/// Finds the bundled font (DejaVu Sans, in the repository's `Assets/`).
///
/// Looked up in order: `$KINETIC_FONT`; `Assets/` beside the source tree this binary was built
/// from; `Assets/` in the working directory; the system copy from Debian's `fonts-dejavu-core`.
public enum FontLocator {
    /// The file name of the bundled font.
    public static let fileName = "DejaVuSans.ttf"

    /// The first existing candidate path, or nil when none exists.
    public static func bundledFontPath() -> String? {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["KINETIC_FONT"], !env.isEmpty { candidates.append(env) }
        // This file is Sources/SDLBackend/FontLocator.swift: the repository root is two levels up.
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repo.appendingPathComponent("Assets/\(fileName)").path)
        candidates.append(FileManager.default.currentDirectoryPath + "/Assets/\(fileName)")
        candidates.append("/usr/share/fonts/truetype/dejavu/\(fileName)")
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
