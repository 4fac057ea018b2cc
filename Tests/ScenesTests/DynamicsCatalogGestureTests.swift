import Testing
import Geometry
import Dynamics
@testable import Scenes

/// The seed variant's gestures against the Catalog's code: the push demos sized and aimed from
/// the stage's centre (APLInstantaneousPushViewController.m `handlePushGesture:`,
/// APLContinuousPushViewController.m `handlePushContinousGesture:`), the attachment's anchor
/// following the pointer (APLAttachmentsViewController.m `handleAttachmentGesture:`,
/// APLCollisionsGravitySpringViewController.m `handleSpringAttachmentGesture:`), the collision
/// demo without a barrier; and `Z` (the variant) reopening a demo with its values. The window is
/// 1280 × 800; the stage is the content below the 30-pt title line, its centre (640, 415).
@Suite struct DynamicsCatalogGestureTests {
    static let floor = 800.0

    /// A scene on `demo` in `variant` with `parameters` set and its driver (as the physics tests open one).
    func open(_ demo: String, _ parameters: [String: Double] = [:], variant: SceneVariant = .seed) -> (DynamicsScene, SceneDriver) {
        DynamicsDemoPhysicsTests().open(demo, parameters, variant: variant)
    }

    /// The stage's centre (its bounds' midpoint), window points.
    func centre(_ scene: DynamicsScene) -> Point {
        scene.stage.convert(Point(x: scene.stage.bounds.width / 2, y: scene.stage.bounds.height / 2), to: nil)
    }

    /// The square's velocity, points per second.
    func velocity(_ scene: DynamicsScene) -> Vector { scene.dump().dynamicItems[0].velocity }

    /// A click 50 pt right of the centre gives 50 pt/s to the right; 150 pt left, 100 pt/s to the
    /// left (the distance capped at 100); wherever the square is, the push is from the centre.
    @Test func theInstantaneousPushIsSizedAndAimedFromTheStagesCentre() {
        for (offset, expected) in [(Vector(dx: 50, dy: 0), Vector(dx: 50, dy: 0)), (Vector(dx: -150, dy: 0), Vector(dx: -100, dy: 0))] {
            let (scene, driver) = open("push", ["push.resistance": 0])
            driver.click(centre(scene) + offset)
            let v = velocity(scene)
            #expect(abs(v.dx - expected.dx) < 1 && abs(v.dy - expected.dy) < 1e-6, "click \(offset): v \(v), expected \(expected)")
        }
        // The square moved off the centre: a click 60 pt below the centre still pushes down at 60 pt/s.
        let (scene, driver) = open("push", ["push.resistance": 0])
        let demo = scene.demo as! PushDemo
        demo.square.center = Point(x: 300, y: 200)
        demo.animator.updateItem(usingCurrentState: demo.square)
        let c = centre(scene)
        driver.click(Point(x: c.x, y: c.y + 60))
        let v = velocity(scene)
        #expect(abs(v.dx) < 1e-6 && abs(v.dy - 60) < 1, "\(v)")
        // The arrow starts at the stage's centre, 60 pt long, down; it fades within a second.
        let arrow = demo.decorations.compactMap { d -> (Point, Vector)? in
            if case let .arrow(from, vector, _, _) = d { return (from, vector) } else { return nil }
        }
        #expect(arrow.count == 1 && scene.stage.convert(arrow[0].0, to: nil) == c && abs(arrow[0].1.dy - 60) < 1e-9, "\(arrow)")
        #expect(scene.status.detail?.contains("push 0.60") == true, "\(scene.status.detail ?? "")")
        driver.run(1)
        #expect(!demo.decorations.contains { if case .arrow = $0 { true } else { false } })
        // The magnitude tunable scales the catalog's magnitude: 2 × 0.6.
        let (scene2, driver2) = open("push", ["push.resistance": 0, "push.magnitude": 2])
        driver2.click(Point(x: c.x, y: c.y + 60))
        #expect(abs(velocity(scene2).dy - 120) < 2, "\(velocity(scene2))")
    }

    /// Nothing pushes before the first click; a far click accelerates at 200 pt/s² (the distance
    /// capped at 200), one 80 pt away at 80 pt/s², both from the centre toward the click.
    @Test func theContinuousPushIsSizedAndAimedFromTheStagesCentre() {
        for (offset, expected) in [(Vector(dx: 400, dy: 0), Vector(dx: 200, dy: 0)), (Vector(dx: 0, dy: -80), Vector(dx: 0, dy: -80))] {
            let (scene, driver) = open("continuous-push")
            driver.run(0.5)
            #expect(velocity(scene) == .zero, "no push before a click")
            driver.click(centre(scene) + offset)
            let v0 = velocity(scene)
            driver.run(0.2)
            let a = (velocity(scene) - v0) / 0.2
            #expect(abs(a.dx - expected.dx) < 1 && abs(a.dy - expected.dy) < 1, "click \(offset): dv/dt \(a), expected \(expected)")
            let demo = scene.demo as! ContinuousPushDemo
            #expect(demo.decorations.contains { d in
                if case let .arrow(from, vector, _, _) = d { scene.stage.convert(from, to: nil) == centre(scene) && (vector - expected).length < 1e-9 } else { false }
            }, "the arrow from the centre, as long as the capped distance")
        }
    }

    /// Attachments: a drag anywhere moves the anchor to the pointer at every update (the square is
    /// not grabbed: no pointer attachment); the anchor stays on release and the square comes to
    /// rest on its rod near it.
    @Test func theAttachmentsAnchorFollowsThePan() {
        let (scene, driver) = open("attachments")
        let demo = scene.demo as! AttachmentsDemo
        let behaviors = scene.status.behaviors, start = demo.attachment.anchorPoint
        let from = Point(x: 200, y: 600)
        driver.down(from)
        driver.step()
        #expect(demo.attachment.anchorPoint == start, "a press alone moves nothing (the catalog has only a pan)")
        for i in 1...20 {
            let p = Point(x: from.x + 30 * Double(i), y: from.y - 12 * Double(i))
            driver.move(p)
            #expect(demo.attachment.anchorPoint == scene.stage.convert(p, from: nil), "update \(i)")
            #expect(scene.status.behaviors == behaviors, "nothing holds the square")
            driver.step()
        }
        let end = Point(x: from.x + 600, y: from.y - 240)
        driver.up(end)
        driver.step()
        #expect(demo.attachment.anchorPoint == scene.stage.convert(end, from: nil))
        #expect(driver.run(until: 5 + scene.restAllowance) { !scene.needsFrame } != nil, "\(scene.busyDescription)")
        #expect(abs(demo.attachPoint.distance(to: demo.attachment.anchorPoint) - AttachmentsDemo.restLength) < 1)
    }

    /// Spring: a press moves the anchor at once (the catalog's tap recognizer beside the pan), a
    /// drag at every update, a click to the click.
    @Test func theSpringsAnchorFollowsAPressADragAndAClick() {
        let (scene, driver) = open("spring")
        let demo = scene.demo as! SpringDemo
        let behaviors = scene.status.behaviors
        let from = Point(x: 300, y: 300)
        driver.down(from)
        #expect(demo.spring.anchorPoint == scene.stage.convert(from, from: nil), "the press moves it")
        driver.step()
        for i in 1...10 {
            let p = Point(x: from.x + 40 * Double(i), y: from.y + 10 * Double(i))
            driver.move(p)
            #expect(demo.spring.anchorPoint == scene.stage.convert(p, from: nil), "update \(i)")
            #expect(scene.status.behaviors == behaviors)
            driver.step()
        }
        driver.up(Point(x: 700, y: 400))
        driver.step()
        let tap = Point(x: 1000, y: 150)
        driver.click(tap)
        #expect(demo.spring.anchorPoint == scene.stage.convert(tap, from: nil))
        #expect(driver.run(until: 5 + scene.restAllowance) { !scene.needsFrame } != nil, "\(scene.busyDescription)")
        // It hangs below the anchor (within the 2 pt the animator lets a slow swing rest at): the
        // length and gravity's stretch (g / ω², 25.3 pt) lower.
        let below = demo.square.center - demo.spring.anchorPoint
        #expect(abs(below.dx) < 2 && abs(below.dy - (110 + 1000 / (4 * .pi * .pi))) < 1, "\(below)")
    }

    /// The seed's anchor moved far at once (a press in a corner, a fling across the stage): both
    /// demos still come to rest within their allowance, everything finite.
    @Test func aFarAnchorComesToRestInTime() {
        for name in ["attachments", "spring"] {
            for corner in [Point(x: 2, y: 32), Point(x: 1278, y: 798)] {
                let (scene, driver) = open(name)
                driver.down(Point(x: 640, y: 415))
                driver.drag(from: Point(x: 640, y: 415), by: corner - Point(x: 640, y: 415), steps: 2)
                driver.up(corner)
                let rest = driver.run(until: 5 + scene.restAllowance) { !scene.needsFrame }
                #expect(rest != nil, "\(name) to \(corner): \(scene.busyDescription)")
                #expect(scene.dump().dynamicItems.allSatisfy { $0.isFinite }, "\(name)")
            }
        }
    }

    /// Collision: no barrier; the square falls straight, flat, and rests on the floor.
    @Test func theCollisionSeedHasNoBarrierAndRestsOnTheFloor() {
        let (scene, driver) = open("collision")
        let demo = scene.demo as! CollisionDemo
        #expect(demo.barrier == nil && demo.decorations.isEmpty)
        let x0 = scene.dump().items[0].frame.midX
        #expect(driver.run(until: 5 + scene.restAllowance) { !scene.needsFrame } != nil, "\(scene.busyDescription)")
        let f = scene.dump().items[0].frame
        #expect(abs(f.midX - x0) < 1e-6 && abs(scene.dump().dynamicItems[0].rotation) < 1e-6)
        #expect(abs(f.maxY - Self.floor) < 1, "bottom edge \(f.maxY)")
        #expect(demo.square.tint != DemoSquare.face, "lighter while it touches the floor")
    }

    /// `Z` (the scene's variant) opens the demo afresh in the other variant with its values; the
    /// title, help and variant description follow.
    @Test func theVariantReopensTheDemoWithItsValues() {
        let (scene, driver) = open("push", ["push.magnitude": 2, "push.resistance": 0])
        let seed = scene.demo as! PushDemo
        #expect(seed.origin != nil)
        let seedText = (scene.instructions, scene.help.gestures[0], scene.variantDescription)
        scene.variant = .refined
        let refined = scene.demo as! PushDemo
        #expect(refined !== seed && refined.origin == nil)
        #expect(refined.tunables.magnitude == 2 && refined.tunables.resistance == 0)
        #expect(scene.parameter("push.magnitude")?.value == 2)
        #expect(scene.instructions != seedText.0 && scene.help.gestures[0] != seedText.1 && scene.variantDescription != seedText.2)
        // Refined: aimed from the square with magnitude 2, 200 pt/s whatever the distance.
        let c = scene.dump().items[0].frame.center
        driver.click(Point(x: c.x + 30, y: c.y))
        #expect(abs(velocity(scene).dx - 200) < 4, "\(velocity(scene))")
        // Setting the same variant again keeps the demo as it is.
        scene.variant = .refined
        #expect(scene.demo === refined)
        scene.variant = .seed
        #expect((scene.demo as! PushDemo).origin != nil && scene.help.gestures[0] == seedText.1)
    }

    /// The A/B compare's B takes the anchor A's gestures moved, with the bodies.
    @Test func theComparesBTakesTheMovedAnchor() {
        let (a, driver) = open("spring")
        driver.click(Point(x: 900, y: 200))
        driver.run(0.3)
        let b = DynamicsScene(demo: "spring")
        b.adoptState(of: a)
        #expect((b.demo as! SpringDemo).spring.anchorPoint == (a.demo as! SpringDemo).spring.anchorPoint)
        #expect(b.dump().dynamicItems[0].frame == a.dump().dynamicItems[0].frame)
    }
}
