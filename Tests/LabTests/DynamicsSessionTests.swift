import Testing
import Foundation
import Geometry
import Drawing
import Gestures
import Scenes
@testable import Lab

/// The dynamics scene in the lab's session, as `kinetic run --scene dynamics --demo NAME` opens
/// it: every demo runs, the demo is in the dump and survives scene switches and the compare.
@Suite struct DynamicsSessionTests {
    func frames(_ s: LabSession, _ n: Int) {
        for _ in 0..<n {
            s.now += 1.0 / 60
            s.step(realDt: 1.0 / 60)
            var list = DisplayList()
            s.drawScenes(into: &list)
        }
    }

    func key(_ s: LabSession, _ k: String) {
        s.dispatch(.key(KeyEvent(.down, key: k, timestamp: s.now)))
        frames(s, 1)
    }

    @Test(arguments: DynamicsScene.demoNames)
    func everyDemoRunsHeadless(_ name: String) throws {
        let s = try openedSession { $0.scene = .dynamics; $0.demo = name }
        frames(s, 120)
        let json = s.dumpJSON().text(pretty: false)
        #expect(json.contains(#""demo": "\#(name)""#), "\(json.prefix(200))")
        let d = s.scene.dump()
        #expect(!d.items.isEmpty && d.dynamicItems.count == d.items.count)
        #expect(d.dynamicItems.allSatisfy { $0.isFinite && abs($0.frame.midX) < 1e5 && abs($0.frame.midY) < 1e5 }, "\(name)")
        // Its tunables are the scene's, under the demo's name.
        #expect(s.scene.rowParameters.allSatisfy { $0.name.hasPrefix(name + ".") })
    }

    @Test func theDemoSurvivesSceneSwitchesAndGoesToB() throws {
        let s = try openedSession { $0.scene = .dynamics; $0.demo = "snap" }
        key(s, "right")
        #expect((s.scene as? DynamicsScene)?.demoName == "push")
        key(s, "1")
        #expect(s.scene.kind == .drag)
        key(s, "5")
        #expect((s.scene as? DynamicsScene)?.demoName == "push")
        key(s, "b")
        #expect((s.compareHalf?.scene as? DynamicsScene)?.demoName == "push")
        // Both halves step together.
        key(s, "right")
        #expect((s.scene as? DynamicsScene)?.demoName == "continuous-push")
        #expect((s.compareHalf?.scene as? DynamicsScene)?.demoName == "continuous-push")
    }

    /// A parameter of a demo that is not open is saved under the scene and read back.
    @Test func paramsKeepEveryDemosTunables() throws {
        let path = FileManagerTemp.path("dynamics-params.json")
        var store = ParameterStore()
        let scene = DynamicsScene()
        scene.setParameter("pendulum.length", to: 320)
        scene.setParameter("spring.damping", to: 0.25)
        store.capture(scene)
        try store.save(to: path, order: SceneKind.allCases.map(\.name))
        let loaded = try ParameterStore.load(path, currentScene: "dynamics") { name in
            SceneKind(rawValue: name).map { SceneCatalog.make($0, items: nil).parameters }
        }
        let again = DynamicsScene(demo: "pendulum")
        loaded.apply(to: again)
        #expect(again.parameter("pendulum.length")?.value == 320 && again.parameter("spring.damping")?.value == 0.25)
        #expect(again.rowParameters.first { $0.label == "length" }?.value == 320)
    }
}

/// A path in a temporary folder of this test process.
enum FileManagerTemp {
    static func path(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-labtests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }
}
