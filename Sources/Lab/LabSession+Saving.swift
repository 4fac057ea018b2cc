import Foundation
import Scenes

/// What the user asks the session to write: parameters (Ctrl+S); recordings (Ctrl+R) are in
/// `LabSession+Recording`.
extension LabSession {
    /// Ctrl+S: A's parameters to `--params` (or kinetic-params.json) and, while comparing, B's
    /// to the second `--params` file (or kinetic-params-b.json).
    func saveParameters() {
        store.capture(scene)
        capture(half: 1)
        var saves = [(store, paramsPath)]
        if let b = compareHalf { saves.append((b.store, b.paramsPath)) }
        var saved: [String] = []
        for (s, path) in saves {
            do {
                try s.save(to: path, order: SceneKind.allCases.map(\.name))
                saved.append(path)
            } catch {
                let brief = (error as? AtomicFile.WriteError)?.brief ?? "\(error)"
                services.warn("could not save \(path): \((error as? AtomicFile.WriteError)?.reason ?? "\(error)")")
                overlay.notice("could not save \(URL(fileURLWithPath: path).lastPathComponent) (\(brief))", at: now)
                return
            }
        }
        overlay.notice("parameters saved to \(saved.joined(separator: " and "))", at: now)
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
