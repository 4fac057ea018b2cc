import Foundation

/// A strict JSON reader (RFC 8259) whose every refusal says what is wrong and where, in the terms
/// of the person who wrote the file: Foundation's `JSONSerialization` reports a lone surrogate as
/// unclosed brackets, a depth limit as invalid JSON at some column, a non-UTF-8 byte with no
/// place at all, and keeps the last of two equal keys without a word.
///
/// Values come out in Foundation's shapes so callers read them as they read `JSONSerialization`'s:
/// `[String: Any]`, `[Any]`, `String`, `NSNumber` (an `Int` for an integral literal that fits,
/// else a `Double`; `true`/`false` as boolean `NSNumber`s, see ``JSONInput/number(_:)``), `NSNull`.
/// Any value may stand at the top; callers say which one they expect. ``locatedValue(of:)``
/// reads the same text into a ``LocatedJSON`` tree instead, each value with its byte offset.
package struct JSONReader {
    /// Why the text is not JSON, and the byte offset where the problem starts.
    package struct Failure: Error {
        /// Byte offset into the text.
        package let offset: Int
        /// The cause in a phrase, e.g. `the key "a" appears twice in one object`.
        package let reason: String
    }

    /// Arrays and objects nest at most this deep (a guard for the reader's stack; no file of
    /// Kinetic's has more than three levels).
    package static let depthLimit = 512

    private let bytes: [UInt8]
    private var i = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value `bytes` holds, with blanks around it allowed and a UTF-8 byte-order mark skipped.
    /// - Throws: ``Failure``.
    package static func value(of bytes: [UInt8]) throws(Failure) -> Any {
        try read(bytes, into: FoundationTree.self)
    }

    /// The value `bytes` holds as a ``LocatedJSON`` tree: every value and object key with the
    /// byte offset it starts at, keys in the order written, so a reader of a richer format can
    /// say where a value it refuses stands. Accepts and refuses exactly what ``value(of:)`` does,
    /// with the same failures.
    /// - Throws: ``Failure``.
    package static func locatedValue(of bytes: [UInt8]) throws(Failure) -> LocatedJSON {
        try read(bytes, into: LocatedJSON.self)
    }

    /// The one parse behind both shapes: `Tree` says how values are built.
    private static func read<Tree: JSONTree>(_ bytes: [UInt8], into tree: Tree.Type) throws(Failure) -> Tree.Node {
        var reader = JSONReader(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
        try reader.checkUTF8()
        reader.skipBlanks()
        let value = try reader.readValue(depth: 0, Tree.self)
        reader.skipBlanks()
        guard reader.i == bytes.count else {
            throw Failure(offset: reader.i, reason: "more text after the end of the JSON value (\(reader.found))")
        }
        return value
    }

    // MARK: Scanning

    private var atEnd: Bool { i >= bytes.count }

    /// The next character as a person would quote it in a message.
    private var found: String {
        guard !atEnd else { return "the end of the text" }
        let b = bytes[i]
        if b < 0x20 { return String(format: "the control character U+%04X", b) }
        var end = i + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[i..<end], as: UTF8.self))'"
    }

    private mutating func skipBlanks() {
        while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    /// Refuses text that is not UTF-8, at the first byte that breaks it (before parsing, so the
    /// place is exact however deep it is).
    private func checkUTF8() throws(Failure) {
        var k = i
        while k < bytes.count {
            let b = bytes[k]
            if b < 0x80 { k += 1; continue }
            let length = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 ? (b <= 0xEF ? 3 : 0) : b >= 0xC2 ? 2 : 0
            var ok = length > 0 && k + length <= bytes.count
            if ok {
                for j in 1..<length where bytes[k + j] & 0xC0 != 0x80 { ok = false }
            }
            if ok, length > 1 {
                // Overlong forms, UTF-16 surrogates (ED A0–BF) and code points past U+10FFFF.
                let second = bytes[k + 1]
                if (b == 0xE0 && second < 0xA0) || (b == 0xED && second > 0x9F)
                    || (b == 0xF0 && second < 0x90) || (b == 0xF4 && second > 0x8F) { ok = false }
            }
            guard ok else { throw Failure(offset: k, reason: String(format: "not UTF-8 text (byte 0x%02X)", b)) }
            k += length
        }
    }

    // MARK: Values

    private mutating func readValue<Tree: JSONTree>(depth: Int, _ tree: Tree.Type) throws(Failure) -> Tree.Node {
        guard !atEnd else { throw Failure(offset: i, reason: "the text ends where a value should be") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1, Tree.self)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1, Tree.self)
        case UInt8(ascii: "\""): return Tree.string(try readString(), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (integer, double) = try readNumber()
            return Tree.number(integer: integer, double, at: start)
        default:
            let word = readWord()
            switch word {
            case "true": return Tree.bool(true, at: start)
            case "false": return Tree.bool(false, at: start)
            case "null": return Tree.null(at: start)
            case "": i = start; throw Failure(offset: start, reason: "expected a value, found \(found)")
            default:
                if ["nan", "inf", "infinity"].contains(word.lowercased()) {
                    throw Failure(offset: start, reason: "numbers must be finite (got \(word))")
                }
                throw Failure(offset: start, reason: "expected a value, found '\(word)' (strings need double quotes)")
            }
        }
    }

    /// Letters, digits and `_` from here: a literal, or a bare word someone meant as a string.
    private mutating func readWord() -> String {
        let start = i
        while !atEnd, bytes[i].isASCIILetterOrDigit || bytes[i] == UInt8(ascii: "_") { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func open(_ depth: Int) throws(Failure) {
        guard depth <= Self.depthLimit else {
            throw Failure(offset: i, reason: "arrays and objects nest deeper than \(Self.depthLimit) levels (the limit)")
        }
        i += 1
        skipBlanks()
    }

    private mutating func readObject<Tree: JSONTree>(depth: Int, _ tree: Tree.Type) throws(Failure) -> Tree.Node {
        let start = i
        try open(depth)
        var object = Tree.emptyObject()
        var count = 0
        if !atEnd, bytes[i] == UInt8(ascii: "}") { i += 1; return Tree.object(object, at: start) }
        while true {
            if !atEnd, bytes[i] == UInt8(ascii: "}"), count > 0 { throw trailingComma("}") }
            guard !atEnd, bytes[i] == UInt8(ascii: "\"") else {
                throw Failure(offset: i, reason: atEnd ? "the text ends before every {, [ and \" is closed"
                              : "expected a key in double quotes, found \(found)")
            }
            let keyOffset = i
            let key = try readString()
            guard !Tree.contains(key, in: object) else {
                // Foundation keeps the last of two: a line-up with "sections" twice would load
                // one and the first save would drop the other for good.
                throw Failure(offset: keyOffset, reason: "the key \"\(key)\" appears twice in one object")
            }
            skipBlanks()
            guard !atEnd, bytes[i] == UInt8(ascii: ":") else { throw expected("':' after the key \"\(key)\"") }
            i += 1
            skipBlanks()
            Tree.add(try readValue(depth: depth, Tree.self), for: key, at: keyOffset, to: &object)
            count += 1
            if try closes("}", after: "the value of \"\(key)\"") { return Tree.object(object, at: start) }
        }
    }

    private mutating func readArray<Tree: JSONTree>(depth: Int, _ tree: Tree.Type) throws(Failure) -> Tree.Node {
        let start = i
        try open(depth)
        var array: [Tree.Node] = []
        if !atEnd, bytes[i] == UInt8(ascii: "]") { i += 1; return Tree.array(array, at: start) }
        while true {
            if !atEnd, bytes[i] == UInt8(ascii: "]"), !array.isEmpty { throw trailingComma("]") }
            array.append(try readValue(depth: depth, Tree.self))
            if try closes("]", after: "item \(array.count)") { return Tree.array(array, at: start) }
        }
    }

    /// After an item of an object or array: true at its `close` bracket (taken), false at the
    /// comma before the next item (taken, with the blanks after it); anything else is refused,
    /// naming `item`.
    private mutating func closes(_ close: Unicode.Scalar, after item: String) throws(Failure) -> Bool {
        skipBlanks()
        guard !atEnd else { throw expected("',' or '\(close)'") }
        if bytes[i] == UInt8(ascii: close) { i += 1; return true }
        guard bytes[i] == UInt8(ascii: ",") else { throw expected("',' or '\(close)' after \(item)") }
        i += 1
        skipBlanks()
        return false
    }

    private func trailingComma(_ close: String) -> Failure {
        Failure(offset: i, reason: "a ',' before '\(close)' (JSON allows no comma after the last item)")
    }

    private func expected(_ what: String) -> Failure {
        Failure(offset: i, reason: atEnd ? "the text ends before every {, [ and \" is closed" : "expected \(what), found \(found)")
    }

    // MARK: Strings

    private mutating func readString() throws(Failure) -> String {
        let start = i
        i += 1
        var scalars = String.UnicodeScalarView()
        var runStart = i
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        while true {
            guard !atEnd else { throw Failure(offset: start, reason: "a string that starts here is never closed (no closing \")") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { flush(i); i += 1; return String(scalars) }
            if b < 0x20 {
                throw Failure(offset: i, reason: String(format: "the control character U+%04X inside a string (write it as an escape such as \\n)", b))
            }
            guard b == UInt8(ascii: "\\") else { i += 1; continue }
            flush(i)
            let escape = i
            i += 1
            guard !atEnd else { throw Failure(offset: start, reason: "a string that starts here is never closed (no closing \")") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try readUnicodeEscape(at: escape))
            default:
                throw Failure(offset: escape, reason: "\\\(String(decoding: [e], as: UTF8.self)) is not a JSON escape (use \\\\ for a backslash)")
            }
            runStart = i
        }
    }

    /// `\uXXXX`, or a pair of them for a character outside the Basic Multilingual Plane.
    private mutating func readUnicodeEscape(at escape: Int) throws(Failure) -> Unicode.Scalar {
        let high = try readHex4(escape)
        if (0xDC00...0xDFFF).contains(high) {
            throw Failure(offset: escape, reason: String(format: "\\u%04x is the second half of a UTF-16 surrogate pair with no first half", high))
        }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
        let lone = Failure(offset: escape, reason: String(format: "\\u%04x is half of a UTF-16 surrogate pair; the other half (\\udc00–\\udfff) must follow it", high))
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { throw lone }
        i += 2
        let low = try readHex4(i - 2)
        guard (0xDC00...0xDFFF).contains(low) else { throw lone }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    }

    private mutating func readHex4(_ escape: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard !atEnd, let digit = bytes[i].hexDigitValue else {
                throw Failure(offset: escape, reason: "\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    // MARK: Numbers

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, finite as a Double; `integer` too for
    /// an integral literal that fits an `Int`.
    private mutating func readNumber() throws(Failure) -> (integer: Int?, double: Double) {
        let start = i
        if bytes[i] == UInt8(ascii: "-") {
            i += 1
            if !atEnd, bytes[i].isASCIILetter {
                let word = "-" + readWord()
                if ["-inf", "-infinity", "-nan"].contains(word.lowercased()) {
                    throw Failure(offset: start, reason: "numbers must be finite (got \(word))")
                }
                throw Failure(offset: start, reason: "'\(word)' is not a number")
            }
        }
        func digits() -> Int { let s = i; while !atEnd, bytes[i].isASCIIDigit { i += 1 }; return i - s }
        let integerStart = i
        let integerDigits = digits()
        var integral = true
        var valid = integerDigits > 0 && !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0"))
        if !atEnd, bytes[i] == UInt8(ascii: ".") { i += 1; integral = false; valid = valid && digits() > 0 }
        if !atEnd, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            integral = false
            if !atEnd, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            valid = valid && digits() > 0
        }
        // Letters, dots or signs stuck to the number belong to what the person typed.
        while !atEnd, bytes[i].isASCIILetterOrDigit || bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "+") { i += 1; valid = false }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard valid, let double = Double(text) else {
            throw Failure(offset: start, reason: "'\(text)' is not a JSON number (digits with an optional '.', fraction and exponent; no leading zeros)")
        }
        guard double.isFinite else { throw Failure(offset: start, reason: "numbers must be finite (got \(text))") }
        return (integral ? Int(text) : nil, double)
    }
}

/// How ``JSONReader`` builds the values it reads: one parse, two shapes (Foundation's for the
/// formats that read `JSONSerialization`-like values, ``LocatedJSON`` for those that report
/// where a value stands). `at` is the byte offset a value starts at.
protocol JSONTree {
    /// A value.
    associatedtype Node
    /// An object being filled.
    associatedtype Object
    static func emptyObject() -> Object
    /// Whether `object` already has `key` (asked before its value is read, so a repeated key is
    /// refused before anything that follows it).
    static func contains(_ key: String, in object: Object) -> Bool
    static func add(_ value: Node, for key: String, at keyOffset: Int, to object: inout Object)
    static func object(_ object: Object, at offset: Int) -> Node
    static func array(_ items: [Node], at offset: Int) -> Node
    static func string(_ string: String, at offset: Int) -> Node
    /// A number: `integer` for an integral literal that fits an `Int`, else nil.
    static func number(integer: Int?, _ double: Double, at offset: Int) -> Node
    static func bool(_ value: Bool, at offset: Int) -> Node
    static func null(at offset: Int) -> Node
}

/// Foundation's shapes (``JSONReader/value(of:)``): `[String: Any]`, `[Any]`, `String`,
/// `NSNumber` (an `Int` for an integral literal that fits, else a `Double`), `NSNull`.
private enum FoundationTree: JSONTree {
    static func emptyObject() -> [String: Any] { [:] }
    static func contains(_ key: String, in object: [String: Any]) -> Bool { object[key] != nil }
    static func add(_ value: Any, for key: String, at keyOffset: Int, to object: inout [String: Any]) { object[key] = value }
    static func object(_ object: [String: Any], at offset: Int) -> Any { object }
    static func array(_ items: [Any], at offset: Int) -> Any { items }
    static func string(_ string: String, at offset: Int) -> Any { string }
    static func number(integer: Int?, _ double: Double, at offset: Int) -> Any {
        integer.map { NSNumber(value: $0) } ?? NSNumber(value: double)
    }
    static func bool(_ value: Bool, at offset: Int) -> Any { NSNumber(value: value) }
    static func null(at offset: Int) -> Any { NSNull() }
}

private extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    var isASCIILetterOrDigit: Bool { isASCIIDigit || isASCIILetter }
    var hexDigitValue: UInt32? {
        switch self {
        case 0x30...0x39: UInt32(self - 0x30)
        case 0x41...0x46: UInt32(self - 0x41 + 10)
        case 0x61...0x66: UInt32(self - 0x61 + 10)
        default: nil
        }
    }
}
