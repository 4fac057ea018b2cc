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

    /// Parses `data` (the text of `place`, a file or `file:line`) as JSON.
    ///
    /// Foundation refuses `NaN`, `Infinity` and numbers beyond a Double (`1e999`) with the same
    /// "not in the correct format" as a missing brace, so when it refuses, the text is scanned for
    /// such a number first: "params.json: line 3: numbers must be finite (got 1e999)". Otherwise the
    /// message says where the parser stopped: "params.json: not valid JSON at line 2, column 5".
    /// `multiline` false (a script line, whose `place` already names the line) gives the column only.
    /// - Throws: ``KineticError``.
    package static func parse(_ data: Data, in place: String, multiline: Bool = true) throws -> Any {
        do {
            let value = try JSONSerialization.jsonObject(with: data)
            // Foundation keeps the last of two equal keys: a line-up with "sections" twice would
            // load one and the first save would drop the other for good.
            if let (offset, key) = firstDuplicateKey(in: [UInt8](data)) {
                let bytes = [UInt8](data)
                let before = bytes[..<offset]
                let line = 1 + before.count { $0 == UInt8(ascii: "\n") }
                throw KineticError("\(place): \(multiline ? "line \(line): " : "")the key \"\(key)\" appears twice in one object")
            }
            return value
        } catch let e as KineticError {
            throw e
        } catch {
            let bytes = [UInt8](data)
            func position(_ offset: Int) -> (line: Int, column: Int) {
                let before = bytes[..<min(offset, bytes.count)]
                let line = 1 + before.count { $0 == UInt8(ascii: "\n") }
                let column = offset - ((before.lastIndex(of: UInt8(ascii: "\n"))).map { $0 + 1 } ?? 0) + 1
                return (line, column)
            }
            if let (offset, token) = firstNonFiniteNumber(in: bytes) {
                let line = multiline ? "line \(position(offset).line): " : ""
                throw KineticError("\(place): \(line)numbers must be finite (got \(token))")
            }
            if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                throw KineticError("\(place): not valid JSON (\(bytes.isEmpty ? "the file is empty" : "only blanks"))")
            }
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if reason.contains("end of file") {
                throw KineticError("\(place): not valid JSON: the text ends before every {, [ and \" is closed")
            }
            guard let offset = stopOffset(reason) else {
                throw KineticError("\(place): not valid JSON\(reason.isEmpty ? "" : " (\(reason))")")
            }
            let p = position(offset)
            throw KineticError("\(place): not valid JSON at \(multiline ? "line \(p.line), " : "")column \(p.column)")
        }
    }

    /// The byte offset and text of the second occurrence of the first key that an object of
    /// `bytes` (valid JSON) holds twice, or nil. Keys are compared as the strings they decode to.
    package static func firstDuplicateKey(in bytes: [UInt8]) -> (offset: Int, key: String)? {
        // One entry per open object (its keys so far, and whether a key comes next) or array (nil).
        var stack: [(keys: Set<String>, expectingKey: Bool)?] = []
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"): stack.append((keys: [], expectingKey: true))
            case UInt8(ascii: "["): stack.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            case UInt8(ascii: ","):
                if var top = stack.last ?? nil { top.expectingKey = true; stack[stack.count - 1] = top }
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                guard var top = stack.last ?? nil, top.expectingKey else { break }
                let raw = Data(bytes[start...min(i, bytes.count - 1)])
                let key = (try? JSONSerialization.jsonObject(with: raw, options: .fragmentsAllowed)) as? String
                    ?? String(decoding: raw, as: UTF8.self)
                if top.keys.contains(key) { return (start, key) }
                top.keys.insert(key)
                top.expectingKey = false
                stack[stack.count - 1] = top
            default: break
            }
            i += 1
        }
        return nil
    }

    /// The byte offset and text of the first number outside strings that is not finite as a
    /// Double: `NaN`, `Infinity` (any case, any sign), or a literal too large (`1e999`).
    package static func firstNonFiniteNumber(in bytes: [UInt8]) -> (offset: Int, token: String)? {
        func isTokenByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                // Skip the string, escapes included.
                i += 1
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                continue
            }
            guard isTokenByte(b) else { i += 1; continue }
            let start = i
            while i < bytes.count && isTokenByte(bytes[i]) { i += 1 }
            let token = String(decoding: bytes[start..<i], as: UTF8.self)
            let bare = token.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "+-"))
            if ["nan", "inf", "infinity"].contains(bare) { return (start, token) }
            if let d = Double(token), !d.isFinite { return (start, token) }
        }
        return nil
    }

    /// Where Foundation's parser stopped ("Invalid value around character 11."), a byte offset, or nil.
    private static func stopOffset(_ text: String) -> Int? {
        guard let range = text.range(of: "character ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
