import Foundation
import Scenes

/// Reads a scene file (`kinetic run my-interaction.json`, docs/SCENE-FILES.md) into a
/// ``Scenes/SceneFileModel``: every key, type, range and reference is checked, so a model it
/// returns is consistent (every layer id it names exists, groups hold no cycles, every number is
/// finite and in range, every `"$name"` names a tunable, every image is a PNG inside the file's
/// folder). A refusal is one line naming the file, the line and column of the value (or key) at
/// fault and the problem: `sheet.json: line 12, column 21: layer 'sheet': "cornerRadius" must be
/// a number ≥ 0 (got "16")`.
///
/// Parts are read in a fixed order (the version, the stage, tunables, layers, behaviours,
/// gestures), whatever order the file writes them in, so that each part can check its
/// references to the ones before it; the first refusal ends the reading.
package struct SceneFileReader {
    /// A refusal inside the file: the byte offset of the value or key at fault, and the problem.
    struct Problem: Error {
        let offset: Int
        let message: String
        init(_ offset: Int, _ message: String) { self.offset = offset; self.message = message }
    }

    /// At most this many layers (10,000).
    package static let layerLimit = 10_000
    /// The largest scene file read, bytes (16 MiB).
    package static let fileSizeLimit = 16 << 20
    /// The top level's keys.
    static let topKeys = ["kinetic", "title", "description", "stage", "tunables", "layers", "behaviors", "gestures"]

    /// What the parts read so far offer the next ones.
    var scope: SceneFileScope

    /// The scene file at `path` (its images are relative to its folder).
    /// - Throws: ``KineticError`` with one line: "cannot read scene file x.json: no such file",
    ///   a folder, a file over 16 MB, or any refusal of ``read(_:file:folder:)``.
    package static func read(path: String) throws -> SceneFileModel {
        let bytes = try InputFile.read(path, as: "scene file", limit: fileSizeLimit)
        let folder = (path as NSString).deletingLastPathComponent
        return try read(Data(bytes), file: path, folder: folder.isEmpty ? "." : folder)
    }

    /// The scene file `data`, called `file` in messages (its name, without extension, is the
    /// default title); image paths are relative to `folder` (nil: the scene has no folder, and
    /// an image layer is refused).
    /// - Throws: ``KineticError`` with one line: "`file`: line L, column C: problem".
    package static func read(_ data: Data, file: String, folder: String?) throws -> SceneFileModel {
        let bytes = [UInt8](data)
        func failure(_ offset: Int, _ message: String) -> KineticError {
            let p = JSONInput.position(of: offset, in: bytes)
            return KineticError(oneLine("\(file): line \(p.line), column \(p.column): \(message)"))
        }
        guard bytes.count <= fileSizeLimit else {
            throw failure(0, "the file is over the \(fileSizeLimit >> 20) MB limit for scene files")
        }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard text.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw failure(bytes.count, "the file is \(bytes.isEmpty ? "empty" : "blank"); a scene file is a JSON object "
                          + "{\"kinetic\": 1, \"stage\": {\"size\": [width, height]}, …}")
        }
        let root: LocatedJSON
        do {
            root = try JSONReader.locatedValue(of: bytes)
        } catch {
            throw failure(error.offset, error.reason)
        }
        do {
            var reader = SceneFileReader(scope: SceneFileScope(folder: folder))
            let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            return try reader.readModel(root, defaultTitle: name)
        } catch let problem as Problem {
            throw failure(problem.offset, problem.message)
        }
    }

    /// `text` on one line: control characters (a `\n` escaped in a key or id) written as escapes.
    static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F, 0x85, 0x2028, 0x2029: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: The top level

    private mutating func readModel(_ root: LocatedJSON, defaultTitle: String) throws -> SceneFileModel {
        let top = try object(root, "", known: Self.topKeys)
        let version = try top.required("kinetic", "the format's version, 1")
        guard case .number(_, 1?) = version.value else { throw top.expected("1 (the format's version)", version, "\"kinetic\"") }
        let stage = try readStage(top.required("stage", "an object with \"size\": [width, height]"))
        scope.stageSize = stage.size
        var model = SceneFileModel(title: try top.string("title", default: defaultTitle), stage: stage)
        model.description = try top.string("description", default: "")
        model.tunables = try readTunables(top["tunables"])
        scope.tunables = model.tunables
        model.layers = try readLayers(top["layers"])
        model.behaviors = try readBehaviors(top["behaviors"])
        scope.behaviors = model.behaviors
        model.gestures = try readGestures(top["gestures"])
        return model
    }

    /// `node` as an object of keys `known`, called `context` in messages, seeing the current scope.
    func object(_ node: LocatedJSON, _ context: String, known: [String]?, elsewhere: [String: String] = [:]) throws -> SceneFileObject {
        try SceneFileObject(node, context: context, scope: scope, known: known, elsewhere: elsewhere)
    }

    /// The items of the top-level array `key` (absent: none).
    func items(_ node: LocatedJSON?, _ key: String, _ expectation: String) throws -> [LocatedJSON] {
        guard let node else { return [] }
        guard case .array(let items) = node.value else {
            throw Problem(node.offset, "\"\(key)\" must be \(expectation) (got \(node.described))")
        }
        return items
    }
}
