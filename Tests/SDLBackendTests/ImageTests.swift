import Testing
import Foundation
import Geometry
import Drawing
@testable import SDLBackend

/// Image commands through the headless renderer (issue 40's image layers): a PNG written here
/// drawn into its frame, faded, rounded, turned, and a placeholder for a file that is not there.
/// In the serialized SDL suite.
extension SDLTests {
    /// Calls `body` with a fresh folder for a test's files, removed afterwards.
    func inImageFolder(_ body: (URL) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir)
    }

    /// Calls `body` with the path of a fresh red-and-blue PNG (``writeRedBluePNG(_:)``).
    func withRedBluePNG(_ body: (String) throws -> Void) throws {
        try inImageFolder { dir in
            let path = dir.appendingPathComponent("red-blue.png").path
            try writeRedBluePNG(path)
            try body(path)
        }
    }

    /// Writes a 20 × 10 PNG at `path`: its left half red (#FF0000), its right half blue (#0000FF).
    func writeRedBluePNG(_ path: String) throws {
        let c = try canvas(20, 10)
        var l = DisplayList()
        l.background = .black
        l.append(.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color(hex: 0xFF0000)))
        l.append(.fill(Rect(x: 10, y: 0, width: 10, height: 10), color: Color(hex: 0x0000FF)))
        c.renderer.draw(l)
        try c.savePNG(to: path)
        c.close()
    }

    func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 240 && p.g < 15 && p.b < 15 }
    func isBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.b > 240 && p.r < 15 && p.g < 15 }

    @Test func anImageIsDrawnScaledIntoItsFrame() throws {
        try withRedBluePNG { path in
            for scale in [1.0, 2.0] {
                let c = try canvas(scale: scale)
                // 20 × 10 pixels stretched over 80 × 40 points at (40, 20).
                c.renderer.draw(list(.image(path: path, frame: Rect(x: 40, y: 20, width: 80, height: 40), cornerRadius: 0,
                                            alpha: 1, transform: .identity)))
                func px(_ x: Double, _ y: Double) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
                    try c.pixel(x: Int(x * scale), y: Int(y * scale))
                }
                #expect(try isRed(px(42, 22)) && isRed(px(70, 40)) && isRed(px(76, 58)), "left half red at \(scale)×")
                #expect(try isBlue(px(84, 22)) && isBlue(px(110, 40)) && isBlue(px(118, 58)), "right half blue at \(scale)×")
                // Outside the frame: the background.
                for (x, y) in [(38.0, 40.0), (122.0, 40.0), (80.0, 18.0), (80.0, 62.0)] {
                    let p = try px(x, y)
                    #expect(p.r == 0x10 && p.g == 0x20 && p.b == 0x30, "background at (\(x), \(y)) at \(scale)×")
                }
                #expect(c.renderer.images.count == 1)
            }
        }
    }

    @Test func halfAlphaHalvesTheImagesColours() throws {
        try withRedBluePNG { path in
            let c = try canvas()
            c.renderer.draw(blackList(.image(path: path, frame: Rect(x: 40, y: 20, width: 80, height: 40), cornerRadius: 0,
                                             alpha: 0.5, transform: .identity)))
            let red = try c.pixel(x: 60, y: 40), blue = try c.pixel(x: 100, y: 40)
            #expect(abs(Int(red.r) - 128) <= 2 && red.g < 3 && red.b < 3, "\(red)")
            #expect(abs(Int(blue.b) - 128) <= 2 && blue.r < 3 && blue.g < 3, "\(blue)")
            // A fading overlay multiplies it alike.
            c.renderer.draw(blackList(DrawCommand.image(path: path, frame: Rect(x: 40, y: 20, width: 80, height: 40), cornerRadius: 0,
                                                        alpha: 1, transform: .identity).fading(0.5)))
            #expect(try abs(Int(c.pixel(x: 60, y: 40).r) - 128) <= 2)
        }
    }

    @Test func roundedCornersCutTheImage() throws {
        try withRedBluePNG { path in
            let c = try canvas()
            let frame = Rect(x: 40, y: 20, width: 80, height: 40)
            c.renderer.draw(blackList(.image(path: path, frame: frame, cornerRadius: 16, alpha: 1, transform: .identity)))
            // Beyond each 16-point corner arc: black; just inside the straight edges: the image.
            for (x, y) in [(41, 21), (118, 21), (118, 58), (41, 58)] {
                let p = try c.pixel(x: x, y: y)
                #expect(p.r < 20 && p.b < 20, "corner (\(x), \(y))")
            }
            #expect(try isRed(c.pixel(x: 60, y: 21)) && isRed(c.pixel(x: 41, y: 40)))
            #expect(try isBlue(c.pixel(x: 100, y: 58)) && isBlue(c.pixel(x: 118, y: 40)))
            // The arc's edge is anti-aliased: some pixel on the top-left corner's diagonal is part red.
            var partial = 0
            for d in 40...46 { let r = try c.pixel(x: d, y: d - 20).r; if r > 20 && r < 235 { partial += 1 } }
            #expect(partial >= 1)
        }
    }

    @Test func aTurnedImageTurnsAboutItsCentre() throws {
        try withRedBluePNG { path in
            let c = try canvas()
            // A quarter turn clockwise (y down) about (80, 40): the red left half goes to the top.
            c.renderer.draw(blackList(.image(path: path, frame: Rect(x: 40, y: 20, width: 80, height: 40), cornerRadius: 0,
                                             alpha: 1, transform: AffineTransform(rotationAngle: .pi / 2))))
            #expect(try isRed(c.pixel(x: 80, y: 10)) && isRed(c.pixel(x: 80, y: 30)))
            #expect(try isBlue(c.pixel(x: 80, y: 50)) && isBlue(c.pixel(x: 80, y: 70)))
            #expect(try c.pixel(x: 50, y: 40).r < 20, "the unturned frame's left end is empty")
        }
    }

    @Test func aMissingFileDrawsAPlaceholderAndIsReadOnce() throws {
        try inImageFolder { dir in
            let path = dir.appendingPathComponent("not-yet.png").path
            let c = try canvas()
            let image = DrawCommand.image(path: path, frame: Rect(x: 40, y: 20, width: 80, height: 80), cornerRadius: 0,
                                          alpha: 1, transform: .identity)
            for _ in 0..<3 { c.renderer.draw(list(image)) }
            #expect(c.renderer.images.fileReads == 1, "a missing file is not read again every frame")
            #expect(c.renderer.lastItemsSkipped == 0)
            // The grey fill, and the lighter diagonal from (40, 20) to (120, 100).
            let grey = try c.pixel(x: 100, y: 40), line = try c.pixel(x: 80, y: 60)
            #expect(grey.r == 0x8E && grey.g == 0x8E && grey.b == 0x93, "\(grey)")
            #expect(line.r > 0xB0 && line.r > grey.r, "\(line)")
            #expect(try c.pixel(x: 30, y: 60).r == 0x10, "nothing outside the frame")
            // A file that is not a PNG is a placeholder too.
            let text = dir.appendingPathComponent("text.png").path
            try "not a picture".write(toFile: text, atomically: true, encoding: .utf8)
            c.renderer.draw(list(.image(path: text, frame: Rect(x: 40, y: 20, width: 80, height: 80), cornerRadius: 0,
                                        alpha: 1, transform: .identity)))
            #expect(try c.pixel(x: 100, y: 40).r == 0x8E)
            // Once the file exists and the cache forgets the path, the image is drawn.
            try writeRedBluePNG(path)
            c.renderer.draw(list(image))
            #expect(try c.pixel(x: 100, y: 40).r == 0x8E, "still remembered as missing")
            c.renderer.images.forget(path: path)
            c.renderer.draw(list(image))
            #expect(try isRed(c.pixel(x: 60, y: 40)) && isBlue(c.pixel(x: 100, y: 40)))
            #expect(c.renderer.images.fileReads == 3)
        }
    }

    /// The example scenes' pictures (Assets/scenes/pictures) decode and load into textures (no
    /// placeholder); the spinner keeps its transparency.
    @Test func theExampleScenesPicturesLoad() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/scenes/pictures")
        let c = try canvas()
        for (name, width, height) in [("map", 195, 422), ("video", 160, 90), ("spinner", 72, 72)] {
            let path = folder.appendingPathComponent(name + ".png").path
            let png = try PNGImage.load(path: path)
            #expect(png.width == width && png.height == height, "\(name)")
            #expect(c.renderer.images.texture(path: path, radius: 8, frame: Size(width: 80, height: 80), pixelsPerPoint: 1, flush: {}) != nil,
                    "\(name) loads")
        }
        #expect(c.renderer.images.fileReads == 3)
        let spinner = try PNGImage.load(path: folder.appendingPathComponent("spinner.png").path)
        #expect(spinner.pixel(x: 0, y: 0)?.a == 0 && spinner.pixel(x: 36, y: 10)?.a == 255)
    }
}
