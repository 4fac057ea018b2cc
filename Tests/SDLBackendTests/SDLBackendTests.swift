import Testing
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Drawing
import Foundation
@testable import SDLBackend

/// Every in-process SDL test lives under this one serialized suite: SDL and SDL_ttf keep global
/// state, so parallel suites would race.
@Suite(.serialized) struct SDLTests {
    init() throws { try SDLSystem.start(.headless) }

    static let bg = Color(hex: 0x102030)

    func canvas(_ w: Double = 200, _ h: Double = 120, scale: Double = 1) throws -> HeadlessCanvas {
        try HeadlessCanvas(size: Size(width: w, height: h), scale: scale)
    }

    func list(_ commands: DrawCommand...) -> DisplayList {
        var l = DisplayList()
        l.background = Self.bg
        for c in commands { l.append(c) }
        return l
    }

    @Test func headlessUsesTheDummyDriver() {
        #expect(SDLSystem.videoDriver == "dummy")
    }

    /// Issue 14: the E key's clipboard copy (under the dummy driver SDL keeps the text itself).
    @Test func clipboardRoundTrip() throws {
        let code = "// SwiftUI — ζ 0.5\n.spring(response: 0.628319, dampingFraction: 0.5)\n"
        try Clipboard.setText(code)
        #expect(Clipboard.text() == code)
    }

    /// Issue 24: a command with NaN, an infinity or a runaway number is skipped and counted
    /// (its conversion to whole pixels trapped); the commands around it are drawn.
    @Test func undrawableCommandsAreSkippedAndCounted() throws {
        let c = try canvas()
        let nan = Double.nan, inf = Double.infinity
        c.renderer.draw(list(
            .fill(Rect(x: 20, y: 20, width: 100, height: 60), radius: 0, color: .red),
            .fill(Rect(x: nan, y: 0, width: 10, height: 10), radius: 0, color: .red),
            .fill(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0, color: .red, alpha: 1,
                  transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: inf, ty: 0)),
            .stroke(points: [Point(x: 0, y: 0), Point(x: 1e300, y: 5)], closed: false, width: 2, color: .red),
            .text("x", frame: Rect(x: 0, y: 0, width: inf, height: 10), size: 12, color: .red, alignment: .left, transform: .identity),
            .shadow(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2, blur: nan, color: .red, transform: .identity)))
        #expect(c.renderer.lastItemsSkipped == 5)
        #expect(try c.pixel(x: 70, y: 50).r == 255)
        c.renderer.draw(list(.fill(Rect(x: 20, y: 20, width: 100, height: 60), radius: 0, color: .red)))
        #expect(c.renderer.lastItemsSkipped == 0)
    }

    /// Issue 43: ``RenderTarget/finishDrawing()`` (the frame pacer's hold before presenting)
    /// leaves the frame as drawn, and a closed target ignores it.
    @Test func finishDrawingKeepsTheFrame() throws {
        let c = try canvas()
        c.renderer.draw(list(.fill(Rect(x: 20, y: 20, width: 100, height: 60), radius: 0, color: .red)))
        c.finishDrawing()
        #expect(try c.pixel(x: 70, y: 50).r == 255)
        #expect(try c.pixel(x: 5, y: 5).r == 0x10)
        c.present()
        c.close()
        c.finishDrawing()
    }

    @Test func roundedRectInsideOutsideAndCorner() throws {
        let c = try canvas()
        c.renderer.draw(list(.fill(Rect(x: 20, y: 20, width: 100, height: 60), radius: 20, color: .red)))
        let inside = try c.pixel(x: 70, y: 50)
        #expect(inside.r == 255 && inside.g == 59 && inside.b == 48)
        let outside = try c.pixel(x: 150, y: 100)
        #expect(outside.r == 0x10 && outside.g == 0x20 && outside.b == 0x30)
        // (22, 22) lies inside the bounding box but beyond the 20-pt corner arc: background shows.
        let corner = try c.pixel(x: 22, y: 22)
        #expect(corner.r == 0x10 && corner.g == 0x20 && corner.b == 0x30)
        // The straight top edge at x = 70 is filled right up to y = 20.
        let edge = try c.pixel(x: 70, y: 21)
        #expect(edge.r > 200)
        // One geometry call for the frame.
        #expect(c.renderer.lastGeometryCalls == 1)
    }

    @Test func edgeIsAntiAliased() throws {
        let c = try canvas()
        // A circle: pixels on the rim get a blend between red and the background.
        c.renderer.draw(list(.circle(center: Point(x: 100, y: 60), radius: 40.3, color: .white)))
        var partial = 0
        for x in 50...100 {
            let p = try c.pixel(x: x, y: 60)
            if p.r > 0x10 + 10 && p.r < 245 { partial += 1 }
        }
        #expect(partial >= 1)
    }

    @Test func semiTransparentFillBlends() throws {
        let c = try canvas()
        c.renderer.draw(list(.fill(rect: Rect(x: 10, y: 10, width: 50, height: 50), cornerRadius: 4,
                                   color: .white, alpha: 0.5, transform: .identity)))
        let p = try c.pixel(x: 35, y: 35)
        // 0.5·255 + 0.5·0x10 ≈ 135.5
        #expect(abs(Int(p.r) - 135) <= 2)
        #expect(abs(Int(p.b) - (255 + 0x30) / 2) <= 2)
    }

    @Test func zOrderPutsHigherLayersOnTop() throws {
        let c = try canvas()
        var l = DisplayList()
        l.background = Self.bg
        l.append(.fill(Rect(x: 40, y: 40, width: 40, height: 40), color: .blue), z: 1)
        l.append(.fill(Rect(x: 20, y: 20, width: 100, height: 80), color: .red), z: 0)
        c.renderer.draw(l)
        let p = try c.pixel(x: 60, y: 60)
        #expect(p.b == 255 && p.r == 0)
        // Both fills sample the shape atlas: one geometry call, drawn in z order.
        #expect(c.renderer.lastGeometryCalls == 1)
    }

    @Test func rotatedRectCoversTheRotatedCorner() throws {
        let c = try canvas()
        let rect = Rect(x: 60, y: 20, width: 80, height: 80) // centre (100, 60)
        c.renderer.draw(list(.fill(rect: rect, cornerRadius: 0, color: .white, alpha: 1,
                                   transform: AffineTransform(rotationAngle: .pi / 4))))
        // Rotated 45°, the square's corner points straight up to (100, 60 − 56.6).
        #expect(try c.pixel(x: 100, y: 8).r > 200)
        // …and its unrotated corner region is now empty.
        #expect(try c.pixel(x: 63, y: 23).r < 0x20)
    }

    @Test func strokeDrawsALine() throws {
        let c = try canvas()
        c.renderer.draw(list(.line(from: Point(x: 10, y: 50), to: Point(x: 190, y: 50), width: 3, color: .green)))
        #expect(try c.pixel(x: 100, y: 50).g > 150)
        #expect(try c.pixel(x: 100, y: 60).g == 0x20)
    }

    @Test func textProducesBrightPixelsWhereDrawn() throws {
        let c = try canvas()
        c.renderer.draw(list(.text("KINETIC", frame: Rect(x: 10, y: 30, width: 180, height: 40), size: 28,
                                   color: .white, alignment: .left, transform: .identity)))
        var bright = 0, brightBelow = 0
        for y in 30..<70 { for x in 10..<190 where try c.pixel(x: x, y: y).r > 200 { bright += 1 } }
        for y in 80..<120 { for x in 10..<190 where try c.pixel(x: x, y: y).r > 200 { brightBelow += 1 } }
        #expect(bright > 100)
        #expect(brightBelow == 0)
        let size = c.renderer.measure("KINETIC", size: 28)
        #expect(size.width > 80 && size.width < 180)
    }

    @Test func clipCutsDrawing() throws {
        let c = try canvas()
        var l = DisplayList()
        l.background = Self.bg
        l.pushClip(Rect(x: 0, y: 0, width: 100, height: 120))
        l.append(.fill(Rect(x: 50, y: 20, width: 100, height: 80), color: .white))
        l.popClip()
        c.renderer.draw(l)
        #expect(try c.pixel(x: 80, y: 60).r == 255)
        #expect(try c.pixel(x: 120, y: 60).r == 0x10)
    }

    @Test func hiDPIScaleDoublesPixels() throws {
        let c = try canvas(100, 60, scale: 2)
        c.renderer.draw(list(.fill(Rect(x: 10, y: 10, width: 20, height: 20), color: .white)))
        #expect(try c.pixel(x: 40, y: 40).r == 255) // (20, 20) pt
        #expect(try c.pixel(x: 70, y: 40).r == 0x10) // (35, 20) pt
    }

    /// A PNG counts as written only when it is whole (SDL_image reports success on a full disk).
    @Test func aTruncatedPNGIsNotComplete() throws {
        let c = try canvas()
        c.renderer.draw(list(.fill(Rect(x: 20, y: 20, width: 40, height: 40), radius: 6, color: .red)))
        let path = "/tmp/kinetic-sdltest-whole-\(getpid()).png", cut = path + ".cut"
        try c.savePNG(to: path)
        defer { unlink(path); unlink(cut) }
        #expect(PixelReader.isCompletePNG(path))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count - 20).write(to: URL(fileURLWithPath: cut))
        #expect(!PixelReader.isCompletePNG(cut))
        try Data().write(to: URL(fileURLWithPath: cut))
        #expect(!PixelReader.isCompletePNG(cut))
    }

    @Test func savesPNG() throws {
        let c = try canvas()
        c.renderer.draw(list(.fill(Rect(x: 20, y: 20, width: 40, height: 40), radius: 6, color: .red)))
        let path = "/tmp/kinetic-sdltest-\(getpid()).png"
        try c.savePNG(to: path)
        let f = fopen(path, "rb")
        #expect(f != nil)
        var magic = [UInt8](repeating: 0, count: 4)
        fread(&magic, 1, 4, f)
        fclose(f)
        unlink(path)
        #expect(magic == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func pngRoundTripsThroughPNGImage() throws {
        let c = try canvas()
        c.renderer.draw(list(.fill(Rect(x: 20, y: 20, width: 40, height: 40), color: .red)))
        let path = "/tmp/kinetic-sdltest-read-\(getpid()).png"
        try c.savePNG(to: path)
        defer { unlink(path) }
        let image = try PNGImage.load(path: path)
        #expect(image.width == 200 && image.height == 120 && image.rgba.count == 200 * 120 * 4)
        let red = try #require(image.pixel(x: 40, y: 40))
        #expect(red.r == 255 && red.g == 59 && red.b == 48 && red.a == 255)
        let bg = try #require(image.pixel(x: 150, y: 100))
        #expect(bg.r == 0x10 && bg.g == 0x20 && bg.b == 0x30)
        #expect(image.pixel(x: 200, y: 0) == nil && image.pixel(x: -1, y: 0) == nil)
    }

    @Test func pngImageErrorsCarrySDLImageText() throws {
        let e = try #require(throws: SDLError.self) { try PNGImage.load(path: "/nonexistent/kinetic.png") }
        #expect(e.operation.hasPrefix("IMG_Load") && !e.message.isEmpty, "\(e)")
        let notPNG = "/tmp/kinetic-sdltest-notpng-\(getpid()).png"
        let f = fopen(notPNG, "wb"); fputs("not a picture", f); fclose(f)
        defer { unlink(notPNG) }
        #expect(throws: SDLError.self) { try PNGImage.load(path: notPNG) }
    }

    @Test func closedCanvasDrawsNothingAndClosingTwiceIsHarmless() throws {
        let c = try canvas()
        c.renderer.draw(list(.text("closing", frame: Rect(x: 0, y: 0, width: 200, height: 40), size: 14, color: .white,
                                   alignment: .center, transform: .identity)))
        c.close()
        c.close()
        #expect(c.isClosed && c.renderer.isClosed)
        c.renderer.draw(list(.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .red)))
        c.present()
        #expect(c.renderer.measure("x", size: 14) == .zero)
        #expect(throws: SDLError.self) { try c.pixel(x: 1, y: 1) }
    }

    @Test func rejectsAbsurdCanvasSize() {
        #expect(throws: SDLError.self) { try HeadlessCanvas(size: Size(width: 0, height: 10)) }
    }
}
