import Testing
import Foundation
import Gestures
import Scenes
@testable import Lab

/// Issue 37, Ctrl+S and a `--params` file someone else changes during the run: the outside edit
/// and the session's own changes are both kept (merged by section and key), or, when they touch
/// the same key or the file no longer loads, the file is left alone and the session's values go
/// to a new file beside it; the notice (and stderr) says which.
@Suite struct ParameterFileMergeTests {
    final class Host: @unchecked Sendable {
        var warnings: [String] = []
        var services: LabServices {
            LabServices(print: { _ in }, warn: { self.warnings.append($0) }, copyToClipboard: nil, fileStamp: { "stamp" }, startRender: nil)
        }
    }

    /// A fresh folder holding `p.json` with `text`.
    static func folder(_ text: String) throws -> (dir: String, params: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-merge-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let params = dir + "/p.json"
        try text.write(toFile: params, atomically: true, encoding: .utf8)
        return (dir, params)
    }

    static let original = #"{"drag": {"frequency": 12, "damping": 0.5}}"#
    /// The issue's outside edit: a drag value changed and a cards section added.
    static let outside = #"{"drag": {"frequency": 12, "damping": 0.8}, "cards": {"duration": 0.7, "mass": 2}}"#

    /// A drag session on `params`; `keys` are pressed (F raises the frequency by 10 %) and Ctrl+S
    /// saves after `edit` ran.
    static func run(_ params: String, host: Host, keys: [String] = ["f"], edit: (LabSession) throws -> Void) throws -> LabSession {
        let s = try openedSession(services: host.services) { $0.scene = .drag; $0.params = [params] }
        for k in keys { s.dispatch(.key(KeyEvent(.down, key: k, timestamp: s.now))) }
        try edit(s)
        s.dispatch(.key(KeyEvent(.down, key: "s", modifiers: .control, timestamp: s.now)))
        return s
    }

    static func json(_ path: String) throws -> [String: [String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: [String: Any]])
    }

    static func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    @Test func anOutsideEditAndTheSessionsChangeAreBothKept() throws {
        let (dir, params) = try Self.folder(Self.original)
        let host = Host()
        let s = try Self.run(params, host: host) { _ in try Self.outside.write(toFile: params, atomically: true, encoding: .utf8) }
        let saved = try Self.json(params)
        #expect(abs((saved["drag"]?["frequency"] as? Double ?? 0) - 13.2) < 1e-9)   // the session's F
        #expect(saved["drag"]?["damping"] as? Double == 0.8)                             // theirs
        #expect(saved["cards"]?["duration"] as? Double == 0.7)                           // their new section
        #expect(saved["cards"]?["mass"] as? Double == 2)
        #expect(saved["cards"]?.count == 2)
        #expect(s.overlay.noticeText == "p.json changed outside Kinetic; merged, keeping its cards.duration, cards.mass and drag.damping")
        #expect(host.warnings.count == 1 && host.warnings[0].contains("merged"), "\(host.warnings)")
        #expect(s.parameterSaveProblem == nil)
        #expect(Self.files(dir) == ["p.json"])

        // The next save knows the merged file: their damping stays although the session still has 0.5.
        s.dispatch(.key(KeyEvent(.down, key: "f", timestamp: s.now)))
        s.dispatch(.key(KeyEvent(.down, key: "s", modifiers: .control, timestamp: s.now)))
        let again = try Self.json(params)
        #expect(abs((again["drag"]?["frequency"] as? Double ?? 0) - 14.52) < 1e-9)
        #expect(again["drag"]?["damping"] as? Double == 0.8)
        #expect(again["cards"]?["duration"] as? Double == 0.7)
        #expect(s.overlay.noticeText == "parameters saved to \(params)")
    }

    @Test func aKeyBothChangedLeavesTheFileAndWritesBesideIt() throws {
        let (dir, params) = try Self.folder(Self.original)
        let theirs = #"{"drag": {"frequency": 20, "damping": 0.5}}"#
        let host = Host()
        let s = try Self.run(params, host: host) { _ in try theirs.write(toFile: params, atomically: true, encoding: .utf8) }
        #expect(try String(contentsOfFile: params, encoding: .utf8) == theirs)           // untouched
        let beside = dir + "/p.mine.json"
        let mine = try Self.json(beside)
        #expect(abs((mine["drag"]?["frequency"] as? Double ?? 0) - 13.2) < 1e-9)
        #expect(s.overlay.noticeText == "p.json changed outside Kinetic (drag.frequency) — not overwritten; saved to p.mine.json")
        #expect(host.warnings == ["did not save \(params): it changed outside Kinetic in drag.frequency too; it is left as it is and the parameters went to \(beside)"])
        #expect(s.parameterSaveProblem == host.warnings.first)

        // A second try never overwrites the first copy.
        s.dispatch(.key(KeyEvent(.down, key: "s", modifiers: .control, timestamp: s.now)))
        #expect(Self.files(dir) == ["p.json", "p.mine-2.json", "p.mine.json"])
        #expect(try String(contentsOfFile: params, encoding: .utf8) == theirs)
    }

    @Test func anUnchangedFileIsSavedAsBefore() throws {
        let (dir, params) = try Self.folder(Self.original)
        let host = Host()
        let s = try Self.run(params, host: host) { _ in }
        let saved = try Self.json(params)
        #expect(abs((saved["drag"]?["frequency"] as? Double ?? 0) - 13.2) < 1e-9)
        #expect(saved["drag"]?["damping"] as? Double == 0.5)
        #expect(saved["drag"]?["squareSize"] != nil)   // every parameter of the scene, as before
        #expect(s.overlay.noticeText == "parameters saved to \(params)")
        #expect(host.warnings.isEmpty)
        #expect(Self.files(dir) == ["p.json"])
    }

    @Test func aFileDeletedOutsideIsWrittenAgain() throws {
        let (dir, params) = try Self.folder(Self.original)
        let host = Host()
        let s = try Self.run(params, host: host) { _ in try FileManager.default.removeItem(atPath: params) }
        let saved = try Self.json(params)
        #expect(abs((saved["drag"]?["frequency"] as? Double ?? 0) - 13.2) < 1e-9)
        #expect(saved["drag"]?["damping"] as? Double == 0.5)
        #expect(s.overlay.noticeText == "p.json was deleted outside Kinetic; saved it again")
        #expect(s.parameterSaveProblem == nil)
        #expect(Self.files(dir) == ["p.json"])
    }

    @Test func aFileThatNoLongerLoadsIsNotOverwritten() throws {
        let (dir, params) = try Self.folder(Self.original)
        let broken = #"{"drag": {"frequency": 12, "damping": "#
        let host = Host()
        let s = try Self.run(params, host: host) { _ in try broken.write(toFile: params, atomically: true, encoding: .utf8) }
        #expect(try String(contentsOfFile: params, encoding: .utf8) == broken)
        let mine = try Self.json(dir + "/p.mine.json")
        #expect(abs((mine["drag"]?["frequency"] as? Double ?? 0) - 13.2) < 1e-9)
        #expect(mine["drag"]?["damping"] as? Double == 0.5)
        #expect(s.overlay.noticeText == "p.json no longer loads — not overwritten; saved to p.mine.json")
        #expect(host.warnings.count == 1)
        #expect(host.warnings.first?.hasPrefix("did not save \(params): it no longer loads (") == true)
        #expect(s.parameterSaveProblem != nil)
    }

    @Test func anUnknownKeyWrittenOutsideIsNotLost() throws {
        // The file must load as --params does; a key no scene knows is the outside writer's
        // to fix, so the file is left as it is.
        let (dir, params) = try Self.folder(Self.original)
        let theirs = #"{"drag": {"frequency": 12, "damping": 0.5, "wobble": 3}}"#
        let host = Host()
        _ = try Self.run(params, host: host) { _ in try theirs.write(toFile: params, atomically: true, encoding: .utf8) }
        #expect(try String(contentsOfFile: params, encoding: .utf8) == theirs)
        #expect(Self.files(dir) == ["p.json", "p.mine.json"])
        #expect(host.warnings.first?.contains("unknown key 'wobble'") == true, "\(host.warnings)")
    }

    @Test func theSameValueOnBothSidesIsNoConflict() throws {
        let (_, params) = try Self.folder(Self.original)
        let host = Host()
        _ = try Self.run(params, host: host) { s in
            // The outside writer sets the frequency to the value F gave the session.
            let f = try #require(s.scene.parameters.first { $0.name == "frequency" }).value
            try #"{"drag": {"frequency": \#(f), "damping": 0.5}}"#.write(toFile: params, atomically: true, encoding: .utf8)
        }
        let saved = try Self.json(params)
        #expect(abs((saved["drag"]?["frequency"] as? Double ?? 0) - 13.2) < 1e-9)
        #expect(host.warnings.allSatisfy { !$0.contains("did not save") }, "\(host.warnings)")
    }

    @Test func theComparedHalfsFileIsMergedToo() throws {
        let (dir, a) = try Self.folder(Self.original)
        let b = dir + "/b.json"
        try #"{"drag": {"frequency": 5}}"#.write(toFile: b, atomically: true, encoding: .utf8)
        let host = Host()
        let s = try openedSession(services: host.services) { $0.scene = .drag; $0.params = [a, b]; $0.compare = true }
        s.dispatch(.key(KeyEvent(.down, key: "f", timestamp: s.now)))   // tunes A
        try #"{"drag": {"frequency": 5}, "cards": {"mass": 3}}"#.write(toFile: b, atomically: true, encoding: .utf8)
        s.dispatch(.key(KeyEvent(.down, key: "s", modifiers: .control, timestamp: s.now)))
        #expect(abs((try Self.json(a)["drag"]?["frequency"] as? Double ?? 0) - 13.2) < 1e-9)
        let saved = try Self.json(b)
        #expect(saved["drag"]?["frequency"] as? Double == 5)
        #expect(saved["cards"]?["mass"] as? Double == 3)
        #expect(s.overlay.noticeText == "parameters saved to \(a) · b.json changed outside Kinetic; merged, keeping its cards.mass")

        // B's file changed again, in a key B changed too: left alone, B's values beside it.
        s.moment.focusedHalf = 1
        s.dispatch(.key(KeyEvent(.down, key: "f", timestamp: s.now)))   // tunes B
        try #"{"drag": {"frequency": 7}, "cards": {"mass": 3}}"#.write(toFile: b, atomically: true, encoding: .utf8)
        s.dispatch(.key(KeyEvent(.down, key: "s", modifiers: .control, timestamp: s.now)))
        #expect(try Self.json(b)["drag"]?["frequency"] as? Double == 7)
        #expect(abs((try Self.json(dir + "/b.mine.json")["drag"]?["frequency"] as? Double ?? 0) - 5.5) < 1e-9)
        #expect(s.parameterSaveProblem?.contains("did not save \(b)") == true)
    }

    @Test func aFileThatCannotBeSavedDoesNotKeepTheOtherHalfsFromBeingSaved() throws {
        let (dir, a) = try Self.folder(Self.original)
        let b = dir + "/b.json"
        try #"{"drag": {"frequency": 5}}"#.write(toFile: b, atomically: true, encoding: .utf8)
        #expect(chmod(a, 0o444) == 0)
        let host = Host()
        let s = try openedSession(services: host.services) { $0.scene = .drag; $0.params = [a, b]; $0.compare = true }
        s.moment.focusedHalf = 1
        s.dispatch(.key(KeyEvent(.down, key: "f", timestamp: s.now)))   // tunes B
        s.dispatch(.key(KeyEvent(.down, key: "s", modifiers: .control, timestamp: s.now)))
        #expect(try String(contentsOfFile: a, encoding: .utf8) == Self.original)
        #expect(abs((try Self.json(b)["drag"]?["frequency"] as? Double ?? 0) - 5.5) < 1e-9)
        #expect(s.overlay.noticeText == "parameters saved to \(b) · could not save p.json (read-only)")
        #expect(s.parameterSaveProblem == "could not save \(a): the file is read-only (mode 444)")
    }

    @Test func mergeTakesEachSidesChangesByKey() {
        typealias E = ParameterStore.Entry
        let base: ParameterStore.Sections = ["drag": ["frequency": .number(12), "damping": .number(0.5)]]
        let ours: ParameterStore.Sections = ["drag": ["frequency": .number(13), "damping": .number(0.5), "squareSize": .number(40)],
                                             "springy": ["damping": .number(0.2), "variant": .variant(.refined)]]
        let theirs: ParameterStore.Sections = ["drag": ["frequency": .number(12)], "cards": ["mass": .number(2)]]
        let defaults = ["drag.squareSize": 40.0, "springy.damping": 0.3]
        let m = ParameterMerge(ours: ours, oursBase: base, theirs: theirs, theirsBase: base) { defaults[$0 + "." + $1] }
        #expect(m.conflicts.isEmpty)
        #expect(m.kept == ["cards.mass", "drag.damping"])             // their addition and their removal
        #expect(m.result["drag"] == ["frequency": E.number(13), "squareSize": .number(40)])
        #expect(m.result["cards"] == ["mass": .number(2)])
        #expect(m.result["springy"]?["variant"] == .variant(.refined))
    }
}
