import Testing
import Geometry
import Dynamics
@testable import Scenes

/// The joints demo's squares on screen (issues 42 and 43): all in one collision behavior, they
/// never come to rest overlapping one another (a joint's partner included), they come to rest,
/// and everything the demo draws lies inside the stage. Driven as the app drives them (60 frames
/// a second); overlap is the penetration depth of two turned squares.
@Suite struct JointsOverlapTests {
    /// How far two squares may overlap at rest, points (the contacts leave 0.1 pt).
    static let restingOverlap = 1.0
    /// The animator's rest threshold: every body slower than this, points per second.
    static let restSpeed = 1.0

    /// The least and greatest projection of `square`'s corners on unit vector `axis`, points.
    static func extent(_ square: DemoSquare, _ axis: Vector) -> (lo: Double, hi: Double) {
        let t = square.transform.rotationAngle, h = square.bounds.width / 2
        let mid = square.center.x * axis.dx + square.center.y * axis.dy
        let reach = h * (abs(cos(t) * axis.dx + sin(t) * axis.dy) + abs(-sin(t) * axis.dx + cos(t) * axis.dy))
        return (mid - reach, mid + reach)
    }

    /// How deep turned squares `a` and `b` overlap, points (0 when apart): the least overlap of
    /// their projections on their four edge normals, which for two convex polygons is the
    /// shortest move that parts them (the separating axis theorem).
    static func penetration(_ a: DemoSquare, _ b: DemoSquare) -> Double {
        var least = Double.infinity
        for square in [a, b] {
            let t = square.transform.rotationAngle
            for axis in [Vector(dx: cos(t), dy: sin(t)), Vector(dx: -sin(t), dy: cos(t))] {
                let ea = extent(a, axis), eb = extent(b, axis)
                least = min(least, ea.hi - eb.lo, eb.hi - ea.lo)
            }
        }
        return max(0, least)
    }

    /// The deepest overlap between any two of the demo's squares now, and the pair's labels.
    static func deepestOverlap(_ demo: JointsDemo) -> (depth: Double, pair: String) {
        let items = demo.items
        var deepest = (depth: 0.0, pair: "none")
        for i in items.indices {
            for j in items.indices where j > i {
                let d = penetration(items[i].view as! DemoSquare, items[j].view as! DemoSquare)
                if d > deepest.depth { deepest = (d, "\(items[i].label) / \(items[j].label)") }
            }
        }
        return deepest
    }

    /// The joints demo on a stage of `stage` points below the 30-pt title line, and its driver.
    func open(stage: Size = Size(width: 1280, height: 770)) -> (DynamicsScene, SceneDriver, JointsDemo) {
        let scene = DynamicsScene(demo: "joints")
        scene.resize(to: Size(width: stage.width, height: stage.height + 30), contentFrame: Rect(x: 0, y: 30, width: stage.width, height: stage.height))
        let driver = SceneDriver(scene)
        return (scene, driver, scene.demo as! JointsDemo)
    }

    /// `square`'s centre in window points, where a press grabs it.
    func grab(_ scene: DynamicsScene, _ square: DemoSquare) -> Point { scene.stage.convert(square.center, to: nil) }

    /// Runs until the scene rests (within its ``DynamicsScene/restAllowance``) and 0.5 s beyond;
    /// expects every square slower than ``restSpeed`` and no two overlapping by more than
    /// ``restingOverlap`` over that half second. Returns the seconds it took to rest.
    @discardableResult
    func expectRest(_ scene: DynamicsScene, _ driver: SceneDriver, _ demo: JointsDemo, _ what: String) -> Double? {
        let rest = driver.run(until: scene.restAllowance) { !scene.needsFrame }
        #expect(rest != nil, "\(what): \(scene.busyDescription)")
        let fastest = demo.items.map { demo.animator.linearVelocity(for: $0.item).length }.max() ?? 0
        #expect(fastest < Self.restSpeed, "\(what): \(fastest) pt/s")
        var deepest = Self.deepestOverlap(demo)
        driver.run(0.5) { let d = Self.deepestOverlap(demo); if d.depth > deepest.depth { deepest = d } }
        #expect(deepest.depth <= Self.restingOverlap, "\(what): \(deepest.pair) overlap \(deepest.depth) pt at rest")
        return rest
    }

    /// UIKit's semantics (issue 43): the items of one collision behavior all collide, attached
    /// or not, so the demo puts every square in one behavior with the stage's edges; none of
    /// them collides twice with another (a pair in two behaviors would be solved twice).
    @Test func everyTwoSquaresCollideOnceJointPartnersToo() {
        let (_, _, demo) = open()
        let collisions = demo.animator.behaviors.compactMap { $0 as? CollisionBehavior }
        let squares = demo.items.map { ObjectIdentifier($0.item) }
        #expect(collisions.count == 1)
        for behavior in collisions {
            #expect(behavior.collisionMode == .everything)
            #expect(Set(behavior.items.map { ObjectIdentifier($0) }) == Set(squares))
        }
    }

    @Test func theSquaresFallAndRestApart() {
        let (scene, driver, demo) = open()
        var deepest = Self.deepestOverlap(demo)
        #expect(deepest.depth <= Self.restingOverlap, "at the start: \(deepest)")
        driver.run(0.1) { let d = Self.deepestOverlap(demo); if d.depth > deepest.depth { deepest = d } }
        expectRest(scene, driver, demo, "after the first fall")
    }

    /// The pinned square dragged along the floor through its partner and the welded pair, then
    /// back across to the roped pair: the squares in its way are pushed, and all rest apart.
    @Test func aDraggedPinnedSquarePushesTheOthers() {
        let (scene, driver, demo) = open()
        expectRest(scene, driver, demo, "before the drag")
        let start = grab(scene, demo.pinPair.0)
        let fixed = grab(scene, demo.fixedPair.0), limit = grab(scene, demo.limitPair.0)
        driver.down(start)
        var during = 0.0
        let low = Vector(dx: 0, dy: -20)
        driver.drag(from: start, by: fixed - start + low, steps: 60)
        driver.run(0.5) { during = max(during, Self.deepestOverlap(demo).depth) }
        driver.drag(from: fixed + low, by: limit - fixed, steps: 90)
        driver.run(0.5) { during = max(during, Self.deepestOverlap(demo).depth) }
        driver.up(limit + low)
        #expect(during < 20, "held against the others, the squares give way: \(during) pt")
        expectRest(scene, driver, demo, "after the drag")
    }

    /// The replay: the pinned pair flung (up and left onto the welded pair, far left,
    /// right onto the roped pair) or lifted over the welded pair and dropped on it.
    @Test(arguments: [(Vector(dx: -300, dy: -300), 0, 0.0), (Vector(dx: -200, dy: -320), 14, 1.0),
                      (Vector(dx: 250, dy: -300), 12, 0.0), (Vector(dx: -320, dy: -250), 40, 1.0)])
    func aFlungPinnedPairRestsApart(_ by: Vector, _ steps: Int, _ hold: Double) {
        let (scene, driver, demo) = open()
        expectRest(scene, driver, demo, "before the fling")
        let start = grab(scene, demo.pinPair.1)
        driver.down(start)
        if steps == 0 {
            // A flick: the whole move in three frames.
            driver.drag(from: start, by: by, steps: 3)
        } else {
            driver.drag(from: start, by: by, steps: steps)
            driver.run(hold)
        }
        driver.up(start + by)
        expectRest(scene, driver, demo, "after a fling by \(by)")
    }

    /// Every square's corners and every drawn point (the rope lying slack on the floor, the
    /// slider's axis, the markers) inside the stage: the default test stage, then the lab's
    /// content beside the HUD at 1280 × 800 (980 × 770) and at 800 × 600 (the HUD collapsed,
    /// 772 × 570), over the first fall and a fling of the roped pair.
    @Test(arguments: [Size(width: 1280, height: 770), Size(width: 980, height: 770), Size(width: 772, height: 570)])
    func everythingIsDrawnInsideTheStage(_ stage: Size) {
        let (scene, driver, demo) = open(stage: stage)
        var outside: [String] = []
        func inside(_ p: Point) -> Bool { p.x >= 0 && p.y >= 0 && p.x <= stage.width && p.y <= stage.height }
        func check() {
            for item in demo.items {
                let sq = item.view as! DemoSquare, h = sq.bounds.width / 2, turn = AffineTransform(rotationAngle: sq.transform.rotationAngle)
                for (x, y) in [(-h, -h), (h, -h), (h, h), (-h, h)] where !inside(sq.center + Vector(dx: x, dy: y).applying(turn)) {
                    outside.append("\(item.label) corner at t \(driver.time)")
                }
            }
            for d in demo.decorations {
                switch d {
                case let .line(a, b, _): if !inside(a) || !inside(b) { outside.append("line \(a)–\(b) at t \(driver.time)") }
                case let .dot(p, _): if !inside(p) { outside.append("dot \(p) at t \(driver.time)") }
                default: break
                }
            }
        }
        driver.run(3, each: check)
        let start = grab(scene, demo.limitPair.1)
        driver.down(start)
        driver.drag(from: start, by: Vector(dx: -120, dy: -200), steps: 4)
        driver.up(start + Vector(dx: -120, dy: -200))
        driver.run(5, each: check)
        #expect(outside.isEmpty, "\(stage): \(outside.prefix(5))")
        // At rest on the floor, the roped squares' bottom edges are whole: above the stage's edge.
        let bottom = [demo.limitPair.0, demo.limitPair.1].map { $0.center.y + $0.bounds.height / 2 }.max() ?? 0
        #expect(bottom <= stage.height - 1, "\(stage): bottom edge at \(bottom)")
    }
}
