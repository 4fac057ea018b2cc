import Geometry
import Drawing
import Scenes

/// What the app draws over the scene: the title line, the HUD, the help card and short notices.
struct Overlay {
    /// Whether the HUD column is expanded (Tab); collapsed it is a slim bar. The app starts it
    /// collapsed in a window narrower than ``HUD/collapseBelowWidth``.
    var hudVisible = true
    /// The hotkey card (H or ?).
    var helpVisible = false
    /// The behaviors' debug geometry (G).
    var debugVisible = false
    /// A PNG is to be saved after this frame is drawn (P).
    var pendingScreenshot = false
    private var helpUntil: Double = -1
    /// The HUD plot's samples, kept between frames.
    private var plotCaches = [HUD.PlotCache(), HUD.PlotCache()]
    private var noticeText = ""
    private var noticeUntil: Double = -1

    static let z = 10_000
    /// Height of the title line at the top of the window, points (scenes start below it).
    static let titleHeight = 30.0
    static let panel = Color(white: 0.07, alpha: 0.96)
    static let text = Color(white: 0.92)
    static let dim = Color(white: 0.62)
    static let accent = Color.teal

    /// Shows the help card for the first few seconds of a windowed session.
    mutating func showHelpBriefly(at t: Double, headless: Bool) {
        if !headless { helpUntil = t + 4 }
    }

    /// H: hides the help card if it shows (also the launch card, which would otherwise stay up
    /// when H turned the card on), else shows it until the next H.
    mutating func toggleHelp(at t: Double) {
        let showing = helpVisible || t < helpUntil
        helpUntil = -1
        helpVisible = !showing
    }

    /// Shows `text` at the bottom of the window for 2.5 s.
    mutating func notice(_ text: String, at t: Double) {
        noticeText = text
        noticeUntil = t + 2.5
    }

    /// The next time after `t` (app clock, seconds) at which the overlay changes by itself (the
    /// launch help card or a notice goes away), or nil when it shows nothing timed. The frame
    /// loop, when it waits idle for input, wakes then to draw one frame. The HUD's frame-time plot
    /// is not timed: it shows the frames produced and stays as it is while no frame is drawn.
    func nextChange(after t: Double) -> Double? {
        var next: Double?
        if t < helpUntil { next = helpUntil }
        if t < noticeUntil && !noticeText.isEmpty { next = min(next ?? noticeUntil, noticeUntil) }
        return next
    }

    /// The app's keys, listed on the help card after the scene's gestures and keys.
    static let appKeys: [HelpLine] = [
        HelpLine("1 – 4", "scene: drag, springy, cards, exchange"),
        HelpLine("Z", "variant: seed (the source's) / refined"),
        HelpLine("Space", "pause / resume time"),
        HelpLine(".", "step one frame while paused"),
        HelpLine("S", "slow motion ×0.1"),
        HelpLine("G", "debug overlay: anchors, springs"),
        HelpLine("0", "reset the scene's parameters"),
        HelpLine("Tab", "collapse / expand the HUD"),
        HelpLine("B", "A/B compare: one gesture, two copies"),
        HelpLine("[ / ]", "compare: keys tune A / B"),
        HelpLine("E", "export the spring or curve as code"),
        HelpLine("H or ?", "show / hide this help"),
        HelpLine("P", "save a PNG screenshot"),
        HelpLine("Ctrl+S", "save parameters"),
        HelpLine("Ctrl+R", "record the session (again: stop)"),
        HelpLine("Esc", "cancel the gesture in progress"),
        HelpLine("Ctrl+Q", "quit"),
    ]

    /// While comparing: the line between the halves and a badge in each half's top-left corner
    /// ("A · seed", "B · refined") in the half's colour, the tuned half's badge filled.
    private func drawCompareBadges(app: App, b: any Scene, into list: inout DisplayList) {
        let frames = app.halfFrames
        guard frames.count == 2 else { return }
        let z = Overlay.z
        list.append(.fill(Rect(x: frames[0].maxX, y: frames[0].minY, width: frames[1].minX - frames[0].maxX, height: frames[0].height),
                          color: Color(white: 1, alpha: 0.25)), z: z)
        let measurer = app.target.renderer
        for (half, scene) in [app.scene, b].enumerated() {
            let color = half == 0 ? HUD.colorA : HUD.colorB
            let text = "\(half == 0 ? "A" : "B") · \(scene.variant.rawValue)"
            let w = measurer.width(of: text, size: 12) + 16
            let r = Rect(x: frames[half].minX + 8, y: frames[half].minY + 6, width: w, height: 20)
            let tuned = half == app.tunedHalf
            list.append(.fill(r, radius: 10, color: tuned ? color : Color(white: 0.07, alpha: 0.9)), z: z)
            list.append(.text(text, frame: r, size: 12, color: tuned ? Color(white: 0.05) : color, alignment: .center,
                              transform: .identity), z: z)
        }
    }

    /// The help card's sections for `scene`: its mouse gestures, its keys, then the app's keys
    /// (without those the scene takes over, such as Space in the exchange scene).
    static func helpSections(for scene: any Scene) -> [(title: String, lines: [HelpLine])] {
        let help = scene.help
        let taken = Set(help.keys.map(\.input))
        return [("Mouse", help.gestures), ("Keys · \(scene.name)", help.keys),
                ("Keys · app", appKeys.filter { !taken.contains($0.input) })]
    }

    mutating func draw(app: App, into list: inout DisplayList) {
        let size = app.target.size
        let t = app.now
        let z = Overlay.z
        // Title line: the scene's name, then its instructions, cut with "…" where the window ends.
        list.append(.fill(Rect(x: 0, y: 0, width: size.width, height: Overlay.titleHeight), color: Color(white: 0.05)), z: z)
        let title = "Kinetic · \(app.scene.name)"
        let measurer = app.target.renderer
        list.append(.text(title, at: Point(x: 12, y: 6), size: 15, color: Overlay.accent), z: z)
        let instructionsX = 12 + measurer.width(of: title, size: 15) + 24
        let hint = TextLayout.fit(app.scene.instructions + "   ·   H: help", size: 13, width: size.width - instructionsX - 12,
                                  measurer: measurer)
        list.append(.text(hint, at: Point(x: instructionsX, y: 7), size: 13, color: Overlay.dim), z: z)
        if let b = app.compareHalf?.scene { drawCompareBadges(app: app, b: b, into: &list) }
        let hud = HUD.frame(in: size, expanded: hudVisible)
        if hudVisible {
            HUD.draw(app: app, in: hud, into: &list, z: z, caches: &plotCaches)
        } else {
            HUD.drawCollapsed(app: app, in: hud, into: &list, z: z)
        }
        if helpVisible || t < helpUntil { drawHelp(app: app, size: size, into: &list) }
        if t < noticeUntil && !noticeText.isEmpty {
            // A long notice (a file path, a system error) is cut with "…" to fit the panel, which
            // is at most the window less 20 pt each side, with 12 pt inside.
            let text = TextLayout.fit(noticeText, size: 14, width: size.width - 64, measurer: measurer)
            let w = min(size.width - 40, measurer.width(of: text, size: 14) + 40)
            let r = Rect(x: (size.width - w) / 2, y: size.height - 52, width: w, height: 32)
            list.append(.fill(r, radius: 8, color: Overlay.panel), z: z + 2)
            list.append(.text(text, frame: r, size: 14, color: Overlay.text, alignment: .center, transform: .identity), z: z + 2)
        }
    }

    /// The help card, centred: the scene's sections in the left column and the app's keys in the
    /// right one (one column when the window is too narrow for two), descriptions wrapped to
    /// their column. When it would not fit the window's height, the text shrinks (13 → 10 pt).
    /// The help card last laid out, and for which scene and window size: laying it out measures
    /// every line at up to four font sizes, which need not happen again each frame it shows.
    private var helpCache: (kind: SceneKind, size: Size, list: DisplayList)?

    private mutating func drawHelp(app: App, size: Size, into list: inout DisplayList) {
        if helpCache == nil || helpCache?.kind != app.scene.kind || helpCache?.size != size {
            helpCache = (app.scene.kind, size, Overlay.helpCard(for: app.scene, size: size, measurer: app.target.renderer).list)
        }
        for item in helpCache?.list.items ?? [] { list.append(item.command, z: Overlay.z + 1) }
    }

    /// The help card for `scene` in a window of `size` points: its frame and its drawing.
    static func helpCard(for scene: any Scene, size: Size, measurer: TextMeasuring) -> (frame: Rect, list: DisplayList) {
        let sections = Overlay.helpSections(for: scene)
        let z = 0
        let twoColumns = size.width >= 600
        let columnWidth = min(400, twoColumns ? (size.width - 72) / 2 : size.width - 48)
        var keyWidth = 118.0
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
            if height <= size.height - Overlay.titleHeight - 16 || font <= 10 { break }
            font -= 1
            keyWidth = (118 * font / 13).rounded()
        }
        let w = twoColumns ? 2 * columnWidth + 72 : columnWidth + 48
        let r = Rect(x: (size.width - w) / 2, y: max(Overlay.titleHeight + 8, (size.height - height) / 2), width: w, height: height)
        var list = DisplayList()
        list.append(.fill(r, radius: 12, color: Color(white: 0.06, alpha: 0.96)), z: z)
        list.append(.text("Help · \(scene.name)", frame: Rect(x: r.minX, y: r.minY + 12, width: w, height: 24), size: 17,
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
