import Testing
import Geometry
import Dynamics
@testable import Scenes

/// The dynamics scene's demos against their analytic motion, driven as the app drives them (60
/// frames a second, the pointer in window points). The window is 1280 × 800: the stage is the
/// content below the 30-pt title line, so its floor is at y = 800.
@Suite struct DynamicsDemoPhysicsTests {
    static let floor = 800.0

    /// A scene on `demo` in `variant` with `parameters` set (`demo.name` names) and its driver.
    func open(_ demo: String, _ parameters: [String: Double] = [:], variant: SceneVariant = .seed) -> (DynamicsScene, SceneDriver) {
        let scene = DynamicsScene(demo: demo)
        scene.variant = variant
        for (name, value) in parameters { scene.setParameter(name, to: value) }
        #expect(scene.demoName == demo)
        return (scene, SceneDriver(scene))
    }

    /// Item `i`'s dumped dynamic state.
    func state(_ scene: DynamicsScene, _ i: Int = 0) -> SceneDump.DynamicItemState { scene.dump().dynamicItems[i] }

    @Test func gravityIsFreeFallAtAThousandPointsPerSecondSquared() {
        let (scene, driver) = open("gravity")
        let y0 = state(scene).frame.midY
        driver.run(0.5)
        let expected = y0 + 0.5 * 1000 * 0.5 * 0.5
        let y = state(scene).frame.midY
        #expect(abs(y - expected) < 1, "y(0.5 s) = \(y), expected \(expected)")
        #expect(abs(state(scene).velocity.dy - 500) < 1)
        // Out of view it is let go: the animator rests, the square stays listed.
        #expect(driver.run(until: 3) { !scene.needsFrame } != nil)
        #expect(scene.dump().dynamicItems.count == 1 && state(scene).frame.minY > Self.floor)
        #expect(scene.status.detail?.contains("out of view") == true)
    }

    /// Refined: Kinetic's barrier (the seed has none, ``DynamicsCatalogGestureTests``).
    @Test func collisionLandsOnTheBarrierThenRestsOnTheFloor() {
        let (scene, driver) = open("collision", variant: .refined)
        let x0 = state(scene).frame.midX
        var slid = false
        driver.run(3) { if abs(self.state(scene).velocity.dx) > 50 && self.state(scene).frame.maxY < 600 { slid = true } }
        let f = state(scene).frame
        #expect(slid, "the barrier turned the fall sideways")
        #expect(f.midX > x0 + 100)
        // It may tumble off the barrier's end; it rests flat (a corner within the contacts' 0.5 pt
        // feature tolerance of the floor), its bottom edge on the floor.
        let angle = state(scene).rotation, quarter = (angle / (.pi / 2)).rounded() * (.pi / 2)
        #expect(abs(angle - quarter) < 0.01, "rotation \(angle)")
        #expect(abs(f.maxY - Self.floor) < 1, "bottom edge \(f.maxY), floor \(Self.floor)")
    }

    /// Each square's first bounce rises to elasticity² of its drop (within 10 %).
    @Test(arguments: [(0.8, 0.5), (0.3, 0.9)])
    func propertiesBounceToElasticitySquaredOfTheDrop(_ e1: Double, _ e2: Double) {
        let (scene, driver) = open("properties", ["properties.elasticity1": e1, "properties.elasticity2": e2])
        for (i, e) in [e1, e2].enumerated() {
            let (scene, driver) = i == 0 ? (scene, driver) : open("properties", ["properties.elasticity1": e1, "properties.elasticity2": e2])
            let drop = Self.floor - state(scene, i).frame.maxY
            var bounced = false, apex = Double.infinity, lastVy = 0.0
            driver.run(3) {
                let s = self.state(scene, i)
                if lastVy > 0 && s.velocity.dy < 0 { bounced = true }
                if bounced { apex = min(apex, s.frame.maxY) }
                lastVy = s.velocity.dy
            }
            let rise = Self.floor - apex, expected = e * e * drop
            #expect(bounced)
            #expect(abs(rise - expected) < 0.1 * expected, "square \(i + 1), e \(e): rose \(rise) of \(drop), expected \(expected)")
        }
    }

    @Test func theHangingSquareOscillatesAtTheSpringsFrequency() {
        for f in [1.0, 2.0] {
            let (scene, driver) = open("spring", ["spring.frequency": f, "spring.resistance": 0])
            let demo = scene.demo as! SpringDemo
            // Rest: the anchor, the length, and gravity's stretch g / ω² below.
            let omega = 2 * Double.pi * f
            let rest = scene.stage.convert(demo.spring.anchorPoint, to: nil).y + demo.tunables.length + 1000 / (omega * omega)
            var samples: [(t: Double, y: Double)] = []
            driver.run(4) { samples.append((driver.time, self.state(scene).frame.midY)) }
            // Upward crossings of the rest position, interpolated between frames.
            var crossings: [Double] = []
            for (a, b) in zip(samples, samples.dropFirst()) where a.y > rest && b.y <= rest {
                crossings.append(a.t + (a.y - rest) / (a.y - b.y) * (b.t - a.t))
            }
            #expect(crossings.count >= 3)
            let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
            #expect(abs(period - 1 / f) < 0.05 / f, "f \(f): period \(period) s, expected \(1 / f) s")
        }
    }

    @Test func aSmallSwingOfThePendulumTakesTwoPiRootLOverG() {
        for length in [250.0, 400.0] {
            let (scene, driver) = open("pendulum", ["pendulum.resistance": 0, "pendulum.length": length])
            let demo = scene.demo as! PendulumDemo
            // 5° out, at rest, before the first step.
            let top = demo.pendulum.rod.anchorPoint, a = 5 * Double.pi / 180
            demo.square.center = Point(x: top.x + length * sin(a), y: top.y + length * cos(a))
            demo.animator.updateItem(usingCurrentState: demo.square)
            var samples: [(t: Double, x: Double)] = []
            driver.run(8) { samples.append((driver.time, demo.square.center.x - top.x)) }
            var crossings: [Double] = []
            for (p, q) in zip(samples, samples.dropFirst()) where p.x < 0 && q.x >= 0 {
                crossings.append(p.t + -p.x / (q.x - p.x) * (q.t - p.t))
            }
            let expected = 2 * Double.pi * (length / 1000).squareRoot()
            #expect(crossings.count >= 2)
            let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
            #expect(abs(period - expected) < 0.05 * expected, "L \(length): period \(period) s, expected \(expected) s")
            #expect(abs(demo.square.center.distance(to: top) - length) < 1)
        }
    }

    @Test func theSquareSnapsToTheClick() {
        for target in [Point(x: 200, y: 650), Point(x: 900, y: 120)] {
            let (scene, driver) = open("snap")
            driver.click(target)
            #expect(driver.run(until: 5) { !scene.needsFrame } != nil)
            let c = state(scene).frame.center
            #expect(c.distance(to: target) < 1, "at \(c), clicked \(target)")
            #expect(abs(state(scene).rotation) < 0.01)
        }
    }

    /// Refined: the push aims from the square with the tunable magnitude (the seed's catalog
    /// push, ``DynamicsCatalogGestureTests``).
    @Test func anInstantaneousPushOfMagnitudeOneGivesAHundredPointsPerSecond() {
        let (scene, driver) = open("push", ["push.resistance": 0], variant: .refined)
        let c = state(scene).frame.center
        driver.click(Point(x: c.x + 200, y: c.y))
        let v = state(scene).velocity
        #expect(abs(v.dx - 100) < 2 && abs(v.dy) < 1e-6, "\(v)")
        driver.run(0.5)
        #expect(abs(state(scene).velocity.dx - 100) < 2, "the push is once: the speed stays")
        // Twice the magnitude, twice the speed; up-left from the square.
        let (scene2, driver2) = open("push", ["push.resistance": 0, "push.magnitude": 2], variant: .refined)
        let c2 = state(scene2).frame.center
        driver2.click(Point(x: c2.x - 100, y: c2.y - 100))
        let v2 = state(scene2).velocity
        #expect(abs(v2.length - 200) < 4 && v2.dx < 0 && abs(v2.dx - v2.dy) < 1e-6, "\(v2)")
    }

    /// Refined, as the instantaneous push above.
    @Test func aContinuousPushOfMagnitudeOneAcceleratesAtAHundredPointsPerSecondSquared() {
        let (scene, driver) = open("continuous-push", variant: .refined)
        let c = state(scene).frame.center
        driver.click(Point(x: c.x + 200, y: c.y))
        let v0 = state(scene).velocity.dx
        driver.run(1)
        let v1 = state(scene).velocity.dx
        #expect(abs((v1 - v0) / 1 - 100) < 2, "Δv over 1 s = \(v1 - v0)")
        // It ends pressed against the right edge, at rest.
        #expect(driver.run(until: 10) { !scene.needsFrame } != nil)
        #expect(abs(state(scene).frame.maxX - 980) < 1 || abs(state(scene).frame.maxX - 1280) < 1)
    }

    @Test func theCustomItemsButtonGrowsThenSettlesBack() {
        let (scene, driver) = open("custom-item")
        let button = state(scene).frame
        #expect(button.width == 100 && button.height == 100)
        driver.click(button.center)
        var largest = 0.0
        let settled = driver.run(until: 4, each: { largest = max(largest, self.state(scene).frame.width) }) { !scene.needsFrame }
        let f = state(scene).frame
        #expect(largest > 105 && largest < 130, "grew to \(largest)")
        #expect(settled != nil && settled! < 3, "settled after \(String(describing: settled)) s")
        #expect(abs(f.width - 100) < 0.5 && abs(f.height - 100) < 0.5 && f.center.distance(to: button.center) < 1e-9)
        // A second click starts again from the button's own size.
        driver.click(button.center)
        driver.run(0.1)
        #expect(state(scene).frame.width > 100)
    }
}
