import Testing
import Foundation
import SDLBackend

/// Issue 6, third test bullet: the drag and springy scenes render headless, and the screenshot
/// shows the expected colours where the dump says the items are.
@Suite struct SceneScreenshotTests {
    typealias RGB = (r: Double, g: Double, b: Double)
    /// The refined grid's selected and normal colours (#D70015, #636366).
    static let systemRed: RGB = (0xD7, 0x00, 0x15)
    static let systemGray: RGB = (0x63, 0x63, 0x66)
    /// The springy scene's Messages look (MessageStyle): the transcript's white, sent and
    /// received bubbles.
    static let transcript: RGB = (255, 255, 255)
    static let sentBubble: RGB = (0x00, 0x71, 0xE3)
    static let receivedBubble: RGB = (0xE9, 0xE9, 0xEB)

    /// The colours of `png` at `points` (pixels; the headless target is 1 pixel per point),
    /// decoded in process with SDL2_image.
    static func pixels(_ png: String, at points: [(Int, Int)]) throws -> [RGB] {
        let image = try PNGImage.load(path: png)
        return try points.map { p in
            let c = try #require(image.pixel(x: p.0, y: p.1), "\(p) lies outside the \(image.width)×\(image.height) screenshot")
            return (Double(c.r), Double(c.g), Double(c.b))
        }
    }

    static func close(_ a: RGB, _ b: RGB, within t: Double = 6) -> Bool {
        abs(a.r - b.r) <= t && abs(a.g - b.g) <= t && abs(a.b - b.b) <= t
    }

    struct Item { let item: Int; let frame: (x: Double, y: Double, w: Double, h: Double); let selected: Bool; let zIndex: Int }

    static func items(inDump path: String) throws -> (selection: [Int], items: [Int: Item]) {
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let selection = (obj["selection"] as? [[Int]])?.map { $0[1] } ?? []
        var items: [Int: Item] = [:]
        for case let o as [String: Any] in obj["items"] as? [Any] ?? [] {
            guard let ip = o["indexPath"] as? [Int], let f = o["frame"] as? [Double], f.count == 4 else { continue }
            items[ip[1]] = Item(item: ip[1], frame: (f[0], f[1], f[2], f[3]), selected: o["selected"] as? Bool ?? false,
                                zIndex: o["zIndex"] as? Int ?? 0)
        }
        return (selection, items)
    }

    static func script(_ name: String, _ lines: [String]) throws -> String {
        let path = Kinetic.temp(name)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func dragScreenshotShowsTheFlockMidDrag() throws {
        // The refined grid fills the 980 pt left of the docked HUD column (1280 − 300): 19 columns of 40 pt
        // in 948 pt, spaced 188 / 18 = 10.444 pt. Items 200, 201 (row 10) and 220 (row 11); grid
        // slots: x = 16 + 50.444 c, y = 46 + 50 r (window points). The long press goes down in the
        // gap between them.
        let home: [Int: (Double, Double)] = [200: (520.444, 546), 201: (570.889, 546), 220: (570.889, 596)]
        let press = (564.5, 591.0), by = (200.0, 120.0)
        var lines = [
            #"{"t":0.05,"type":"down","x":539,"y":566}"#, #"{"t":0.10,"type":"up","x":539,"y":566}"#,
            #"{"t":0.20,"type":"down","x":590,"y":566}"#, #"{"t":0.25,"type":"up","x":590,"y":566}"#,
            #"{"t":0.35,"type":"down","x":590,"y":616}"#, #"{"t":0.40,"type":"up","x":590,"y":616}"#,
            #"{"t":0.50,"type":"down","x":\#(press.0),"y":\#(press.1)}"#,
        ]
        for i in 1...5 {
            let f = Double(i) / 5
            lines.append(#"{"t":\#(1.2 + 0.02 * Double(i)),"type":"move","x":\#(press.0 + by.0 * f),"y":\#(press.1 + by.1 * f)}"#)
        }
        let script = try Self.script("drag-shot.jsonl", lines)
        let png = Kinetic.temp("drag-shot.png"), json = Kinetic.temp("drag-shot.json")
        // 200 frames = 3.33 s: the flock has been held at its target for 2 s; the button is still down.
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--variant", "refined", "--script", script,
                                 "--frames", "200", "--screenshot", png, "--dump", json])
        #expect(r.status == 0, "\(r.stderr)")
        let dump = try Self.items(inDump: json)
        #expect(dump.selection == [200, 201, 220])
        for (item, slot) in home {
            let it = try #require(dump.items[item])
            #expect(it.selected && it.zIndex == 1)
            #expect(abs(it.frame.x - (slot.0 + by.0)) < 1 && abs(it.frame.y - (slot.1 + by.1)) < 1,
                    "item \(item) at \(it.frame), slot \(slot) + \(by)")
        }
        let grey = try #require(dump.items[86]) // row 4, column 10, unselected
        #expect(abs(grey.frame.x - 520.444) < 0.01 && grey.frame.y == 246 && !grey.selected)

        // Sample 8 pt inside each cell's top-left corner: inside the rounded rect, clear of the label.
        var points: [(Int, Int)] = []
        for item in [200, 201, 220] { let f = dump.items[item]!.frame; points.append((Int(f.x) + 8, Int(f.y) + 8)) }
        points.append((528, 254))                          // item 86, grey
        points.append((Int(home[200]!.0) + 8, 554))        // item 200's empty slot: background
        let px = try Self.pixels(png, at: points)
        #expect(px.count == points.count)
        guard px.count == points.count else { return }
        for i in 0..<3 { #expect(Self.close(px[i], Self.systemRed), "dragged cell at \(points[i]): \(px[i])") }
        // A lifted cell casts a shadow: 4 pt below item 200's bottom edge, over the grey cell of
        // row 13 under it, the grey is darkened (GridCell.lift: opacity 0.45, 8 pt down, 10 pt blur).
        let f200 = dump.items[200]!.frame
        let below = try Self.pixels(png, at: [(Int(f200.x + f200.w / 2), Int(f200.y + f200.h) + 4)])[0]
        #expect(below.r + below.g + below.b < Self.systemGray.r + Self.systemGray.g + Self.systemGray.b - 45,
                "no shadow under the lifted cell: \(below)")
        #expect(Self.close(px[3], Self.systemGray), "unselected cell: \(px[3])")
        #expect(!Self.close(px[4], Self.systemRed) && !Self.close(px[4], Self.systemGray), "vacated slot: \(px[4])")
    }

    /// Issue 25, item 9: the seed grid has the source's look: a white background, `UIColor.gray`
    /// (white 0.5) cells and a `UIColor.red` (1, 0, 0) selection, UIKit's flow-layout defaults
    /// (50 × 50 items, 10 pt apart, no inset) and no numbers.
    @Test func seedDragGridHasTheSourcesLook() throws {
        // Click item 1 (the second cell of the first row): 62 pt pitch in the 980 pt left of the
        // HUD (16 columns of 50 pt, spaced 12 pt).
        let script = try Self.script("drag-seed-shot.jsonl", [
            #"{"t":0.05,"type":"down","x":87,"y":55}"#, #"{"t":0.10,"type":"up","x":87,"y":55}"#,
        ])
        let png = Kinetic.temp("drag-seed-shot.png"), json = Kinetic.temp("drag-seed-shot.json")
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--script", script, "--frames", "20",
                                 "--screenshot", png, "--dump", json])
        #expect(r.status == 0, "\(r.stderr)")
        let dump = try Self.items(inDump: json)
        #expect(dump.selection == [1])
        let zero = try #require(dump.items[0]), one = try #require(dump.items[1]), row2 = try #require(dump.items[16])
        #expect(zero.frame.x == 0 && zero.frame.y == 30 && zero.frame.w == 50 && zero.frame.h == 50, "\(zero.frame)")
        #expect(abs(one.frame.x - 62) < 1e-9 && row2.frame.x == 0 && row2.frame.y == 90, "\(one.frame) \(row2.frame)")
        // Every pixel of a 40-pt square in the middle of each cell is the cell's colour (no
        // number), the corners are square, and the gaps show the white background.
        func square(_ f: (x: Double, y: Double, w: Double, h: Double)) -> [(Int, Int)] {
            stride(from: 5, through: 45, by: 4).flatMap { dx in stride(from: 5, through: 45, by: 4).map { dy in (Int(f.x) + dx, Int(f.y) + dy) } }
                + [(Int(f.x), Int(f.y)), (Int(f.x + f.w) - 1, Int(f.y + f.h) - 1)]
        }
        let grey: RGB = (128, 128, 128), red: RGB = (255, 0, 0)
        for p in try Self.pixels(png, at: square(zero.frame)) { #expect(Self.close(p, grey, within: 1), "item 0: \(p)") }
        for p in try Self.pixels(png, at: square(one.frame)) { #expect(Self.close(p, red, within: 1), "item 1: \(p)") }
        let gaps = [(55, 55), (25, 85), (117, 85)]   // between items 0 and 1, rows 1 and 2
        for p in try Self.pixels(png, at: gaps) { #expect(Self.close(p, Self.transcript, within: 1), "gap: \(p)") }
    }

    @Test func springyScreenshotShowsRowsAfterWheeling() throws {
        var lines: [String] = []
        for i in 0..<10 { lines.append(#"{"t":\#(0.1 + 0.05 * Double(i)),"type":"wheel","x":640,"y":400,"dx":0,"dy":-3}"#) }
        let script = try Self.script("springy-shot.jsonl", lines)
        let png = Kinetic.temp("springy-shot.png"), json = Kinetic.temp("springy-shot.json")
        let r = try Kinetic.run(["--headless", "--scene", "springy", "--script", script, "--frames", "40",
                                 "--screenshot", png, "--dump", json])
        #expect(r.status == 0, "\(r.stderr)")
        let dump = try Self.items(inDump: json)
        #expect(dump.items.count >= 15)
        #expect(dump.items[0] == nil, "the wheel should have scrolled row 0 away")
        // Each row is a message or a timestamp: a bubble at one end of the row, white elsewhere.
        // Points 14 pt in from each end at the row's dumped middle lie inside a bubble on that side
        // (8 pt of room for the tail, then the bubble's padding, clear of the text).
        let rows = dump.items.values.filter { $0.frame.y > 240 && $0.frame.y + $0.frame.h < 790 }.sorted { $0.item < $1.item }
        #expect(rows.count >= 8)
        let points = rows.flatMap { row -> [(Int, Int)] in
            let y = Int(row.frame.y + row.frame.h / 2)
            return [(Int(row.frame.x) + 14, y), (Int(row.frame.x + row.frame.w) - 14, y)]
        }
        let px = try Self.pixels(png, at: points)
        #expect(px.count == points.count)
        guard px.count == points.count else { return }
        var sent = 0, received = 0
        for (k, row) in rows.enumerated() {
            let (left, right) = (px[2 * k], px[2 * k + 1])
            if Self.close(right, Self.sentBubble) && Self.close(left, Self.transcript) {
                sent += 1
            } else if Self.close(left, Self.receivedBubble) && Self.close(right, Self.transcript) {
                received += 1
            } else {
                #expect(Self.close(left, Self.transcript) && Self.close(right, Self.transcript),
                        "row \(row.item) at \(row.frame): left \(left), right \(right)")
            }
        }
        #expect(sent >= 2 && received >= 2, "sent \(sent), received \(received) of \(rows.count) rows")
    }
}
