import Foundation

/// Reading the JSON a person wrote (`--params`, `--data`, script lines) with errors in their terms.
package enum JSONInput {
    /// The value as a finite-or-not Double when it is a JSON number; nil for booleans, strings and
    /// everything else (Foundation boxes `true` as a number, so it is told apart by its type code).
    package static func number(_ value: Any?) -> Double? {
        guard let n = value as? NSNumber else { return nil }
        if String(cString: n.objCType) == "c" { return nil } // a JSON boolean
        return n.doubleValue
    }

    /// A JSON value as a person wrote it, for messages: `"fast"`, `true`, `null`, `[…]`, `{…}`.
    package static func describe(_ value: Any) -> String {
        switch value {
        case let s as String: return "\"\(s)\""
        case is NSNull: return "null"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default:
            if let n = value as? NSNumber, String(cString: n.objCType) == "c" { return n.boolValue ? "true" : "false" }
            return "\(value)"
        }
    }

    /// Parses `data` (the text of `place`, a file or `file:line`) as JSON with ``JSONReader``.
    ///
    /// A refusal names the place and the line and column of its cause:
    /// "params.json: line 3, column 14: numbers must be finite (got 1e999)". `multiline` false (a
    /// script line, whose `place` already names the line) gives the column only.
    /// - Throws: ``KineticError``.
    package static func parse(_ data: Data, in place: String, multiline: Bool = true) throws -> Any {
        let bytes = [UInt8](data)
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw KineticError("\(place): not valid JSON (\(bytes.isEmpty ? "the file is empty" : "only blanks"))")
        }
        do {
            return try JSONReader.value(of: bytes)
        } catch {
            let p = position(of: error.offset, in: bytes)
            throw KineticError("\(place): \(multiline ? "line \(p.line), " : "")column \(p.column): \(error.reason)")
        }
    }

    /// Line and column (both from 1; the column counts characters, not bytes) of a byte offset.
    package static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes[..<min(offset, bytes.count)]
        let line = 1 + before.count { $0 == UInt8(ascii: "\n") }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // UTF-8 continuation bytes (10xxxxxx) do not start a character.
        let column = 1 + before[lineStart...].count { $0 & 0xC0 != 0x80 }
        return (line, column)
    }
}
