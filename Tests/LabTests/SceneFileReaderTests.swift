import Testing
import Foundation
import Geometry
import Drawing
import Scenes
@testable import Lab

/// Issue 40: a scene file using every feature of the format reads into the model it declares,
/// field by field (degrees become radians, defaults fill what the file leaves out, a child
/// declared before its group comes after it, an image's path becomes absolute).
@Suite struct SceneFileReaderTests {
    /// Every key of docs/SCENE-FILES.md at least once.
    static let everyFeature = #"""
    {
      "kinetic": 1,
      "title": "Every feature",
      "description": "Drag the sheet; tap the toggle.",
      "stage": { "size": [390, 844], "background": "#202428", "grid": 8, "guides": { "x": [195], "y": [400, 600] } },
      "tunables": [
        { "name": "frequency", "value": 3, "min": 0.1, "max": 20, "step": 0.1, "unit": "Hz", "key": "f" },
        { "name": "sheet.damping", "value": 0.8, "min": 0, "max": 1 }
      ],
      "layers": [
        { "id": "title", "type": "text", "frame": [16, 16, 200, 24], "text": "Hello", "fontSize": 20, "align": "center", "parent": "card" },
        { "id": "card", "type": "group", "frame": [20, 20, 300, 200], "z": 2 },
        { "id": "sheet", "type": "rectangle", "frame": [0, 500, 390, 800], "color": "#FFFFFFCC",
          "cornerRadius": 16, "opacity": 0.9, "scale": 1.5, "rotation": 90, "z": -1,
          "shadow": { "color": "#102030", "opacity": 0.5, "radius": 12, "offset": [1, 6] } },
        { "id": "dot", "type": "circle", "frame": [10, 10, 40, 40] },
        { "id": "pic", "type": "image", "frame": [0, 0, 100, 100], "src": "pictures/../pictures/pic.png", "cornerRadius": 4 },
        { "id": "knob", "type": "circle", "frame": [5, 5, 30, 30], "shadow": {} }
      ],
      "behaviors": [
        { "type": "gravity", "items": ["dot"], "magnitude": 2, "angle": 180 },
        { "type": "collision", "items": ["dot", "sheet"], "mode": "items", "stageEdges": false,
          "insets": [1, 2, 3, 4], "boundaries": [[[0, 0], [100, 0]], [[0, 10], [0, 90]]] },
        { "type": "attachment", "item": "dot", "offset": [2, 3], "toPoint": [195, 100], "length": 50, "frequency": "$frequency", "damping": 0.5 },
        { "type": "attachment", "item": "dot", "toLayer": "sheet", "toOffset": [0, -10], "kind": "sliding", "axis": [3, 4] },
        { "type": "snap", "item": "knob", "point": [195, 422], "damping": "$sheet.damping" },
        { "type": "push", "items": ["dot"], "magnitude": 0.5, "angle": -90 },
        { "type": "push", "items": ["dot", "knob"], "mode": "continuous" },
        { "type": "field", "kind": "noise", "items": ["dot"], "position": [10, 20], "strength": 3, "falloff": 1,
          "minimumRadius": 5, "region": 200, "smoothness": 0.25, "animationSpeed": 2 },
        { "type": "field", "kind": "linearGravity", "items": ["knob"], "direction": [1, 0] },
        { "type": "itemProperties", "items": ["dot"], "elasticity": 0.5, "friction": 0.2, "density": 2,
          "resistance": 0.1, "angularResistance": 0.3, "allowsRotation": false, "anchored": true }
      ],
      "gestures": [
        { "layer": "sheet", "type": "pan", "axis": "y", "attach": { "frequency": 4, "damping": "$sheet.damping" },
          "limits": [195, 300, 0, 600], "rubberBand": 0.4,
          "release": { "detents": [[195, 300], [195, 600]], "decelerationRate": "fast", "frequency": "$frequency", "damping": 0.7, "snap": 0.5 },
          "animations": [ { "layer": "title", "to": { "opacity": 0 }, "cubic": { "duration": 0.3, "controlPoints": [0.25, 0.1, 0.25, 1] } } ] },
        { "layer": "knob", "type": "tap", "pushes": [5],
          "animations": [ { "layer": "knob", "to": { "frame": [50, 5, 30, 30], "opacity": 1, "scale": 1.1, "cornerRadius": 8,
                                                     "color": "#34C759", "rotation": 45 },
                            "spring": { "duration": 0.4, "dampingRatio": 0.7 }, "toggles": false } ] },
        { "layer": "card", "type": "longPress", "minimumDuration": 0.25 },
        { "layer": "dot", "type": "pan", "release": { "detents": [[0, 0]], "decelerationRate": 0.95 } }
      ]
    }
    """#

    /// A folder holding `pictures/pic.png` (PNG's signature and a few bytes), made once per test.
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-scene-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        try Data(SceneFileReader.pngSignature + [0, 0, 0, 13]).write(to: dir.appendingPathComponent("pictures/pic.png"))
        return dir.path
    }

    static func read(_ text: String, folder: String?) throws -> SceneFileModel {
        try SceneFileReader.read(Data(text.utf8), file: "every.json", folder: folder)
    }

    @Test func aFileUsingEveryFeatureReadsIntoTheModelItDeclares() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = try Self.read(Self.everyFeature, folder: folder)
        let degree = Double.pi / 180

        #expect(model.version == 1 && model.title == "Every feature" && model.description == "Drag the sheet; tap the toggle.")
        var stage = SceneFileStage(size: Size(width: 390, height: 844))
        stage.background = Color(hex: 0x202428)
        stage.grid = 8
        stage.guidesX = [195]
        stage.guidesY = [400, 600]
        #expect(model.stage == stage)

        var frequency = SceneFileTunable(name: "frequency", value: 3, range: 0.1...20, step: 0.1)
        frequency.unit = "Hz"
        frequency.key = "f"
        #expect(model.tunables == [frequency, SceneFileTunable(name: "sheet.damping", value: 0.8, range: 0...1, step: 0.01)])

        // The text layer, declared before its group, comes right after it.
        #expect(model.layers.map(\.id) == ["card", "title", "sheet", "dot", "pic", "knob"])
        var card = SceneFileLayer(id: "card", content: .group, frame: Rect(x: 20, y: 20, width: 300, height: 200))
        card.z = 2
        var title = SceneFileLayer(id: "title", content: .text("Hello", fontSize: 20, alignment: .center), frame: Rect(x: 16, y: 16, width: 200, height: 24))
        title.parent = "card"
        var sheet = SceneFileLayer(id: "sheet", content: .rectangle, frame: Rect(x: 0, y: 500, width: 390, height: 800))
        sheet.color = Color(hex: 0xFFFFFF, alpha: Double(0xCC) / 255)
        sheet.cornerRadius = 16
        sheet.opacity = 0.9
        sheet.scale = 1.5
        sheet.rotation = 90 * degree
        sheet.z = -1
        var shadow = SceneFileShadow()
        shadow.color = Color(hex: 0x102030)
        shadow.opacity = 0.5
        shadow.radius = 12
        shadow.offset = Vector(dx: 1, dy: 6)
        sheet.shadow = shadow
        let dot = SceneFileLayer(id: "dot", content: .circle, frame: Rect(x: 10, y: 10, width: 40, height: 40))
        let resolvedFolder = try #require(SceneFileReader.resolved(folder))
        var pic = SceneFileLayer(id: "pic", content: .image(path: resolvedFolder + "/pictures/pic.png"), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        pic.cornerRadius = 4
        var knob = SceneFileLayer(id: "knob", content: .circle, frame: Rect(x: 5, y: 5, width: 30, height: 30))
        knob.shadow = SceneFileShadow()
        #expect(model.layers == [card, title, sheet, dot, pic, knob])

        var collision = SceneFileCollision(items: ["dot", "sheet"])
        collision.mode = .items
        collision.stageEdges = false
        collision.insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        collision.segments = [(Point(x: 0, y: 0), Point(x: 100, y: 0)), (Point(x: 0, y: 10), Point(x: 0, y: 90))]
        var toPoint = SceneFileAttachment(item: "dot", target: .point(Point(x: 195, y: 100)))
        toPoint.offset = Vector(dx: 2, dy: 3)
        toPoint.length = .value(50)
        toPoint.frequency = .tunable("frequency")
        toPoint.damping = .value(0.5)
        var sliding = SceneFileAttachment(item: "dot", target: .layer("sheet", offset: Vector(dx: 0, dy: -10)))
        sliding.kind = .sliding
        sliding.axis = Vector(dx: 0.6, dy: 0.8)
        var noise = SceneFileField(kind: "noise", items: ["dot"], position: Point(x: 10, y: 20))
        noise.strength = .value(3)
        noise.falloff = .value(1)
        noise.minimumRadius = .value(5)
        noise.region = 200
        noise.smoothness = .value(0.25)
        noise.animationSpeed = .value(2)
        var linear = SceneFileField(kind: "linearGravity", items: ["knob"], position: Point(x: 195, y: 422))
        linear.direction = Vector(dx: 1, dy: 0)
        var properties = SceneFileItemProperties(items: ["dot"])
        properties.elasticity = .value(0.5)
        properties.friction = .value(0.2)
        properties.density = .value(2)
        properties.resistance = .value(0.1)
        properties.angularResistance = .value(0.3)
        properties.allowsRotation = false
        properties.anchored = true
        let behaviors: [SceneFileBehavior] = [
            .gravity(items: ["dot"], magnitude: .value(2), angle: .value(180 * degree)),
            .collision(collision), .attachment(toPoint), .attachment(sliding),
            .snap(item: "knob", point: Point(x: 195, y: 422), damping: .tunable("sheet.damping")),
            .push(items: ["dot"], continuous: false, magnitude: .value(0.5), angle: .value(-90 * degree)),
            .push(items: ["dot", "knob"], continuous: true, magnitude: .value(1), angle: .value(0)),
            .field(noise), .field(linear), .itemProperties(properties),
        ]
        #expect(model.behaviors.count == behaviors.count)
        for (read, expected) in zip(model.behaviors, behaviors) { #expect(read == expected) }

        var pan = SceneFileGesture(layer: "sheet", kind: .pan)
        pan.axis = .y
        pan.attachFrequency = .value(4)
        pan.attachDamping = .tunable("sheet.damping")
        pan.limits = Rect(x: 195, y: 300, width: 0, height: 600)
        pan.rubberBandCoefficient = .value(0.4)
        var release = SceneFileRelease(detents: [Point(x: 195, y: 300), Point(x: 195, y: 600)])
        release.decelerationRate = .value(0.99)
        release.frequency = .tunable("frequency")
        release.damping = .value(0.7)
        release.snap = .value(0.5)
        pan.release = release
        var fade = SceneFileProperties()
        fade.opacity = 0
        pan.animations = [SceneFileAnimation(layer: "title", to: fade,
                                             timing: .cubic(duration: .value(0.3), Point(x: 0.25, y: 0.1), Point(x: 0.25, y: 1)))]
        var tap = SceneFileGesture(layer: "knob", kind: .tap)
        tap.pushes = [5]
        var to = SceneFileProperties()
        to.frame = Rect(x: 50, y: 5, width: 30, height: 30)
        to.opacity = 1
        to.scale = 1.1
        to.cornerRadius = 8
        to.color = Color(hex: 0x34C759)
        to.rotation = 45 * degree
        var spring = SceneFileAnimation(layer: "knob", to: to, timing: .spring(duration: .value(0.4), dampingRatio: .value(0.7)))
        spring.toggles = false
        tap.animations = [spring]
        var press = SceneFileGesture(layer: "card", kind: .longPress)
        press.minimumDuration = 0.25
        var throwDot = SceneFileGesture(layer: "dot", kind: .pan)
        var dotRelease = SceneFileRelease(detents: [Point(x: 0, y: 0)])
        dotRelease.decelerationRate = .value(0.95)
        throwDot.release = dotRelease
        #expect(model.gestures == [pan, tap, press, throwDot])
    }

    /// What a file leaves out takes the model's defaults; the title defaults to the file's name.
    @Test func theSmallestFileTakesEveryDefault() throws {
        let model = try SceneFileReader.read(Data(#"{"kinetic": 1, "stage": {"size": [300, 200]}}"#.utf8), file: "some/where/My scene.json", folder: nil)
        #expect(model == SceneFileModel(title: "My scene", stage: SceneFileStage(size: Size(width: 300, height: 200))))
        let layer = try SceneFileReader.read(Data(#"""
            {"kinetic": 1, "stage": {"size": [300, 200]}, "layers": [{"id": "t", "type": "text", "frame": [0, 0, 10, 10], "text": ""}],
             "behaviors": [{"type": "field", "kind": "vortex", "items": ["t"]}, {"type": "gravity", "items": ["t"]}]}
            """#.utf8), file: "x.json", folder: nil)
        #expect(layer.layers == [SceneFileLayer(id: "t", content: .text("", fontSize: 17, alignment: .left), frame: Rect(x: 0, y: 0, width: 10, height: 10))])
        #expect(layer.behaviors == [.field(SceneFileField(kind: "vortex", items: ["t"], position: Point(x: 150, y: 100))),
                                    .gravity(items: ["t"], magnitude: .value(1), angle: .value(Double.pi / 2))])
    }

    /// Groups nest (a group inside a group inside a group, declared children first): each
    /// parent comes before its children, siblings keep their order.
    @Test func nestedGroupsComeParentsFirst() throws {
        let layers = [("c1", "b"), ("b", "a"), ("x", nil), ("a", nil), ("c2", "b"), ("y", "a")].map { id, parent in
            #"{"id": "\#(id)", "type": "group", "frame": [0, 0, 1, 1]\#(parent.map { #", "parent": "\#($0)""# } ?? "")}"#
        }
        let text = #"{"kinetic": 1, "stage": {"size": [10, 10]}, "layers": [\#(layers.joined(separator: ", "))]}"#
        let model = try SceneFileReader.read(Data(text.utf8), file: "g.json", folder: nil)
        #expect(model.layers.map(\.id) == ["x", "a", "b", "c1", "c2", "y"])
        #expect(model.layer("c2")?.parent == "b" && model.layer("a")?.parent == nil)
    }

    /// A tunable's angle stays in degrees in the model and resolves to radians; a literal is radians.
    @Test func anglesResolveToRadians() throws {
        let text = #"""
            {"kinetic": 1, "stage": {"size": [10, 10]}, "tunables": [{"name": "a", "value": 90, "min": 0, "max": 360}],
             "layers": [{"id": "d", "type": "circle", "frame": [0, 0, 1, 1]}],
             "behaviors": [{"type": "gravity", "items": ["d"], "angle": "$a"}, {"type": "push", "items": ["d"], "angle": 180}]}
            """#
        let model = try SceneFileReader.read(Data(text.utf8), file: "a.json", folder: nil)
        guard case .gravity(_, _, let angle) = model.behaviors[0], case .push(_, _, _, let push) = model.behaviors[1] else {
            Issue.record("not a gravity and a push: \(model.behaviors)")
            return
        }
        #expect(angle == .tunable("a") && abs(angle.resolveAngle(["a": 90]) - .pi / 2) < 1e-15)
        #expect(abs(push.resolveAngle([:]) - .pi) < 1e-15)
    }

    /// A 10,000-layer file (the limit) reads; its ids all resolve.
    @Test func tenThousandLayersRead() throws {
        let text = SceneFileBadFilesTests.layersFile(count: 10_000)
        let model = try SceneFileReader.read(Data(text.utf8), file: "many.json", folder: nil)
        #expect(model.layers.count == 10_000 && model.layers.last?.id == "l9999")
    }

    /// `read(path:)` reads a file from disk with its folder for images.
    @Test func readingByPathFindsImagesNextToTheFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/every.json"
        try Data(Self.everyFeature.utf8).write(to: URL(fileURLWithPath: path))
        let model = try SceneFileReader.read(path: path)
        #expect(model.layer("pic")?.content == .image(path: try #require(SceneFileReader.resolved(folder)) + "/pictures/pic.png"))
        #expect(model.title == "Every feature")
    }
}
