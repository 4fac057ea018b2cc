import Testing
import Foundation
import Geometry
import Drawing
import Scenes
@testable import Lab

/// A session opened as a headless run opens one, 1280 × 800 points at 60 Hz with 100 items,
/// after `configure` has changed what it needs (the scene, the item count, a window).
func openedSession(services: LabServices = .silent, _ configure: (inout LabConfiguration) -> Void = { _ in }) throws -> LabSession {
    var c = LabConfiguration()
    c.headless = true
    c.items = 100
    configure(&c)
    let s = try LabSession(c, services: services)
    s.open(size: Size(width: 1280, height: 800), frameRate: 60, textMeasurer: EstimatedTextMeasurer.shared)
    return s
}

/// Each `(line, message)` of `bad` is refused as line 1 of `s.jsonl` with one error that starts
/// with the place and contains `message`.
func expectRefusedScriptLines(_ bad: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
    for (line, message) in bad {
        do {
            _ = try InputScript.parseLine(Data(line.utf8), where: "s.jsonl:1")
            Issue.record("accepted \(line)", sourceLocation: sourceLocation)
        } catch {
            #expect("\(error)".hasPrefix("s.jsonl:1: ") && "\(error)".contains(message), "\(error)", sourceLocation: sourceLocation)
        }
    }
}
