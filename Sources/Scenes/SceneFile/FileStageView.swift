import Geometry
import Drawing
import Views

/// A file scene's stage: the designer's canvas (``SceneFileStage``), its own coordinates the
/// file's stage points (origin top left), centred in the content frame and scaled down uniformly
/// to fit it (never up). The parent of the top-level layers and the reference view of the
/// scene's dynamic animator. Draws the background, the grid and the guides; clips its layers.
final class FileStageView: View {
    /// What the stage looks like.
    var look: SceneFileStage { didSet { if look != oldValue { applyLook() } } }
    /// The grid's and guides' lines as last drawn, and the transform and opacity they were drawn
    /// with: redrawn only when those change, so a frame allocates nothing for them.
    private var lines: (transform: AffineTransform, alpha: Double, commands: [DrawCommand])?

    /// The grid's lines: the background lightened by this much.
    static let gridMix = 0.08
    /// The guides' colour (a designer's cyan, half transparent).
    static let guideColor = Color(red: 0.2, green: 0.8, blue: 1, alpha: 0.55)
    /// Grid lines closer than this on screen (points) are not drawn: they would only grey the stage.
    static let densestGrid = 4.0

    /// A stage looking as `stage` declares, not yet placed (``fit(in:)``).
    init(stage: SceneFileStage) {
        look = stage
        super.init(frame: Rect(origin: .zero, size: stage.size))
        clipsToBounds = true
        applyLook()
    }

    private func applyLook() {
        lines = nil
        backgroundColor = look.background
        bounds = Rect(origin: .zero, size: look.size)
        setNeedsDisplay()
    }

    /// The scale (≤ 1) at which a stage of `stage` points fits in `content` points.
    static func fittingScale(stage: Size, in content: Size) -> Double {
        guard stage.width > 0, stage.height > 0 else { return 1 }
        return max(0, min(1, content.width / stage.width, content.height / stage.height))
    }

    /// Centres the stage in `content` (window points), scaled down to fit.
    func fit(in content: Rect) {
        let s = Self.fittingScale(stage: look.size, in: content.size)
        center = content.center
        transform = AffineTransform(scaleX: s, y: s)
    }

    /// The background, then the grid and the guides, one window point wide.
    override func draw(into list: inout DisplayList, context: DrawingContext) {
        super.draw(into: &list, context: context)
        if lines == nil || lines!.transform != context.transform || lines!.alpha != context.alpha {
            lines = (context.transform, context.alpha, lineCommands(context.transform, alpha: context.alpha))
        }
        for c in lines!.commands { list.append(c, z: context.z) }
    }

    /// The grid's lines (none when closer than ``densestGrid`` on screen), then the guides, in
    /// window points through `t`, at opacity `alpha`.
    func lineCommands(_ t: AffineTransform, alpha: Double) -> [DrawCommand] {
        var out: [DrawCommand] = []
        let size = look.size
        func vertical(_ x: Double, _ color: Color) {
            out.append(.line(from: t.apply(to: Point(x: x, y: 0)), to: t.apply(to: Point(x: x, y: size.height)), width: 1, color: color))
        }
        func horizontal(_ y: Double, _ color: Color) {
            out.append(.line(from: t.apply(to: Point(x: 0, y: y)), to: t.apply(to: Point(x: size.width, y: y)), width: 1, color: color))
        }
        if look.grid > 0, look.grid * t.scaleX >= Self.densestGrid {
            let color = look.background.mixed(with: .white, Self.gridMix).fading(alpha)
            var x = look.grid
            while x < size.width { vertical(x, color); x += look.grid }
            var y = look.grid
            while y < size.height { horizontal(y, color); y += look.grid }
        }
        let guide = Self.guideColor.fading(alpha)
        for x in look.guidesX { vertical(x, guide) }
        for y in look.guidesY { horizontal(y, guide) }
        return out
    }
}
