import Geometry
import Drawing

/// A city's generated picture: a sky graded in bands of its colour, a sun or a moon (with stars),
/// a far skyline, the city's ``CityLandmark``, and a near skyline with lit windows whose
/// silhouette has the card body's colour, so the picture runs into the card. Deterministic: the
/// same city at the same size gives the same commands (the skyline's random shapes are seeded
/// by the city's name, ``seed(of:)``).
///
/// The picture is laid out in ``PicturePen`` units (200 tall, x = 0 in the middle): a wider
/// picture shows more of the skyline at its sides, a taller one shows it larger.
struct CityPicture {
    /// The city shown.
    let city: City
    /// Its colours.
    let palette: CityPalette

    /// The picture of `city`.
    init(city: City) {
        self.city = city
        palette = CityPalette(city: city)
    }

    /// A seed from `name`: its UTF-8 bytes hashed with 64-bit FNV-1a (stable across runs, unlike
    /// `Hasher`).
    static func seed(of name: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// Where the sky reaches its horizon colour, units from the top.
    static let horizon = 175.0
    /// Height of the street along the bottom that the near skyline stands on, units.
    static let street = 8.0

    /// The picture's commands for a picture of `size` points, its top corners rounded by
    /// `topCornerRadius` points (the card's), in the picture's coordinates (points, origin top-left).
    func commands(size: Size, topCornerRadius: Double) -> [DrawCommand] {
        guard size.width > 0, size.height > 0 else { return [] }
        var pen = PicturePen(size: size)
        let p = palette
        drawSky(size: size, topCornerRadius: topCornerRadius, into: &pen)
        var random = SeededRandom(seed: Self.seed(of: city.name))
        drawLights(random: &random, into: &pen)
        city.landmark.drawBehind(with: &pen, palette: p)
        drawSkyline(far: true, seed: Self.seed(of: city.name) ^ 0xFA5, into: &pen)
        city.landmark.draw(with: &pen, palette: p)
        pen.rect(-pen.halfWidth, PicturePen.height - Self.street, 2 * pen.halfWidth, Self.street, p.body)
        drawSkyline(far: false, seed: Self.seed(of: city.name) ^ 0x4EA2, into: &pen)
        city.landmark.drawFront(with: &pen, palette: p)
        return pen.commands
    }

    /// The sky: horizontal bands from ``CityPalette/skyTop`` to ``CityPalette/skyHorizon``, on
    /// whole points, each reaching one point under the next: a card in flight sits on fractional
    /// pixels, where the direct renderer cuts each band's edges to whole pixels on its own and
    /// bands that merely met would leave a dark seam. The first band is rounded at the top like
    /// the card, and reaches under the second so its rounded bottom corners do not show.
    private func drawSky(size: Size, topCornerRadius r: Double, into pen: inout PicturePen) {
        let h = size.height, w = size.width
        let horizon = Self.horizon * pen.scale
        let bands = clamp(Int(saturating: horizon / 3), 8, 160)
        var y0 = 0.0
        for i in 0..<bands {
            let y1 = i == bands - 1 ? h : (horizon * Double(i + 1) / Double(bands)).rounded()
            // Eased toward the horizon: the glow gathers near the bottom, as at dusk.
            let t = pow((Double(i) + 0.5) / Double(bands), 1.6)
            let color = palette.skyTop.mixed(with: palette.skyHorizon, t)
            if i == 0 && r > 0 {
                pen.pointRect(Rect(x: 0, y: 0, width: w, height: min(h, y1 + 2 * r + 1)), color, radius: r)
            } else {
                pen.pointRect(Rect(x: 0, y: y0, width: w, height: min(h, y1 + 1) - y0), color)
            }
            y0 = y1
        }
    }

    /// The sun with its glow (dusk, day), or the moon and the stars (night); clouds by day.
    /// Kept clear of the top corners, which the card rounds. One glow ring each: a large disc
    /// is a new shape stamp at every size of a growing card, which the direct renderer must make.
    private func drawLights(random: inout SeededRandom, into pen: inout PicturePen) {
        let p = palette
        let x = random.range(-70, 70)
        switch p.mood {
        case .dusk:
            let y = 118.0
            pen.circle(x, y, 26, p.sun.withAlpha(0.14))
            pen.circle(x, y, 15, p.sun)
        case .night:
            for _ in 0..<90 {
                let sx = random.range(-700, 700), sy = random.range(10, 120), r = random.range(0.5, 1.1)
                let alpha = random.range(0.35, 0.9)
                // Clear of the card's rounded corners and of the open card's close button.
                let edge = pen.halfWidth - (sy * pen.scale < 64 ? 64 : 10) / pen.scale
                guard abs(sx) < edge else { continue }
                pen.circle(sx, sy, r, Color(white: 1, alpha: alpha))
            }
            let y = 52.0
            pen.circle(x, y, 15, p.sun.withAlpha(0.1))
            pen.circle(x, y, 9, p.sun)
        case .day:
            let y = 46.0
            pen.circle(x, y, 20, p.sun.withAlpha(0.16))
            pen.circle(x, y, 11, p.sun)
            let cloud = p.skyHorizon.mixed(with: .white, 0.7)
            for _ in 0..<6 {
                let cx = random.range(-520, 520), cy = random.range(60, 105), w = random.range(26, 46)
                pen.rect(cx - w / 2, cy, w, 7, cloud, radius: 3.5)
                pen.circle(cx - w * 0.12, cy + 1, w * 0.18, cloud)
                pen.circle(cx + w * 0.14, cy + 2, w * 0.13, cloud)
            }
        }
    }

    /// One row of buildings standing on the bottom, generated outward from the middle on both
    /// sides (each side with its own generator from `seed`): the far row is taller and plain, the near row lower, in the body's
    /// colour, with roofs, antennas and lit windows; it stays low around the landmark.
    private func drawSkyline(far: Bool, seed: UInt64, into pen: inout PicturePen) {
        let p = palette
        let ground = PicturePen.height
        let clearance = city.landmark.clearance
        for side in [-1.0, 1.0] {
            var rng = SeededRandom(seed: seed &+ (side > 0 ? 1 : 2))
            // The far row starts off the middle, so its gaps do not line up with the near row's.
            var edge = far ? 9 * side : 0
            while abs(edge) < 900 {
                let w = far ? rng.range(12, 30) : rng.range(16, 36)
                var h = far ? rng.range(42, 100) * city.landmark.farSkylineScale : rng.range(14, 60)
                let roof = rng.int(6), lit = rng.next()
                let x = side > 0 ? edge : edge - w
                edge += side * (w + (far ? rng.range(0, 3) : rng.range(1, 5)))
                guard pen.isVisible(x - 12, x + w + 12) else { continue }
                if !far && abs(x + w / 2) - w / 2 < clearance.halfWidth {
                    h = min(h, clearance.maxHeight)
                    if h < 8 { continue }
                }
                let top = ground - h
                let color = far ? p.farSkyline : p.body
                pen.rect(x, top, w, h, color)
                switch roof {
                case 0 where h > 24: pen.diamond(x + w / 2, top, halfWidth: w / 2, halfHeight: min(10, w / 3), color)
                case 1: pen.rect(x + w * 0.25, top - 6, w * 0.5, 6, color)
                case 2 where far: pen.rect(x + w / 2 - 0.5, top - 14, 1, 14, color)
                default: break
                }
                if !far { drawWindows(x: x, top: top, width: w, pattern: lit, into: &pen) }
            }
        }
    }

    /// Windows on a near building: a grid, lit where the bits of `pattern` say so (more of them
    /// at night); by day they are unlit panes.
    private func drawWindows(x: Double, top: Double, width: Double, pattern: UInt64, into pen: inout PicturePen) {
        let p = palette
        let bottom = PicturePen.height - Self.street - 3
        let columns = Int(saturating: (width - 4) / 5.5)
        guard columns > 0 else { return }
        let margin = (width - Double(columns) * 5.5 + 2.8) / 2
        var rng = SeededRandom(seed: pattern)
        let share = p.mood == .night ? 0.5 : p.mood == .dusk ? 0.3 : 0.55
        var y = top + 5
        while y + 3.6 <= bottom {
            for c in 0..<columns where rng.unit() < share {
                pen.rect(x + margin + Double(c) * 5.5, y, 2.8, 3.6, p.window)
            }
            y += 7
        }
    }
}
