import Geometry

/// A JSON value with ordered object keys and deterministic text, for dumps and saved files:
/// the same value always prints the same bytes.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.text() == b.text() }

    /// Index paths as `[[section, item], …]`.
    public static func indexPaths(_ paths: [IndexPath]) -> JSONValue {
        .array(paths.map { .array([.int($0.section), .int($0.item)]) })
    }

    /// Names per section as `[["Ana", "Ben"], …]`.
    public static func sections(_ sections: [[String]]) -> JSONValue {
        .array(sections.map { .array($0.map { .string($0) }) })
    }

    /// Text with a space after separators, or `pretty` with two-space indentation.
    public func text(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    /// One line with no spaces between tokens (`{"t":0.1,"type":"down"}`), for JSON Lines.
    public var compactText: String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() { if i > 0 { out += "," }; v.writeCompact(into: &out) }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, (k, v)) in o.enumerated() {
                if i > 0 { out += "," }
                JSONValue.escape(k, into: &out)
                out += ":"
                v.writeCompact(into: &out)
            }
            out += "}"
        default:
            write(into: &out, pretty: false, indent: 0)
        }
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d):
            if d.isFinite { out += String(d) } else { out += "null" }
        case .string(let s): JSONValue.escape(s, into: &out)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            // Arrays of scalars stay on one line even when pretty ([20, 60, 40, 40]).
            let scalar = a.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += pretty && !scalar ? "," : ", " }
                if pretty && !scalar { out += "\n" + String(repeating: "  ", count: indent + 1) }
                v.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty && !scalar { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let o):
            if o.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (k, v)) in o.enumerated() {
                if i > 0 { out += pretty ? "," : ", " }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.escape(k, into: &out)
                out += ": "
                v.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    private static func escape(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else { out.unicodeScalars.append(u) }
            }
        }
        out += "\""
    }

    /// A number rounded to `places` decimals, so dumps stay readable and stable.
    public static func rounded(_ v: Double, _ places: Int = 3) -> JSONValue {
        var p = 1.0
        for _ in 0..<places { p *= 10 }
        let r = (v * p).rounded() / p
        return .number(r == 0 ? 0 : r) // no "-0.0"
    }
}
