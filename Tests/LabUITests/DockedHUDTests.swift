import Testing
import Geometry
import Drawing
import Scenes
import LabUI

/// Issue 13: the HUD is a docked column, so nothing of a scene is under it, and the help card
/// fits the smallest window.
@Suite struct DockedHUDTests {
    static let sizes = [Size(width: 1280, height: 800), Size(width: 640, height: 480)]

    @Test func theContentAndTheHUDColumnNeverOverlap() {
        for size in Self.sizes {
            for expanded in [true, false] {
                let hud = HUDLayout.frame(in: size, expanded: expanded)
                let content = HUDLayout.contentFrame(in: size, expanded: expanded)
                #expect(hud.maxX == size.width && content.minX == 0 && content.maxX == hud.minX)
                #expect(content.minY == HUDLayout.titleHeight && content.maxY == size.height)
                #expect(hud.width == (expanded ? HUDLayout.width : HUDLayout.collapsedWidth))
            }
        }
    }

    /// Every scene laid out beside the column: no item it dumps (items whose frame is in the
    /// window) reaches under the HUD, at 1280×800 and at the minimum size, HUD expanded or not.
    /// The cards carousel runs on past the content's right edge, where its scroll view clips it:
    /// there the test checks the clip (the collection view's frame) instead.
    @Test func noSceneDrawsUnderTheHUD() {
        for size in Self.sizes {
            for expanded in [true, false] {
                let hud = HUDLayout.frame(in: size, expanded: expanded)
                for kind in SceneKind.builtIn {
                    let scene = SceneCatalog.make(kind, items: 400)
                    scene.resize(to: size, contentFrame: HUDLayout.contentFrame(in: size, expanded: expanded))
                    for frame in 0..<30 { scene.update(time: Double(frame) / 60, dt: 1.0 / 60) }
                    let items = scene.dump().items
                    #expect(!items.isEmpty, "\(kind) at \(size)")
                    if kind == .cards {
                        var list = DisplayList()
                        scene.draw(into: &list)
                        var cards = 0
                        for item in list.items {
                            guard case .layer = item.command else { continue }
                            cards += 1
                            let clip = item.clip ?? .infinite
                            #expect(!clip.intersects(hud), "a card clipped to \(clip) reaches under the HUD \(hud)")
                        }
                        #expect(cards >= 2)
                        continue
                    }
                    for item in items {
                        #expect(!item.frame.intersects(hud), "\(kind) \(item.indexPath) at \(item.frame) is under the HUD \(hud) (\(size))")
                    }
                }
            }
        }
    }

    @Test func narrowWindowsStartWithTheHUDCollapsed() {
        #expect(HUDLayout.collapseBelowWidth == 900)
        #expect(HUDLayout.contentFrame(in: Size(width: 640, height: 480), expanded: false).width == 640 - HUDLayout.collapsedWidth)
    }

    /// The help card of every scene fits the minimum window (640×480) and a large one: every
    /// line inside the card, the card inside the scenes' area (below the title line, never over
    /// the HUD), every gesture and key listed whole, nothing cut with "…".
    @Test func theHelpCardFitsTheSmallestWindow() {
        let measurer = EstimatedTextMeasurer()
        for size in Self.sizes {
            let area = HUDLayout.contentFrame(in: size, expanded: size.width >= HUDLayout.collapseBelowWidth)
            for kind in SceneKind.allCases {
                let scene = SceneCatalog.make(kind, items: 100)
                let (card, list) = Overlay.helpCard(for: scene, in: area, measurer: measurer)
                #expect(card.minX >= area.minX && card.maxX <= area.maxX && card.minY >= area.minY && card.maxY <= area.maxY,
                        "\(kind): card \(card) in the scenes' area \(area) of \(size)")
                var texts: [String] = []
                for item in list.items {
                    guard case let .text(s, f, fontSize, _, alignment, _) = item.command else { continue }
                    texts.append(s)
                    let w = measurer.width(of: s, size: fontSize)
                    let minX = alignment == .left ? f.minX : alignment == .right ? f.maxX - w : f.midX - w / 2
                    #expect(minX >= card.minX && minX + w <= card.maxX + 0.5 && f.minY >= card.minY && f.maxY <= card.maxY + 0.5,
                            "\(kind) '\(s)' at \(f) leaves the card \(card) in \(size)")
                }
                let help = scene.help
                for line in help.gestures + help.keys {
                    #expect(texts.contains(line.input), "\(kind): '\(line.input)' missing or cut in \(size)")
                }
                #expect(!texts.contains { $0.hasSuffix("…") }, "\(kind) in \(size): cut lines \(texts.filter { $0.hasSuffix("…") })")
                #expect(texts.contains("Ctrl+Q"))
                #expect(texts.contains("HUD value"), "\(kind) in \(size): the HUD's controls missing")
            }
        }
    }

    @Test func theExchangeSceneKeepsSpaceForCatching() {
        let sections = LabHelp.sections(for: SceneCatalog.make(.exchange, items: nil))
        #expect(sections.map(\.title) == ["Mouse", "Keys · exchange", "Keys · app"])
        #expect(!sections[2].lines.contains { $0.input == "Space" })
        #expect(sections[1].lines.contains { $0.input == "Space" })
        let drag = LabHelp.sections(for: SceneCatalog.make(.drag, items: 10))
        #expect(drag[2].lines.contains { $0.input == "Space" })
        #expect(drag[1].lines.map(\.input) == ["F / ⇧F", "D / ⇧D", "L / ⇧L"])
    }

    @Test func valuesHaveOnePrecisionPerUnit() {
        var f = SceneParameter(name: "frequency", unit: "Hz", key: "f", range: 0.1...100, defaultValue: 8, step: .multiply(1.1))
        #expect(f.formatted == "8.00 Hz")
        f.value = 1.915
        #expect(f.formatted == "1.92 Hz")
        let d = SceneParameter(name: "damping", key: "d", range: 0...5, defaultValue: 0.6, step: .add(0.05))
        #expect(d.formatted == "0.60")
        let r = SceneParameter(name: "resistance", key: "r", range: 0...0.02, defaultValue: 0.002, step: .add(0.0005))
        #expect(r.formatted == "0.0020")
        let l = SceneParameter(name: "squareSize", unit: "pt", key: "l", range: 2...400, defaultValue: 40, step: .add(5))
        #expect(l.formatted == "40 pt")
        let s = SceneParameter(name: "duration", unit: "s", key: "u", range: 0.05...5, defaultValue: 0.3, step: .add(0.05))
        #expect(s.formatted == "0.30 s")
    }

    @Test func theSettlingLineGivesPredictionThenMeasurement() {
        #expect(HUD.settlingLine(SettlingReport(predicted: 56.94, elapsed: 3.52)) == "to rest: predicted 56.9 s · 3.5 s so far")
        #expect(HUD.settlingLine(SettlingReport(predicted: 56.94, measured: 58.06, elapsed: 58.06))
                == "to rest: predicted 56.9 s · took 58.1 s")
        #expect(HUD.settlingLine(SettlingReport(predicted: .infinity)) == "to rest: predicted never · 0.0 s so far")
    }

    @Test func theSpringPlotSpansTheSettlingTime() {
        #expect(HUD.plotSpan(0.4) == 1 && HUD.plotSpan(1) == 1)
        #expect(HUD.plotSpan(2.75) == 5)
        #expect(HUD.plotSpan(300) == 50)
        #expect(HUD.fixed2(8) == "8.00" && HUD.fixed2(-0.5) == "-0.50" && HUD.fixed2(2.754) == "2.75")
    }
}
