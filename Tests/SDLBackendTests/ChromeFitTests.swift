import Testing
import Geometry
import Drawing
import Scenes
import Animation
import Gestures
@testable import LabUI
@testable import Lab
@testable import SDLBackend

/// Issue 42: the help card (whole and launch), the HUD column and a notice, laid out for every
/// scene (the dynamics scene with each demo) in both variants at 800×600, 1280×800 and 1440×900,
/// HUD expanded and collapsed, with the real font (SDL_ttf's measurer): no line is cut with "…",
/// every line fits its frame and its panel, no two HUD lines overlap, and the notice stays clear
/// of the card. In the serialized SDL suite.
extension SDLTests {
    static let chromeSizes = [Size(width: 800, height: 600), Size(width: 1280, height: 800), Size(width: 1440, height: 900)]

    /// Every scene the lab opens, the dynamics scene once per demo.
    static var chromeScenes: [(SceneKind, String?)] {
        SceneKind.builtIn.flatMap { kind in kind == .dynamics ? DynamicsScene.demoNames.map { (kind, $0) } : [(kind, nil)] }
    }

    /// The place `text` takes on screen as `measurer` sets it in `frame` (its alignment across, centred down).
    func ink(_ text: String, frame: Rect, size: Double, alignment: Drawing.TextAlignment, measurer: TextMeasuring) -> Rect {
        let w = measurer.width(of: text, size: size), h = size * 1.2
        let x = alignment == .left ? frame.minX : alignment == .right ? frame.maxX - w : frame.midX - w / 2
        return Rect(x: x, y: frame.midY - h / 2, width: w, height: h)
    }

    /// The identity-transformed texts of `list` with their ink: a problem for each one cut with
    /// "…", wider than its frame, or outside `bounds`.
    func textProblems(_ list: DisplayList, in bounds: Rect, measurer: TextMeasuring) -> (texts: [(String, Rect)], problems: [String]) {
        var texts: [(String, Rect)] = [], problems: [String] = []
        for item in list.items {
            guard case let .text(s, f, size, _, alignment, t) = item.command, t.isIdentity, !s.isEmpty else { continue }
            let r = ink(s, frame: f, size: size, alignment: alignment, measurer: measurer)
            texts.append((s, r))
            if s.hasSuffix(TextLayout.ellipsis) { problems.append("'\(s)' is cut") }
            if r.width > f.width + 0.5 { problems.append("'\(s)' (\(Int(r.width)) pt) is wider than its frame (\(Int(f.width)) pt)") }
            if r.minX < bounds.minX - 0.5 || r.maxX > bounds.maxX + 0.5 { problems.append("'\(s)' at \(Int(r.minX))…\(Int(r.maxX)) leaves \(Int(bounds.minX))…\(Int(bounds.maxX))") }
        }
        return (texts, problems)
    }

    /// `session`'s HUD drawn expanded in `panel`: its texts and their problems (``textProblems(_:in:measurer:)``
    /// within 2 pt of the column's edges, and any two lines overlapping).
    func hudProblems(_ session: LabSession, in panel: Rect, measurer: TextMeasuring) -> (texts: [(String, Rect)], problems: [String]) {
        var hud = DisplayList()
        var caches: [HUD.PlotCache] = []
        HUD.draw(session: session, in: panel, measurer: measurer, into: &hud, z: 0, caches: &caches)
        var (texts, problems) = textProblems(hud, in: panel.insetBy(dx: 2, dy: 0), measurer: measurer)
        for (i, a) in texts.enumerated() {
            for b in texts[(i + 1)...] where a.1.insetBy(dx: 1, dy: 2).intersects(b.1.insetBy(dx: 1, dy: 2)) {
                problems.append("'\(a.0)' overlaps '\(b.0)'")
            }
        }
        return (texts, problems)
    }

    @Test func theHelpCardTheHUDAndANoticeFitEveryScene() throws {
        let canvas = try canvas(64, 64)
        defer { canvas.close() }
        let measurer = canvas.renderer
        var checked = 0, graphs = 0
        for size in Self.chromeSizes {
            for (kind, demo) in Self.chromeScenes {
                for variant in SceneVariant.allCases {
                    var c = LabConfiguration()
                    c.scene = kind
                    c.demo = demo
                    c.variant = variant
                    c.headless = true
                    let s = try LabSession(c, services: .silent)
                    s.open(size: size, frameRate: 60, textMeasurer: measurer)
                    // A second of the scene's own motion, so its state lines say what they say in use.
                    for _ in 0..<60 { s.step(realDt: 1.0 / 60) }
                    // A fling up through the content's middle (a drag, a scroll, a card's pan), and
                    // a third of a second after it: the settling lines and graphs show.
                    let content = HUDLayout.contentFrame(in: size, expanded: s.hudExpanded)
                    var t = 1.0
                    func frame(_ input: InputEvent? = nil) {
                        s.now = t
                        if let input { s.dispatch(input) }
                        s.step(realDt: 1.0 / 60)
                        t += 1.0 / 60
                    }
                    frame(.pointer(.down(Point(x: content.midX, y: content.midY + 150), at: t)))
                    for i in 1...40 { frame(.pointer(.moved(Point(x: content.midX, y: content.midY + 150 - Double(i) * 12), at: t))) }
                    frame(.pointer(.up(Point(x: content.midX, y: content.midY + 150 - 480), at: t)))
                    for _ in 0..<20 { frame() }
                    let name = "\(kind)\(demo.map { " " + $0 } ?? "") \(variant) at \(Int(size.width))×\(Int(size.height))"
                    // The HUD column, expanded (Tab), at every size.
                    let panel = HUDLayout.frame(in: size, expanded: true)
                    let (hudTexts, hudProblems) = hudProblems(s, in: panel, measurer: measurer)
                    #expect(hudProblems.isEmpty, "HUD of \(name): \(hudProblems)")
                    #expect(hudTexts.contains { $0.0 == LabHelp.variantCaption(variant) }, "\(name): the variant's caption")
                    if hudTexts.contains(where: { $0.0.contains("distance (1 = ") }) { graphs += 1 }
                    for expanded in [true, false] {
                        s.overlay.hudVisible = expanded
                        let notice = Overlay.notice("\(variant.rawValue): \(s.scene.variantDescription)", of: s, measurer: measurer).frame
                        for brief in [false, true] {
                            let area = Overlay.helpArea(of: s, brief: brief)
                            let (card, list) = Overlay.helpCard(for: s.scene, in: area, measurer: measurer, brief: brief)
                            let what = "\(brief ? "launch" : "help") card of \(name), HUD \(expanded ? "expanded" : "collapsed")"
                            #expect(card.minX >= area.minX && card.maxX <= area.maxX && card.minY >= area.minY && card.maxY <= area.maxY,
                                    "\(what): \(card) leaves \(area)")
                            #expect(!card.intersects(notice), "\(what): the notice \(notice) covers the card \(card)")
                            let (texts, problems) = textProblems(list, in: card, measurer: measurer)
                            #expect(problems.isEmpty, "\(what): \(problems)")
                            for (text, r) in texts where r.minY < card.minY || r.maxY > card.maxY + 0.5 {
                                Issue.record("\(what): '\(text)' leaves the card's height")
                            }
                            #expect(texts.contains { $0.0.hasPrefix(variant.rawValue + " variant:") }, "\(what): says what the variant is")
                            for line in s.scene.help.gestures + s.scene.help.keys where !line.input.isEmpty {
                                #expect(texts.contains { $0.0 == line.input }, "\(what): '\(line.input)' missing")
                            }
                            if brief, area.width >= 700 {
                                // Clear of the stage's middle, where a centred 100-pt square falls.
                                let content = HUDLayout.contentFrame(in: size, expanded: expanded)
                                #expect(card.maxX <= content.midX - 50, "\(what) reaches the stage's middle")
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == Self.chromeSizes.count * Self.chromeScenes.count * 2 * 4)
        #expect(graphs >= 4, "the settling graphs (springy's, drag's) were laid out too: \(graphs)")
    }

    /// The settling graph's title names the cell only when the line has room: a far row flung
    /// a long way ("row 1234 · distance (1 = 16700 pt) · speed · envelope") drops its name
    /// rather than running past the column's edge.
    @Test func theSettlingGraphsTitleStaysInTheColumn() throws {
        let canvas = try canvas(64, 64)
        defer { canvas.close() }
        let measurer = canvas.renderer
        let panel = HUDLayout.frame(in: Size(width: 1440, height: 900), expanded: true)
        let graph = Rect(x: panel.minX + 28, y: 300, width: panel.width - 44, height: 44)
        for (item, far) in [("row 3", 167.0), ("row 1234", 16_700.0)] {
            var r = SettlingReport(predicted: 3.4, elapsed: 0.7)
            r.item = item
            r.samples = (0..<30).map { SettlingReport.Sample(time: Double($0) / 60, distance: far / Double($0 + 1), speed: 100) }
            var list = DisplayList()
            HUD.drawSettlingGraph(r, in: graph, measurer: measurer, into: &list, z: 0)
            let (texts, problems) = textProblems(list, in: panel.insetBy(dx: 2, dy: 0), measurer: measurer)
            #expect(problems.isEmpty, "\(item): \(problems)")
            let legend = "distance (1 = \(Int(far)) pt) · speed · envelope"
            #expect(texts.contains { $0.0 == (item == "row 3" ? "row 3 · " + legend : legend) }, "\(item): \(texts.map(\.0))")
        }
    }

    /// The plotted spring in every dialect K cycles through (the longest, "Android/Compose
    /// unit-mass stiffness · damping ratio", wraps), with its rows, at each size: nothing cut,
    /// nothing overlapping, nothing outside the column.
    @Test func theHUDShowsEveryDialectWhole() throws {
        let canvas = try canvas(64, 64)
        defer { canvas.close() }
        let measurer = canvas.renderer
        for size in Self.chromeSizes {
            var c = LabConfiguration()
            c.scene = .springy
            c.headless = true
            let s = try LabSession(c, services: .silent)
            s.open(size: size, frameRate: 60, textMeasurer: measurer)
            let panel = HUDLayout.frame(in: size, expanded: true)
            var titles: Set<String> = []
            for _ in SpringDialect.allCases {
                s.dispatch(.key(KeyEvent(.down, key: "k", timestamp: 0)))
                s.step(realDt: 1.0 / 60)
                titles.insert(s.dialectTitle)
                let (texts, problems) = hudProblems(s, in: panel, measurer: measurer)
                #expect(problems.isEmpty, "\(s.dialectTitle) at \(size): \(problems)")
                let shown = HUD.dialectTitle(s.dialectTitle, panel: panel, measurer: measurer)
                #expect(shown.joined(separator: " ") == "K · " + s.dialectTitle)
                if size.height >= 800 { #expect(texts.contains { $0.0 == shown[0] }, "\(s.dialectTitle) at \(size): its title is drawn") }
            }
            #expect(titles.count == SpringDialect.allCases.count)
        }
    }
}
