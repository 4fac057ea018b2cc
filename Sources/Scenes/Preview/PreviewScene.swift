import Geometry
import Drawing

/// A static grid of rounded cells: the window's content until the interactive scenes are
/// registered. It has no parameters and ignores input.
public final class PreviewScene: Scene {
    public let name = "preview"
    public let instructions = "A static grid of cells (the interactive scenes are not built in yet)"
    public var parameters: [SceneParameter] { [] }
    private var size = Size(width: 1280, height: 800)

    public init() {}
    public func setParameter(_ name: String, to value: Double) {}
    public func resize(to size: Size) { self.size = size }
    public func handle(_ input: SceneInput) -> Bool { false }
    public func update(time: Double, dt: Double) {}
    public var status: SceneStatus { SceneStatus() }

    private var cells: [(IndexPath, Rect)] {
        var out: [(IndexPath, Rect)] = []
        let side = 40.0, gap = 10.0, top = 70.0
        let columns = max(1, Int((size.width - 2 * gap) / (side + gap)))
        let rows = max(0, Int((size.height - top) / (side + gap)))
        for r in 0..<rows { for c in 0..<columns {
            out.append((IndexPath(item: r * columns + c, section: 0),
                        Rect(x: gap + Double(c) * (side + gap), y: top + Double(r) * (side + gap), width: side, height: side)))
        } }
        return out
    }

    public func draw(into list: inout DisplayList) {
        for (_, r) in cells { list.append(.fill(r, radius: 6, color: .gray)) }
    }

    public func dump() -> SceneDump {
        SceneDump(animatorRunning: false, items: cells.map { SceneDump.Item(indexPath: $0.0, label: String($0.0.item), frame: $0.1) })
    }
}
