import Testing
import Foundation

/// Issue 14, A/B compare: two copies of a scene side by side, one pointer driving both at the
/// same relative place, keys tuning the half under the pointer, both halves in the dump.
@Suite struct CompareTests {
    static func script(_ name: String, _ lines: [String]) throws -> String {
        let path = Kinetic.temp(name)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func dump(_ args: [String]) throws -> [String: Any] {
        let json = Kinetic.temp("compare-\(UUID().uuidString).json")
        let r = try Kinetic.run(args + ["--dump", json])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    }

    static func frames(_ d: [String: Any]) -> [[Int]: [Double]] {
        var out: [[Int]: [Double]] = [:]
        for case let o as [String: Any] in d["items"] as? [Any] ?? [] {
            if let ip = o["indexPath"] as? [Int], let f = o["frame"] as? [Double] { out[ip] = f }
        }
        return out
    }

    /// The content left of the HUD (980 pt at 1280) splits into two 489-pt halves: A at x 0,
    /// B at x 491. Two clicks in A select in both; a long press and drag in A drags both flocks,
    /// which sit at the same place relative to their halves. (The refined grid, whose 40-pt cells
    /// the coordinates are for.)
    @Test func oneGestureDrivesBothHalves() throws {
        let s = try Self.script("compare-drag.jsonl", [
            #"{"t":0.05,"type":"down","x":140,"y":216}"#, #"{"t":0.10,"type":"up","x":140,"y":216}"#,
            #"{"t":0.20,"type":"down","x":192,"y":216}"#, #"{"t":0.25,"type":"up","x":192,"y":216}"#,
            #"{"t":0.50,"type":"down","x":166,"y":241}"#, #"{"t":1.22,"type":"move","x":206,"y":265}"#,
            #"{"t":1.26,"type":"move","x":286,"y":313}"#,
        ])
        let d = try Self.dump(["--headless", "--scene", "drag", "--variant", "refined", "--compare", "--script", s, "--frames", "150"])
        let b = try #require(d["b"] as? [String: Any])
        #expect(d["selection"] as? [[Int]] == [[0, 29], [0, 30]])
        #expect(b["selection"] as? [[Int]] == [[0, 29], [0, 30]])
        #expect(b["scene"] as? String == "drag")
        let fa = Self.frames(d), fb = Self.frames(b)
        let a29 = try #require(fa[[0, 29]]), b29 = try #require(fb[[0, 29]])
        #expect(abs(b29[0] - a29[0] - 491) < 0.01 && abs(b29[1] - a29[1]) < 0.01, "A \(a29), B \(b29)")
        #expect(a29[1] > 216 + 40, "the flock moved down with the pointer: \(a29)")
    }

    /// F with the pointer over B tunes B only; Z over A flips A only; `]` picks B for keys
    /// pressed with the pointer over neither half (the HUD).
    @Test func keysTuneTheHalfUnderThePointer() throws {
        let s = try Self.script("compare-keys.jsonl", [
            #"{"t":0.05,"type":"move","x":700,"y":400}"#, #"{"t":0.10,"type":"key","key":"f"}"#,
            #"{"t":0.15,"type":"move","x":200,"y":400}"#, #"{"t":0.20,"type":"key","key":"z"}"#,
            #"{"t":0.25,"type":"move","x":1100,"y":400}"#, #"{"t":0.30,"type":"key","key":"]"}"#,
            #"{"t":0.35,"type":"key","key":"d"}"#,
        ])
        let d = try Self.dump(["--headless", "--scene", "drag", "--compare", "--script", s, "--frames", "30"])
        let b = try #require(d["b"] as? [String: Any])
        let pa = try #require(d["params"] as? [String: Double]), pb = try #require(b["params"] as? [String: Double])
        #expect(pa["frequency"] == 8 && abs((pb["frequency"] ?? 0) - 8.8) < 1e-9)
        #expect(pa["damping"] == 0.6 && abs((pb["damping"] ?? 0) - 0.65) < 1e-9)
        #expect(d["variant"] as? String == "refined" && b["variant"] as? String == "seed")
    }

    @Test func aSecondParamsFileIsB() throws {
        let a = Kinetic.temp("compare-a.json"), bPath = Kinetic.temp("compare-b.json")
        try #"{"springy": {"frequency": 3}}"#.write(toFile: a, atomically: true, encoding: .utf8)
        try #"{"springy": {"frequency": 12, "variant": "refined"}}"#.write(toFile: bPath, atomically: true, encoding: .utf8)
        let d = try Self.dump(["--headless", "--scene", "springy", "--compare", "--params", a, "--params", bPath, "--frames", "3"])
        let b = try #require(d["b"] as? [String: Any])
        #expect((d["params"] as? [String: Double])?["frequency"] == 3)
        #expect((b["params"] as? [String: Double])?["frequency"] == 12)
        #expect(b["variant"] as? String == "refined" && d["variant"] as? String == "seed")
    }

    @Test func badCompareArgumentsAreOneLine() throws {
        for (args, text) in [(["--params", "a.json", "--params", "b.json"], "add --compare"),
                             (["--compare", "--params", "a", "--params", "b", "--params", "c"], "got 3")] {
            let r = try Kinetic.run(["--headless", "--frames", "1"] + args)
            #expect(r.status != 0)
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(text), "\(args): \(r.stderr)")
        }
    }

    /// B toggles the compare in a running session (the second B ends it).
    @Test func bTogglesTheCompare() throws {
        let s = try Self.script("compare-b.jsonl", [#"{"t":0.05,"type":"key","key":"b"}"#])
        let d = try Self.dump(["--headless", "--scene", "exchange", "--script", s, "--frames", "10"])
        #expect(d["b"] != nil)
        let s2 = try Self.script("compare-b2.jsonl", [#"{"t":0.05,"type":"key","key":"b"}"#, #"{"t":0.1,"type":"key","key":"b"}"#])
        let d2 = try Self.dump(["--headless", "--scene", "exchange", "--script", s2, "--frames", "10"])
        #expect(d2["b"] == nil)
    }
}
