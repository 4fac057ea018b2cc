import Testing
import Foundation
import Geometry
import Animation
import Gestures
import Scenes
@testable import Lab

/// Issue 40's "must show": a scene of a kind not among the examples, written from
/// docs/SCENE-FILES.md alone (a notification banner pulled down to a detent, a badge that snaps, a
/// bob on a spring, a dimming tap), read by the reader and run headless in a session: each part
/// does what its numbers say, measured from the scene's dumps (window points).
@Suite struct HandWrittenSceneTests {
    static let text = """
    {
      "kinetic": 1,
      "title": "Notification lab",
      "description": "Pull the banner down (a flick goes further than a slow drag); tap the button to dim.",
      "stage": { "size": [390, 844], "background": "#000000" },
      "tunables": [
        { "name": "bobFrequency", "value": 2, "min": 0.5, "max": 8, "step": 0.5, "unit": "Hz" }
      ],
      "layers": [
        { "id": "marker", "type": "rectangle", "frame": [0, 0, 10, 10], "color": "#333333" },
        { "id": "banner", "type": "rectangle", "frame": [20, 40, 350, 80], "color": "#F2F2F7", "cornerRadius": 18 },
        { "id": "badge", "type": "circle", "frame": [40, 200, 30, 30], "color": "#FF3B30" },
        { "id": "bob", "type": "circle", "frame": [280, 440, 40, 40], "color": "#0A84FF" },
        { "id": "button", "type": "rectangle", "frame": [120, 760, 150, 50], "color": "#34C759", "cornerRadius": 12 },
        { "id": "dim", "type": "rectangle", "frame": [0, 300, 390, 100], "color": "#FFFFFF" }
      ],
      "behaviors": [
        { "type": "snap", "item": "badge", "point": [300, 700], "damping": 0.5 },
        { "type": "attachment", "item": "bob", "toPoint": [300, 400], "length": 0, "frequency": "$bobFrequency", "damping": 0 }
      ],
      "gestures": [
        { "layer": "banner", "type": "pan", "axis": "y", "limits": [195, 80, 0, 600],
          "release": { "detents": [[195, 80], [195, 680]], "decelerationRate": "normal", "frequency": 4, "damping": 1 } },
        { "layer": "button", "type": "tap",
          "animations": [ { "layer": "dim", "to": { "opacity": 0 }, "cubic": { "duration": 0.5, "controlPoints": [0.42, 0, 0.58, 1] } } ] }
      ]
    }
    """

    /// A headless session on the hand-written file, 60 frames a second, and its clock.
    final class Run {
        let session: LabSession
        var t = 0.0
        init() throws {
            let path = try SceneFileSessionTests.writeScene(HandWrittenSceneTests.text)
            session = try openedSession { $0.scene = .file; $0.sceneFilePath = path }
            frame()
        }
        func frame() { t += 1.0 / 60; session.now = t; session.step(realDt: 1.0 / 60) }
        func frames(_ n: Int) { for _ in 0..<n { frame() } }
        /// Layer `id`'s frame in window points.
        func frame(of id: String) -> Rect { session.scene.dump().items.first { $0.label == id }!.frame }
        func alpha(of id: String) -> Double { session.scene.dump().items.first { $0.label == id }!.alpha }
        /// Window points per stage point and the stage's origin in the window (from the 10-pt marker).
        var stage: (scale: Double, origin: Point) { let m = frame(of: "marker"); return (m.width / 10, m.origin) }
        func window(_ p: Point) -> Point { let s = stage; return Point(x: s.origin.x + p.x * s.scale, y: s.origin.y + p.y * s.scale) }
        func pointer(_ phase: PointerEvent.Phase, _ p: Point) { session.dispatch(.pointer(PointerEvent(phase, location: p, timestamp: t))) }
    }

    @Test("The file reads as written: six layers, two behaviours, two gestures, one tunable")
    func reads() throws {
        let path = try SceneFileSessionTests.writeScene(Self.text)
        let m = try SceneFileReader.read(path: path)
        #expect(m.title == "Notification lab" && m.layers.count == 6 && m.behaviors.count == 2 && m.gestures.count == 2)
        #expect(m.tunables.map(\.name) == ["bobFrequency"])
    }

    /// Drags the banner 200 stage points down over `moves` frames and lets go; returns where its
    /// centre rests 3 s later (stage points).
    static func pullBanner(moves: Int) throws -> Double {
        let r = try Run()
        let start = r.window(Point(x: 195, y: 80))
        r.pointer(.down, start)
        r.frames(2)
        for i in 1...moves {
            r.pointer(.moved, r.window(Point(x: 195, y: 80 + 200 * Double(i) / Double(moves))))
            r.frame()
        }
        r.pointer(.up, r.window(Point(x: 195, y: 280)))
        r.frames(180)
        let f = r.frame(of: "banner"), s = r.stage
        return (f.midY - s.origin.y) / s.scale
    }

    @Test("The banner's detent is chosen by the release velocity's projection: a slow pull returns, a flick of the same length goes down")
    func detentByVelocity() throws {
        // 200 pt over 60 frames (200 pt/s: projected +100 pt, 380 < 380.5) back to 80; over 6 frames
        // (2000 pt/s: projected +998 pt) to 680, though 280 is nearer 80.
        #expect(abs(try Self.pullBanner(moves: 60) - 80) < 1)
        #expect(abs(try Self.pullBanner(moves: 6) - 680) < 1)
    }

    @Test("The badge snaps to its point, and the bob oscillates at the attachment's frequency (period from the dumps within 2 %)")
    func snapAndSpring() throws {
        let r = try Run()
        var ys: [Double] = []
        for _ in 0..<240 { r.frame(); ys.append(r.frame(of: "bob").midY) }
        // Zero crossings of the bob's offset from its anchor (window points), linearly interpolated.
        let anchor = r.window(Point(x: 300, y: 400)).y
        var crossings: [Double] = []
        for i in 1..<ys.count {
            let a = ys[i - 1] - anchor, b = ys[i] - anchor
            if a * b < 0 { crossings.append(Double(i - 1) + a / (a - b)) }
        }
        #expect(crossings.count >= 10)
        let period = 2 * (crossings.last! - crossings.first!) / Double(crossings.count - 1) / 60
        #expect(abs(period - 0.5) < 0.01, "period \(period) s, 2 Hz means 0.5 s")
        let badge = r.frame(of: "badge")
        let target = r.window(Point(x: 300, y: 700))
        #expect(abs(badge.midX - target.x) < 0.5 && abs(badge.midY - target.y) < 0.5, "badge at \(badge.center), snap point \(target)")
    }

    @Test("A tap dims the layer along its cubic (0.42, 0, 0.58, 1) over 0.5 s")
    func tapAnimationFollowsItsCurve() throws {
        let r = try Run()
        r.frames(10)
        let button = r.window(Point(x: 195, y: 785))
        r.pointer(.down, button)
        r.frame()
        r.pointer(.up, button)
        var alphas: [Double] = []
        for _ in 0..<45 { r.frame(); alphas.append(r.alpha(of: "dim")) }
        let curve = CubicTimingParameters(controlPoint1: Point(x: 0.42, y: 0), controlPoint2: Point(x: 0.58, y: 1))
        // The first frame that moved it starts the animation (within one frame of the tap).
        let first = try #require(alphas.firstIndex { $0 < 1 - 1e-9 })
        // Against the curve from the start frame, allowing the start to lie anywhere in the frame before.
        for k in stride(from: first, to: first + 30, by: 3) {
            let x0 = Double(k - first) / 60 / 0.5, x1 = Double(k - first + 1) / 60 / 0.5
            let lo = 1 - curve.progress(at: min(1, x1)), hi = 1 - curve.progress(at: min(1, x0))
            #expect(alphas[k] >= lo - 1e-6 && alphas[k] <= hi + 1e-6, "frame \(k - first): \(alphas[k]) not in \(lo)…\(hi)")
        }
        #expect(alphas[first + 31] < 1e-6, "ended at 0 after 0.5 s")
    }
}
