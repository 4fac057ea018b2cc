import Testing
import Geometry
import Drawing
import Scenes

/// Issue 13, "Readable everywhere": every piece of text a scene draws meets WCAG 2's 4.5:1 against
/// what is under it. Computed from the frame's own display list (layers flattened): for each text
/// command, the fills drawn before it that cover its middle are composited over the window's
/// background, and the text colour over the result. Text that is clipped away or outside the
/// 1280×800 window is skipped.
@Suite struct ContrastTests {
    /// Text commands whose contrast is below `minimum`, as readable lines ("'12' 3.3:1 …").
    static func failures(in scene: any Scene, minimum: Double = 4.5) -> [String] {
        var list = DisplayList()
        scene.draw(into: &list)
        let items = list.flattened.ordered
        var out: [String] = []
        for (i, item) in items.enumerated() {
            guard case let .text(s, frame, size, color, alignment, _) = item.command,
                  !s.trimmingSpaces.isEmpty, color.alpha > 0.5 else { continue }
            // The middle of the drawn line: frames of one-line texts can be far wider than the text.
            let w = min(frame.width, TextMetrics.estimatedWidth(of: s, size: size))
            let x: Double
            switch alignment {
            case .left: x = frame.minX + w / 2
            case .center: x = frame.midX
            case .right: x = frame.maxX - w / 2
            }
            let p = Point(x: x, y: frame.midY)
            // Text a clip hides (a scroll view's edge) or outside the window is not seen.
            if let clip = item.clip, !clip.contains(p) { continue }
            guard Rect(x: 0, y: 0, width: 1280, height: 800).contains(p) else { continue }
            var under = list.background
            for earlier in items[..<i] {
                guard case let .fill(r, _, c, a, _) = earlier.command, r.contains(p) else { continue }
                under = c.fading(a).composited(over: under)
            }
            let ratio = color.composited(over: under).contrastRatio(with: under)
            if ratio < minimum {
                out.append("'\(s)' \((ratio * 10).rounded() / 10):1, \(color) on \(under) at \(p)")
            }
        }
        return out
    }

    /// Runs a scene for a few frames so its first layout and fades are done.
    static func settled(_ scene: any Scene) -> any Scene {
        let d = SceneDriver(scene)
        d.run(0.5)
        return scene
    }

    /// The refined grid's numbers (the seed grid, the source's, has none).
    @Test func dragCellsAreReadableSelectedOrNot() {
        let scene = DragScene(items: 200)
        scene.variant = .refined
        let d = SceneDriver(scene)
        d.click(Point(x: 36, y: 66))  // select item 0: red
        d.run(0.2)
        #expect(scene.dump().items.contains { $0.selected })
        let bad = Self.failures(in: scene)
        #expect(bad.isEmpty, "\(bad.prefix(5))")
    }

    @Test func everySceneAtRestIsReadable() {
        for variant in [SceneVariant.seed, .refined] {
            let scenes: [any Scene] = [DragScene(items: 300), SpringyScene(items: 300), CardsScene(), ExchangeScene(model: .sample)]
            for scene in scenes {
                scene.variant = variant
                let bad = Self.failures(in: Self.settled(scene))
                #expect(bad.isEmpty, "\(scene.name) \(variant): \(bad.count) texts below 4.5:1, e.g. \(bad.prefix(3))")
            }
        }
    }

    @Test func theCheckCatchesLowContrast() {
        // The old drag cell (white at 85 % on #8E8E93) would fail: the check is not vacuous.
        let grey = Color(hex: 0x8E8E93)
        #expect(Color(white: 1, alpha: 0.85).composited(over: grey).contrastRatio(with: grey) < 3.5)
        #expect(Color.white.contrastRatio(with: .black) > 20.9)
        #expect(abs(Color(hex: 0x777777).contrastRatio(with: .white) - 4.48) < 0.01)
    }
}

private extension String {
    var trimmingSpaces: String { filter { $0 != " " } }
}
