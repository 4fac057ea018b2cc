import Foundation
import Glibc

/// Image layers' `"src"`: a path relative to the scene file's folder that stays inside it after
/// `..` and symlinks are resolved, naming a regular file that starts with PNG's signature. Only
/// the signature's 8 bytes are read here; the renderer loads the image.
extension SceneFileReader {
    /// The first 8 bytes of every PNG file.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The absolute, resolved path of the PNG `node` names, relative to the scope's folder.
    func imagePath(_ node: LocatedJSON, in o: SceneFileObject) throws -> String {
        let src = try o.string(node, "\"src\"")
        func refuse(_ why: String) -> Problem { o.problem(node, "\"src\" \(LocatedJSON.quote(src)) \(why)") }
        guard let folder = scope.folder else { throw refuse("cannot be read: this scene was not read from a file, so it has no folder") }
        guard !src.isEmpty else { throw o.expected("a PNG file's path, relative to the scene file's folder", node, "\"src\"") }
        guard !src.hasPrefix("/") else { throw refuse("is an absolute path; write it relative to the scene file's folder") }
        guard !src.utf8.contains(0) else { throw refuse("holds a NUL character") }
        // Without following links: "a/../../x.png" leaves the folder whether or not "a" exists.
        var depth = 0
        for part in src.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            depth += part == ".." ? -1 : 1
            guard depth >= 0 else { throw refuse("leads outside the scene file's folder") }
        }
        guard let root = Self.resolved(folder) else { throw refuse("cannot be read: the scene file's folder \(folder) cannot be resolved") }
        guard let path = Self.resolved(folder + "/" + src) else {
            throw refuse("cannot be read: \(InputFile.reason(errno)) (looked for \(folder)/\(src))")
        }
        guard path.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw refuse("leads outside the scene file's folder (through a symbolic link, to \(path))")
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw refuse("cannot be read: \(InputFile.reason(errno))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw refuse("cannot be read: \(InputFile.reason(errno))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw refuse("is not a file (a folder, device, FIFO or socket)") }
        var head = [UInt8](repeating: 0, count: Self.pngSignature.count)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count == head.count, head == Self.pngSignature else { throw refuse("is not a PNG image (it does not start with PNG's signature)") }
        return path
    }

    /// `path` made absolute with every `.`, `..` and symbolic link resolved, or nil (errno says why).
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
