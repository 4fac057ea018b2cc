import Testing
import Geometry
import Drawing
import Gestures
import Scenes
@testable import Lab

/// Issue 24: switching scenes (keys 1–4) and toggling the A/B compare (B) release what they
/// replace: no scene, nor its window, collection view, layout or animator, outlives its switch.
@Suite struct SceneSwitchMemoryTests {
    final class Weak { weak var object: AnyObject?; init(_ o: AnyObject) { object = o } }

    func session() throws -> LabSession {
        var c = LabConfiguration()
        c.headless = true
        c.items = 200
        let s = try LabSession(c, services: .silent)
        s.open(size: Size(width: 1280, height: 800), frameRate: 60, textMeasurer: EstimatedTextMeasurer.shared)
        return s
    }

    func key(_ s: LabSession, _ k: String, at t: Double) {
        s.now = t
        s.dispatch(.key(KeyEvent(.down, key: k, timestamp: t)))
        s.step(realDt: 1.0 / 60)
        var list = DisplayList()
        s.drawScenes(into: &list)
    }

    @Test func everySwitchedAwaySceneIsReleased() throws {
        let s = try session()
        var replaced: [Weak] = []
        var t = 0.0
        for round in 0..<25 {
            for k in ["2", "3", "4", "1"] {
                replaced.append(Weak(s.scene as AnyObject))
                if let hosted = s.scene as? HostedScene {
                    replaced.append(Weak(hosted.host.window))
                    replaced.append(Weak(hosted.collectionView))
                    replaced.append(Weak(hosted.collectionView.collectionViewLayout))
                    if let a = hosted.collectionView.collectionViewLayout.dynamicAnimator { replaced.append(Weak(a)) }
                }
                t += 0.1
                key(s, k, at: t)
            }
            let alive = replaced.filter { $0.object != nil }
            #expect(alive.isEmpty, "round \(round): \(alive.count) replaced objects still alive: \(alive.map { String(describing: type(of: $0.object!)) })")
            if !alive.isEmpty { return }
        }
    }

    @Test func everyCompareToggleReleasesB() throws {
        let s = try session()
        var t = 0.0
        for k in ["1", "2", "3", "4"] {
            t += 0.1
            key(s, k, at: t)
            for _ in 0..<5 {
                t += 0.1
                key(s, "b", at: t)
                let weakB = try #require(s.compareHalf.map { Weak($0.scene as AnyObject) })
                t += 0.1
                key(s, "b", at: t)
                #expect(weakB.object == nil, "scene \(k): B is still alive after compare off")
            }
        }
    }
}
