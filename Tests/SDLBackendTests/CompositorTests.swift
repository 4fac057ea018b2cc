import Testing
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Drawing
import KineticTestSupport
@testable import SDLBackend

/// The compositor through the real renderer: exact corners at 1× and 2×, layers drawn from the
/// cache identical to layers drawn fresh, and shadows. In the serialized SDL suite.
extension SDLTests {
    /// The fraction of white over black at a pixel (the red channel / 255).
    func whiteness(_ c: HeadlessCanvas, _ x: Int, _ y: Int) throws -> Double { Double(try c.pixel(x: x, y: y).r) / 255 }

    func blackList(_ commands: DrawCommand...) -> DisplayList {
        var l = DisplayList()
        l.background = .black
        for c in commands { l.append(c) }
        return l
    }

    func layer(id: Int, version: Int = 1, size: Size, _ commands: DrawCommand...) -> LayerContent {
        var l = DisplayList()
        for c in commands { l.append(c) }
        return LayerContent(id: id, version: version, size: size, list: l)
    }

    /// Worst difference between the drawn corner and the analytic circle, over the top-left
    /// corner's pixels of a rect at (10, 10) sized 60 × 40 points with `radius`.
    func worstCornerError(scale: Double, radius: Double, rasterized: Bool) throws -> Double {
        let c = try canvas(100, 70, scale: scale)
        let rect = Rect(x: 10, y: 10, width: 60, height: 40)
        if rasterized {
            let content = layer(id: 900 + Int(scale * 10 + radius), size: rect.size,
                                .fill(Rect(x: 0, y: 0, width: 60, height: 40), radius: radius, color: .white))
            c.renderer.draw(blackList(.layer(content, frame: rect, alpha: 1, transform: .identity)))
        } else {
            c.renderer.draw(blackList(.fill(rect, radius: radius, color: .white)))
        }
        var worst = 0.0
        let (x0, y0, r) = (rect.minX * scale, rect.minY * scale, radius * scale)
        for py in Int(y0) - 1...Int(y0 + r) + 1 {
            for px in Int(x0) - 1...Int(x0 + r) + 1 {
                let ref = referenceCoverage(px: px, py: py, minX: x0, minY: y0, maxX: rect.maxX * scale, maxY: rect.maxY * scale, radius: r)
                worst = max(worst, abs(try whiteness(c, px, py) - ref))
            }
        }
        return worst
    }

    @Test(arguments: [1.0, 2.0])
    func cornersMatchTheAnalyticCircle(scale: Double) throws {
        for radius in [6.0, 13.5] {
            let direct = try worstCornerError(scale: scale, radius: radius, rasterized: false)
            let layered = try worstCornerError(scale: scale, radius: radius, rasterized: true)
            #expect(direct < 1.0 / 16, "direct fill, radius \(radius) at \(scale)×: worst \(direct)")
            #expect(layered < 1.0 / 16, "layer, radius \(radius) at \(scale)×: worst \(layered)")
        }
    }

    @Test func aCircleIsExactWhereverItSits() throws {
        let c = try canvas()
        c.renderer.draw(blackList(.circle(center: Point(x: 100.3, y: 60.6), radius: 9.7, color: .white)))
        var worst = 0.0
        for py in 48...73 {
            for px in 88...113 {
                let ref = referenceCoverage(px: px, py: py, minX: 90.6, minY: 50.9, maxX: 110, maxY: 70.3, radius: 9.7)
                worst = max(worst, abs(try whiteness(c, px, py) - ref))
            }
        }
        #expect(worst < 1.0 / 16, "worst \(worst)")
    }

    func pixels(_ c: HeadlessCanvas, _ w: Int, _ h: Int) throws -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<h { for x in 0..<w {
            let p = try c.pixel(x: x, y: y)
            out.append(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
        } }
        return out
    }

    func cellList(at origin: Point, version: Int = 1, alpha: Double = 1, transform: AffineTransform = .identity) -> DisplayList {
        let size = Size(width: 50, height: 40)
        let content = layer(id: 77, version: version, size: size,
                            .fill(Rect(origin: .zero, size: size), radius: 6, color: .gray),
                            .text("42", frame: Rect(origin: .zero, size: size), size: 13, color: .white, alignment: .center, transform: .identity))
        var l = DisplayList()
        l.background = Self.bg
        l.append(.layer(content, frame: Rect(origin: origin, size: size), alpha: alpha, transform: transform))
        return l
    }

    @Test func aCellFromTheCacheIsIdenticalToOneDrawnFresh() throws {
        let c = try canvas(80, 60)
        c.renderer.draw(cellList(at: Point(x: 10, y: 10)))
        #expect(c.renderer.lastLayersRasterized == 1 && c.renderer.lastLayersComposited == 1)
        let first = try pixels(c, 80, 60)
        c.renderer.draw(cellList(at: Point(x: 10, y: 10)))
        #expect(c.renderer.lastLayersRasterized == 0)
        #expect(try pixels(c, 80, 60) == first)
        // A new renderer that has never seen the layer draws the same pixels.
        let fresh = try canvas(80, 60)
        fresh.renderer.draw(cellList(at: Point(x: 10, y: 10)))
        #expect(try pixels(fresh, 80, 60) == first)
        // Moving, fading or rotating the layer reuses its pixels; a new version draws it again.
        c.renderer.draw(cellList(at: Point(x: 20.4, y: 12.2), alpha: 0.5, transform: AffineTransform(rotationAngle: 0.3)))
        #expect(c.renderer.lastLayersRasterized == 0)
        c.renderer.draw(cellList(at: Point(x: 20, y: 12), version: 2))
        #expect(c.renderer.lastLayersRasterized == 1)
    }

    @Test func aVolatileLayerIsDrawnDirectlyAndCutAtItsFrame() throws {
        let c = try canvas()
        var content = layer(id: 81, size: Size(width: 40, height: 30),
                            .fill(Rect(x: 0, y: 0, width: 40, height: 30), color: .red),
                            .fill(Rect(x: 30, y: 0, width: 40, height: 30), color: .blue)) // overflows the layer
        content.isVolatile = true
        var l = DisplayList()
        l.background = Self.bg
        l.append(.layer(content, frame: Rect(x: 20, y: 20, width: 40, height: 30), alpha: 1, transform: .identity))
        c.renderer.draw(l)
        #expect(c.renderer.lastLayersRasterized == 0 && c.renderer.layers.count == 0)
        #expect(try c.pixel(x: 30, y: 30).r == 255)
        #expect(try c.pixel(x: 55, y: 30).b == 255)
        // Cut at the layer's frame, as its pixels would be.
        #expect(try c.pixel(x: 70, y: 30) == c.pixel(x: 150, y: 100))
    }

    @Test func aRotatedLayerIsDrawnRotated() throws {
        let c = try canvas()
        let content = layer(id: 78, size: Size(width: 80, height: 80), .fill(Rect(x: 0, y: 0, width: 80, height: 80), color: .white))
        var l = DisplayList()
        l.background = Self.bg
        l.append(.layer(content, frame: Rect(x: 60, y: 20, width: 80, height: 80), alpha: 1, transform: AffineTransform(rotationAngle: .pi / 4)))
        c.renderer.draw(l)
        // As the rotated fill test: the corner points up to (100, 60 − 56.6); the old corner is empty.
        #expect(try c.pixel(x: 100, y: 8).r > 200)
        #expect(try c.pixel(x: 63, y: 23).r < 0x20)
        #expect(try c.pixel(x: 100, y: 60).r == 255)
    }

    /// A lifted cell as the drag scene shows one: rotated 12°, scaled 1.1, with a soft shadow,
    /// at 1× and 2×. Set KINETIC_TEST_ARTIFACTS to a folder to keep the PNGs for a look.
    @Test(arguments: [1.0, 2.0])
    func aLiftedRotatedCellWithItsShadow(scale: Double) throws {
        let c = try canvas(160, 120, scale: scale)
        let size = Size(width: 60, height: 60)
        let content = layer(id: 82, size: size,
                            .fill(Rect(origin: .zero, size: size), radius: 6, color: .red),
                            .text("163", frame: Rect(origin: .zero, size: size), size: 13, color: .white, alignment: .center, transform: .identity))
        let t = AffineTransform(rotationAngle: 12 * .pi / 180).scaledBy(x: 1.1, y: 1.1)
        let frame = Rect(x: 50, y: 30, width: 60, height: 60)
        var l = DisplayList()
        l.background = Color.background
        l.append(.shadow(rect: frame.offset(by: Vector(dx: 0, dy: 8)), cornerRadius: 6, blur: 12, color: .black.withAlpha(0.5), transform: t))
        l.append(.layer(content, frame: frame, alpha: 1, transform: t))
        c.renderer.draw(l)
        if let dir = getenv("KINETIC_TEST_ARTIFACTS").map({ String(cString: $0) }) {
            try c.savePNG(to: "\(dir)/lifted-\(Int(scale))x.png")
        }
        // Scaled up, the content is drawn finer (twice the pixels), so it stays sharp.
        #expect(c.renderer.layers.count == 1)
        let px = { (x: Double, y: Double) throws in try c.pixel(x: Int(x * scale), y: Int(y * scale)) }
        #expect(try px(80, 60).r == 255 || px(80, 60).g > 200) // red body or white text at the centre
        #expect(try px(80, 36).r == 255)                          // inside, above the label
        // The shadow darkens the background below the cell, not above it.
        let below = try px(80, 101), above = try px(80, 5), bg = Color.background.rgba8
        #expect(below.b < bg.2 && above.b == bg.2)
    }

    @Test func aLargeLayerIsDrawnDirectlyAtItsSize() throws {
        // 700 × 400 points: more pixels than the cache keeps (a 512-pixel square).
        let c = try canvas(800, 500)
        let content = layer(id: 79, size: Size(width: 700, height: 400), .fill(Rect(x: 0, y: 0, width: 700, height: 400), color: .red))
        var l = DisplayList()
        l.append(.layer(content, frame: Rect(x: 50, y: 50, width: 700, height: 400), alpha: 1, transform: .identity))
        c.renderer.draw(l)
        #expect(c.renderer.layers.count == 0 && c.renderer.lastLayersRasterized == 0)
        #expect(try c.pixel(x: 51, y: 51).r == 255 && c.pixel(x: 748, y: 448).r == 255)
        #expect(try c.pixel(x: 49, y: 51).r != 255 && c.pixel(x: 751, y: 448).r != 255)
        // A full-width list row (1,250 × 44) is kept.
        // (A dot on it: a layer of one colour alone is drawn as a quad, without a texture.)
        let row = layer(id: 80, size: Size(width: 750, height: 44), .fill(Rect(x: 0, y: 0, width: 750, height: 44), color: .blue),
                        .fill(Rect(x: 10, y: 10, width: 4, height: 4), color: .white))
        var r = DisplayList()
        r.append(.layer(row, frame: Rect(x: 20, y: 20, width: 750, height: 44), alpha: 1, transform: .identity))
        c.renderer.draw(r)
        #expect(c.renderer.layers.count == 1 && c.renderer.lastLayersComposited == 1)
        // A card the cache keeps at 1×, scaled up 2× (so drawn at twice the pixels, too many to
        // keep): it is drawn directly rather than not at all.
        let card = layer(id: 83, size: Size(width: 250, height: 350), .fill(Rect(x: 0, y: 0, width: 250, height: 350), color: .green))
        var z = DisplayList()
        z.append(.layer(card, frame: Rect(x: 275, y: 75, width: 250, height: 350), alpha: 1, transform: AffineTransform(scaleX: 2, y: 2)))
        c.renderer.draw(z)
        #expect(c.renderer.lastLayersComposited == 0)
        #expect(try c.pixel(x: 400, y: 250).g > 150 && c.pixel(x: 160, y: 250).g > 150)
    }

    @Test func shadowIsSoftAndCentredUnderItsOffset() throws {
        let c = try canvas()
        let rect = Rect(x: 60, y: 30, width: 80, height: 60)
        c.renderer.draw(list(.shadow(rect: rect.offset(by: Vector(dx: 0, dy: 6)), cornerRadius: 8, blur: 8, color: .black, transform: .identity)))
        let bg = Int(Self.bg.rgba8.2)
        // Dark under the middle, lighter towards the blur's edge, untouched far away.
        let middle = Int(try c.pixel(x: 100, y: 66).b), rim = Int(try c.pixel(x: 100, y: 97).b)
        let outer = Int(try c.pixel(x: 100, y: 104).b), far = Int(try c.pixel(x: 100, y: 115).b)
        #expect(middle < 4)
        #expect(rim > middle && outer > rim && outer < bg)
        #expect(far == bg)
        // Symmetric left and right of the centre line.
        #expect(try c.pixel(x: 56, y: 66).b == c.pixel(x: 143, y: 66).b)
    }

    /// An unrotated shadow is one pre-tinted whole image from the atlas (a plain blit); it looks
    /// like the nine tinted slices every other shadow is drawn from (within 1/32 in opacity).
    @Test func aWholeShadowMatchesTheNineSlices() throws {
        let rect = Rect(x: 40, y: 30, width: 40, height: 40)
        let color = Color.black.withAlpha(0.45)
        let a = try canvas(), b = try canvas()
        a.renderer.draw(list(.shadow(rect: rect, cornerRadius: 6, blur: 10, color: color, transform: .identity)))
        // A rotation of 1e-9 rad takes the nine-slice path and moves nothing by a pixel.
        let t = AffineTransform(rotationAngle: 1e-9)
        b.renderer.draw(list(.shadow(rect: rect, cornerRadius: 6, blur: 10, color: color, transform: t)))
        var worst = 0
        for y in stride(from: 10, to: 95, by: 3) {
            for x in stride(from: 20, to: 100, by: 3) {
                worst = max(worst, abs(Int(try a.pixel(x: x, y: y).b) - Int(try b.pixel(x: x, y: y).b)))
            }
        }
        #expect(worst <= 6, "largest difference \(worst)/255")
    }

    /// A large opaque area is a rectangle fill (no blending); what follows still blends: a faint
    /// white line over it lightens it a little and stays opaque (it was once copied as is,
    /// alpha and all, leaving a bright seam beside the collapsed HUD).
    @Test func aLargeFillLeavesBlendingOnForWhatFollows() throws {
        let c = try canvas()
        c.renderer.draw(list(.fill(Rect(x: 0, y: 0, width: 200, height: 120), color: Color(white: 0.1)),
                             .line(from: Point(x: 100, y: 0), to: Point(x: 100, y: 120), width: 2, color: Color(white: 1, alpha: 0.08))))
        let p = try c.pixel(x: 100, y: 60), q = try c.pixel(x: 50, y: 60)
        #expect(q.r == 26 && q.a == 255)
        #expect(p.r > q.r && p.r < 60 && p.a >= 250, "\(p)")  // SDL rounds the blended alpha to 253
    }

    @Test func overflowingTheAtlasKeepsDrawingCorrectly() throws {
        let c = try canvas(120, 60)
        // Many distinct stamps (circles at sub-pixel offsets and sizes) fill the shape atlas;
        // the frame still draws the last circle right.
        var l = DisplayList()
        l.background = .black
        for i in 0..<2_000 {
            l.append(.circle(center: Point(x: 30 + Double(i % 4) * 0.25, y: 30), radius: 5 + Double(i) * 0.01, color: .white))
        }
        l.append(.circle(center: Point(x: 90, y: 30), radius: 10, color: .white))
        c.renderer.draw(l)
        #expect(c.renderer.shapes.resets > 1)
        #expect(try c.pixel(x: 90, y: 30).r == 255)
        #expect(try c.pixel(x: 90, y: 45).r == 0)
    }
}

/// Layers keep only the part their commands draw (``LayerRasterizer/drawnRegion(of:scale:glyphs:)``).
extension SDLTests {
    /// A chat row wider than a texture page (2048 px) whose bubble sits at its right end.
    func wideRow(id: Int) -> LayerContent {
        layer(id: id, size: Size(width: 2236, height: 44),
              .fill(Rect(x: 1900, y: 4, width: 300, height: 36), radius: 18, color: .white),
              .text("Yes, on my way", frame: Rect(x: 1915, y: 10, width: 270, height: 24), size: 15, color: .black,
                    alignment: .left, transform: .identity))
    }

    @Test func aRowWiderThanAPageIsKeptAndDrawsTheSamePixels() throws {
        let c = try canvas(2300, 60)
        c.renderer.draw(blackList(.layer(wideRow(id: 501), frame: Rect(x: 10, y: 8, width: 2236, height: 44), alpha: 1, transform: .identity)))
        #expect(c.renderer.lastLayersComposited == 1 && c.renderer.lastLayersRasterized == 1, "kept, not drawn directly")
        let kept = try pixels(c, 2300, 60)
        // The same row drawn directly (volatile) gives the same bubble.
        var direct = wideRow(id: 502)
        direct.isVolatile = true
        let d = try canvas(2300, 60)
        d.renderer.draw(blackList(.layer(direct, frame: Rect(x: 10, y: 8, width: 2236, height: 44), alpha: 1, transform: .identity)))
        #expect(d.renderer.lastLayersComposited == 0)
        // Compare the bubble's body and the empty left part (the label's glyphs are drawn by two paths).
        for (x, y) in [(1930, 14), (2100, 45), (2205, 30), (50, 30), (1000, 20)] {
            #expect(try c.pixel(x: x, y: y) == d.pixel(x: x, y: y), "(\(x), \(y))")
        }
        #expect(try c.pixel(x: 2000, y: 14).r == 255 && c.pixel(x: 1000, y: 30).r == 0)
        // A second frame composites the kept pixels without drawing them again.
        c.renderer.draw(blackList(.layer(wideRow(id: 501), frame: Rect(x: 10, y: 8, width: 2236, height: 44), alpha: 1, transform: .identity)))
        #expect(c.renderer.lastLayersRasterized == 0)
        #expect(try pixels(c, 2300, 60) == kept)
    }

    @Test func aTrimmedLayerTurnsAboutItsOwnCentre() throws {
        // A 200 × 40 layer whose only content is a white square at its right end, turned 90°
        // about its centre (100, 100): the square lands 80 points below the centre.
        let c = try canvas(200, 200)
        let content = layer(id: 503, size: Size(width: 200, height: 40), .fill(Rect(x: 170, y: 10, width: 20, height: 20), color: .white))
        c.renderer.draw(blackList(.layer(content, frame: Rect(x: 0, y: 80, width: 200, height: 40), alpha: 1,
                                         transform: AffineTransform(rotationAngle: .pi / 2))))
        #expect(c.renderer.lastLayersComposited == 1)
        #expect(try whiteness(c, 100, 180) > 0.9, "the square, turned")
        #expect(try whiteness(c, 100, 20) < 0.1 && whiteness(c, 180, 100) < 0.1)
        // Scaled, not turned (the quad path): twice the size about the centre puts it 160 right.
        let s = try canvas(400, 200)
        s.renderer.draw(blackList(.layer(content, frame: Rect(x: 100, y: 80, width: 200, height: 40), alpha: 1,
                                         transform: AffineTransform(scaleX: 2, y: 2))))
        #expect(try whiteness(s, 360, 100) > 0.9 && whiteness(s, 300, 100) < 0.1)
    }

    @Test func aLayerThatDrawsNothingCompositesNothing() throws {
        let c = try canvas(100, 60)
        let empty = layer(id: 504, size: Size(width: 80, height: 40), .fill(Rect(x: 0, y: 0, width: 80, height: 40), color: .clear))
        for _ in 0..<2 {
            c.renderer.draw(blackList(.layer(empty, frame: Rect(x: 10, y: 10, width: 80, height: 40), alpha: 1, transform: .identity)))
            #expect(c.renderer.lastLayersComposited == 0 && c.renderer.lastLayersRasterized == 0)
            #expect(try c.pixel(x: 50, y: 30).r == 0)
        }
    }
}
