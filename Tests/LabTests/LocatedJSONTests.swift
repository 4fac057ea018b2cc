import Testing
import Foundation
@testable import Lab

/// Issue 40: ``JSONReader/locatedValue(of:)`` gives every value and key its byte offset, and
/// accepts and refuses exactly the texts ``JSONReader/value(of:)`` does, with the same failure.
@Suite struct LocatedJSONTests {
    @Test func valuesAndKeysKnowWhereTheyStart() throws {
        let text = "{\"a\": [1, -2.5e1, \"x\"],\n \"b\": {\"c\": true, \"d\": null}}"
        let root = try JSONReader.locatedValue(of: Array(text.utf8))
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(root.offset == 0)
        #expect(members.map(\.key) == ["a", "b"] && members.map(\.keyOffset) == [1, 25])
        guard case .array(let items) = members[0].value.value, case .object(let inner) = members[1].value.value else {
            Issue.record("a is not an array or b not an object")
            return
        }
        #expect(items.map(\.offset) == [7, 10, 18])
        #expect(items.map(\.described) == ["1", "-25", "\"x\""])
        if case .number(let d, let integer) = items[1].value { #expect(d == -25 && integer == nil) }
        if case .number(let d, let integer) = items[0].value { #expect(d == 1 && integer == 1) }
        #expect(inner.map(\.key) == ["c", "d"] && inner.map(\.value.described) == ["true", "null"])
        #expect(inner.map(\.value.offset) == [36, 47])
        #expect(members[1].value.offset == 30)
        let position = JSONInput.position(of: inner[1].value.offset, in: Array(text.utf8))
        #expect(position.line == 2 && position.column == 24)
    }

    @Test func itRefusesWhatTheFoundationReaderRefusesWithTheSameFailure() {
        let texts = ["", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\":1,\"a\":[", "[1 2]", "nan", "[-Infinity]", "01", "1.", "\"\\x\"",
                     "\"\\ud800\"", "[\"a\u{1}\"]", "{\"a\" 1}", "[1]x", "tru", String(repeating: "[", count: 600), "{\"a\": [1, {}]}"]
        // Not UTF-8 (a stray byte, a surrogate, an overlong form), and a byte-order mark.
        let bytesList = texts.map { Array($0.utf8) } + [[0xFF], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x5B, 0xC0, 0x80, 0x5D], [0xEF, 0xBB, 0xBF, 0x7B, 0x7D]]
        for bytes in bytesList {
            let foundation: String, located: String
            do { _ = try JSONReader.value(of: bytes); foundation = "read" } catch { foundation = "\(error.offset): \(error.reason)" }
            do { _ = try JSONReader.locatedValue(of: bytes); located = "read" } catch { located = "\(error.offset): \(error.reason)" }
            #expect(foundation == located, "\(bytes.prefix(20))")
        }
    }

    /// Long strings are cut in messages; numbers print in their shortest form.
    @Test func descriptionsStayShort() throws {
        let long = try JSONReader.locatedValue(of: Array("\"\(String(repeating: "é", count: 100))\"".utf8))
        #expect(long.described == "\"\(String(repeating: "é", count: 40))…\"")
        #expect(LocatedJSON.format(0.5) == "0.5" && LocatedJSON.format(-3) == "-3" && LocatedJSON.format(1e20) == "1e+20")
    }
}
