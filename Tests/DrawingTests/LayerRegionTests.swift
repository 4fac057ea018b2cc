import Testing
import Geometry
@testable import Drawing

/// ``LayerRasterizer/drawnRegion(of:scale:glyphs:)``: the kept part of a layer holds every pixel
/// the whole image has, the same values, and a transparent rim.
@Suite struct LayerRegionTests {
    func content(_ size: Size, _ commands: [(DrawCommand, Rect?)]) -> LayerContent {
        var l = DisplayList()
        for (c, clip) in commands {
            if let clip { l.pushClip(clip) }
            l.append(c)
            if clip != nil { l.popClip() }
        }
        return LayerContent(id: 1, version: 1, size: size, list: l)
    }

    /// Rasterizes whole and by region; checks that nothing visible lies outside the region, that
    /// the region's pixels are the whole image's (within a 1/255 step of floating rounding), and
    /// that the region's outermost pixels are transparent where the image continues past them.
    func check(_ c: LayerContent, scale: Double, _ note: String) {
        let glyphs = BoxGlyphs()
        var whole = PixelBuffer(width: 0, height: 0)
        LayerRasterizer.rasterize(c, scale: scale, glyphs: glyphs, into: &whole)
        guard let r = LayerRasterizer.drawnRegion(of: c, scale: scale, glyphs: glyphs) else {
            for y in 0..<whole.height { for x in 0..<whole.width { #expect(whole.rgba8(x: x, y: y).3 == 0, "\(note): nothing drawn, yet (\(x), \(y))") } }
            return
        }
        #expect(r.x0 >= 0 && r.y0 >= 0 && r.x1 <= whole.width && r.y1 <= whole.height, "\(note): \(r) within the image")
        var part = PixelBuffer(width: 0, height: 0)
        LayerRasterizer.rasterize(c, scale: scale, glyphs: glyphs, region: r, into: &part)
        #expect(part.width == r.width && part.height == r.height)
        var outside = 0, differing = 0
        for y in 0..<whole.height {
            for x in 0..<whole.width {
                let w = whole.rgba8(x: x, y: y)
                let inside = x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1
                if !inside { if w.3 != 0 { outside += 1 }; continue }
                let p = part.rgba8(x: x - r.x0, y: y - r.y0)
                let d = max(abs(Int(w.0) - Int(p.0)), abs(Int(w.1) - Int(p.1)), abs(Int(w.2) - Int(p.2)), abs(Int(w.3) - Int(p.3)))
                if d > 1 { differing += 1 }
            }
        }
        #expect(outside == 0, "\(note): \(outside) visible pixels outside \(r)")
        #expect(differing == 0, "\(note): \(differing) pixels differ")
        // The rim (where the region is not cut by the image's own edge) stays transparent.
        for x in r.x0..<r.x1 {
            if r.y0 > 0 { #expect(part.rgba8(x: x - r.x0, y: 0).3 == 0, "\(note): top rim") }
            if r.y1 < whole.height { #expect(part.rgba8(x: x - r.x0, y: r.height - 1).3 == 0, "\(note): bottom rim") }
        }
    }

    @Test func aWindowWideRowKeepsItsBubble() throws {
        // A chat row 2236 points wide whose bubble and label sit at its right end.
        let c = content(Size(width: 2236, height: 44), [
            (.fill(rect: Rect(x: 1900, y: 4, width: 300, height: 36), cornerRadius: 18, color: .blue, alpha: 1, transform: .identity), nil),
            (.text("Yes, on my way", frame: Rect(x: 1915, y: 10, width: 270, height: 24), size: 15, color: .white,
                   alignment: .left, transform: .identity), nil),
        ])
        let r = try #require(LayerRasterizer.drawnRegion(of: c, scale: 1, glyphs: BoxGlyphs()))
        #expect(r.width <= 300 + 2 * (LayerRasterizer.padding + 1) + 1, "kept \(r.width) px of 2238")
        #expect(r.x0 >= 1900 - 2 && r.x0 <= 1900 + 1)
        check(c, scale: 1, "row")
        check(c, scale: 2, "row at 2×")
    }

    @Test func nothingDrawnKeepsNothing() {
        let c = content(Size(width: 100, height: 40), [
            (.fill(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0, color: .red, alpha: 0, transform: .identity), nil),
            (.fill(Rect(x: 10, y: 10, width: 20, height: 20), color: .red), Rect(x: 50, y: 0, width: 10, height: 10)),
        ])
        #expect(LayerRasterizer.drawnRegion(of: c, scale: 1, glyphs: nil) == nil)
        check(c, scale: 1, "empty")
    }

    @Test func aClipCutsTheRegion() throws {
        let c = content(Size(width: 200, height: 100), [
            (.fill(Rect(x: 0, y: 0, width: 200, height: 100), color: .red), Rect(x: 20, y: 30, width: 40, height: 10)),
        ])
        let r = try #require(LayerRasterizer.drawnRegion(of: c, scale: 1, glyphs: nil))
        #expect(r.width <= 40 + 6 && r.height <= 10 + 6, "\(r)")
        check(c, scale: 1, "clip")
    }

    /// Random fills (scaled, rotated, fractional), strokes, labels, nested layers and clips, at
    /// three scales.
    @Test(arguments: [1.0, 1.5, 2.0])
    func randomContentFitsItsRegion(scale: Double) {
        var g = SeededRandom(seed: 2611)
        for round in 0..<60 {
            let size = Size(width: g.range(20, 400), height: g.range(10, 120))
            var commands: [(DrawCommand, Rect?)] = []
            for _ in 0..<(1 + g.int(4)) {
                let rect = Rect(x: g.range(-30, size.width), y: g.range(-20, size.height), width: g.range(0.5, 80), height: g.range(0.5, 50))
                let clip: Rect? = g.chance(0.3) ? Rect(x: g.range(0, size.width), y: g.range(0, size.height), width: g.range(1, 100), height: g.range(1, 60)) : nil
                switch g.int(4) {
                case 0:
                    var t = AffineTransform(translationX: g.range(-5, 5), y: g.range(-5, 5))
                    if g.chance(0.5) { t = AffineTransform(scaleX: g.range(0.5, 1.5), y: g.range(0.5, 1.5)).concatenating(t) }
                    if g.chance(0.4) { t = AffineTransform(rotationAngle: g.range(-1, 1)).concatenating(t) }
                    commands.append((.fill(rect: rect, cornerRadius: g.range(0, 20), color: .red, alpha: g.range(0.2, 1), transform: t), clip))
                case 1:
                    let pts = (0..<(2 + g.int(3))).map { _ in Point(x: g.range(-10, size.width + 10), y: g.range(-10, size.height + 10)) }
                    commands.append((.stroke(points: pts, closed: g.chance(0.5), width: g.range(0.5, 6), color: .green), clip))
                case 2:
                    let align: TextAlignment = [.left, .center, .right][g.int(3)]
                    commands.append((.text(String(repeating: "x", count: 1 + g.int(12)), frame: rect, size: g.range(8, 20), color: .white,
                                           alignment: align, transform: AffineTransform(translationX: g.range(-3, 3), y: g.range(-3, 3))), clip))
                default:
                    var inner = DisplayList()
                    inner.append(.fill(Rect(x: g.range(-5, 20), y: g.range(-5, 20), width: g.range(1, 30), height: g.range(1, 30)),
                                       radius: g.range(0, 8), color: .blue))
                    let innerContent = LayerContent(id: 2, version: 1, size: rect.size, list: inner)
                    commands.append((.layer(innerContent, frame: rect, alpha: 1, transform: .identity), clip))
                }
            }
            check(content(size, commands), scale: scale, "round \(round) at \(scale)×")
        }
    }
}
