import Geometry
import Drawing
import Scenes

/// The help card: the whole card (H or ?) centred over the scenes, and the launch card shown for
/// a few seconds at a scene's first visit, narrower and docked at the content's left edge so the
/// stage's middle (where the gravity demo's square falls) stays in view. Both say under their
/// title what the variant shown is (``LabHelp/variantLine(_:)``), and both end above the notice
/// band at the bottom (``Overlay/noticeBand``), so a notice never covers their last rows.
extension Overlay {
    /// The help card's text sizes, largest first, points: the first whose card fits is used (9 pt
    /// only in the smallest windows, 640 × 480).
    static let helpFontSizes = [13.0, 12, 11, 10, 9]
    /// Height kept free at the bottom of the scenes' area for a notice, points (the notice sits
    /// 20 pt above the bottom, 32 pt tall, with 4 pt to spare).
    public static let noticeBand = 56.0
    /// The launch card's widest frame, points; narrower in a small window, so it ends left of the
    /// stage's middle by more than half of a 100-pt square.
    static let briefWidth = 340.0

    /// The area the help card is laid out in: the scenes' `content` (beside the HUD) less the
    /// notice band above `noticeBottom` (the notice's bottom edge: the window's, or the top of the
    /// timeline strip while it shows).
    /// In an area under 500 pt tall (the smallest window, 640 × 480) the card keeps the band's
    /// height instead, and a notice may cover its last row.
    public static func helpArea(content: Rect, noticeBottom: Double) -> Rect {
        let bottom = content.height < 500 ? content.maxY : min(content.maxY, noticeBottom - noticeBand)
        return Rect(x: content.minX, y: content.minY, width: content.width, height: max(0, bottom - content.minY))
    }

    /// The narrowest scenes' area the whole card keeps to, points: two columns fit in it. Beside an
    /// expanded HUD in a narrower window (800 pt wide) the card covers the HUD too while it shows.
    public static let helpMinimumWidth = 600.0

    /// Draws the help card (the launch card when `brief`) for `scene` in `area`, laid out again
    /// only when the help, the recording it names, the area or the kind of card changed.
    mutating func drawHelp(scene: any Scene, lastRecording: String?, area: Rect, brief: Bool, measurer: TextMeasuring,
                           into list: inout DisplayList) {
        // Keyed by the help itself, not the scene's name: the dynamics scene's help changes with
        // its demo; and by the variant its line names and the recording its Ctrl+R line names.
        let key = HelpCacheKey(help: scene.help, variant: scene.variant, recording: lastRecording, area: area, brief: brief)
        if helpCache?.key != key {
            helpCache = (key, Overlay.helpCard(for: scene, in: area, measurer: measurer, lastRecording: lastRecording, brief: brief).list)
        }
        for item in helpCache?.list.items ?? [] { list.append(item.command, z: Overlay.z + 1) }
    }

    /// The help card for `scene` in `area` (window points: the scenes' area beside the HUD, less
    /// the notice band, ``helpArea(content:noticeBottom:)``): its frame and its drawing. The whole
    /// card is centred: the scene's sections in the left column and the app's keys in the right
    /// one (one column when the area is too narrow for two); the launch card (`brief`) lists only
    /// the scene's sections and sits at the area's bottom-left. Under the title, a line says what
    /// the scene's variant is. Descriptions wrap to their column and are never cut; the text
    /// shrinks (13 → 9 pt) until the card fits the area's height. Opaque, so nothing behind it
    /// shows through its text; the key column is as wide as its longest key (within reason), so no
    /// key is cut. With `lastRecording` (nil by default: the command that renders the last Ctrl+R
    /// recording) a line under Ctrl+R names it.
    public static func helpCard(for scene: any Scene, in area: Rect, measurer: TextMeasuring,
                                lastRecording: String? = nil, brief: Bool = false) -> (frame: Rect, list: DisplayList) {
        let sections = brief ? LabHelp.briefSections(for: scene) : LabHelp.sections(for: scene, lastRecording: lastRecording)
        let size = area.size
        let twoColumns = !brief && size.width >= 600
        // The launch card ends 50 pt left of the middle when that leaves it 280 pt (else, beside
        // an expanded HUD in a small window, it takes the width it needs at the bottom-left).
        let clear = size.width / 2 - 64
        let columnWidth = brief ? min(briefWidth, clear >= 280 ? clear : size.width - 24) - 48
                                : min(400, twoColumns ? (size.width - 72) / 2 : size.width - 48)
        let w = twoColumns ? 2 * columnWidth + 72 : columnWidth + 48
        let variantLine = LabHelp.variantLine(scene.variant)
        let left: ArraySlice = brief ? sections[...] : sections.prefix(2)
        let right: ArraySlice = brief ? sections[sections.endIndex...] : sections.suffix(1)
        let widestKey = sections.flatMap(\.lines).map { measurer.width(of: $0.input, size: 13) }.max() ?? 110
        let fullKeyWidth = min(max(brief ? 90 : 118, widestKey + 10), columnWidth * 0.5)
        var layout = HelpColumns(columnWidth: columnWidth, keyWidth: fullKeyWidth, font: 13, measurer: measurer)
        var height = 0.0, variantLines: [String] = []
        // The largest font whose card fits the area.
        for font in helpFontSizes {
            layout.font = font
            // Each key measured at this size: the real font's widths do not scale exactly with it.
            layout.keyWidth = min(columnWidth * 0.5, max((fullKeyWidth * font / 13).rounded(),
                                                         (sections.flatMap(\.lines).map { measurer.width(of: $0.input, size: font) }.max() ?? 0) + 10))
            variantLines = TextLayout.lines(variantLine, size: font, width: w - 48, measurer: measurer)
            var none: DisplayList? = nil
            let l = layout.column(left, at: .zero, into: &none)
            let r = layout.column(right, at: .zero, into: &none)
            height = (twoColumns ? max(l, r) : l + (right.isEmpty ? 0 : 8 + r)) + 60
                + Double(variantLines.count) * TextLayout.lineHeight(size: font) + 6
            if height <= size.height - 16 { break }
        }
        let x = brief ? area.minX + 12 : area.minX + (size.width - w) / 2
        let y = brief ? area.maxY - 8 - height : area.minY + (size.height - height) / 2
        let r = Rect(x: x, y: max(area.minY + 8, y), width: w, height: height)
        var list = DisplayList()
        list.append(.fill(r, radius: 12, color: Color(white: 0.06)), z: 0)
        list.append(.text("Help · \(scene.title)", frame: Rect(x: r.minX, y: r.minY + 12, width: w, height: 24), size: 17,
                          color: Overlay.text, alignment: .center, transform: .identity), z: 0)
        var top = r.minY + 44
        let lineH = TextLayout.lineHeight(size: layout.font)
        for line in variantLines {
            list.append(.text(line, at: Point(x: r.minX + 24, y: top), size: layout.font, color: Overlay.accent), z: 0)
            top += lineH
        }
        top += 10
        var drawn: DisplayList? = DisplayList()
        let leftHeight = layout.column(left, at: Point(x: r.minX + 24, y: top), into: &drawn)
        if twoColumns {
            _ = layout.column(right, at: Point(x: r.minX + 48 + columnWidth, y: top), into: &drawn)
        } else {
            _ = layout.column(right, at: Point(x: r.minX + 24, y: top + leftHeight + 8), into: &drawn)
        }
        for item in drawn?.items ?? [] { list.append(item.command, z: item.z) }
        return (r, list)
    }
}

/// What a laid-out help card depends on: it is laid out again when any of it changes.
struct HelpCacheKey: Equatable {
    var help: SceneHelp
    var variant: SceneVariant
    var recording: String?
    var area: Rect
    var brief: Bool
}

/// The help card's columns at one text size: each line's key, then its description wrapped in
/// the rest of the column (as many lines as it takes: nothing is cut).
struct HelpColumns {
    /// A column's width, points.
    var columnWidth: Double
    /// The key column's width, points.
    var keyWidth: Double
    /// The text size, points.
    var font: Double
    /// The renderer's font.
    let measurer: TextMeasuring

    /// Lays out (and with `list`, draws) `parts` from `origin`; returns the height they take.
    func column(_ parts: ArraySlice<(title: String, lines: [HelpLine])>, at origin: Point, into list: inout DisplayList?) -> Double {
        let lineH = TextLayout.lineHeight(size: font)
        var y = origin.y
        for (n, part) in parts.enumerated() {
            if n > 0 { y += 8 }
            list?.append(.text(part.title, at: Point(x: origin.x, y: y), size: font, color: Overlay.accent), z: 0)
            y += lineH + 2
            for line in part.lines {
                let wrapped = TextLayout.lines(line.action, size: font, width: columnWidth - keyWidth, measurer: measurer)
                // A key wider than its column ("drag the L or a square") takes the column's whole
                // width, on lines of its own above its description, rather than being cut.
                let keyFits = measurer.width(of: line.input, size: font) <= keyWidth - 8
                let keys = keyFits ? [line.input] : TextLayout.lines(line.input, size: font, width: columnWidth, measurer: measurer)
                for (i, key) in keys.enumerated() {
                    list?.append(.text(key, at: Point(x: origin.x, y: y + Double(i) * lineH), size: font, color: Overlay.text), z: 0)
                }
                if !keyFits { y += Double(keys.count) * lineH }
                for (i, text) in wrapped.enumerated() {
                    list?.append(.text(text, at: Point(x: origin.x + keyWidth, y: y + Double(i) * lineH), size: font, color: Overlay.dim), z: 0)
                }
                y += Double(max(1, wrapped.count)) * lineH
            }
        }
        return y - origin.y
    }
}
