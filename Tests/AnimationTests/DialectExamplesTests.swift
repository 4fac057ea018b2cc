import Testing
#if canImport(Glibc)
import Glibc
#endif
import Geometry
@testable import Animation

/// Issue 41: the examples the README and docs/DIALECTS.md show ("you paste … Kinetic reads …")
/// are what the reader reads. Each table between `<!-- dialect-examples -->` and
/// `<!-- /dialect-examples -->` has rows `| platform | `code` | reading |`, the reading one of
/// - `mass M, stiffness K, damping C` (4 significant digits, as MotionExport prints them),
/// - `cubic (x1, y1), (x2, y2) over D s` or `cubic (x1, y1), (x2, y2), no duration`,
/// - `refused: words the message holds`.
@Suite struct DialectExamplesTests {
    /// The repository's root, from this file's place in it (Tests/AnimationTests/).
    static func root(_ file: String = #filePath) -> String {
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }

    /// The example rows of the file at `path` (relative to the root): (code, reading).
    static func examples(in path: String) throws -> [(code: String, reading: String)] {
        let text = try #require(readText(root() + "/" + path), "cannot read \(path)")
        var rows: [(String, String)] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.contains("<!-- dialect-examples -->") { inside = true; continue }
            if line.contains("<!-- /dialect-examples -->") { inside = false; continue }
            guard inside, line.hasPrefix("| "), !line.hasPrefix("|---") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            guard cells.count >= 4, cells[2].hasPrefix("`"), cells[2].hasSuffix("`") else { continue }
            rows.append((String(cells[2].dropFirst().dropLast()), cells[3]))
        }
        return rows
    }

    /// A file's text, read with the C library (the Animation tests use no Foundation either).
    static func readText(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The numbers in `text`, in order ("(0.4, 0), (0.2, 1) over 0.3 s" → 0.4, 0, 0.2, 1, 0.3).
    static func numbers(_ text: String) -> [Double] {
        var found: [Double] = []
        var current = ""
        for c in text + " " {
            if c.isNumber || c == "." || (c == "-" && current.isEmpty) { current.append(c); continue }
            if let v = Double(current) { found.append(v) }
            current = ""
        }
        return found
    }

    /// Whether `got` is `printed` to the 4 significant digits it was printed with.
    static func close(_ got: Double, _ printed: Double) -> Bool {
        abs(got - printed) <= 5e-4 * Swift.max(abs(printed), 1e-3)
    }

    static func check(_ code: String, _ reading: String, _ file: String) {
        let label = "\(file): \(code)"
        if reading.hasPrefix("refused") {
            let words = reading.dropFirst("refused".count).drop { $0 == ":" || $0 == " " }
            do {
                let motion = try MotionImport.parse(code)
                Issue.record("\(label): read \(motion), the table says it is refused")
            } catch {
                #expect(!error.message.contains("\n"), "\(label): the error is one line")
                #expect(error.message.contains(words), "\(label): '\(error.message)' does not say '\(words)'")
            }
            return
        }
        let motion: ImportedMotion
        do { motion = try MotionImport.parse(code) } catch {
            Issue.record("\(label): refused (\(error.message)), the table says \(reading)")
            return
        }
        let want = numbers(reading)
        switch motion {
        case .spring(let s) where reading.hasPrefix("mass "):
            #expect(want.count == 3 && zip([s.mass, s.stiffness, s.damping], want).allSatisfy(close), "\(label): \(s) for \(reading)")
        case .curve(let c, let duration) where reading.hasPrefix("cubic "):
            let points = [c.controlPoint1.x, c.controlPoint1.y, c.controlPoint2.x, c.controlPoint2.y]
            let noDuration = reading.hasSuffix("no duration")
            #expect(want.count == (noDuration ? 4 : 5) && zip(points, want).allSatisfy(close), "\(label): \(points) for \(reading)")
            if noDuration {
                #expect(duration == nil, "\(label): duration \(String(describing: duration)) for \(reading)")
            } else {
                #expect(duration.map { close($0, want[4]) } == true, "\(label): duration \(String(describing: duration)) for \(reading)")
            }
        default:
            Issue.record("\(label): read \(motion), the table says \(reading)")
        }
    }

    @Test(arguments: ["README.md", "docs/DIALECTS.md"]) func everyExampleReadsAsTheTableSays(_ file: String) throws {
        let rows = try Self.examples(in: file)
        #expect(rows.count >= (file == "README.md" ? 10 : 40), "\(file): \(rows.count) examples")
        for (code, reading) in rows { Self.check(code, reading, file) }
    }
}

private extension Substring {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
