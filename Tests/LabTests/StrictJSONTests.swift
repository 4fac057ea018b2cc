import Testing
import Foundation
@testable import Lab
import Geometry

/// Issue 24: a key given twice in one object is refused, naming it and its line (Foundation
/// keeps the last one, so a line-up with "sections" twice lost the first on the next save).
@Suite struct StrictJSONTests {
    func error(_ text: String, multiline: Bool = true) -> String? {
        do {
            _ = try JSONInput.parse(Data(text.utf8), in: "f.json", multiline: multiline)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aDuplicateKeyIsRefusedWithItsLine() {
        #expect(error("{\"sections\":[[\"Ana\",\"Zed\"]],\n\"sections\":[[\"Ben\",\"Cy\"]]}")
                == "f.json: line 2, column 1: the key \"sections\" appears twice in one object")
        #expect(error("{\"t\":0.1,\"key\":\"a\",\"key\":\"b\"}", multiline: false) == "f.json: column 20: the key \"key\" appears twice in one object")
        // Keys compare as the strings they decode to.
        #expect(error("{\"a\":1,\"\\u0061\":2}") == "f.json: line 1, column 8: the key \"a\" appears twice in one object")
        #expect(error("{\"drag\":{\"frequency\":8,\"damping\":0.5,\"frequency\":9}}")?.contains("\"frequency\" appears twice") == true)
    }

    @Test func equalKeysInDifferentObjectsAndStringValuesAreFine() {
        #expect(error("{\"a\":{\"x\":1},\"b\":{\"x\":2},\"c\":[{\"x\":1},{\"x\":1}],\"d\":\"x\",\"e\":\"\\\"x\\\"\"}") == nil)
        #expect(error("[{\"x\":1,\"y\":[1,{\"x\":2}]},{\"x\":3}]") == nil)
    }
}

/// Issue 24: script fields of the wrong type are named as such (they were ignored, or reported as
/// missing); CRLF line ends and a byte-order mark are read.
@Suite struct StrictScriptTests {
    func error(_ line: String) -> String? {
        do {
            _ = try InputScript.parse(line, where: "s.jsonl:1")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func wrongTypesAreNamed() {
        #expect(error(#"{"t":0.1,"type":"key","key":"f","mods":"shift"}"#) == #"s.jsonl:1: "mods" must be a list such as ["shift"], got "shift""#)
        #expect(error(#"{"t":0.1,"type":"key","key":"f","mods":[1]}"#) == #"s.jsonl:1: "mods" must hold names such as "shift", got 1"#)
        #expect(error(#"{"t":0.1,"type":"key","key":"f","repeat":"yes"}"#) == #"s.jsonl:1: "repeat" must be true or false, got "yes""#)
        #expect(error(#"{"t":0.1,"type":"key","key":"f","repeat":1}"#) == #"s.jsonl:1: "repeat" must be true or false, got 1"#)
        #expect(error(#"{"t":0.1,"type":5}"#) == #"s.jsonl:1: "type" must be a string such as "down", got 5"#)
        #expect(error(#"{"t":0.1,"type":"key","key":5}"#) == #"s.jsonl:1: "key" must be a key name such as "f", got 5"#)
        #expect(error(#"{"t":0.1,"type":"key"}"#) == #"s.jsonl:1: missing "key""#)
        #expect(error(#"{"t":0.1,"type":"key","key":"f","repeat":true,"mods":["shift"]}"#) == nil)
    }

    @Test func crlfLinesAndAByteOrderMarkAreRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-script-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("crlf.jsonl").path
        let text = "\u{FEFF}{\"t\":0.1,\"type\":\"down\",\"x\":5,\"y\":6}\r\n{\"t\":0.2,\"type\":\"up\",\"x\":5,\"y\":6}\r\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let events = try InputScript.load(path)
        #expect(events.count == 2)
        let bad = dir.appendingPathComponent("crlf-bad.jsonl").path
        try "{\"t\":0.1,\"type\":\"down\",\"x\":5,\"y\":6}\r\n{\"t\":0.2,\"type\":\"up\"}\r\n".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(throws: KineticError.self) { try InputScript.load(bad) }
        do { _ = try InputScript.load(bad) } catch { #expect("\(error)".contains("crlf-bad.jsonl:2:"), "\(error)") }
    }
}

/// Issue 24: every refusal of ``JSONReader`` names the real cause with its line and column
/// (Foundation reported a depth limit as invalid JSON, a lone surrogate as unclosed brackets, a
/// non-UTF-8 byte with no place, and a top-level number as "option to allow fragments not set").
@Suite struct JSONReaderTests {
    func error(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONInput.parse(Data(bytes), in: "f.json")
            return nil
        } catch {
            return "\(error)"
        }
    }
    func error(_ text: String) -> String? { error(Array(text.utf8)) }

    @Test func limitsAreReportedAsLimits() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(error(deep) == "f.json: line 1, column 513: arrays and objects nest deeper than 512 levels (the limit)")
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(error(atLimit) == nil)
    }

    @Test func surrogatesAndUTF8() throws {
        #expect(error(#"{"a": "\ud83d"}"#) == #"f.json: line 1, column 8: \ud83d is half of a UTF-16 surrogate pair; the other half (\udc00–\udfff) must follow it"#)
        #expect(error(#"{"a": "\ude00x"}"#)?.contains("second half of a UTF-16 surrogate pair") == true)
        #expect(try JSONInput.parse(Data(#"{"a": "\ud83d\ude00 é"}"#.utf8), in: "f") as? [String: String] == ["a": "😀 é"])
        #expect(error([0x7B, 0x0A, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0xA9, 0xFF, 0x22, 0x7D])
                == "f.json: line 2, column 7: not UTF-8 text (byte 0xFF)")
        // An encoded surrogate (CESU-8) is not UTF-8 either.
        #expect(error([0x22, 0xED, 0xA0, 0xBD, 0x22])?.contains("not UTF-8 text (byte 0xED)") == true)
        #expect(try JSONInput.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), in: "f") as? [Int] == [1])
    }

    @Test func theCauseIsNamed() {
        let cases: [(String, String)] = [
            ("{\"a\": 1,}", "line 1, column 9: a ',' before '}' (JSON allows no comma after the last item)"),
            ("[1, 2,]", "line 1, column 7: a ',' before ']' (JSON allows no comma after the last item)"),
            ("{\"a\": 01}", "line 1, column 7: '01' is not a JSON number (digits with an optional '.', fraction and exponent; no leading zeros)"),
            ("{\"a\": .5}", "line 1, column 7: expected a value, found '.'"),
            ("{\"a\": fast}", "line 1, column 7: expected a value, found 'fast' (strings need double quotes)"),
            ("{'a': 1}", "line 1, column 2: expected a key in double quotes, found '''"),
            ("{\"a\": \"x\ty\"}", "line 1, column 9: the control character U+0009 inside a string (write it as an escape such as \\n)"),
            ("{\"a\": \"x\\qy\"}", "line 1, column 9: \\q is not a JSON escape (use \\\\ for a backslash)"),
            ("{\"a\": \"x}", "line 1, column 7: a string that starts here is never closed (no closing \")"),
            ("{\"a\": 1} {\"b\": 2}", "line 1, column 10: more text after the end of the JSON value ('{')"),
            ("{\"a\": 1", "line 1, column 8: the text ends before every {, [ and \" is closed"),
            ("{\"a\": -inf}", "line 1, column 7: numbers must be finite (got -inf)"),
        ]
        for (text, message) in cases { #expect(error(text) == "f.json: " + message, "\(text)") }
    }

    /// Equal values; numbers within a few ulps (Foundation reads some decimals as an
    /// `NSDecimalNumber` whose Double is one ulp off the correctly rounded one).
    func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case let (x as [String: Any], y as [String: Any]):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        case let (x as [Any], y as [Any]): return x.count == y.count && zip(x, y).allSatisfy(same)
        case let (x as String, y as String): return x == y
        case (is NSNull, is NSNull): return true
        case let (x as NSNumber, y as NSNumber):
            guard JSONInput.number(x) != nil, JSONInput.number(y) != nil else { return x.boolValue == y.boolValue && JSONInput.number(x) == JSONInput.number(y) }
            return abs(x.doubleValue - y.doubleValue) <= 4 * x.doubleValue.ulp
        default: return false
        }
    }

    /// The reader gives what Foundation gives for any valid text (random documents, fixed seed).
    @Test func agreesWithFoundationOnValidText() throws {
        var random = SeededRandom(seed: 24)
        func value(_ depth: Int) -> String {
            switch random.next() % (depth > 3 ? 4 : 6) {
            case 0: return ["true", "false", "null"][Int(random.next() % 3)]
            case 1: return String(Int(random.next() % 2_000_001) - 1_000_000)
            case 2: return String(Double(Int(random.next() % 100_000)) / 7 * (random.next() % 2 == 0 ? 1 : -1e-5))
            case 3: return "\"" + ["a", "é", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\\"", " "].shuffled(using: &random).prefix(3).joined() + "\""
            case 4: return "[" + (0..<Int(random.next() % 4)).map { _ in value(depth + 1) }.joined(separator: ", ") + "]"
            default: return "{" + (0..<Int(random.next() % 4)).map { "\"k\($0)\": " + value(depth + 1) }.joined(separator: ",\n") + "}"
            }
        }
        for _ in 0..<300 {
            let text = value(0)
            let ours = try JSONInput.parse(Data(text.utf8), in: "f")
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            #expect(same(ours, theirs), "\(text)")
        }
        #expect(JSONInput.number(try JSONInput.parse(Data("true".utf8), in: "f")) == nil)
        #expect(JSONInput.number(try JSONInput.parse(Data("-2.5e1".utf8), in: "f")) == -25)
        #expect(JSONInput.describe(try JSONInput.parse(Data("false".utf8), in: "f")) == "false")
    }
}

/// Issue 24: an input file that cannot be read says why, and a FIFO or device is refused at once
/// instead of blocking `open()` until something writes to it.
@Suite struct InputFileTests {
    @Test func theCauseIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-input-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        func message(_ path: String) -> String {
            do { _ = try InputFile.read(path, as: "script"); return "" } catch { return "\(error)" }
        }
        #expect(message("\(dir)/none.jsonl") == "cannot read script \(dir)/none.jsonl: no such file")
        #expect(message(dir) == "cannot read script \(dir): it is a folder, not a file")
        #expect(message("") == "the script name is empty")
        let fifo = "\(dir)/fifo"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(message(fifo) == "cannot read script \(fifo): it is not a regular file (a device, FIFO or socket)")
        #expect(message("/dev/zero").contains("not a regular file"))
        let bad = "\(dir)/bad.jsonl"
        _ = FileManager.default.createFile(atPath: bad, contents: Data(#"{"t":0.1,"type":"move","x":1,"y":2}"#.utf8 + [0x0A] + Array(#"  {"t":0.2,"type":"key","key":"#.utf8) + [0x22, 0xFF, 0x22, 0x7D, 0x0A]))
        #expect(throws: KineticError.self) { try InputScript.load(bad) }
        do { _ = try InputScript.load(bad) } catch { #expect("\(error)" == "\(bad):2: column 32: not UTF-8 text (byte 0xFF)") }
    }

    @Test func mixedParameterSectionsAreNamedAsSuch() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-input-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = "\(dir)/mixed.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(#"{"drag": {"frequency": 8}, "damping": 0.6}"#.utf8))
        do {
            _ = try ParameterStore.load(path, currentScene: "drag") { _ in [] }
            Issue.record("a mixed file loaded")
        } catch {
            #expect("\(error)" == #"\#(path): mixes a scene section ("drag": {…}) with bare keys ("damping"); write either {"drag": {"frequency": 8}} or {"frequency": 8}"#)
        }
        _ = FileManager.default.createFile(atPath: path, contents: Data("5".utf8))
        do {
            _ = try ParameterStore.load(path, currentScene: "drag") { _ in [] }
        } catch {
            #expect("\(error)" == #"\#(path): expected a JSON object such as {"drag": {"frequency": 8}}, got 5"#)
        }
    }
}
