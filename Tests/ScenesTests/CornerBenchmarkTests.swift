import Testing
import Geometry
import Gestures
import Scenes

/// Issue 37 parts 1 and 2: the corner cases `kinetic bench corners` runs, the gesture it scripts,
/// and the cards scene's bound on an overshooting card's frame. No timing here (the bench times).
@Suite struct CornerBenchmarkTests {
    @Test("Every scene and every dynamics demo runs its defaults first, then corners at its ranges' ends")
    func casesCoverEverySceneAndDemo() {
        let cases = CornerBenchmark.cases()
        let scenes = Set(cases.map(\.scene))
        for kind in SceneKind.builtIn where kind != .dynamics { #expect(scenes.contains(kind.rawValue)) }
        for demo in DynamicsScene.demoNames { #expect(scenes.contains("dynamics/" + demo), "\(demo)") }
        // Each scene's (demo's) first case is its defaults, and only one.
        var seen = Set<String>()
        for c in cases where !seen.contains(c.scene) {
            seen.insert(c.scene)
            #expect(c.isDefault, "\(c.scene) starts with \(c.name)")
        }
        #expect(cases.filter(\.isDefault).count == scenes.count)
        // Every value set is at an end of its parameter's range.
        for c in cases where c.kind != .cards {
            let scene = c.makeScene(size: Size(width: 1280, height: 800))
            for v in c.values {
                let p = scene.parameters.first { $0.name == v.name }
                #expect(p.map { v.value == $0.range.lowerBound || v.value == $0.range.upperBound } == true, "\(c.scene) \(v.name)")
            }
        }
    }

    @Test("Up to three parameters: every combination; more: all min, all max, each alone at each end")
    func cornerSets() {
        let drag = CornerCase.cases(for: .drag, demo: nil)
        #expect(drag.count == 1 + 8)
        let spring = CornerCase.cases(for: .dynamics, demo: "spring")  // five tunables
        #expect(spring.count == 1 + 2 + 2 * 5)
        #expect(spring.contains { $0.name == "all max" } && spring.contains { $0.name == "frequency min" })
    }

    @Test("Cards: the spring's 16 combinations with the spring chosen, heavy + soft + fast among them")
    func cardsCorners() {
        let cards = CornerCase.cases(for: .cards, demo: nil)
        let springs = cards.filter { $0.name.hasPrefix("spring ") }
        #expect(springs.count == 16)
        let heavySoftFast = springs.first { $0.name == "spring mass max stiffness min damping min velocity max" }
        let values = Dictionary(uniqueKeysWithValues: (heavySoftFast?.values ?? []).map { ($0.name, $0.value) })
        #expect(values == ["curve": Double(TimingCurveChoice.spring.rawValue), "mass": 100, "stiffness": 0.1, "damping": 0.01, "velocity": 50])
        #expect(cards.contains { $0.name.hasPrefix("cubic duration max") } && cards.contains { $0.name == "linear duration min" })
    }

    @Test("The scripted gesture: a click, a press held past the long press, a drag and a release")
    func gestureScript() {
        for c in [CornerCase(kind: .exchange, name: "long press", values: [("minimumPressDuration", 2)]),
                  CornerCase(kind: .drag, name: "defaults", values: [])] {
            let bench = CornerBenchmark(c)
            var downs = 0, ups = 0, moves = 0
            for f in 0..<bench.frames { bench.step(frame: f) }
            let script = bench.script
            for e in script.joined() {
                if case .pointer(let p) = e {
                    switch p.phase { case .down: downs += 1; case .up: ups += 1; case .moved: moves += 1; default: break }
                }
            }
            #expect(downs == 2 && ups == 2 && moves >= 60, "\(c.scene): \(downs) \(ups) \(moves)")
            #expect(bench.frames >= Int((0.5 + (c.kind == .exchange ? 2.15 : 0.7) + 1.5) * 60))
        }
    }

    @Test("A card's frame follows the expansion up to 2, then eases toward 3, smoothly and never past it")
    func presentedFrameExpansion() {
        for e in [-5.0, -1, 0, 0.5, 1, 1.7, 2] { #expect(CarouselLayout.presentedFrameExpansion(e) == e) }
        var last = 2.0
        for e in stride(from: 2.01, through: 5000, by: 7.3) {
            let shown = CarouselLayout.presentedFrameExpansion(e)
            #expect(shown > last && shown < 3)
            last = shown
        }
        // Slope 1 at the knee: no kink in the motion.
        let slope = (CarouselLayout.presentedFrameExpansion(2 + 1e-6) - 2) / 1e-6
        #expect(abs(slope - 1) < 1e-3)
    }

    @Test("Issue 37: a heavy, soft, fast spring's card stays within 3× its open frame (it grew 1,600×)")
    func heavySoftFastCardStaysBounded() {
        let scene = CardsScene()
        for (name, v) in [("curve", Double(TimingCurveChoice.spring.rawValue)), ("mass", 100), ("stiffness", 0.1),
                          ("damping", 0.01), ("velocity", 50)] { scene.setParameter(name, to: v) }
        let d = SceneDriver(scene)
        let middle = Point(x: 640, y: 415)
        d.down(middle); d.step(); d.up(middle)
        var widest = 0.0
        d.run(3) {
            widest = max(widest, scene.itemFrames.map(\.frame.width).max() ?? 0)
        }
        #expect(scene.expansion > 100, "the spring itself runs unbounded: \(scene.expansion)")
        let content = scene.collectionView.bounds.width
        #expect(widest > content && widest < CardsScene.cardSize.width + 3 * (content - CardsScene.cardSize.width))
    }
}
