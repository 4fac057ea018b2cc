import Testing
import KineticTestSupport
import Geometry
import Scenes

/// Random input, reproducible by seed: clicks, long presses, drags, wheel bursts, Escape, focus
/// loss and parameter hotkeys, in any order and at any time. Whatever a person does, no frame may
/// hold a non-finite or absurd position, and once input stops the scene comes to rest.
@Suite struct SceneFuzzTests {
    static let size = Size(width: 1280, height: 800)

    func fuzz(_ scene: any Scene, seed: UInt64, seconds: Double) {
        var rng = SplitMix64(state: seed)
        let d = SceneDriver(scene)
        var pointer = Point(x: 640, y: 400)
        var held = false
        func point() -> Point { Point(x: rng.unit() * Self.size.width, y: 30 + rng.unit() * (Self.size.height - 30)) }
        func check() {
            for item in scene.dump().items {
                let f = item.frame
                #expect(f.origin.x.isFinite && f.origin.y.isFinite && item.rotation.isFinite, "seed \(seed) frame \(d.frame)")
                // Items may fly and lag, but never to absurd places.
                #expect(abs(f.midX) < 1e6 && abs(f.midY) < 1e7, "seed \(seed) frame \(d.frame): \(f)")
            }
        }
        while d.time < seconds {
            switch rng.int(12) {
            case 0, 1: // click
                if !held { let p = point(); d.down(p); d.step(); d.up(p); pointer = p }
            case 2: // press and hold (maybe a long press)
                if !held { pointer = point(); d.down(pointer); held = true }
            case 3, 4, 5: // move, a few frames
                let target = point()
                for i in 1...(1 + rng.int(8)) {
                    let f = Double(i) / 8
                    d.move(Point(x: pointer.x + (target.x - pointer.x) * f, y: pointer.y + (target.y - pointer.y) * f))
                    d.step()
                }
                pointer = target
            case 6: // release
                if held { d.up(pointer); held = false }
            case 7: // wheel burst
                for _ in 0..<(1 + rng.int(6)) {
                    scene.handle(.wheel(pointer, delta: Vector(dx: 0, dy: rng.unit() * 6 - 3), at: d.time))
                    d.step()
                }
            case 8: d.key("escape")
            case 9: scene.handle(.focusLost(timestamp: d.time)); held = false
            case 10: // a parameter hotkey's worth of change, anywhere in range
                if let p = scene.parameters.randomElement(using: &rng) {
                    scene.setParameter(p.name, to: p.range.lowerBound + rng.unit() * (p.range.upperBound - p.range.lowerBound))
                }
            default: d.run(rng.unit() * 0.7) // wait, possibly past the long-press time
            }
            d.step()
            if d.frame % 10 == 0 { check() }
        }
        if held { d.up(pointer) }
        // Back to defaults, then the scene must come to rest.
        for p in scene.parameters { scene.setParameter(p.name, to: p.defaultValue) }
        let rest = d.run(until: 20, { scene.status.animatorRunning == false })
        #expect(rest != nil, "seed \(seed): still moving 20 s after input stopped")
        check()
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func dragSceneSurvivesRandomInput(seed: UInt64) {
        fuzz(DragScene(items: 1000, size: Self.size), seed: seed, seconds: 12)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func springySceneSurvivesRandomInput(seed: UInt64) {
        fuzz(SpringyScene(items: 5000, size: Self.size), seed: seed, seconds: 12)
    }
}

