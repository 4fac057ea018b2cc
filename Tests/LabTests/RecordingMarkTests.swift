import Testing
import Geometry
import Drawing
import Gestures
import Scenes
import LabUI
@testable import Lab

/// Issue 27 part 1: while a Ctrl+R recording runs, the title line shows a red REC mark with the
/// time recorded, after the start notice has faded.
@Suite struct RecordingMarkTests {
    @Test func theTitleLineShowsRecWhileRecording() throws {
        var c = LabConfiguration()
        c.headless = true
        c.items = 50
        let s = try LabSession(c, services: .silent)
        s.open(size: Size(width: 1280, height: 800), frameRate: 60, textMeasurer: EstimatedTextMeasurer.shared)
        func texts() -> [String] {
            var list = DisplayList()
            var overlay = Overlay()
            overlay.draw(session: s, measurer: EstimatedTextMeasurer.shared, into: &list)
            return list.items.compactMap { if case .text(let t, _, _, _, _, _) = $0.command { return t } else { return nil } }
        }
        #expect(!texts().contains { $0.hasPrefix("REC") })
        s.now = 1
        s.dispatch(.key(KeyEvent(.down, key: "r", modifiers: .control, timestamp: 1)))
        s.now = 13.37  // the start notice has long gone
        #expect(s.overlay.notice(at: s.now) == nil)
        #expect(texts().contains("REC 12.3 s"))
        s.sessionRecording = nil  // no files from a test
        s.overlay.recordingSince = nil
        #expect(!texts().contains { $0.hasPrefix("REC") })
    }
}
