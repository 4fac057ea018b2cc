import Testing
import Foundation
import SDLBackend

/// Issue 7's checks, through the binary as a person would use it: hotkeys in a script, the
/// HUD's spring plot, parameter files and the curve command.
@Suite struct LiveTuningTests {
    func dumpParams(_ args: [String]) throws -> [String: Double] {
        let json = Kinetic.temp("lt-\(UUID().uuidString).json")
        let r = try Kinetic.run(args + ["--dump", json])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        return (obj["params"] as? [String: Double]) ?? [:]
    }

    func script(_ name: String, _ lines: [String]) throws -> String {
        let path = Kinetic.temp(name)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func hotkeysChangeTheirParameters() throws {
        let s = try script("keys.jsonl", [
            #"{"t":0.1,"type":"key","key":"f"}"#, #"{"t":0.2,"type":"key","key":"f"}"#,
            #"{"t":0.3,"type":"key","key":"d","mods":["shift"]}"#, #"{"t":0.4,"type":"key","key":"l"}"#,
        ])
        let p = try dumpParams(["--headless", "--script", s, "--frames", "30"])
        #expect(abs((p["frequency"] ?? 0) - 8 * 1.1 * 1.1) < 1e-6)
        #expect(abs((p["damping"] ?? 0) - 0.55) < 1e-9)
        #expect(p["squareSize"] == 45)
        // 0 resets; 2 switches to springy, where R raises the resistance.
        let s2 = try script("keys2.jsonl", [
            #"{"t":0.1,"type":"key","key":"f"}"#, #"{"t":0.2,"type":"key","key":"0"}"#,
            #"{"t":0.3,"type":"key","key":"2"}"#, #"{"t":0.4,"type":"key","key":"r"}"#,
        ])
        let q = try dumpParams(["--headless", "--script", s2, "--frames", "30"])
        #expect(abs((q["resistance"] ?? 0) - 0.0025) < 1e-12)
        #expect(q["frequency"] == 6.8)
    }

    @Test func clampedAtTheRange() throws {
        let lines = (0..<60).map { #"{"t":\#(0.01 * Double($0 + 1)),"type":"key","key":"d"}"# }
        let p = try dumpParams(["--headless", "--script", try script("clamp.jsonl", lines), "--frames", "60"])
        #expect(p["damping"] == 3.6)
        let more = (0..<120).map { #"{"t":\#(0.01 * Double($0 + 1)),"type":"key","key":"d"}"# }
        let q = try dumpParams(["--headless", "--script", try script("clamp2.jsonl", more), "--frames", "130"])
        #expect(q["damping"] == 5)
    }

    @Test func hudSpringPlotRedrawsWhenFrequencyChanges() throws {
        let a = Kinetic.temp("hud-a.png"), b = Kinetic.temp("hud-b.png")
        #expect(try Kinetic.run(["--headless", "--frames", "2", "--screenshot", a]).status == 0)
        let s = try script("slow.jsonl", (0..<15).map { #"{"t":\#(0.001 * Double($0 + 1)),"type":"key","key":"f","mods":["shift"]}"# })
        #expect(try Kinetic.run(["--headless", "--script", s, "--frames", "2", "--screenshot", b]).status == 0)
        // The plot area of the HUD docked at the right (x 1008…1264, y 236…306): bright curve
        // pixels, and different ones.
        // crop: the fraction of the area's pixels brighter than 40 % (Rec. 709 luma), and which ones.
        func crop(_ path: String) throws -> (mean: Double, bright: Set<Int>) {
            let image = try PNGImage.load(path: path)
            var bright = Set<Int>()
            for y in 236..<306 {
                for x in 1008..<1264 {
                    let p = try #require(image.pixel(x: x, y: y))
                    let luma = 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
                    if luma > 0.4 * 255 { bright.insert(y * image.width + x) }
                }
            }
            return (Double(bright.count) / (256 * 70), bright)
        }
        let ma = try crop(a), mb = try crop(b)
        #expect(ma.mean > 0.005, "plot area has curve pixels: \(ma.mean)")
        #expect(mb.mean > 0.005, "plot area has curve pixels: \(mb.mean)")
        #expect(ma.bright != mb.bright, "the plot changes with frequency: \(ma.mean) vs \(mb.mean)")
    }

    @Test func parameterFilesLoadValidateAndSave() throws {
        let good = Kinetic.temp("good-params.json")
        try #"{"drag": {"frequency": 12, "damping": 0.3}}"#.write(toFile: good, atomically: true, encoding: .utf8)
        let p = try dumpParams(["--headless", "--frames", "1", "--params", good])
        #expect(p["frequency"] == 12 && p["damping"] == 0.3)

        func error(_ text: String) throws -> Kinetic.Result {
            let f = Kinetic.temp("bad-\(UUID().uuidString).json")
            try text.write(toFile: f, atomically: true, encoding: .utf8)
            return try Kinetic.run(["--headless", "--frames", "1", "--params", f])
        }
        let unknown = try error(#"{"drag": {"freq": 3}}"#)
        #expect(unknown.status == 1 && unknown.stderr.contains("unknown key 'freq'") && unknown.stderr.contains("frequency"))
        let range = try error(#"{"drag": {"damping": 9}}"#)
        #expect(range.status == 1 && range.stderr.contains("drag.damping") && range.stderr.contains("0…5"))
        #expect(range.stderr.split(separator: "\n").count == 1)

        // Ctrl+S writes the file back (atomically) with the tuned value.
        let saved = Kinetic.temp("saved-params.json")
        try #"{"drag": {"frequency": 12}}"#.write(toFile: saved, atomically: true, encoding: .utf8)
        let s = try script("save.jsonl", [#"{"t":0.1,"type":"key","key":"f"}"#, #"{"t":0.2,"type":"key","key":"s","mods":["ctrl"]}"#])
        #expect(try Kinetic.run(["--headless", "--frames", "20", "--script", s, "--params", saved]).status == 0)
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: [String: Any]])
        #expect(abs(((obj["drag"]?["frequency"] as? Double) ?? 0) - 13.2) < 1e-9)
        #expect(obj["drag"]?["variant"] as? String == "seed")
        // Z flips the variant; the saved file keeps it, and loading it starts the scene in it.
        let z = try script("variant.jsonl", [#"{"t":0.1,"type":"key","key":"z"}"#, #"{"t":0.2,"type":"key","key":"s","mods":["ctrl"]}"#])
        #expect(try Kinetic.run(["--headless", "--frames", "20", "--script", z, "--params", saved]).status == 0)
        let flipped = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: [String: Any]])
        #expect(flipped["drag"]?["variant"] as? String == "refined")
        let dump = Kinetic.temp("variant-dump.json")
        #expect(try Kinetic.run(["--headless", "--frames", "2", "--params", saved, "--dump", dump]).status == 0)
        let dumped = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])
        #expect(dumped["variant"] as? String == "refined")
        // --variant overrides the file; a bad name or a bad file value is one clear line.
        #expect(try Kinetic.run(["--headless", "--frames", "2", "--params", saved, "--variant", "seed", "--dump", dump]).status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])?["variant"] as? String == "seed")
        let badName = try Kinetic.run(["--headless", "--frames", "2", "--variant", "fancy"])
        #expect(badName.status != 0 && badName.stderr.contains("--variant must be seed or refined"))
        let badFile = try error(#"{"drag": {"variant": "fancy"}}"#)
        #expect(badFile.status == 1 && badFile.stderr.contains("drag.variant must be"))
    }

    @Test func curveCommandPrintsSamplesAndRejectsBadInput() throws {
        let r = try Kinetic.run(["curve", "preset", "easeInOut", "--samples", "5"])
        #expect(r.status == 0)
        #expect(r.stdout == "t,progress\n0,0\n0.25,0.129162\n0.5,0.5\n0.75,0.870838\n1,1\n")
        for bad in [["curve", "cubic", "1.5", "0", "1", "1"], ["curve", "preset", "bouncy"], ["curve", "spring", "--mass", "0", "--stiffness", "1", "--damping", "1"],
                    ["curve", "preset", "linear", "--samples", "1"]] {
            let e = try Kinetic.run(bad)
            #expect(e.status == 1, "\(bad)")
            #expect(e.stderr.split(separator: "\n").count == 1 && e.stderr.hasPrefix("kinetic: "), "\(bad): \(e.stderr)")
        }
        let png = Kinetic.temp("curve.png")
        #expect(try Kinetic.run(["curve", "spring", "--mass", "1", "--stiffness", "2", "--damping", "0.2", "--png", png]).status == 0)
        #expect(FileManager.default.contents(atPath: png)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
