import Testing
import Geometry
import Dynamics
@testable import Scenes

/// The dynamics scene around its demos: ← and → step through the catalog, each demo keeps its own
/// tunables (named `demo.tunable`), the HUD shows only the current demo's, drags hold an item on
/// an attachment to the pointer only while the pointer is down, and the dump names the demo.
@Suite struct DynamicsSceneTests {
    @Test func theArrowKeysStepThroughEveryDemoAndWrap() {
        let scene = DynamicsScene()
        let driver = SceneDriver(scene)
        var told: [String] = []
        scene.onDemoChanged = { told.append($0) }
        let names = DynamicsScene.demoNames
        #expect(names == ["gravity", "collision", "spring", "attachments", "snap", "push", "continuous-push", "pendulum",
                          "properties", "custom-item", "joints", "fields", "shapes", "group", "stress"])
        #expect(scene.demoName == "gravity")
        for name in names.dropFirst() + [names[0]] {
            #expect(driver.key("right"))
            #expect(scene.demoName == name)
        }
        #expect(driver.key("left") && scene.demoName == "stress")
        #expect(told == Array(names.dropFirst()) + [names[0], "stress"])
        #expect(!driver.key("up"), "other keys go on to the app")
        #expect(DynamicsScene(demo: "snap").demoName == "snap" && DynamicsScene(demo: "nope").demoName == "gravity")
    }

    @Test func everyDemoKeepsItsOwnTunables() {
        let scene = DynamicsScene()
        let driver = SceneDriver(scene)
        let names = Set(scene.parameters.map(\.name))
        #expect(names.count == scene.parameters.count && names.contains("spring.frequency") && names.contains("custom-item.frequency"))
        // Only the open demo's tunables have keys (HUD rows), under their short labels.
        #expect(scene.rowParameters.map(\.name) == ["gravity.magnitude", "gravity.angle"])
        #expect(scene.rowParameters.map(\.label) == ["magnitude", "angle"])
        #expect(scene.help.keys.map(\.input) == ["M / ⇧M", "A / ⇧A"])
        // Set for a demo that is not open: kept (clamped) and applied when it opens.
        scene.setParameter("spring.frequency", to: 2.5)
        scene.setParameter("spring.damping", to: 99)
        scene.setParameter("spring.nope", to: 1)
        scene.setParameter("nope.frequency", to: 1)
        scene.setParameter("custom-item.frequency", to: .nan)
        #expect(scene.parameter("spring.frequency")?.value == 2.5 && scene.parameter("spring.damping")?.value == 5)
        #expect(scene.parameter("custom-item.frequency")?.value == 2)
        driver.key("right"); driver.key("right")
        let spring = scene.demo as! SpringDemo
        #expect(spring.spring.frequency == 2.5 && spring.spring.damping == 5)
        #expect(scene.plot == .spring(frequency: 2.5, dampingRatio: 5))
        // Left and opened again, a demo starts with the values it had.
        scene.setParameter("spring.length", to: 150)
        driver.key("right"); driver.key("left")
        #expect((scene.demo as! SpringDemo).spring.length == 150)
        // Every demo's hotkeys are its own and leave the app's keys alone.
        let appKeys: Set<String> = ["h", "b", "s", "g", "n", "k", "p", "e", "z", "0", "1", "2", "3", "4", "5", "q", "x", ".", "j", "w", "i", "`"]
        for _ in DynamicsScene.demoNames {
            let keys = scene.rowParameters.map(\.key)
            #expect(Set(keys).count == keys.count && appKeys.isDisjoint(with: keys), "\(scene.demoName): \(keys)")
            driver.key("right")
        }
    }

    @Test func theDumpNamesTheDemoAndItsItems() {
        let scene = DynamicsScene(demo: "properties")
        SceneDriver(scene).run(0.2)
        let d = scene.dump()
        #expect(d[field: "demo"] == .string("properties"))
        #expect(d.items.map(\.label) == ["square 1", "square 2"])
        #expect(d.dynamicItems.count == 2 && d.dynamicItems.allSatisfy { $0.isFinite && $0.velocity.dy > 0 })
        #expect(scene.itemFrames.map(\.frame) == d.items.map(\.frame))
    }

    /// The spring the HUD plots, and E's export, where a demo has one.
    @Test func springsArePlottedAndExportedWhereADemoHasOne() {
        let scene = DynamicsScene()
        let driver = SceneDriver(scene)
        var plotted: [String] = []
        for _ in DynamicsScene.demoNames {
            if case .spring? = scene.plot {
                plotted.append(scene.demoName)
                #expect(scene.motionExport != nil, "\(scene.demoName)")
            } else {
                #expect(scene.plot == nil && scene.motionExport == nil, "\(scene.demoName)")
            }
            driver.key("right")
        }
        #expect(plotted == ["spring", "snap", "custom-item"])
        // The attachments demo's rod becomes a spring with a frequency.
        scene.setParameter("attachments.frequency", to: 3)
        for _ in 0..<3 { driver.key("right") }
        #expect(scene.demoName == "attachments" && scene.plot == .spring(frequency: 3, dampingRatio: 0))
        // Dragging the plot sets the demo's spring; the snap keeps its 3 Hz and takes the damping.
        driver.key("right")
        scene.setPlottedSpring(frequency: 9, dampingRatio: 0.6)
        #expect(abs((scene.parameter("snap.damping")?.value ?? 0) - 0.5) < 1e-9)
        guard case let .spring(f, zeta, note)? = scene.plot else { Issue.record("no snap plot"); return }
        #expect(f == 3 && abs(zeta - 0.6) < 1e-9 && note == "snap")
    }

    /// The catalog's drags: an attachment from the item to the pointer while the pointer is down,
    /// removed on release; a press beside the item drags nothing. (The spring and attachments
    /// demos drag their square so in the refined variant; the seed moves their anchor instead,
    /// ``DynamicsCatalogGestureTests``.)
    @Test func dragsHoldTheItemOnlyWhileThePointerIsDown() {
        for name in ["spring", "attachments", "pendulum"] {
            let scene = DynamicsScene(demo: name)
            scene.variant = .refined
            let driver = SceneDriver(scene)
            let behaviors = scene.status.behaviors
            let start = scene.dump().items[0].frame.center
            driver.down(start)
            driver.drag(from: start, by: Vector(dx: -150, dy: 40), steps: 20)
            #expect(scene.status.behaviors == behaviors + 1, "\(name): the pointer's attachment")
            driver.run(0.5)
            let held = scene.dump().items[0].frame.center
            #expect(held.distance(to: Point(x: start.x - 150, y: start.y + 40)) < 150, "\(name): followed to \(held)")
            driver.up(Point(x: start.x - 150, y: start.y + 40))
            driver.step()
            #expect(scene.status.behaviors == behaviors, "\(name): released")
            #expect(driver.run(until: 60) { !scene.needsFrame } != nil, "\(name) comes to rest: \(scene.busyDescription)")
            // A press beside the item is not a drag.
            let away = Point(x: 20, y: 780)
            driver.down(away)
            driver.drag(from: away, by: Vector(dx: 100, dy: -100), steps: 10)
            #expect(scene.status.behaviors == behaviors, "\(name)")
            driver.up(Point(x: 120, y: 680))
        }
    }

    /// Every demo comes to rest at its defaults, and its items stay finite through clicks.
    @Test func everyDemoComesToRestAfterAClick() {
        for name in DynamicsScene.demoNames {
            let scene = DynamicsScene(demo: name)
            let driver = SceneDriver(scene)
            driver.click(Point(x: 640, y: 415))
            driver.click(Point(x: 100, y: 700))
            let rest = driver.run(until: 5 + scene.restAllowance) { !scene.needsFrame }
            #expect(rest != nil, "\(name) still moves: \(scene.busyDescription)")
            #expect(!scene.status.animatorRunning && scene.dump().dynamicItems.allSatisfy(\.isFinite), "\(name)")
        }
    }

    @Test func theHelpListsEveryDemo() {
        let help = DynamicsScene(demo: "snap").help
        let text = help.gestures.map(\.action).joined(separator: " ")
        for name in DynamicsScene.demoNames { #expect(text.contains(name), "\(name)") }
        #expect(help.gestures.contains { $0.input == "← / →" && $0.action.contains("snap") })
    }
}

/// Every demo on stages from one half of the smallest compare (169 pt wide) to a wide window
/// comes to rest, its items finite, without a press: nothing wedges, piles up or spins for ever.
@Suite struct DynamicsStageSizeTests {
    @Test(arguments: [Size(width: 169, height: 450), Size(width: 305, height: 450), Size(width: 612, height: 450),
                      Size(width: 1620, height: 1050), Size(width: 2500, height: 450), Size(width: 305, height: 1500)])
    func everyDemoRestsOnAnyStage(_ stage: Size) {
        for name in DynamicsScene.demoNames {
            let scene = DynamicsScene(demo: name)
            scene.resize(to: Size(width: stage.width, height: stage.height + 30), contentFrame: Rect(x: 0, y: 30, width: stage.width, height: stage.height))
            let driver = SceneDriver(scene)
            let rest = driver.run(until: 5 + scene.restAllowance) { !scene.needsFrame }
            #expect(rest != nil, "\(name) on \(stage): \(scene.busyDescription)")
            #expect(scene.dump().dynamicItems.allSatisfy { $0.isFinite })
        }
        // The collision demo's square ends on the floor, barrier (refined, on a wide enough stage) or not.
        for variant in SceneVariant.allCases {
            let scene = DynamicsScene(demo: "collision")
            scene.variant = variant
            scene.resize(to: Size(width: stage.width, height: stage.height + 30), contentFrame: Rect(x: 0, y: 30, width: stage.width, height: stage.height))
            SceneDriver(scene).run(10)
            #expect(abs(scene.dump().items[0].frame.maxY - (stage.height + 30)) < 1, "\(stage) \(variant)")
            #expect(((scene.demo as! CollisionDemo).barrier != nil) == (variant == .refined && stage.width >= 296), "\(stage) \(variant)")
        }
    }
}
