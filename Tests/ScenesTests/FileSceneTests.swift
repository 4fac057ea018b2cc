import Testing
import Geometry
import Drawing
import Dynamics
@testable import Scenes

/// Issue 40: the file scene's stage, layers, tunables and reload.
@Suite struct FileSceneTests {
    @Test func theStageIsCentredAndScaledDownToFitNeverUp() {
        let tall = FileScene(model: FileModels.stage())       // 390 × 844 in 1280 × 800 (content 1280 × 770)
        let s = 770.0 / 844
        #expect(abs(tall.stage.transform.scaleX - s) < 1e-12)
        let topLeft = tall.window(Point(x: 0, y: 0)), bottomRight = tall.window(Point(x: 390, y: 844))
        #expect(abs(topLeft.y - 30) < 1e-9 && abs(bottomRight.y - 800) < 1e-9)
        #expect(abs((topLeft.x + bottomRight.x) / 2 - 640) < 1e-9)
        let small = FileScene(model: FileModels.stage(size: Size(width: 200, height: 100)))
        #expect(small.stage.transform.scaleX == 1)
        #expect(small.window(Point(x: 100, y: 50)) == Point(x: 640, y: 415))
    }

    @Test func theCatalogMakesAnEmptyStageWithoutAFile() {
        let scene = SceneCatalog.make(.file, items: nil)
        #expect(scene.kind == .file && scene.name == "file")
        #expect((scene as? FileScene)?.model.stage.size == Size(width: 390, height: 844))
        let environment = SceneEnvironment()
        environment.sceneFile = FileModels.sheet()
        #expect((SceneCatalog.make(.file, items: nil, environment: environment) as? FileScene)?.model == FileModels.sheet())
        #expect(SceneKind.builtIn.count == 5 && !SceneKind.choicesText.contains("file"))
    }

    @Test func layersDrawInZOrderThenDeclarationOrder() {
        let red = Color(hex: 0xFF0000), green = Color(hex: 0x00FF00), blue = Color(hex: 0x0000FF)
        let scene = FileScene(model: FileModels.stage([
            FileModels.layer("a", .rectangle, Rect(x: 0, y: 0, width: 50, height: 50), z: 1, color: red),
            FileModels.layer("b", .rectangle, Rect(x: 10, y: 10, width: 50, height: 50), color: green),
            FileModels.layer("c", .circle, Rect(x: 20, y: 20, width: 50, height: 50), color: blue),
        ]))
        var list = DisplayList()
        scene.draw(into: &list)
        let fills = list.items.compactMap { item -> Color? in
            if case let .fill(_, _, color, _, _) = item.command, [red, green, blue].contains(color) { return color }
            return nil
        }
        #expect(fills == [green, blue, red])
        // The pointer hits the front-most layer that takes it: none takes it without a gesture.
        #expect(scene.stage.hitTest(Point(x: 25, y: 25)) === scene.stage)
    }

    @Test func aGroupsChildrenMoveWithIt() {
        var model = FileModels.stage([
            FileModels.layer("card", .group, Rect(x: 20, y: 20, width: 300, height: 200)),
            FileModels.layer("label", .text("Hi", fontSize: 17, alignment: .left), Rect(x: 10, y: 10, width: 50, height: 20), parent: "card"),
        ])
        model.behaviors = [.snap(item: "card", point: Point(x: 195, y: 500), damping: .value(0.5))]
        let scene = FileScene(model: model)
        let before = scene.windowFrame(of: scene.layer("label")), groupBefore = scene.windowFrame(of: scene.layer("card"))
        // The child's frame is in the group's coordinates: 10 pt in from the group's corner.
        let s = scene.stage.transform.scaleX
        #expect(abs(before.minX - groupBefore.minX - 10 * s) < 1e-9)
        let driver = SceneDriver(scene)
        driver.run(4)
        let after = scene.windowFrame(of: scene.layer("label")), groupAfter = scene.windowFrame(of: scene.layer("card"))
        #expect(abs(scene.layer("card").center.y - 500) < 1)
        #expect(abs((after.minX - before.minX) - (groupAfter.minX - groupBefore.minX)) < 1e-6)
        #expect(abs((after.minY - before.minY) - (groupAfter.minY - groupBefore.minY)) < 1e-6)
        #expect(groupAfter.minY - groupBefore.minY > 100)
    }

    @Test func tunablesBecomeParametersWithFreeKeysAndApplyAtOnce() {
        var model = FileModels.stage([FileModels.layer("dot", .circle, Rect(x: 170, y: 100, width: 50, height: 50))])
        var g = SceneFileTunable(name: "gravity", value: 1, range: 0...3, step: 0.1)
        g.key = "f"
        model.tunables = [g, SceneFileTunable(name: "x", value: 2, range: 0...4, step: 0.5),
                          SceneFileTunable(name: "y", value: 3, range: 0...4, step: 0.5)]
        model.behaviors = [.gravity(items: ["dot"], magnitude: .tunable("gravity"), angle: .value(.pi / 2))]
        let scene = FileScene(model: model)
        #expect(scene.parameters.map(\.name) == ["gravity", "x", "y"])
        #expect(scene.parameters.map(\.key) == ["f", "a", "c"])     // b is the lab's (compare)
        #expect(scene.parameters[1].step == .add(0.5) && scene.parameters[1].defaultValue == 2)
        let gravity = scene.animator.behaviors.compactMap { $0 as? GravityBehavior }.first!
        #expect(abs(gravity.magnitude - 1) < 1e-12)
        scene.setParameter("gravity", to: 2.5)
        #expect(abs(gravity.magnitude - 2.5) < 1e-12)
        scene.setParameter("gravity", to: 9)
        #expect(scene.parameter("gravity")?.value == 3)

        // A reload keeps the values of the tunables whose names survive.
        var next = model
        next.tunables = [g, SceneFileTunable(name: "z", value: 1, range: 0...2, step: 0.1)]
        scene.reload(next)
        #expect(scene.parameter("gravity")?.value == 3 && scene.parameter("z")?.value == 1 && scene.parameter("x") == nil)
        let reloaded = scene.animator.behaviors.compactMap { $0 as? GravityBehavior }.first!
        #expect(abs(reloaded.magnitude - 3) < 1e-12)
    }

    @Test func aStillSceneNeedsNoFrames() {
        let scene = FileScene(model: FileModels.sheet())
        let driver = SceneDriver(scene)
        driver.run(0.5)
        #expect(!scene.needsFrame)
        #expect(scene.dump().items.map(\.label) == ["sheet"])
        #expect(scene.help.gestures.first?.action.contains("release picks a detent by velocity") == true)
        #expect(scene.plot == .spring(frequency: 3, dampingRatio: 0.8, note: "release of sheet"))
    }

    @Test func fiveHundredLayersOnSpringsStep() {
        var model = FileModels.stage(size: Size(width: 1000, height: 1000))
        for i in 0..<500 {
            let x = Double(i % 25) * 40 + 5, y = Double(i / 25) * 40 + 5
            model.layers.append(FileModels.layer("l\(i)", .circle, Rect(x: x, y: y, width: 30, height: 30)))
            var a = SceneFileAttachment(item: "l\(i)", target: .point(Point(x: x + 15, y: y + 35)))
            a.length = .value(0)
            a.frequency = .value(2)
            a.damping = .value(0.3)
            model.behaviors.append(.attachment(a))
        }
        let scene = FileScene(model: model)
        let driver = SceneDriver(scene)
        driver.run(1)
        let dump = scene.dump()
        #expect(dump.items.count == 500 && dump.dynamicItems.count == 500)
        #expect(dump.dynamicItems.allSatisfy { $0.isFinite })
        #expect(scene.status.behaviors >= 500)
    }

    @Test func theProbeSeesItsWindowAndItsSettlingTime() {
        let scene = FileScene(model: FileModels.sheet())
        #expect(scene.probedWindow != nil && scene.probedCollectionView == nil)
        #expect(scene.extraRestTime > 2 && scene.extraRestTime < 600)
        #expect(scene.restProblem(resting: true, largestContent: Size(width: 1000, height: 700)) == nil)
        #expect(scene.busyReasons.first?.contains("1 layers") == true)
    }

    @Test func theCompareHalfAdoptsPlacesAndMotion() {
        var model = FileModels.stage([FileModels.layer("dot", .circle, Rect(x: 10, y: 10, width: 40, height: 40))])
        model.behaviors = [.gravity(items: ["dot"], magnitude: .value(1), angle: .value(.pi / 2))]
        let a = FileScene(model: model), b = FileScene(model: model)
        let driver = SceneDriver(a)
        driver.run(0.3)
        _ = SceneDriver(b)
        b.adoptState(of: a)
        #expect(b.layer("dot").center == a.layer("dot").center)
        #expect(b.animator.linearVelocity(for: b.layer("dot")) == a.animator.linearVelocity(for: a.layer("dot")))
    }

    @Test func aLongPressFiresAfterItsDurationAndAReloadDropsTheOldGestures() {
        var model = FileModels.stage([FileModels.layer("card", .rectangle, Rect(x: 100, y: 100, width: 100, height: 100))])
        var g = SceneFileGesture(layer: "card", kind: .longPress)
        g.minimumDuration = 0.3
        var to = SceneFileProperties()
        to.opacity = 0.5
        g.animations = [SceneFileAnimation(layer: "card", to: to, timing: .cubic(duration: .value(0.2), Point(x: 0.25, y: 0.1), Point(x: 0.25, y: 1)))]
        model.gestures = [g]
        let scene = FileScene(model: model)
        let driver = SceneDriver(scene)
        driver.down(scene.window(Point(x: 150, y: 150)))
        driver.run(0.2)
        #expect(scene.layer("card").alpha == 1)
        driver.run(0.2)
        #expect(scene.layer("card").alpha == 0.5)
        driver.up(scene.window(Point(x: 150, y: 150)))
        driver.run(0.5)
        let old = scene.layer("card")
        scene.reload(model)
        #expect(old.gestureRecognizers.isEmpty && old.superview == nil)
        #expect(scene.layer("card").gestureRecognizers.count == 1 && scene.layer("card").alpha == 1)
    }

    @Test func theGridAndGuidesAreThinLinesAcrossTheStage() {
        var model = FileModels.stage(size: Size(width: 390, height: 844))
        model.stage.grid = 100
        model.stage.guidesX = [195]
        model.stage.guidesY = [400]
        let scene = FileScene(model: model)
        var list = DisplayList()
        scene.draw(into: &list)
        func lines(_ list: DisplayList) -> [DrawCommand] {
            list.items.map(\.command).filter { if case let .stroke(points, false, 1, _) = $0 { return points.count == 2 } else { return false } }
        }
        // x = 100, 200, 300; y = 100 … 800; then the two guides.
        #expect(lines(list).count == 3 + 8 + 2)
        let s = 770.0 / 844
        guard case let .stroke(points, _, _, color) = lines(list).last! else { return }
        #expect(color == FileStageView.guideColor && abs(points[1].x - points[0].x - 390 * s) < 1e-9)
        // Drawn again, the same lines; a grid finer than 4 pt on screen is not drawn.
        var again = DisplayList()
        scene.draw(into: &again)
        #expect(lines(again).count == 13)
        model.stage.grid = 4
        scene.reload(model)
        var fine = DisplayList()
        scene.draw(into: &fine)
        #expect(lines(fine).count == 2)
    }

    @Test func aTunableAngleIsInDegrees() {
        var model = FileModels.stage([FileModels.layer("dot", .circle, Rect(x: 170, y: 100, width: 50, height: 50))])
        model.tunables = [SceneFileTunable(name: "angle", value: 0, range: -180...180, step: 1)]
        model.behaviors = [.gravity(items: ["dot"], magnitude: .value(1), angle: .tunable("angle"))]
        let scene = FileScene(model: model)
        let gravity = scene.animator.behaviors.compactMap { $0 as? GravityBehavior }.first!
        #expect(abs(gravity.angle) < 1e-12)
        scene.setParameter("angle", to: 90)
        #expect(abs(gravity.angle - .pi / 2) < 1e-12 && abs(gravity.magnitude - 1) < 1e-12)
    }
}
