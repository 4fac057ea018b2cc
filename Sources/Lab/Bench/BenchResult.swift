import Foundation
import Scenes

/// One measured figure of `kinetic bench`: a line of text for humans and, when ``key`` is set, a
/// key of the `--json` object.
package struct BenchResult {
    /// What was measured, as the text line starts ("physics: build 10000 anchor springs").
    package let name: String
    /// The figure, in ``unit``.
    package let value: Double
    /// The figure's unit ("ms", "ns/item-step", "µs/frame"; empty for a count).
    package let unit: String
    /// What the text line adds after the unit (counts, medians, checksums).
    package var note = ""
    /// The `--json` key (nil: the figure is printed as text only).
    package var key: String?
    /// Printed in the JSON object only (a count the text already gives in a note).
    package var jsonOnly = false

    /// A figure as given.
    package init(name: String, value: Double, unit: String, note: String = "", key: String? = nil, jsonOnly: Bool = false) {
        self.name = name; self.value = value; self.unit = unit; self.note = note; self.key = key; self.jsonOnly = jsonOnly
    }

    /// The text line: the name padded to 44 characters, the value right-aligned to one decimal,
    /// the unit and the note.
    package var line: String {
        "\(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%10.1f", value)) \(unit)   \(note)"
    }

    /// The text report of `results`: one ``line`` per result that is not ``jsonOnly``.
    package static func lines(_ results: [BenchResult]) -> [String] {
        results.filter { !$0.jsonOnly }.map(\.line)
    }

    /// The `--json` report of `results`: one flat object, a key per line (`make bench` reads it
    /// with awk), whole numbers as integers and the rest to two decimals.
    package static func json(_ results: [BenchResult]) -> String {
        let keyed = results.compactMap { r in
            r.key.map { ($0, r.value == r.value.rounded() && abs(r.value) < 1e15 ? JSONValue.int(Int(r.value)) : .rounded(r.value, 2)) }
        }
        return JSONValue.object(keyed).text(pretty: true)
    }
}
