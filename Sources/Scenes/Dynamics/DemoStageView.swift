import Geometry
import Drawing
import Views

/// The dynamics scene's content view: the reference view of every demo (the animator's
/// coordinates are its own, origin at its top left), the parent of the demo's item views, and
/// the catalog's decoration view: it draws the demo's ``DemoDecoration``s, boundaries under the
/// items and lines and markers over them, cut at its edges like the items.
final class DemoStageView: View {
    /// The decorations to draw now (the scene reads them from its demo).
    var decorations: () -> [DemoDecoration] = { [] }

    /// The catalog's plain light background.
    static let background = Color(white: 0.96)

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Self.background
        clipsToBounds = true
    }

    /// The background, then the decorations (items are drawn after, as subviews; lines and
    /// markers go one layer up so they show over the items).
    override func draw(into list: inout DisplayList, context: DrawingContext) {
        super.draw(into: &list, context: context)
        let shapes = decorations()
        guard !shapes.isEmpty else { return }
        list.pushClip(presentationBounds.applying(context.transform))
        for shape in shapes {
            list.append(contentsOf: shape.commands(context.transform), z: context.z + (shape.isOverItems ? 1 : 0))
        }
        list.popClip()
    }
}
