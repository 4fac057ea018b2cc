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
    /// The help card last laid out, and for what (``HelpCacheKey``): laying it out measures every
    /// line at up to four font sizes, which need not happen again each frame it shows.
    var helpCache: (key: HelpCacheKey, list: DisplayList)?

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
            // Over the scenes only (the HUD beside it stays readable), above the notice band.
            drawHelp(scene: session.scene, lastRecording: session.lastRecordingCommand, area: Overlay.helpArea(of: session, brief: session.helpIsBrief),
                     brief: session.helpIsBrief, measurer: measurer, into: &list)
        }
        if notices, let noticeText = session.noticeText {
            // A long notice (a file path, a system error) is cut with "…" to fit the panel.
            let (r, text) = Overlay.notice(noticeText, of: session, measurer: measurer)
            list.append(.fill(r, radius: 8, color: Overlay.panel), z: z + 2)
            list.append(.text(text, frame: r, size: Overlay.noticeFontSize, color: Overlay.text, alignment: .center, transform: .identity),
                        z: z + 2)
        }
    }

    /// The bottom edge the notice sits 20 pt above: the window's, the timeline strip's top while
    /// it shows, or just below the code panel's top while that shows.
    static func noticeBottom(of session: some LabInterfaceModel) -> Double {
        var bottom = session.timelineVisible ? session.timelineStripFrame.minY : session.windowSize.height
        if session.codePanelShown { bottom = min(bottom, session.codePanelLayout.frame.minY + 14) }
        return bottom
    }

    /// The area `session`'s help card is laid out in: the scenes' area less the notice band.
    public static func helpArea(of session: some LabInterfaceModel, brief: Bool = false) -> Rect {
        var content = HUDLayout.contentFrame(in: session.windowSize, expanded: session.hudExpanded)
        if !brief, content.width < helpMinimumWidth { content = HUDLayout.contentFrame(in: session.windowSize, expanded: false) }
        return helpArea(content: content, noticeBottom: noticeBottom(of: session))
    }

    /// The notice `text` as `session`'s window shows it: its panel's frame (window points) and the
    /// text cut with "…" to fit it. Across the window; above the code panel, and as wide as it,
    /// when it shows (a copied line's notice then stays clear of the HUD); above the timeline
    /// strip when it shows.
    public static func notice(_ text: String, of session: some LabInterfaceModel, measurer: TextMeasuring) -> (frame: Rect, text: String) {
        let panel: Rect? = session.codePanelShown ? session.codePanelLayout.frame : nil
        let span = panel.map { (x: $0.minX, width: $0.width) } ?? (x: 0, width: session.windowSize.width)
        let fitted = TextLayout.fit(text, size: noticeFontSize, width: noticeTextWidth(windowWidth: span.width), measurer: measurer)
        let w = min(span.width - 40, measurer.width(of: fitted, size: noticeFontSize) + 40)
        return (Rect(x: span.x + (span.width - w) / 2, y: noticeBottom(of: session) - 52, width: w, height: 32), fitted)
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
}
