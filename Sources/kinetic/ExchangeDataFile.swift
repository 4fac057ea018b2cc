import Foundation
import Scenes

/// The exchange scene's `--data` file: `{"sections": [["Ana", "Ben"], ["Cy"]], "locked": ["Cy"]}`.
/// Names are unique and non-empty (``ExchangeModel`` checks); `locked` is optional. The file is
/// rewritten in the same shape, atomically, after each completed exchange transaction.
enum ExchangeDataFile {
    /// Reads `path` into a model; every problem is one line naming the file and the problem.
    static func load(_ path: String) throws -> ExchangeModel {
        guard let data = FileManager.default.contents(atPath: path) else { throw KineticError("cannot read data file \(path)") }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw KineticError("\(path): expected a JSON object such as {\"sections\": [[\"Ana\", \"Ben\"]], \"locked\": []}")
        }
        for key in root.keys.sorted() where key != "sections" && key != "locked" {
            throw KineticError("\(path): unknown key '\(key)' (expected sections and optionally locked)")
        }
        guard let rawSections = root["sections"] as? [Any], !rawSections.isEmpty else {
            throw KineticError("\(path): \"sections\" must be a non-empty array of arrays of names")
        }
        var sections: [[String]] = []
        for (s, raw) in rawSections.enumerated() {
            guard let names = raw as? [Any] else { throw KineticError("\(path): section \(s) must be an array of names") }
            var section: [String] = []
            for (i, n) in names.enumerated() {
                guard let name = n as? String else { throw KineticError("\(path): section \(s) item \(i) must be a string") }
                section.append(name)
            }
            sections.append(section)
        }
        var locked = Set<String>()
        if let raw = root["locked"] {
            guard let names = raw as? [Any], names.allSatisfy({ $0 is String }) else {
                throw KineticError("\(path): \"locked\" must be an array of names")
            }
            locked = Set(names.map { $0 as! String })
        }
        do {
            return try ExchangeModel(sections: sections, locked: locked)
        } catch {
            throw KineticError("\(path): \(error)")
        }
    }

    /// The file's text for `model`, in the shape it was read (locked names sorted, so the same
    /// model always writes the same bytes).
    static func text(_ model: ExchangeModel) -> String {
        var o: [(String, JSONValue)] = [("sections", .array(model.sections.map { .array($0.map { .string($0) }) }))]
        if !model.locked.isEmpty { o.append(("locked", .array(model.locked.sorted().map { .string($0) }))) }
        return JSONValue.object(o).text(pretty: true) + "\n"
    }

    /// Writes `model` to `path` atomically (a temporary file renamed over it): a crash never
    /// leaves half a file, and the previous arrangement stays until the new one is complete.
    static func save(_ model: ExchangeModel, to path: String) throws {
        try AtomicFile.write(text(model), to: path)
    }
}
