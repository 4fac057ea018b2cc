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
    private var plotCache = HUD.PlotCache()
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

    static let hotkeys: [(String, String)] = [
        ("1 – 4", "scene: drag, springy, cards, exchange"),
        ("F / ⇧F", "frequency ×1.1 / ÷1.1"),
        ("D / ⇧D", "damping ±0.05"),
        ("L / ⇧L", "attachment length / square size"),
        ("R / ⇧R", "scroll resistance (springy)"),
        ("M  T  V", "spring mass, stiffness, velocity (cards)"),
        ("C", "cycle timing curve (cards)"),
        ("U / ⇧U", "animation duration ±0.05 s (cards)"),
        ("Space", "pause / resume time"),
        (".", "step one frame while paused"),
        ("S", "slow motion ×0.1"),
        ("G", "debug overlay: anchors, springs, velocities"),
        ("0", "reset the scene's parameters"),
        ("Z", "variant: seed (the source's) / refined"),
        ("Tab", "show / hide this HUD"),
        ("H or ?", "show / hide this help"),
        ("P", "save a PNG screenshot"),
        ("Ctrl+S", "save parameters"),
        ("Esc", "cancel the gesture in progress"),
        ("Ctrl+Q", "quit"),
    ]

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
        let hud = HUD.frame(in: size, expanded: hudVisible)
        if hudVisible {
            HUD.draw(app: app, in: hud, into: &list, z: z, cache: &plotCache)
        } else {
            HUD.drawCollapsed(app: app, in: hud, into: &list, z: z)
        }
        if helpVisible || t < helpUntil { drawHelp(size: size, into: &list) }
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

    private func drawHelp(size: Size, into list: inout DisplayList) {
        let rowH = 22.0
        let h = Double(Overlay.hotkeys.count) * rowH + 64
        let w = 480.0
        let r = Rect(x: (size.width - w) / 2, y: max(40, (size.height - h) / 2), width: w, height: h)
        let z = Overlay.z + 1
        list.append(.fill(r, radius: 12, color: Color(white: 0.06, alpha: 0.92)), z: z)
        list.append(.text("Hotkeys", frame: Rect(x: r.minX, y: r.minY + 10, width: w, height: 24), size: 17,
                          color: Overlay.accent, alignment: .center, transform: .identity), z: z)
        for (i, (k, d)) in Overlay.hotkeys.enumerated() {
            let y = r.minY + 44 + Double(i) * rowH
            list.append(.text(k, frame: Rect(x: r.minX + 24, y: y, width: 100, height: rowH), size: 14,
                              color: Overlay.text, alignment: .left, transform: .identity), z: z)
            list.append(.text(d, frame: Rect(x: r.minX + 130, y: y, width: w - 150, height: rowH), size: 14,
                              color: Overlay.dim, alignment: .left, transform: .identity), z: z)
        }
    }
}
