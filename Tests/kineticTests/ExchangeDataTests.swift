import Testing
import Foundation

/// The exchange scene's `--data` file through the binary: loaded, validated, rewritten after a
/// finished transaction, untouched by a cancelled one.
@Suite struct ExchangeDataTests {
    static let team = #"{"sections": [["Ana", "Ben", "Cy", "Dee"], ["Eve", "Fay", "Gus"]], "locked": ["Gus"]}"#

    func file(_ name: String, _ text: String) throws -> String {
        let path = Kinetic.temp(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func sections(_ path: String) throws -> [[String]] {
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return try #require(obj["sections"] as? [[String]])
    }

    @Test func aFinishedExchangeRewritesTheFile() throws {
        let data = try file("team-finish.json", Self.team)
        // Catch Ana (0,0) with a 0.15 s press, hover Fay (1,1), release.
        let script = try file("finish.jsonl", """
        {"t":0.10,"type":"down","x":84,"y":94}
        {"t":0.40,"type":"move","x":150,"y":150}
        {"t":0.50,"type":"move","x":242,"y":202}
        {"t":0.90,"type":"up","x":242,"y":202}
        """)
        let r = try Kinetic.run(["--headless", "--scene", "exchange", "--data", data, "--script", script, "--frames", "90"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try sections(data) == [["Fay", "Ben", "Cy", "Dee"], ["Eve", "Ana", "Gus"]])
        let text = try String(contentsOfFile: data, encoding: .utf8)
        #expect(text.contains("\"locked\": [\"Gus\"]"))
    }

    @Test func theArrangementSurvivesSceneSwitches() throws {
        // Without --data: exchange Ana and Fay, switch to the drag scene (1) and back (4).
        let script = try file("switch.jsonl", """
        {"t":0.10,"type":"down","x":84,"y":94}
        {"t":0.40,"type":"move","x":150,"y":150}
        {"t":0.50,"type":"move","x":242,"y":202}
        {"t":0.90,"type":"up","x":242,"y":202}
        {"t":1.60,"type":"key","key":"1"}
        {"t":1.80,"type":"key","key":"4"}
        """)
        let data = try file("team-switch.json", Self.team)
        let dump = Kinetic.temp("switch-dump.json")
        let r = try Kinetic.run(["--headless", "--scene", "exchange", "--data", data, "--script", script, "--frames", "130", "--dump", dump])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])
        #expect(obj["scene"] as? String == "exchange")
        #expect(obj["model"] as? [[String]] == [["Fay", "Ben", "Cy", "Dee"], ["Eve", "Ana", "Gus"]])
    }

    @Test func aCancelledExchangeLeavesTheFileAlone() throws {
        let data = try file("team-cancel.json", Self.team)
        let script = try file("cancel.jsonl", """
        {"t":0.10,"type":"down","x":84,"y":94}
        {"t":0.50,"type":"move","x":242,"y":202}
        {"t":0.70,"type":"key","key":"escape"}
        {"t":0.90,"type":"up","x":242,"y":202}
        """)
        let dump = Kinetic.temp("cancel-dump.json")
        let r = try Kinetic.run(["--headless", "--scene", "exchange", "--data", data, "--script", script, "--frames", "120", "--dump", dump])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: data, encoding: .utf8) == Self.team)
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])
        #expect(obj["model"] as? [[String]] == [["Ana", "Ben", "Cy", "Dee"], ["Eve", "Fay", "Gus"]])
    }

    @Test func badFilesAreOneClearLine() throws {
        let cases: [(String, String)] = [
            (#"{"sections": [["Ana", "Ana"]]}"#, "Ana"),
            (#"{"sections": []}"#, "sections"),
            (#"{"sections": [["Ana"]], "locked": ["Zed"]}"#, "Zed"),
            (#"{"sections": [["Ana", 3]]}"#, "must be a string"),
            (#"{"teams": []}"#, "unknown key 'teams'"),
            ("not json", "line 1, column 1: expected a value, found 'not' (strings need double quotes)"),
            ("[\"Ana\"]", "expected a JSON object"),
        ]
        for (i, (text, needle)) in cases.enumerated() {
            let data = try file("bad-\(i).json", text)
            let r = try Kinetic.run(["--headless", "--scene", "exchange", "--data", data, "--frames", "1"])
            #expect(r.status == 1, "\(text)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(needle), "\(text): \(r.stderr)")
            #expect(try String(contentsOfFile: data, encoding: .utf8) == text) // never rewritten
        }
        let missing = try Kinetic.run(["--headless", "--scene", "exchange", "--data", "/nonexistent/team.json", "--frames", "1"])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read data file"))
    }
}
