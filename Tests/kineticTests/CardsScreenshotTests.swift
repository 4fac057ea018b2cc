import Testing
import Foundation
import SDLBackend

/// Issue 13: the cards scene renders its city pictures headless, the same way whether a card is a
/// rasterized layer (a 250 × 350 card at rest, kept in the layer cache) or drawn directly (the
/// open card, too big for the cache).
@Suite struct CardsScreenshotTests {
    typealias RGB = SceneScreenshotTests.RGB

    /// Lisbon's colours (``CityPalette`` of #C8553D at dusk): the body is the city colour 55 %
    /// toward #0B0D14; the sky 35 % of the way down the picture is 23 % of the way from its top
    /// (#C8553D 55 % toward #141A33) to its horizon (#C8553D 45 % toward #FFD9A0).
    static let body: RGB = (96, 45, 38.5)
    static let sky: RGB = (129.5, 73.6, 67)
    /// The flat card colour before the pictures.
    static let flat: RGB = (200, 85, 61)

    /// Card 0's frame from a run of `frames` frames with `script`, and the colours at its sky and
    /// body sample points.
    func render(_ name: String, script: [String], frames: Int) throws -> (frame: (x: Double, y: Double, w: Double, h: Double), sky: RGB, body: RGB) {
        let path = try SceneScreenshotTests.script("\(name).jsonl", script)
        let png = Kinetic.temp("\(name).png"), json = Kinetic.temp("\(name).json")
        let r = try Kinetic.run(["--headless", "--scene", "cards", "--script", path, "--frames", String(frames),
                                 "--screenshot", png, "--dump", json])
        #expect(r.status == 0, "\(r.stderr)")
        let card = try #require(try SceneScreenshotTests.items(inDump: json).items[0])
        let f = card.frame
        // The picture is 60 % of a carousel card's height and half of what it grows; sample the
        // sky near the left edge (clear of the sun, the landmark and the buildings) and the body
        // in the bottom margin, under the text.
        let pictureHeight = f.h <= 350 ? 0.6 * f.h : (210 + 0.5 * (f.h - 350)).rounded()
        let px = try SceneScreenshotTests.pixels(png, at: [(Int(f.x) + 10, Int(f.y + 0.35 * pictureHeight)),
                                                           (Int(f.x + f.w / 2), Int(f.y + f.h) - 6)])
        try #require(px.count == 2)
        return (f, px[0], px[1])
    }

    @Test func theRestingAndTheOpenCardShowThePicture() throws {
        let rest = try render("cards-rest", script: [], frames: 10)
        #expect(rest.frame.w == 250 && rest.frame.h == 350, "\(rest.frame)")
        let open = try render("cards-open", script: [#"{"t":0.1,"type":"down","x":490,"y":415}"#,
                                                     #"{"t":0.15,"type":"up","x":490,"y":415}"#], frames: 60)
        #expect(open.frame.w > 900 && open.frame.h > 700, "the card opened: \(open.frame)")
        for (what, shot) in [("rasterized", rest), ("direct", open)] {
            #expect(SceneScreenshotTests.close(shot.sky, Self.sky, within: 8), "\(what) sky: \(shot.sky)")
            #expect(SceneScreenshotTests.close(shot.body, Self.body, within: 6), "\(what) body: \(shot.body)")
            #expect(!SceneScreenshotTests.close(shot.sky, Self.flat, within: 30), "\(what): not the flat card colour")
        }
    }
}

/// Issue 24: a spring curve that overshoots below its start (initial velocity −5) shrinks a card
/// to nothing on its way; drawing it must not trap (its clip rectangle went infinite, and the
/// conversion to SDL's whole pixels crashed the app).
@Suite struct OvershootingCardTests {
    @Test func aSpringThatOvershootsBelowItsStartDrawsWithoutTrapping() throws {
        let params = Kinetic.temp("overshoot-params.json")
        try #"{"cards":{"curve":5,"velocity":-5}}"#.write(toFile: params, atomically: true, encoding: .utf8)
        let path = try SceneScreenshotTests.script("overshoot.jsonl", [
            #"{"t":0.1,"type":"down","x":850,"y":240}"#, #"{"t":0.15,"type":"up","x":850,"y":240}"#,
        ])
        let png = Kinetic.temp("overshoot.png"), json = Kinetic.temp("overshoot.json")
        let r = try Kinetic.run(["--headless", "--scene", "cards", "--params", params, "--script", path, "--frames", "100",
                                 "--screenshot", png, "--dump", json])
        #expect(r.status == 0, "\(r.stderr)")
        let items = try SceneScreenshotTests.items(inDump: json).items
        #expect(!items.isEmpty)
        for (_, item) in items {
            let f = item.frame
            #expect(f.x.isFinite && f.y.isFinite && f.w.isFinite && f.h.isFinite, "\(f)")
        }
    }
}
