import Testing
import Geometry
import Drawing
@testable import SDLBackend

/// The backdrop (``Renderer/findBackdrop(_:order:width:height:)``): a frame whose first large fill
/// is opaque, square and on whole pixels is cleared to its colour instead of filling it; the
/// pixels are exactly those of the fill drawn. In the serialized SDL suite.
extension SDLTests {
    /// The lab's frame in small: a stage fill leaving a title band and a side column, items on
    /// the stage (clipped to it), then a title bar and a translucent side panel over the background.
    func stagedFrame(stage: Rect = Rect(x: 0, y: 12, width: 150, height: 108), before: DrawCommand? = nil,
                     stageColor: Color = Color(hex: 0xF5F5F5), stageClip: Rect? = nil) -> DisplayList {
        var l = DisplayList()
        l.background = Self.bg
        if let before { l.append(before) }
        if let stageClip { l.pushClip(stageClip) }
        l.append(.fill(rect: stage, cornerRadius: 0, color: stageColor, alpha: 1, transform: .identity))
        if stageClip != nil { l.popClip() }
        l.pushClip(stage)
        l.append(.fill(Rect(x: 20, y: 30, width: 40, height: 30), radius: 6, color: .blue))
        l.append(.fill(Rect(x: 130.5, y: 100.25, width: 40, height: 30), color: .red))
        l.popClip()
        l.append(.fill(rect: Rect(x: 0, y: 0, width: 200, height: 12), cornerRadius: 0, color: Color(hex: 0x0D0D0D), alpha: 1,
                       transform: .identity), z: 10)
        l.append(.fill(rect: Rect(x: 150, y: 12, width: 50, height: 108), cornerRadius: 0,
                       color: Color(red: 0.07, green: 0.07, blue: 0.07, alpha: 0.96), alpha: 1, transform: .identity), z: 10)
        l.append(.stroke(points: [Point(x: 150, y: 12), Point(x: 150, y: 120)], closed: false, width: 1, color: .white), z: 10)
        return l
    }

    /// Draws `list` both ways at `scale`; returns whether the backdrop was used and whether the pixels agree.
    func backdropAgrees(_ list: DisplayList, scale: Double) throws -> (used: Bool, same: Bool) {
        let fast = try canvas(200, 120, scale: scale), plain = try canvas(200, 120, scale: scale)
        plain.renderer.clearsToBackdrop = false
        fast.renderer.draw(list)
        plain.renderer.draw(list)
        #expect(!plain.renderer.lastClearedToBackdrop)
        let w = Int(200 * scale), h = Int(120 * scale)
        return (fast.renderer.lastClearedToBackdrop, try pixels(fast, w, h) == pixels(plain, w, h))
    }

    @Test(arguments: [1.0, 2.0])
    func aStageIsClearedToAndThePixelsStayTheSame(scale: Double) throws {
        let r = try backdropAgrees(stagedFrame(), scale: scale)
        #expect(r.used)
        #expect(r.same)
        // Past the window's edges, and clipped by a clip that holds it whole.
        let wide = try backdropAgrees(stagedFrame(stage: Rect(x: -10, y: 12, width: 170, height: 200),
                                                  stageClip: Rect(x: -20, y: 0, width: 300, height: 300)), scale: scale)
        #expect(wide.used)
        #expect(wide.same)
        // Something drawn first, clear of the stage.
        let first = try backdropAgrees(stagedFrame(before: .fill(Rect(x: 160, y: 40, width: 30, height: 20), color: .red)), scale: scale)
        #expect(first.used)
        #expect(first.same)
    }

    @Test func noBackdropWhereItWouldChangeAPixel() throws {
        let cases: [(String, DisplayList)] = [
            ("drawn over something before it", stagedFrame(before: .fill(Rect(x: 100, y: 5, width: 30, height: 30), color: .red))),
            ("on fractional pixels", stagedFrame(stage: Rect(x: 0, y: 12.5, width: 150, height: 107))),
            ("translucent", stagedFrame(stageColor: Color(red: 1, green: 1, blue: 1, alpha: 0.5))),
            ("cut by its clip", stagedFrame(stageClip: Rect(x: 0, y: 0, width: 100, height: 120))),
            ("too small", stagedFrame(stage: Rect(x: 0, y: 12, width: 40, height: 40))),
        ]
        for (name, list) in cases {
            let r = try backdropAgrees(list, scale: 1)
            #expect(!r.used, "\(name)")
            #expect(r.same, "\(name)")
        }
        // Rounded or turned: not a backdrop either.
        var rounded = DisplayList()
        rounded.append(.fill(Rect(x: 0, y: 0, width: 200, height: 120), radius: 4, color: .gray))
        #expect(try !backdropAgrees(rounded, scale: 1).used)
        var turned = DisplayList()
        turned.append(.fill(rect: Rect(x: 0, y: 0, width: 200, height: 120), cornerRadius: 0, color: .gray, alpha: 1,
                            transform: AffineTransform(rotationAngle: 0.1)))
        #expect(try !backdropAgrees(turned, scale: 1).used)
    }
}
