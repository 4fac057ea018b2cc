import Foundation
import Scenes

/// The exchange scene's `--data` file: `{"sections": [["Ana", "Ben"], ["Cy"]], "locked": ["Cy"]}`.
/// Names are unique and non-empty (``ExchangeModel`` checks); `locked` is optional. The file is
/// rewritten in the same shape, atomically, after each completed exchange transaction
/// (``ExchangeDataSaver``).
package enum ExchangeDataFile {
    /// Reads `path` into a model; every problem is one line naming the file and the problem.
    package static func load(_ path: String) throws -> ExchangeModel {
        try model(from: read(path), path: path)
    }

    /// The bytes of `path` (through symlinks), or the one-line error that it cannot be read.
    package static func read(_ path: String) throws -> Data {
        Data(try InputFile.read(path, as: "data file"))
    }

    /// The model in `data`, the text of the file `path` (named in the errors). Sections and items
    /// are counted from 1 in the messages, as a person counts them.
    package static func model(from data: Data, path: String) throws -> ExchangeModel {
        let parsed = try JSONInput.parse(data, in: path)
        guard let root = parsed as? [String: Any] else {
            throw KineticError("\(path): expected a JSON object such as {\"sections\": [[\"Ana\", \"Ben\"]], \"locked\": []}, got \(JSONInput.describe(parsed))")
        }
        for key in root.keys.sorted() where key != "sections" && key != "locked" {
            throw KineticError("\(path): unknown key '\(key)' (expected sections and optionally locked)")
        }
        guard let rawSections = root["sections"] as? [Any], !rawSections.isEmpty else {
            throw KineticError("\(path): \"sections\" must be a non-empty array of arrays of names")
        }
        var sections: [[String]] = []
        for (s, raw) in rawSections.enumerated() {
            guard let names = raw as? [Any] else { throw KineticError("\(path): section \(s + 1) must be an array of names") }
            var section: [String] = []
            for (i, n) in names.enumerated() {
                guard let name = n as? String else { throw KineticError("\(path): section \(s + 1), item \(i + 1) must be a string") }
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
    package static func text(_ model: ExchangeModel) -> String {
        json(model).text(pretty: true) + "\n"
    }

    /// The file's JSON for `model` (see ``text(_:)``).
    package static func json(_ model: ExchangeModel) -> JSONValue {
        var o: [(String, JSONValue)] = [("sections", .array(model.sections.map { .array($0.map { .string($0) }) }))]
        if !model.locked.isEmpty { o.append(("locked", .array(model.locked.sorted().map { .string($0) }))) }
        return .object(o)
    }
}

/// What a file held when Kinetic last read or wrote it: its length and a 64-bit FNV-1a hash of
/// its bytes. Two fingerprints differ when the bytes do (up to a 2⁻⁶⁴ chance). The modification
/// time is deliberately not part of it: the kernel stamps files with a coarse clock (a few
/// milliseconds), so an edit right after a save can keep the time, while a `touch` or an editor
/// saving identical bytes changes the time but loses nothing.
package struct FileFingerprint: Equatable {
    /// The number of bytes.
    package let size: Int
    /// FNV-1a (64 bit) of the bytes.
    package let hash: UInt64

    /// The fingerprint of `data`.
    package init(_ data: Data) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        size = data.count
        hash = h
    }
}

/// Saves the exchange arrangement to its `--data` file after each completed transaction, so the
/// user's file stays theirs: it never overwrites a file someone else changed since Kinetic read or
/// last wrote it, and an arrangement it could not save (a read-only file, a full disk, a missing
/// folder) stays in memory (``unsaved``) and is saved with the next change, or at exit
/// (``saveUnsaved()``). Writing goes through ``AtomicFile``.
package final class ExchangeDataSaver {
    /// Why a save did not happen, in the words the terminal and the window show.
    package struct Failure: Error, Equatable {
        /// The data file as the user named it.
        package let path: String
        /// The cause in a sentence (terminal).
        package let reason: String
        /// The cause in a word or two (window notice).
        package let brief: String
        /// The file changed on disk since Kinetic read or wrote it, and was left alone.
        package var changedOnDisk = false

        /// The file's name without its folder, for a notice that fits the window.
        private var name: String { URL(fileURLWithPath: path).lastPathComponent }

        /// The stderr line (after `kinetic: `) of a save that failed during the session.
        package var message: String {
            changedOnDisk ? "could not save \(path): \(reason) — not overwritten; the arrangement is kept in memory"
                          : "could not save \(path): \(reason) — the arrangement is kept in memory and saved on the next change"
        }

        /// The window's notice: short, so it fits the window.
        package var notice: String {
            changedOnDisk ? "\(name) changed on disk — not overwritten" : "could not save \(name) (\(brief)) — kept in memory"
        }

        /// The stderr line (after `kinetic: `) when the last try at exit failed too: the
        /// arrangement, as the file's JSON on one line, is the only copy left.
        package func exitMessage(unsaved model: ExchangeModel) -> String {
            "could not save \(path): \(reason)\(changedOnDisk ? " — not overwritten" : "") — the unsaved arrangement: "
                + ExchangeDataFile.json(model).compactText
        }
    }

    /// The data file as the user named it.
    package let path: String
    /// What the file held when Kinetic last read or wrote it.
    private var expected: FileFingerprint
    /// The latest arrangement that could not be saved; nil when the file holds the latest.
    private(set) var unsaved: ExchangeModel?

    /// A saver for `path`, whose bytes were just read as `data` (the model was loaded from them).
    package init(path: String, read data: Data) {
        self.path = path
        expected = FileFingerprint(data)
    }

    /// Saves `model`; nil when the file now holds it, otherwise why not (the model is then
    /// ``unsaved``). A file that no longer exists is written anew: nothing of anyone's is lost.
    package func save(_ model: ExchangeModel) -> Failure? {
        let text = ExchangeDataFile.text(model)
        if FileManager.default.fileExists(atPath: path) {
            // Read, not only stat'ed: see FileFingerprint for why the time is not trusted. A check
            // and then a rename leave a moment for a change in between; the file is small, so
            // that moment is short.
            guard let current = FileManager.default.contents(atPath: path) else {
                unsaved = model
                return Failure(path: path, reason: "cannot read it to check that no one else changed it", brief: "unreadable")
            }
            if FileFingerprint(current) != expected {
                unsaved = model
                return Failure(path: path, reason: "it changed on disk since Kinetic read or saved it", brief: "changed on disk",
                               changedOnDisk: true)
            }
        }
        do {
            try AtomicFile.write(text, to: path)
        } catch let e as AtomicFile.WriteError {
            unsaved = model
            return Failure(path: path, reason: e.reason, brief: e.brief)
        } catch {
            unsaved = model
            return Failure(path: path, reason: "\(error)", brief: "\(error)")
        }
        expected = FileFingerprint(Data(text.utf8))
        unsaved = nil
        return nil
    }

    /// At exit: tries once more to save the arrangement that could not be saved. Nil when there
    /// was none or it is saved now; otherwise the failure (the caller exits non-zero).
    package func saveUnsaved() -> Failure? {
        guard let model = unsaved else { return nil }
        return save(model)
    }
}
