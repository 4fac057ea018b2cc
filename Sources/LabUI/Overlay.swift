import Geometry
import Drawing
import Scenes

/// What the app draws over the scenes, from a session's state (``LabInterfaceModel``): the
/// title line (with the REC mark and a clip's progress), the A/B badges, the HUD, the recorded
/// pointer in scrubbed frames, the timeline strip, the help card and short notices. It keeps
/// only what spares work between frames: the HUD plot's samples and the laid-out help card.
public struct Overlay {
    /// The HUD plot's samples, kept between frames.
    private var plotCaches = [HUD.PlotCache(), HUD.PlotCache()]
    /// The code panel's lines as cut for its width, kept between frames.
    private var codePanel = CodePanel()

    /// The depth the overlay is drawn at: over every scene (the help card one above, notices two).
    public static let z = 10_000
    /// The HUD's and notices' panel colour.
    public static let panel = Color(white: 0.07, alpha: 0.96)
    /// Text colour.
    public static let text = Color(white: 0.92)
    /// Secondary text colour (keys, captions).
    public static let dim = Color(white: 0.62)
    /// The accent colour (titles, the typing field's edge).
    public static let accent = Color.teal

    /// An overlay with nothing cached yet.
    public init() {}

    /// While comparing: the line between the halves and a badge in each half's top-left corner
    /// ("A · seed", "B · refined") in the half's colour, the tuned half's badge filled.
    private func drawCompareBadges(session: some LabInterfaceModel, b: any Scene, measurer: TextMeasuring, into list: inout DisplayList) {
        let frames = session.halfFrames
        guard frames.count == 2 else { return }
        let z = Overlay.z
        list.append(.fill(Rect(x: frames[0].maxX, y: frames[0].minY, width: frames[1].minX - frames[0].maxX, height: frames[0].height),
                          color: Color(white: 1, alpha: 0.25)), z: z)
        for (half, scene) in [session.scene, b].enumerated() {
            let color = half == 0 ? HUD.colorA : HUD.colorB
            let text = "\(half == 0 ? "A" : "B") · \(scene.variant.rawValue)"
            let w = measurer.width(of: text, size: 12) + 16
            let r = Rect(x: frames[half].minX + 8, y: frames[half].minY + 6, width: w, height: 20)
            let tuned = half == session.tunedHalf
            list.append(.fill(r, radius: 10, color: tuned ? color : Color(white: 0.07, alpha: 0.9)), z: z)
            list.append(.text(text, frame: r, size: 12, color: tuned ? Color(white: 0.05) : color, alignment: .center,
                              transform: .identity), z: z)
        }
    }

    /// The notice's font size, points: 14.
    public static let noticeFontSize = 14.0

    /// The widest notice text shown whole in a window `width` points wide, points: the panel is
    /// at most the window less 20 pt each side, with 12 pt inside. A longer one is cut with "…".
    public static func noticeTextWidth(windowWidth width: Double) -> Double { width - 64 }

    /// Draws the overlay of `session`'s frame, with `measurer` (the renderer's font) fitting text;
    /// without `notices` (a frame saved as a screenshot) the transient notice is left out.
    public mutating func draw(session: some LabInterfaceModel, measurer: TextMeasuring, notices: Bool = true, into list: inout DisplayList) {
        let size = session.windowSize
        let z = Overlay.z
        // Title line: the scene's name, then its instructions, cut with "…" where the window ends.
        list.append(.fill(Rect(x: 0, y: 0, width: size.width, height: HUDLayout.titleHeight), color: Color(white: 0.05)), z: z)
        let title = "Kinetic · \(session.scene.title)"
        list.append(.text(title, at: Point(x: 12, y: 6), size: 15, color: Overlay.accent), z: z)
        let instructionsX = 12 + measurer.width(of: title, size: 15) + 24
        var instructionsEnd = size.width - 12
        if let rec = session.recordingText { instructionsEnd = drawRecordingMark(rec, size: size, measurer: measurer, into: &list) - 12 }
        if let progress = session.clipProgress {
            instructionsEnd = drawClipProgress(progress, right: instructionsEnd, measurer: measurer, into: &list) - 12
        }
        // "H: help" always shows; the instructions before it are cut where the room ends.
        let help = "   ·   H: help"
        let room = instructionsEnd - instructionsX - measurer.width(of: help, size: 13)
        let hint = (room > 40 ? TextLayout.fit(session.scene.instructions, size: 13, width: room, measurer: measurer) + help : "H: help")
        list.append(.text(hint, at: Point(x: instructionsX, y: 7), size: 13, color: Overlay.dim), z: z)
        if let b = session.sceneB { drawCompareBadges(session: session, b: b, measurer: measurer, into: &list) }
        let hud = HUDLayout.frame(in: size, expanded: session.hudExpanded)
        if session.hudExpanded {
            HUD.draw(session: session, in: hud, measurer: measurer, into: &list, z: z, caches: &plotCaches)
        } else {
            HUD.drawCollapsed(session: session, in: hud, into: &list, z: z)
        }
        // Where the pointer was in a scrubbed or replayed frame, over the scenes and under the HUD.
        if session.showsRecordedPointer, let p = session.pointerLocation {
            PointerMarker.draw(at: p, pressed: session.isPointerDown, into: &list)
        }
        // The timeline strip (W) across the bottom of the content, under the help card and notices.
        session.drawTimelineStrip(into: &list, z: z)
        // The code panel (`) over the scenes, beside the HUD; the help card and notices above it.
        codePanel.draw(session, measurer: measurer, into: &list, z: z)
        if session.helpShown {
            // Over the scenes only: the HUD beside it stays readable.
            let area = HUDLayout.contentFrame(in: size, expanded: session.hudExpanded)
            drawHelp(scene: session.scene, lastRecording: session.lastRecordingCommand, area: area, measurer: measurer, into: &list)
        }
        if notices, let noticeText = session.noticeText {
            // Across the window; above the code panel, and as wide as it, when it shows (a
            // copied line's notice then stays clear of the HUD).
            let panel: Rect? = session.codePanelShown ? session.codePanelLayout.frame : nil
            let span = panel.map { (x: $0.minX, width: $0.width) } ?? (x: 0, width: size.width)
            // A long notice (a file path, a system error) is cut with "…" to fit the panel.
            let text = TextLayout.fit(noticeText, size: Overlay.noticeFontSize, width: Overlay.noticeTextWidth(windowWidth: span.width),
                                      measurer: measurer)
            let w = min(span.width - 40, measurer.width(of: text, size: Overlay.noticeFontSize) + 40)
            // Above the timeline strip when it shows.
            var bottom = session.timelineVisible ? session.timelineStripFrame.minY : size.height
            if let panel { bottom = min(bottom, panel.minY + 14) }
            let r = Rect(x: span.x + (span.width - w) / 2, y: bottom - 52, width: w, height: 32)
            list.append(.fill(r, radius: 8, color: Overlay.panel), z: z + 2)
            list.append(.text(text, frame: r, size: Overlay.noticeFontSize, color: Overlay.text, alignment: .center, transform: .identity),
                        z: z + 2)
        }
    }

    /// The REC mark at the right end of the title line while a Ctrl+R recording runs: a red dot
    /// and `text` ("REC 12.3 s") on a dark pill. Returns the pill's left edge.
    private func drawRecordingMark(_ text: String, size: Size, measurer: TextMeasuring, into list: inout DisplayList) -> Double {
        let h = HUDLayout.titleHeight - 8
        let w = measurer.width(of: text, size: 13) + 30
        let r = Rect(x: size.width - 12 - w, y: 4, width: w, height: h)
        list.append(.fill(r, radius: h / 2, color: Color(white: 0.16)), z: Overlay.z)
        list.append(.fill(Rect(x: r.minX + 9, y: r.midY - 4.5, width: 9, height: 9), radius: 4.5, color: .red), z: Overlay.z)
        list.append(.text(text, at: Point(x: r.minX + 23, y: 7), size: 13, color: Overlay.text), z: Overlay.z)
        return r.minX
    }

    /// A clip's render in the title line, its right edge at `right`: "clip", a bar filling with
    /// `progress` (0…1) and the percentage, on a dark pill. Returns the pill's left edge.
    private func drawClipProgress(_ progress: Double, right: Double, measurer: TextMeasuring, into list: inout DisplayList) -> Double {
        let h = HUDLayout.titleHeight - 8
        let text = "clip \(Int((min(max(progress, 0), 1) * 100).rounded(.down))) %"
        let barWidth = 80.0
        let w = measurer.width(of: text, size: 13) + barWidth + 30
        let r = Rect(x: right - w, y: 4, width: w, height: h)
        list.append(.fill(r, radius: h / 2, color: Color(white: 0.16)), z: Overlay.z)
        let bar = Rect(x: r.minX + 10, y: r.midY - 3, width: barWidth, height: 6)
        list.append(.fill(bar, radius: 3, color: Color(white: 0.3)), z: Overlay.z)
        list.append(.fill(Rect(x: bar.minX, y: bar.minY, width: bar.width * min(max(progress, 0), 1), height: bar.height), radius: 3,
                          color: .orange), z: Overlay.z)
        list.append(.text(text, at: Point(x: bar.maxX + 8, y: 7), size: 13, color: Overlay.text), z: Overlay.z)
        return r.minX
    }

    /// The help card, centred: the scene's sections in the left column and the app's keys in the
    /// right one (one column when the window is too narrow for two), descriptions wrapped to
    /// their column. When it would not fit the window's height, the text shrinks (13 → 10 pt).
    /// The help card last laid out, and for which help and window size: laying it out measures
    /// every line at up to four font sizes, which need not happen again each frame it shows.
    private var helpCache: (help: SceneHelp, recording: String?, area: Rect, list: DisplayList)?

    private mutating func drawHelp(scene: any Scene, lastRecording: String?, area: Rect, measurer: TextMeasuring,
                                   into list: inout DisplayList) {
        // Keyed by the help itself, not the scene's name: the dynamics scene's help changes with
        // its demo; and by the recording its Ctrl+R line names.
        let help = scene.help
        if helpCache == nil || helpCache?.help != help || helpCache?.recording != lastRecording || helpCache?.area != area {
            helpCache = (help, lastRecording, area, Overlay.helpCard(for: scene, in: area, measurer: measurer, lastRecording: lastRecording).list)
        }
        for item in helpCache?.list.items ?? [] { list.append(item.command, z: Overlay.z + 1) }
    }

    /// The help card for `scene` centred in `area` (window points: the scenes' area beside the
    /// HUD): its frame and its drawing. Opaque, so nothing behind it shows through its text; the
    /// key column is as wide as its longest key (within reason), so no key is cut. With
    /// `lastRecording` (nil by default: the command that renders the last Ctrl+R recording) a
    /// line under Ctrl+R names it.
    public static func helpCard(for scene: any Scene, in area: Rect, measurer: TextMeasuring,
                                lastRecording: String? = nil) -> (frame: Rect, list: DisplayList) {
        let sections = LabHelp.sections(for: scene, lastRecording: lastRecording)
        let z = 0
        let size = area.size
        let twoColumns = size.width >= 600
        let columnWidth = min(400, twoColumns ? (size.width - 72) / 2 : size.width - 48)
        let widestKey = sections.flatMap(\.lines).map { measurer.width(of: $0.input, size: 13) }.max() ?? 110
        let fullKeyWidth = min(max(118, widestKey + 10), columnWidth * 0.5)
        var keyWidth = fullKeyWidth
        // Lays out (and with `into`, draws) a column of sections from `origin`; returns its height.
        func column(_ parts: ArraySlice<(title: String, lines: [HelpLine])>, at origin: Point, font: Double,
                    into list: inout DisplayList?) -> Double {
            let lineH = TextLayout.lineHeight(size: font)
            var y = origin.y
            for (n, part) in parts.enumerated() {
                if n > 0 { y += 8 }
                list?.append(.text(part.title, at: Point(x: origin.x, y: y), size: font, color: Overlay.accent), z: z)
                y += lineH + 2
                for line in part.lines {
                    let wrapped = TextLayout.lines(line.action, size: font, width: columnWidth - keyWidth, maximumLines: 3,
                                                   measurer: measurer)
                    let key = TextLayout.fit(line.input, size: font, width: keyWidth - 8, measurer: measurer)
                    list?.append(.text(key, at: Point(x: origin.x, y: y), size: font, color: Overlay.text), z: z)
                    for (i, text) in wrapped.enumerated() {
                        list?.append(.text(text, at: Point(x: origin.x + keyWidth, y: y + Double(i) * lineH), size: font,
                                           color: Overlay.dim), z: z)
                    }
                    y += Double(max(1, wrapped.count)) * lineH
                }
            }
            return y - origin.y
        }
        let left = sections.prefix(2), right = sections.suffix(1)
        var font = 13.0, height = 0.0
        var none: DisplayList? = nil
        // The largest font (13, 12, 11, 10 pt) whose card fits the window below the title line.
        while true {
            let l = column(left, at: .zero, font: font, into: &none)
            let r = column(right, at: .zero, font: font, into: &none)
            height = (twoColumns ? max(l, r) : l + 8 + r) + 60
            if height <= size.height - 16 || font <= 10 { break }
            font -= 1
            keyWidth = (fullKeyWidth * font / 13).rounded()
        }
        let w = twoColumns ? 2 * columnWidth + 72 : columnWidth + 48
        let r = Rect(x: area.minX + (size.width - w) / 2, y: area.minY + max(8, (size.height - height) / 2), width: w, height: height)
        var list = DisplayList()
        list.append(.fill(r, radius: 12, color: Color(white: 0.06)), z: z)
        list.append(.text("Help · \(scene.title)", frame: Rect(x: r.minX, y: r.minY + 12, width: w, height: 24), size: 17,
                          color: Overlay.text, alignment: .center, transform: .identity), z: z)
        var drawn: DisplayList? = DisplayList()
        let top = r.minY + 48
        let leftHeight = column(left, at: Point(x: r.minX + 24, y: top), font: font, into: &drawn)
        if twoColumns {
            _ = column(right, at: Point(x: r.minX + 48 + columnWidth, y: top), font: font, into: &drawn)
        } else {
            _ = column(right, at: Point(x: r.minX + 24, y: top + leftHeight + 8), font: font, into: &drawn)
        }
        for item in drawn?.items ?? [] { list.append(item.command, z: item.z) }
        return (r, list)
    }
}
