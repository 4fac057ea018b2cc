import Testing
import Foundation
import SDLBackend

/// Issue 16, "every bad input refused": numbers JSON cannot hold, values of the wrong type, files
/// that are not fonts, output paths nothing can be written to, and runs too long to finish. Each
/// is one line naming the problem and a non-zero exit (the cases of `CommandLineErrorTests`,
/// `ExchangeDataTests` and `SaveTests` are not repeated here).
@Suite struct BadInputTests {
    /// Writes `text` to a fresh file called `name` and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = Kinetic.temp(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `args`; expects status 1, one `kinetic: …` line on stderr containing `text`, and no crash.
    func expectOneLine(_ args: [String], _ text: String, environment: [String: String]? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let r = try Kinetic.run(args, environment: environment)
        #expect(r.status == 1 && !r.killedBySignal, "\(args): status \(r.status)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("kinetic: ") && r.stderr.split(separator: "\n").count == 1,
                "\(args): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(text), "\(args): \(r.stderr)", sourceLocation: sourceLocation)
    }

    /// Foundation refuses NaN, Infinity and 1e999 with the same words as a missing brace; the
    /// message says which number, on which line and column.
    @Test func parameterFilesWithNumbersJSONCannotHold() throws {
        let cases: [(String, String, String)] = [
            ("nan", #"{"drag": {"frequency": NaN}}"#, "line 1, column 24: numbers must be finite (got NaN)"),
            ("huge", "{\"drag\": {\n  \"damping\": 0.5,\n  \"frequency\": 1e999}}", "line 3, column 16: numbers must be finite (got 1e999)"),
            ("minus-infinity", "{\"drag\": {\n  \"frequency\": -Infinity}}", "line 2, column 16: numbers must be finite (got -Infinity)"),
            ("string", #"{"drag": {"frequency": "fast"}}"#, #"drag.frequency must be a number in 0.1…100 Hz, got "fast""#),
            ("bool", #"{"drag": {"damping": true}}"#, "drag.damping must be a number in 0…5, got true"),
            ("unclosed", "{\"drag\": {\n  \"frequency\": 3,\n}", "line 3, column 1: a ',' before '}' (JSON allows no comma after the last item)"),
            ("colon", "{\"drag\": {\n  \"frequency\" 3}}", "line 2, column 15: expected ':' after the key \"frequency\", found '3'"),
            ("empty", "", "not valid JSON (the file is empty)"),
        ]
        for (name, text, message) in cases {
            let path = try file("params-\(name).json", text)
            try expectOneLine(["--headless", "--frames", "1", "--params", path], "\(path): \(message)")
        }
    }

    @Test func scriptLinesWithBadNumbers() throws {
        let cases: [(String, String, String)] = [
            ("nan", #"{"t":0.1,"type":"down","x":NaN,"y":2}"#, "column 28: numbers must be finite (got NaN)"),
            ("huge", #"{"t":0.1,"type":"down","x":1e999,"y":2}"#, "column 28: numbers must be finite (got 1e999)"),
            ("wheel", #"{"t":0.1,"type":"wheel","x":1,"y":2,"dy":-1e400}"#, "column 42: numbers must be finite (got -1e400)"),
            ("text", #"{"t":0.1,"type":"down","x":"abc","y":2}"#, #""x" must be a number, got "abc""#),
            // A wheel's dx and dy may be left out, but a value given must be a number (it was read as 0).
            ("wheel-text", #"{"t":0.1,"type":"wheel","x":1,"y":2,"dy":"up"}"#, #""dy" must be a number, got "up""#),
            ("missing", #"{"t":0.1,"type":"down","y":2}"#, #"missing "x""#),
            ("cut", #"{"t":0.1,"type":"down","x":1,"y":2"#, "column 35: the text ends before every {, [ and \" is closed"),
            ("stray", #"{"t":0.1 "type":"down"}"#, #"column 10: expected ',' or '}' after the value of "t", found '"'"#),
        ]
        for (name, line, message) in cases {
            let path = try file("script-\(name).jsonl", #"{"t":0.05,"type":"move","x":1,"y":2}"# + "\n" + line + "\n")
            try expectOneLine(["--headless", "--frames", "2", "--script", path], "script-\(name).jsonl:2: " + message)
        }
    }

    @Test func dataFileWithNumbersJSONCannotHold() throws {
        let text = "{\"sections\": [[\"Ana\", \"Ben\"],\n  [\"Cy\", NaN]]}"
        let data = try file("team-nan.json", text)
        try expectOneLine(["--headless", "--scene", "exchange", "--frames", "1", "--data", data],
                          "team-nan.json: line 2, column 10: numbers must be finite (got NaN)")
        #expect(try String(contentsOfFile: data, encoding: .utf8) == text)
    }

    /// A `KINETIC_FONT` that is not a font used to give a run with every label missing (exit 0);
    /// one that named no file silently fell back to the bundled font.
    @Test func fontsThatCannotBeUsed() throws {
        var env = ProcessInfo.processInfo.environment
        let notAFont = try file("not-a-font.ttf", "this is not a TrueType font\n")
        env["KINETIC_FONT"] = notAFont
        try expectOneLine(["--headless", "--frames", "1"], "KINETIC_FONT is \(notAFont), which is not a font SDL_ttf can open", environment: env)
        env["KINETIC_FONT"] = "/nonexistent-kinetic/font.ttf"
        try expectOneLine(["--headless", "--frames", "1"], "KINETIC_FONT is /nonexistent-kinetic/font.ttf, which does not exist", environment: env)
        env["KINETIC_FONT"] = FileManager.default.temporaryDirectory.path
        try expectOneLine(["--headless", "--frames", "1"], "a folder; it must name a .ttf font file", environment: env)
    }

    /// No DejaVu anywhere (a machine without the repository's Assets/ and without
    /// fonts-dejavu-core): the lookup's own error, which the renderer throws at start.
    @Test func aMissingFontAssetIsOneLine() throws {
        #expect(throws: FontLocator.Problem("the font DejaVuSans.ttf was not found (looked in $KINETIC_FONT, Assets/ and "
                                            + "/usr/share/fonts/truetype/dejavu; install fonts-dejavu-core or set KINETIC_FONT to a .ttf file)")) {
            try FontLocator.locate(environment: nil, candidates: ["/nonexistent-kinetic/Assets/DejaVuSans.ttf"])
        }
        #expect(try FontLocator.locate(environment: "", candidates: [CommandLine.arguments[0]]) == CommandLine.arguments[0])
    }

    /// Output paths that no file can be written to are refused before the run (a long session is
    /// not lost at the end): a pseudo-file system, a device, a read-only file.
    @Test func statsPathsNothingCanBeWrittenTo() throws {
        try expectOneLine(["--headless", "--frames", "1", "--stats", "/proc/kinetic-stats.json"],
                          "the folder /proc") // not writable (a user), or no file can be made there (root)
        try expectOneLine(["--headless", "--frames", "1", "--stats", "/dev/null"], "--stats: /dev/null is not a regular file")
        let readOnly = try file("stats-read-only.json", "{}\n")
        #expect(chmod(readOnly, 0o444) == 0)
        try expectOneLine(["--headless", "--frames", "1", "--stats", readOnly], "--stats: \(readOnly) is read-only (mode 444)")
        #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "{}\n")
    }

    /// The run length is bounded by one simulated day (the bound of a script's times), so an
    /// absurd --frames is refused at once instead of rendering for months.
    @Test func overLargeValuesAreRefusedNotRun() throws {
        try expectOneLine(["--headless", "--frames", "1000000000"],
                          "--frames must be at most 5184000 (one day of simulated time at --fps 60), got 1000000000")
        try expectOneLine(["--headless", "--fps", "1", "--frames", "86401"], "--frames must be at most 86400")
        try expectOneLine(["--headless", "--frames", "99999999999999999999"], "99999999999999999999")
        try expectOneLine(["--headless", "--frames", "2", "--items", "1e12"], "The value '1e12' is invalid for '--items <items>'")
        try expectOneLine(["--headless", "--frames", "2", "--scene", "springy", "--items", "1000000000000"],
                          "--items must be between 1 and 1000000 for the springy scene, got 1000000000000")
        try expectOneLine(["--headless", "--frames", "2", "--size", "100000x100000"], "--size must be WxH from 640x480 to 8192x8192")
    }
}
