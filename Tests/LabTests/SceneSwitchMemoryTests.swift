import Testing
import Geometry
import Drawing
import Gestures
import Scenes
@testable import Lab

/// Issue 24: switching scenes (keys 1–5) and toggling the A/B compare (B) release what they
/// replace: no scene, nor its window, collection view, layout or animator, outlives its switch.
@Suite struct SceneSwitchMemoryTests {
    final class Weak { weak var object: AnyObject?; init(_ o: AnyObject) { object = o } }

    func session() throws -> LabSession { try openedSession { $0.items = 200 } }

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
            for k in ["2", "3", "4", "5", "1"] {
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

/// Issue 24: a frame whose drawing held a non-finite number is skipped by the host; the session
/// then opens the scene again with its parameters and says so, on the terminal once.
@Suite struct UndrawableFrameTests {
    final class Lines: @unchecked Sendable { var warnings: [String] = [] }

    @Test func theSceneIsResetWithItsParametersAndTheTerminalHearsOnce() throws {
        let lines = Lines()
        var services = LabServices.silent
        services.warn = { lines.warnings.append($0) }
        let s = try openedSession(services: services) { $0.scene = .cards; $0.items = nil }
        s.scene.setParameter("velocity", to: -5)
        let before = s.scene as AnyObject
        s.recoverFromUndrawableFrame(skipped: 0)
        #expect(s.scene as AnyObject === before && lines.warnings.isEmpty)
        s.recoverFromUndrawableFrame(skipped: 3)
        #expect(s.scene as AnyObject !== before)
        #expect(s.scene.kind == .cards && s.scene.parameter("velocity")?.value == -5)
        s.recoverFromUndrawableFrame(skipped: 1)
        #expect(lines.warnings.count == 1 && lines.warnings[0].hasPrefix("3 draw commands of the cards scene held a number that is not finite"))
        #expect(s.undrawableFrames == 2)
    }
}
