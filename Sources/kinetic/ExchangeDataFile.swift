import Foundation
import Scenes

/// The exchange scene's `--data` file: `{"sections": [["Ana", "Ben"], ["Cy"]], "locked": ["Cy"]}`.
/// Names are unique and non-empty; `locked` is optional and names only names in the sections. The
/// file is rewritten in the same shape, atomically, after each completed exchange transaction.
struct ExchangeDataFile {
    var sections: [[String]]
    var locked: [String]

    /// Reads and validates `path`; every problem is one line naming it.
    static func load(_ path: String) throws -> ExchangeDataFile {
        guard let data = FileManager.default.contents(atPath: path) else { throw KineticError("cannot read data file \(path)") }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw KineticError("\(path): expected a JSON object such as {\"sections\": [[\"Ana\", \"Ben\"]], \"locked\": []}")
        }
        for key in root.keys where key != "sections" && key != "locked" {
            throw KineticError("\(path): unknown key '\(key)' (expected sections and optionally locked)")
        }
        guard let rawSections = root["sections"] as? [Any], !rawSections.isEmpty else {
            throw KineticError("\(path): \"sections\" must be a non-empty array of arrays of names")
        }
        var sections: [[String]] = []
        var seen = Set<String>()
        for (s, raw) in rawSections.enumerated() {
            guard let names = raw as? [Any] else { throw KineticError("\(path): section \(s) must be an array of names") }
            var section: [String] = []
            for (i, n) in names.enumerated() {
                guard let name = n as? String, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw KineticError("\(path): section \(s) item \(i) must be a non-empty string")
                }
                guard seen.insert(name).inserted else { throw KineticError("\(path): the name \"\(name)\" appears twice (names must be unique)") }
                section.append(name)
            }
            sections.append(section)
        }
        var locked: [String] = []
        if let raw = root["locked"] {
            guard let names = raw as? [Any] else { throw KineticError("\(path): \"locked\" must be an array of names") }
            for n in names {
                guard let name = n as? String, seen.contains(name) else {
                    throw KineticError("\(path): locked name \(n) is not in any section")
                }
                locked.append(name)
            }
        }
        return ExchangeDataFile(sections: sections, locked: locked)
    }

    /// The file's text, in the shape it was read.
    var text: String {
        var o: [(String, JSONValue)] = [("sections", .array(sections.map { .array($0.map { .string($0) }) }))]
        if !locked.isEmpty { o.append(("locked", .array(locked.map { .string($0) }))) }
        return JSONValue.object(o).text(pretty: true) + "\n"
    }

    /// Writes the file atomically (a temporary file renamed over it): a crash never leaves half a file.
    func save(to path: String) throws {
        // Never write a file that lost or duplicated a name.
        let names = sections.flatMap { $0 }
        guard Set(names).count == names.count else { throw KineticError("refusing to save \(path): duplicate names in the model") }
        try AtomicFile.write(text, to: path)
    }
}
