import Geometry
import Drawing

/// The code panel (`` ` ``): E's export of the tuned half's spring or curve, the format last used
/// first, as numbered lines with each platform's header in the accent colour, scrolled by the
/// wheel (a scroll bar shows where), a click copying a line. Lines too long for the panel are cut
/// with "…" rather than wrapped: one line a row keeps a click's target one line of code (the
/// whole line is what is copied), and the CSS `linear()` easings, hundreds of characters long,
/// would otherwise fill the panel. Where it sits is ``CodePanelLayout``.
///
/// It keeps the lines as cut for the panel's width, so a frame that shows the same lines at the
/// same width measures no text: it appends the visible lines' text, nothing else.
public struct CodePanel {
    /// The lines last cut, the body width they were cut for, and the cut texts.
    private var cache: (lines: [CodePanelLine], width: Double, texts: [String])?

    /// A panel with nothing cut yet.
    public init() {}

    /// The panel's colour.
    public static let background = Color(white: 0.045, alpha: 0.97)
    /// A pressed line's highlight.
    public static let pressedColor = Color.teal.withAlpha(0.25)

    /// The colour of a line of `kind`.
    public static func color(of kind: CodePanelLine.Kind) -> Color {
        switch kind {
        case .header: Overlay.accent
        case .comment: Overlay.dim
        case .code, .blank: Overlay.text
        }
    }

    /// `lines` cut with "…" to `width` points at the panel's font size, reusing the last cut when
    /// neither changed.
    mutating func texts(_ lines: [CodePanelLine], width: Double, measurer: TextMeasuring) -> [String] {
        if let cache, cache.width == width, cache.lines == lines { return cache.texts }
        let texts = lines.map { TextLayout.fit($0.text, size: CodePanelLayout.fontSize, width: width, measurer: measurer) }
        cache = (lines, width, texts)
        return texts
    }

    /// Appends `model`'s panel to `list` at depth `z` when it shows: the panel, a title bar
    /// ("Code · SwiftUI first" and how to use it), the line numbers, the visible lines (a pressed
    /// one highlighted) clipped to the body, and the scroll bar.
    public mutating func draw(_ model: some LabInterfaceModel, measurer: TextMeasuring, into list: inout DisplayList, z: Int) {
        guard model.codePanelShown else { return }
        let lines = model.codePanelLines
        let layout = model.codePanelLayout
        let r = layout.frame
        guard r.width > 40, r.height > CodePanelLayout.titleHeight else { return }
        let scroll = layout.clamped(model.codePanelScroll)
        list.append(.fill(r, radius: 8, color: Self.background), z: z)
        let m = CodePanelLayout.margin
        let titleRow = Rect(x: r.minX + m, y: r.minY + 3, width: r.width - 2 * m, height: CodePanelLayout.titleHeight - 6)
        let title = "Code · " + (model.codePanelHalfName.map { "\($0) · " } ?? "")
            + (model.codePanelFirstFormat.map { "\($0) first" } ?? "every platform")
        let titleWidth = measurer.width(of: title, size: 13)
        list.append(.text(title, frame: titleRow, size: 13, color: Overlay.accent, alignment: .left, transform: .identity), z: z)
        let hint = TextLayout.fit("click a line to copy it · wheel or PgUp/PgDn scrolls · ` hides", size: 11,
                                  width: max(0, titleRow.width - titleWidth - 16), measurer: measurer)
        if titleRow.width - titleWidth > 60 {
            list.append(.text(hint, frame: titleRow, size: 11, color: Overlay.dim, alignment: .right, transform: .identity), z: z)
        }
        list.append(.line(from: Point(x: r.minX, y: layout.body.minY - 1), to: Point(x: r.maxX, y: layout.body.minY - 1), width: 1,
                          color: Color(white: 1, alpha: 0.08)), z: z)
        let texts = texts(lines, width: layout.body.width, measurer: measurer)
        let lh = CodePanelLayout.lineHeight
        list.pushClip(Rect(x: r.minX, y: layout.body.minY, width: r.width, height: layout.body.height))
        for i in layout.visibleLines(scroll: scroll) {
            let top = layout.lineTop(i, scroll: scroll)
            if i == model.codePanelPressedLine {
                list.append(.fill(Rect(x: r.minX + 2, y: top, width: layout.body.maxX - r.minX, height: lh), radius: 3,
                                  color: Self.pressedColor), z: z)
            }
            list.append(.text("\(i + 1)", frame: Rect(x: r.minX, y: top, width: CodePanelLayout.gutterWidth - 8, height: lh), size: 10,
                              color: Color(white: 0.4), alignment: .right, transform: .identity), z: z)
            guard lines[i].kind != .blank else { continue }
            list.append(.text(texts[i], frame: Rect(x: layout.body.minX, y: top, width: layout.body.width, height: lh),
                              size: CodePanelLayout.fontSize, color: Self.color(of: lines[i].kind), alignment: .left,
                              transform: .identity), z: z)
        }
        list.popClip()
        if let bar = layout.scrollBar(scroll: scroll) {
            list.append(.fill(bar.track, radius: bar.track.width / 2, color: Color(white: 1, alpha: 0.06)), z: z)
            list.append(.fill(bar.thumb, radius: bar.thumb.width / 2, color: Color(white: 1, alpha: 0.35)), z: z)
        }
    }
}
