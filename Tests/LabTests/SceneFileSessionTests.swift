import Testing
import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
@testable import Lab

/// Issue 40's lab side: a scene file opens as the session's scene (`kinetic run FILE.json`),
/// reloads on a good save (re-running the last gesture) and keeps the last good scene on a bad
/// one, with the error shown; the command line's rules; the fuzzer drives a scene file.
@Suite struct SceneFileSessionTests {
    /// A scene file with one rectangle called `id` (and its width, so two saves differ in size).
    static func sceneText(layer id: String, width: Int = 100) -> String {
        """
        {
          "kinetic": 1,
          "title": "Test \(id)",
          "stage": { "size": [390, 844] },
          "tunables": [ { "name": "frequency", "value": 3, "min": 0.5, "max": 10, "step": 0.5, "unit": "Hz" } ],
          "layers": [ { "id": "\(id)", "type": "rectangle", "frame": [100, 100, \(width), 80], "color": "#FF9500" } ]
        }
        """
    }

    /// A folder of its own with `scene.json` holding `text`; returns the file's path.
    static func writeScene(_ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-scenefile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/scene.json"
        try AtomicFile.write(text, to: path)
        return path
    }

    static func labels(_ s: LabSession) -> [String] { s.scene.dump().items.map(\.label) }

    @Test("kinetic run FILE.json opens the file's scene: its layers, its tunables as parameters, its title")
    func opensTheFile() throws {
        let path = try Self.writeScene(Self.sceneText(layer: "card"))
        let s = try openedSession { $0.scene = .file; $0.sceneFilePath = path }
        #expect(s.scene.kind == .file)
        #expect(Self.labels(s).contains("card"))
        #expect(s.scene.parameters.map(\.name) == ["frequency"])
        #expect(s.configuration.sceneFile?.model.title == "Test card")
    }

    @Test("A good save reloads the scene; a bad one keeps it and says where the file is wrong; the next good save clears that")
    func liveReload() throws {
        let path = try Self.writeScene(Self.sceneText(layer: "card"))
        let s = try openedSession { $0.scene = .file; $0.sceneFilePath = path }
        // Frames first: the moment shown is then one a restore could keep as a checkpoint (it must not).
        var t = 0.0
        for _ in 0..<20 { t += 1.0 / 60; s.now = t; s.step(realDt: 1.0 / 60) }
        #expect(!s.checkSceneFile(), "nothing changed yet")
        try AtomicFile.write(Self.sceneText(layer: "sheet", width: 120), to: path)
        #expect(s.checkSceneFile())
        #expect(Self.labels(s).contains("sheet") && !Self.labels(s).contains("card"))
        // A broken save: the last good scene stays, the problem names the file, line and column.
        try AtomicFile.write("{\n  \"kinetic\": 1,\n  \"stage\": { \"size\": [390, 844] },\n  \"layers\": [ { \"id\": \"x\" } ]\n}\n", to: path)
        #expect(s.checkSceneFile())
        #expect(Self.labels(s).contains("sheet"))
        let problem = try #require(s.moment.environment.sceneFileProblem)
        #expect(problem.contains("scene.json") && problem.contains("line 4") && problem.contains("column"), "\(problem)")
        #expect(s.scene.status.detail?.contains("does not read") == true, "the HUD's status line says so")
        #expect(!s.checkSceneFile(), "the same bad file is not read again")
        try AtomicFile.write(Self.sceneText(layer: "tray", width: 140), to: path)
        #expect(s.checkSceneFile())
        #expect(s.moment.environment.sceneFileProblem == nil)
        #expect(s.scene.status.detail?.contains("does not read") == false)
        #expect(Self.labels(s).contains("tray"))
    }

    @Test("A save after a gesture re-runs that gesture on the new scene")
    func reloadRerunsTheLastGesture() throws {
        let path = try Self.writeScene(Self.sceneText(layer: "card"))
        let s = try openedSession { $0.scene = .file; $0.sceneFilePath = path }
        var t = 0.0
        func frame() { t += 1.0 / 60; s.now = t; s.step(realDt: 1.0 / 60) }
        for _ in 0..<30 { frame() }
        let at = s.halfFrames[0].center
        s.dispatch(.pointer(PointerEvent(.down, location: at, timestamp: t)))
        for _ in 0..<10 { frame() }
        s.dispatch(.pointer(PointerEvent(.moved, location: at + Vector(dx: 40, dy: 0), timestamp: t)))
        frame()
        s.dispatch(.pointer(PointerEvent(.up, location: at + Vector(dx: 40, dy: 0), timestamp: t)))
        for _ in 0..<30 { frame() }
        try AtomicFile.write(Self.sceneText(layer: "sheet", width: 150), to: path)
        #expect(s.checkSceneFile())
        #expect(s.timeline.playback != nil, "the gesture plays again")
        #expect(Self.labels(s).contains("sheet"))
    }

    @Test("The command line: a scene file is its own scene, a file name must be given, and kinetic fuzz takes one")
    func commandLineRules() {
        var o = RunOptions()
        o.sceneFile = "sheet.json"
        #expect(o.sceneKind == .file)
        #expect(o.labConfiguration.sceneFilePath == "sheet.json")
        o.scene = "dynamics"
        #expect(o.problem(minimumSize: (640, 480))?.contains("leave out --scene") == true)
        o.scene = "drag"
        o.sceneFile = ""
        #expect(o.problem(minimumSize: (640, 480))?.contains("file name is empty") == true)
        #expect(SceneKind(builtIn: "file") == nil && SceneKind(builtIn: "cards") == .cards)
        #expect(SceneFuzzer.problem(seed: nil, events: 10, jobs: 1, traceFrom: nil, scenes: ["file"])?.contains("unknown scene") == true)
        #expect(SceneFuzzer.problem(seed: nil, events: 10, jobs: 1, traceFrom: nil, scenes: ["a.json", "b.json"])?.contains("one scene file") == true)
        #expect(SceneFuzzer.problem(seed: nil, events: 10, jobs: 1, traceFrom: nil, scenes: ["drag", "a.json"]) == nil)
    }

    @Test("A missing or broken scene file is one line naming it before the session starts")
    func badFileAtStart() throws {
        #expect(throws: KineticError.self) { try openedSession { $0.scene = .file; $0.sceneFilePath = "/nonexistent/kinetic.json" } }
        let path = try Self.writeScene("{ \"kinetic\": 2 }")
        do {
            _ = try openedSession { $0.scene = .file; $0.sceneFilePath = path }
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("scene.json") && "\(error)".contains("line 1") && !"\(error)".contains("\n"), "\(error)")
        }
    }
}
