import Foundation
import Scenes

/// A parameters file as sections of entries, and Ctrl+S's save that merges with someone else's
/// change to the file since Kinetic read or wrote it (``ParameterMerge``).
extension ParameterStore {
    /// One value of a parameters file: a parameter's number, or a scene's `"variant"`.
    package enum Entry: Equatable {
        /// A parameter's value, in the parameter's own unit.
        case number(Double)
        /// The scene's variant (the key `"variant"`).
        case variant(SceneVariant)

        /// The value as the file writes it: `8`, `"refined"`.
        var text: String {
            switch self {
            case .number(let v): JSONValue.number(v).compactText
            case .variant(let v): "\"\(v.rawValue)\""
            }
        }
    }

    /// A file's content: scene name → key → entry (a variant under `"variant"`).
    package typealias Sections = [String: [String: Entry]]

    /// The store's values and variants as a file holds them (scenes it never captured nor read
    /// are absent).
    package var sections: Sections {
        var s: Sections = [:]
        for (scene, kv) in values { for (k, v) in kv { s[scene, default: [:]][k] = .number(v) } }
        for (scene, v) in variants { s[scene, default: [:]]["variant"] = .variant(v) }
        return s
    }
}

/// How a Ctrl+S of one parameters file went.
package enum ParameterSaveOutcome: Equatable {
    /// The file held what the session last read or wrote: it now holds the session's values.
    case saved
    /// Someone else changed the file; their changes and the session's did not touch the same
    /// keys, so the file holds both. `kept` names (`scene.key`) the entries taken from the file.
    case merged(kept: [String])
    /// The file had been deleted: it was written again.
    case recreated
    /// The file was left alone and the session's values were written to `beside` instead:
    /// `conflicts` (`scene.key`) were changed both on disk and in the session, or, when empty,
    /// the file no longer loads (`reason`).
    case beside(String, conflicts: [String], reason: String)
}

extension ParameterStore {
    /// Ctrl+S: writes the store's values to `path` (sections in `order`) without losing anyone
    /// else's change. A file that changed on disk since it was read or last saved is merged by
    /// section and key (``ParameterMerge``); when both sides changed a key, or the file no longer
    /// loads, the file is left as it is and the values go to a new file beside it
    /// (``besidePath(for:)``). A deleted file is written again. `definitions` gives a scene's
    /// parameters (nil for an unknown scene), to read the file as `--params` does; a file of
    /// bare keys that the session did not read applies to `scene`.
    /// - Throws: ``AtomicFile/WriteError`` when a file cannot be written, ``KineticError`` when
    ///   the file cannot be read to check it.
    package func save(to path: String, order: [String], scene: String, definitions: (String) -> [SceneParameter]?) throws -> ParameterSaveOutcome {
        let ours = sections
        func defaultValue(_ scene: String, _ key: String) -> Double? {
            definitions(scene)?.first { $0.name == key }?.value
        }
        func write(_ result: Sections, to target: String) throws -> [UInt8] {
            let text = replacing(with: result, naming: definitions).text(order: order)
            try AtomicFile.write(text, to: target)
            return Array(text.utf8)
        }
        guard let known = files.files[path] else {
            // A file this session never read (the default names): it is the session's to write.
            let bytes = try write(ours, to: path)
            files.remember(path, bytes: bytes, disk: ours, session: ours, scene: scene)
            return .saved
        }
        func merged(theirs: Sections) -> ParameterMerge {
            ParameterMerge(ours: ours, oursBase: known.session, theirs: theirs, theirsBase: known.disk, defaultValue: defaultValue)
        }
        func commit(_ merge: ParameterMerge) throws {
            let bytes = try write(merge.result, to: path)
            files.remember(path, bytes: bytes, disk: merge.result, session: ours, scene: known.scene)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            // Deleted outside: nothing on disk to keep, so the file is what the session last knew plus its changes.
            try commit(merged(theirs: known.disk))
            return .recreated
        }
        let bytes = try InputFile.read(path, as: "parameters file")
        if FileFingerprint(Data(bytes)) == known.fingerprint {
            try commit(merged(theirs: known.disk))
            return .saved
        }
        let theirs: Sections
        do {
            theirs = try ParameterStore.parse(bytes, path: path, currentScene: known.scene, definitions: definitions).sections
        } catch {
            // Someone's edit that does not load (half written, a typo) is theirs to finish.
            let mine = merged(theirs: known.disk)
            let other = try writeBeside(mine.result, path: path, order: order, naming: definitions)
            return .beside(other, conflicts: [], reason: "\(error)")
        }
        let merge = merged(theirs: theirs)
        guard merge.conflicts.isEmpty else {
            let other = try writeBeside(merge.result, path: path, order: order, naming: definitions)
            return .beside(other, conflicts: merge.conflicts, reason: "")
        }
        try commit(merge)
        return theirs == known.disk ? .saved : .merged(kept: merge.kept)
    }

    /// `NAME.mine.json` beside `path` (`p.json` → `p.mine.json`), or `NAME.mine-2.json`, … :
    /// the first name no file has, so an earlier copy is never overwritten.
    package static func besidePath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension
        let stem = url.deletingPathExtension().lastPathComponent
        let dir = (path as NSString).deletingLastPathComponent
        var n = 1
        while true {
            let name = "\(stem).mine\(n == 1 ? "" : "-\(n)")" + (ext.isEmpty ? "" : ".\(ext)")
            let candidate = dir.isEmpty ? name : dir + "/" + name
            var info = stat()
            if lstat(candidate, &info) != 0 { return candidate }
            n += 1
        }
    }

    /// Writes `result` to a new file beside `path` and returns its name.
    private func writeBeside(_ result: Sections, path: String, order: [String], naming definitions: (String) -> [SceneParameter]?) throws -> String {
        let other = ParameterStore.besidePath(for: path)
        try AtomicFile.write(replacing(with: result, naming: definitions).text(order: order), to: other)
        return other
    }

    /// ``replacing(with:)``, knowing the choice names of every scene in `sections` from
    /// `definitions`: a section merged in from the file names its choices too.
    private func replacing(with sections: Sections, naming definitions: (String) -> [SceneParameter]?) -> ParameterStore {
        var store = replacing(with: sections)
        for scene in sections.keys { if let defs = definitions(scene) { store.rememberChoices(of: scene, defs) } }
        return store
    }
}
