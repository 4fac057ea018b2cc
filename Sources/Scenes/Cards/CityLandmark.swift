import Drawing

/// What stands out on a city's skyline in its ``CityPicture``: a simple vector silhouette in the
/// middle of the picture, drawn with the ``PicturePen``'s rectangles, discs, diamonds and lines.
public enum CityLandmark: Sendable, Hashable, CaseIterable {
    /// Nothing but the skyline.
    case none
    /// A suspension bridge: two towers, a deck and sagging cables (Lisbon's 25 de Abril).
    case suspensionBridge
    /// A five-storey pagoda (Kyoto's Tō-ji).
    case pagoda
    /// A tall church tower with stepped wings (Reykjavík's Hallgrímskirkja).
    case churchTower
    /// A square minaret with a lantern and three gilded balls (Marrakesh's Koutoubia).
    case minaret
    /// A row of narrow gabled canal houses (Amsterdam).
    case gables
    /// An obelisk (Buenos Aires's Obelisco).
    case obelisk
    /// A flat-topped mountain behind the city, with a peak beside it (Cape Town).
    case tableMountain
    /// A great dome with half domes and four minarets (Istanbul).
    case domes
    /// Snow-capped peaks behind the city (Vancouver).
    case mountains
    /// A red arched bridge over a lake, with a small temple (Hanoi's Thê Húc bridge).
    case archBridge

    /// Where the near skyline stays low so the landmark shows: within `halfWidth` units of the
    /// middle its buildings are at most `maxHeight` units tall (none when below 8).
    var clearance: (halfWidth: Double, maxHeight: Double) {
        switch self {
        case .none, .tableMountain, .mountains: return (0, .infinity)
        case .suspensionBridge: return (75, 24)
        case .pagoda: return (34, 18)
        case .churchTower: return (50, 20)
        case .minaret: return (30, 22)
        case .gables: return (80, 0)
        case .obelisk: return (26, 22)
        case .domes: return (72, 18)
        case .archBridge: return (96, 0)
        }
    }

    /// How tall the far skyline stands in front of this landmark, as a share of its usual height:
    /// 0.7 in front of mountains, so they show; 1 otherwise.
    var farSkylineScale: Double {
        self == .mountains || self == .tableMountain ? 0.7 : 1
    }

    /// The baseline of the hills and mountains drawn behind the far skyline, units from the top:
    /// a mountain is a diamond whose lower half must end inside the picture (200 units).
    static let hillBase = 140.0

    /// Draws what stands behind the far skyline (mountains, on a band of haze down to the bottom).
    func drawBehind(with pen: inout PicturePen, palette p: CityPalette) {
        let base = Self.hillBase
        switch self {
        case .tableMountain:
            // The flat top from −80 to 60, slopes on either side; Lion's Head to the right.
            let top = 94.0
            pen.diamond(-80, base, halfWidth: 46, halfHeight: base - top, p.haze)
            pen.diamond(60, base, halfWidth: 34, halfHeight: base - top, p.haze)
            pen.rect(-80, top, 140, base - top, p.haze)
            pen.diamond(128, base, halfWidth: 26, halfHeight: 34, p.haze)
            pen.diamond(-190, base, halfWidth: 60, halfHeight: 18, p.haze)
        case .mountains:
            let snow = p.haze.mixed(with: .white, 0.55)
            for (x, hw, hh) in [(-170.0, 70.0, 40.0), (-80, 64, 52), (15, 78, 58), (120, 62, 46), (215, 70, 36)] {
                pen.diamond(x, base, halfWidth: hw, halfHeight: hh, p.haze)
                // The cap shares the peak's slopes (the same shape, a third as tall); a notch of
                // rock cut into its lower point makes a jagged snow line.
                let cap = hh / 3, cw = hw * cap / hh, cy = base - hh + cap
                pen.diamond(x, cy, halfWidth: cw, halfHeight: cap, snow)
                pen.diamond(x, cy + cap * 0.55, halfWidth: cw * 0.55, halfHeight: cap * 0.55, p.haze)
            }
        default:
            return
        }
        // The land the mountains stand on covers their lower halves.
        pen.rect(-pen.halfWidth, base, 2 * pen.halfWidth, PicturePen.height - base, p.haze)
    }

    /// Draws the landmark between the far and the near skyline, standing on the bottom (200 units).
    func draw(with pen: inout PicturePen, palette p: CityPalette) {
        let ground = PicturePen.height
        let c = p.landmark
        switch self {
        case .none, .tableMountain, .mountains, .archBridge:
            return
        case .suspensionBridge:
            let deck = 150.0, towerTop = 86.0
            for x in [-58.0, 58] {
                pen.rect(x - 3, towerTop, 6, ground - towerTop, p.accent)
                pen.rect(x - 5, towerTop + 14, 10, 3, p.accent)
                pen.rect(x - 5, deck - 18, 10, 3, p.accent)
            }
            // The main cable: a parabola between the towers, falling away beyond them.
            var cable: [(Double, Double)] = []
            for i in 0...24 {
                let x = -58 + 116 * Double(i) / 24
                cable.append((x, towerTop + 2 + 46 * (1 - (x / 58) * (x / 58))))
            }
            pen.polyline([(-140, deck - 2), (-58, towerTop + 2)], width: 1.4, p.accent)
            pen.polyline(cable, width: 1.4, p.accent)
            pen.polyline([(58, towerTop + 2), (140, deck - 2)], width: 1.4, p.accent)
            for i in 1..<12 {
                let x = -58 + 116 * Double(i) / 12
                pen.rect(x - 0.35, towerTop + 2 + 46 * (1 - (x / 58) * (x / 58)), 0.7,
                         deck - towerTop - 2 - 46 * (1 - (x / 58) * (x / 58)), p.accent)
            }
            pen.rect(-pen.halfWidth, deck, 2 * pen.halfWidth, 5, p.accent)
        case .pagoda:
            pen.rect(-22, ground - 8, 44, 8, c)
            var y = ground - 8, w = 30.0
            for _ in 0..<5 {
                pen.rect(-w / 2, y - 14, w, 14, c)
                // Flared eaves: a flat diamond over each storey.
                pen.diamond(0, y - 14, halfWidth: w / 2 + 11, halfHeight: 4.5, c)
                y -= 16
                w -= 3.5
            }
            pen.rect(-0.9, y - 26, 1.8, 28, c)
            for k in 0..<4 { pen.circle(0, y - 6 - 4.5 * Double(k), 2.2, c) }
        case .churchTower:
            // The nave behind, then the stepped wings, then the tower with its steep spire.
            pen.rect(-44, ground - 34, 88, 34, c)
            for k in 0..<5 {
                let x = 8.0 + 7 * Double(k), top = 86.0 + 14 * Double(k)
                pen.rect(x, top, 7.5, ground - top, c)
                pen.rect(-x - 7.5, top, 7.5, ground - top, c)
            }
            pen.diamond(0, 66, halfWidth: 8, halfHeight: 26, c)
            pen.rect(-8, 66, 16, ground - 66, c)
            pen.circle(0, 80, 2.6, p.window)
        case .minaret:
            pen.rect(-11, 62, 22, ground - 62, c)
            pen.rect(-13, 58, 26, 5, c)
            pen.rect(-6, 44, 12, 15, c)
            pen.circle(0, 44, 5.5, c)
            pen.rect(-0.6, 26, 1.2, 16, c)
            for (y, r) in [(37.0, 2.0), (32.5, 1.7), (28.5, 1.4)] { pen.circle(0, y, r, p.window) }
            // Arched windows, lit: two rows of slots.
            for y in [78.0, 104, 130] { for x in [-6.0, 3] { pen.rect(x, y, 3, 8, p.window.withAlpha(0.8), radius: 1.5) } }
        case .gables:
            let widths = [17.0, 15, 19, 16, 18, 15, 17, 19, 16]
            let heights = [62.0, 74, 66, 82, 70, 78, 64, 72, 60]
            var x = -widths.reduce(0, +) / 2
            for (i, (w, h)) in zip(widths, heights).enumerated() {
                let top = ground - h
                let tint = i % 2 == 0 ? c : c.mixed(with: p.farSkyline, 0.18)
                pen.rect(x, top, w, h, tint)
                switch i % 3 {
                case 0: pen.diamond(x + w / 2, top, halfWidth: w / 2, halfHeight: 9, tint)        // pitched
                case 1: pen.rect(x + 3, top - 6, w - 6, 6, tint); pen.rect(x + 6, top - 11, w - 12, 5, tint)  // stepped
                default: pen.circle(x + w / 2, top, w / 2 - 2, tint); pen.rect(x + w / 2 - 1.5, top - w / 2 - 2, 3, 4, tint)  // bell
                }
                // Two columns of tall windows, most of them lit.
                var wy = top + 8
                while wy < ground - 14 {
                    for col in 0..<2 where (i + col + Int(saturating: wy)) % 4 != 0 {
                        pen.rect(x + 3.5 + Double(col) * (w - 10), wy, 3, 6, p.window)
                    }
                    wy += 11
                }
                x += w
            }
            // The canal in front.
            let water = p.farSkyline.mixed(with: p.body, 0.5)
            pen.rect(-88, ground - 12, 176, 12, water)
            for k in 0..<6 { pen.rect(-70 + 26 * Double(k), ground - 8 + Double(k % 2) * 3, 12, 0.9, p.window.withAlpha(0.5)) }
        case .obelisk:
            pen.rect(-6, 42, 12, ground - 42, c)
            pen.diamond(0, 42, halfWidth: 6, halfHeight: 9, c)
            pen.rect(-1.2, 50, 2.4, 3.2, p.window)
            pen.rect(-24, ground - 10, 48, 10, c)
        case .domes:
            pen.rect(-46, ground - 48, 92, 48, c)
            pen.circle(0, ground - 48, 30, c)
            for x in [-32.0, 32] { pen.circle(x, ground - 46, 16, c) }
            pen.rect(-0.8, ground - 92, 1.6, 16, c)
            for (x, top) in [(-54.0, 78.0), (54, 78), (-66, 96), (66, 96)] {
                pen.diamond(x, top, halfWidth: 2.6, halfHeight: 12, c)
                pen.rect(x - 2.6, top, 5.2, ground - top, c)
                pen.rect(x - 4, top + 18, 8, 2, c)
                pen.rect(x - 4, top + 40, 8, 2, c)
            }
            // Lit arcades along the base.
            for k in 0..<9 { pen.rect(-38 + 9 * Double(k), ground - 30, 4, 7, p.window, radius: 2) }
        }
    }

    /// Draws what stands in front of the near skyline.
    func drawFront(with pen: inout PicturePen, palette p: CityPalette) {
        guard self == .archBridge else { return }
        let ground = PicturePen.height
        // The lake across the whole picture, the city on its far shore: the body's colour lit a
        // little by the sky, so it runs into the card below.
        let water = p.body.mixed(with: p.skyHorizon, 0.14)
        pen.rect(-pen.halfWidth, ground - 24, 2 * pen.halfWidth, 24, water)
        for k in -12...12 {
            let x = 23 * Double(k) + (k % 2 == 0 ? 0 : 9)
            pen.rect(x, ground - 18 + Double((k + 12) % 3) * 5, 9 + Double((k + 12) % 4) * 2, 0.8, p.window.withAlpha(0.35))
        }
        // The temple on its island, on the right.
        pen.rect(40, ground - 40, 34, 16, p.landmark)
        pen.diamond(57, ground - 40, halfWidth: 26, halfHeight: 7, p.landmark)
        pen.rect(50, ground - 56, 14, 8, p.landmark)
        pen.diamond(57, ground - 56, halfWidth: 13, halfHeight: 5, p.landmark)
        for x in [44.0, 54, 64] { pen.rect(x, ground - 35, 3, 6, p.window) }
        pen.rect(26, ground - 26, 62, 4, p.landmark)
        // The bridge: a red arch from the left shore to the island, railing above the deck.
        let red = Color(hex: 0xC8372D).mixed(with: p.body, 0.2)
        var arch: [(Double, Double)] = [], rail: [(Double, Double)] = []
        for i in 0...20 {
            let t = Double(i) / 20, x = -84 + 116 * t
            let y = ground - 24 - 16 * 4 * t * (1 - t)
            arch.append((x, y)); rail.append((x, y - 5))
        }
        pen.polyline(arch, width: 2.6, red)
        pen.polyline(rail, width: 1, red)
        for i in stride(from: 0, through: 20, by: 2) { pen.rect(arch[i].0 - 0.5, rail[i].1, 1, 5, red) }
    }
}
