import Foundation
import Scenes

/// What the user asks the session to write: parameters (Ctrl+S); recordings (Ctrl+R) are in
/// `LabSession+Recording`.
extension LabSession {
    /// Ctrl+S: A's parameters to `--params` (or kinetic-params.json) and, while comparing, B's
    /// to the second `--params` file (or kinetic-params-b.json). A file someone else changed
    /// since the session read or saved it is merged by section and key, or, when both changed
    /// the same key (or the file no longer loads), left alone with the values written beside it
    /// (``ParameterStore/save(to:order:scene:definitions:)``); the notice says which.
    func saveParameters() {
        moment.store.capture(scene)
        moment.capture(half: 1)
        var saves = [(moment.store, paramsPath)]
        if let b = compareHalf { saves.append((b.store, b.paramsPath)) }
        let configuration = configuration
        let definitions: (String) -> [SceneParameter]? = { name in
            SceneKind(rawValue: name).map { configuration.makeScene($0, nil, configuration.sceneEnvironment).parameters }
        }
        var saved: [String] = [], said: [String] = []
        for (s, path) in saves {
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                switch try s.save(to: path, order: SceneKind.allCases.map(\.name), scene: configuration.scene.name, definitions: definitions) {
                case .saved:
                    saved.append(path)
                case .recreated:
                    said.append("\(name) was deleted outside Kinetic; saved it again")
                    services.warn("\(path) was deleted outside Kinetic; saved it again")
                case .merged(let kept):
                    said.append("\(name) changed outside Kinetic; merged, keeping its \(Self.list(kept))")
                    services.warn("\(path) changed outside Kinetic since it was read; saved the parameters merged with that change, keeping its \(kept.joined(separator: ", "))")
                case .beside(let other, let conflicts, let reason):
                    let why = conflicts.isEmpty ? "no longer loads (\(reason))" : "changed outside Kinetic in \(conflicts.joined(separator: ", ")) too"
                    let line = "did not save \(path): it \(why); it is left as it is and the parameters went to \(other)"
                    services.warn(line)
                    moment.store.files.note(line, for: path)
                    let what = conflicts.isEmpty ? "no longer loads" : "changed outside Kinetic (\(Self.list(conflicts)))"
                    said.append("\(name) \(what) — not overwritten; saved to \(URL(fileURLWithPath: other).lastPathComponent)")
                    continue
                }
                moment.store.files.note(nil, for: path)
            } catch {
                let brief = (error as? AtomicFile.WriteError)?.brief ?? "\(error)"
                let line = "could not save \(path): \((error as? AtomicFile.WriteError)?.reason ?? "\(error)")"
                services.warn(line)
                moment.store.files.note(line, for: path)
                said.append("could not save \(name) (\(brief))")
            }
        }
        // One file's trouble does not keep the other (B's) from being saved; the notice names both.
        if !saved.isEmpty { said.insert("parameters saved to \(saved.joined(separator: " and "))", at: 0) }
        overlay.notice(said.joined(separator: " · "), at: now)
    }

    /// Why the last Ctrl+S of a parameters file did not put the session's values into it (one
    /// line per file), or nil: a headless run ends non-zero with it (a window shows the notice).
    package var parameterSaveProblem: String? {
        let problems = moment.store.files.problems
        return problems.isEmpty ? nil : problems.keys.sorted().map { problems[$0]! }.joined(separator: "; ")
    }

    /// `a.x, a.y and b.z`, or `a.x, a.y, … (5 keys)` for more than three.
    static func list(_ names: [String]) -> String {
        if names.count > 3 { return names.prefix(2).joined(separator: ", ") + ", … (\(names.count) keys)" }
        if names.count < 2 { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// `stem`, or `stem-2`, `stem-3`, … : the first for which no file `NAME + ending` exists in
    /// the working folder, so two files made in the same second keep both.
    package func unusedName(_ stem: String, endings: [String]) -> String {
        var name = stem
        var n = 2
        while endings.contains(where: { FileManager.default.fileExists(atPath: name + $0) }) {
            name = "\(stem)-\(n)"
            n += 1
        }
        return name
    }
}
