import Testing
import Geometry
import Drawing
@testable import SDLBackend

/// Shadows too large for the atlas, drawn as nine slices of one blurred image: their edges are
/// gradients like the whole shadow's (the edge slices once sampled a one-texel column, which
/// SDL's software renderer truncated to nothing and filled flat). In the serialized SDL suite.
extension SDLTests {
    func whiteList(_ commands: DrawCommand...) -> DisplayList {
        var l = DisplayList()
        l.background = .white
        for c in commands { l.append(c) }
        return l
    }

    /// How dark each pixel is (255 − red) walking `count` pixels from `(x, y)` by `(dx, dy)`.
    func darkness(_ c: HeadlessCanvas, from x: Int, _ y: Int, step dx: Int, _ dy: Int, count: Int) throws -> [Int] {
        try (0..<count).map { 255 - Int(try c.pixel(x: x + $0 * dx, y: y + $0 * dy).r) }
    }

    /// Darkest at the shape's edge, fading with every pixel over the blur (no flat band that
    /// stops in a step), clear past it.
    func expectFades(_ d: [Int], _ what: String) {
        #expect(d[0] > 40 && d[0] < 90, "\(what): \(d)")
        #expect(d.last == 0, "\(what): \(d)")
        for i in 1..<d.count {
            #expect(d[i] <= d[i - 1], "\(what): \(d)")
            #expect(d[i] < d[i - 1] || d[i] <= 2, "\(what): \(d)")
            #expect(d[i - 1] - d[i] <= 24, "\(what): \(d)")
        }
    }

    @Test func aLargeShadowsEdgesAreGradients() throws {
        let c = try canvas(500, 540)
        let wide = Rect(x: 50, y: 40, width: 400, height: 60), tall = Rect(x: 100, y: 120, width: 60, height: 400)
        let color = Color.black.withAlpha(0.5)
        c.renderer.draw(whiteList(.shadow(rect: wide, cornerRadius: 24, blur: 8, color: color, transform: .identity),
                                  .shadow(rect: tall, cornerRadius: 24, blur: 8, color: color, transform: .identity)))
        // Blur 8 is σ = 4 px, drawn 12 px past the edge: 14 px out from the last pixel inside.
        expectFades(try darkness(c, from: 250, 40, step: 0, -1, count: 14), "above the wide shadow")
        expectFades(try darkness(c, from: 250, 99, step: 0, 1, count: 14), "below the wide shadow")
        expectFades(try darkness(c, from: 100, 320, step: -1, 0, count: 14), "left of the tall shadow")
        expectFades(try darkness(c, from: 159, 320, step: 1, 0, count: 14), "right of the tall shadow")
        // Along the edge the shadow is even: the same a pixel out at the middle and near the corners.
        for y in [38, 34] {
            #expect(try c.pixel(x: 250, y: y) == c.pixel(x: 110, y: y) && c.pixel(x: 250, y: y) == c.pixel(x: 390, y: y))
        }
    }

    /// Shapes both paths can draw (at most 192 px a side), long enough to have edge slices:
    /// the nine slices match the whole shadow from the atlas. (Radius 23 makes a 47-texel corner
    /// tile in a 97-texel image, where `Float(50 / 97) * 97` falls short of 50: the right corner
    /// once started a texel early.)
    @Test(arguments: zip([Size(width: 180, height: 60), Size(width: 60, height: 180), Size(width: 170, height: 150),
                          Size(width: 190, height: 70)], [24.0, 24, 24, 23]))
    func theNineSlicesMatchTheWholeShadow(size: Size, radius: Double) throws {
        let rect = Rect(origin: Point(x: 30, y: 20), size: size)
        let color = Color.black.withAlpha(0.5)
        let a = try canvas(240, 220), b = try canvas(240, 220)
        a.renderer.draw(whiteList(.shadow(rect: rect, cornerRadius: radius, blur: 8, color: color, transform: .identity)))
        // A rotation of 1e-9 rad takes the nine-slice path and moves nothing by a pixel.
        b.renderer.draw(whiteList(.shadow(rect: rect, cornerRadius: radius, blur: 8, color: color, transform: AffineTransform(rotationAngle: 1e-9))))
        // Every byte of the two frames (BGRA), compared whole.
        let pa = try a.withPixels { p, _, _, _ in Array(p) }, pb = try b.withPixels { p, _, _, _ in Array(p) }
        #expect(pa.count == pb.count)
        let worst = zip(pa, pb).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 3, "largest difference \(worst)/255 for \(size)")
    }
}
