import Testing
import Geometry
import Scenes

/// Each scene's tunables are described once (``SceneTunables``): the HUD's parameters, the
/// defaults the layouts start with and the values hotkeys set all come from that one table.
@Suite struct TunablesTests {
    @Test func parametersComeFromTheTable() {
        let drag = DragTunables()
        #expect(drag.parameters.map(\.name) == ["frequency", "damping", "squareSize"])
        #expect(drag.parameters.map(\.defaultValue) == [8, 0.6, 40])
        #expect(SpringyTunables().parameters.map(\.defaultValue) == [6.8, 1, 0.002])
        #expect(ExchangeTunables().parameters.map(\.defaultValue) == [0.2, 0.6, 0.15])
        #expect(CardsTunables().parameters.map(\.name) == ["curve", "duration", "mass", "stiffness", "damping", "velocity", "x1", "y1", "x2", "y2"])
        // The cubic's control points (the source's 0.17, 0.67, 0.76, 1.0) have no hotkey and no HUD row: the plot's handles set them.
        #expect(CardsTunables().parameters.filter(\.showsRow).map(\.name) == ["curve", "duration", "mass", "stiffness", "damping", "velocity"])
        #expect(CardsTunables().parameters.suffix(4).map(\.defaultValue) == [0.17, 0.67, 0.76, 1.0])
    }

    @Test func layoutsStartAtTheTablesDefaults() {
        let layout = DraggableLayout()
        #expect(layout.frequency == DragTunables().frequency && layout.damping == DragTunables().damping)
        #expect(layout.squareSize == DragTunables().squareSize)
        let springy = SpringyFlowLayout()
        #expect(springy.frequency == SpringyTunables().frequency && springy.scrollResistance == SpringyTunables().resistance)
    }

    @Test func settingClampsAndIgnoresUnknownNamesAndNaN() {
        var t = DragTunables()
        #expect(t.set("frequency", to: 1e9) == 100)
        #expect(t.frequency == 100)
        #expect(t.set("nope", to: 1) == nil)
        #expect(t.set("damping", to: .nan) == nil)
        #expect(t.damping == 0.6)
        let scene = DragScene(items: 10, size: Size(width: 640, height: 400))
        scene.setParameter("squareSize", to: 3)
        #expect(scene.parameter("squareSize")?.value == 3 && scene.layout.squareSize == 3)
        scene.setParameter("frequency", to: 12)
        #expect(scene.layout.frequency == 12 && scene.tunables.frequency == 12)
    }
}
