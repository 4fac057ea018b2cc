import Testing
import Foundation
@testable import Lab

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
                == "f.json: line 2: the key \"sections\" appears twice in one object")
        #expect(error("{\"t\":0.1,\"key\":\"a\",\"key\":\"b\"}", multiline: false) == "f.json: the key \"key\" appears twice in one object")
        // Keys compare as the strings they decode to.
        #expect(error("{\"a\":1,\"\\u0061\":2}") == "f.json: line 1: the key \"a\" appears twice in one object")
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
