import Testing
import Foundation
@testable import Lab

/// Issue 40: `kinetic help scene-file`'s summary and docs/SCENE-FILES.md name every top-level
/// key, layer type, behaviour type and gesture type the reader knows; the page's whole-file
/// example reads.
@Suite struct SceneFileHelpTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/SCENE-FILES.md"), encoding: .utf8)) ?? ""
    }()

    /// Every name the format has a reader for.
    static let names = SceneFileReader.topKeys + SceneFileReader.layerTypes + SceneFileReader.behaviorKeys.map(\.type)
        + ["tap", "longPress", "pan"]

    @Test func theSummaryNamesEveryKeyAndType() {
        let summary = SceneFileHelp.summary
        for name in Self.names { #expect(summary.contains(name), "\(name) is not in the summary") }
        let lines = summary.split(separator: "\n", omittingEmptySubsequences: false)
        #expect((30...60).contains(lines.count), "\(lines.count) lines")
        // 79 columns: `kinetic help scene-file` (swift-argument-parser) wraps longer lines at 80.
        for line in lines { #expect(line.count <= 79, "\(line)") }
    }

    @Test func thePageNamesEveryKeyAndType() {
        #expect(!Self.page.isEmpty, "docs/SCENE-FILES.md not found")
        for name in Self.names + SceneFileReader.fieldKinds { #expect(Self.page.contains("`\(name)`"), "`\(name)` is not in docs/SCENE-FILES.md") }
        for key in SceneFileReader.behaviorKeys.flatMap(\.keys) + SceneFileReader.layerKeys + Array(SceneFileReader.typedLayerKeys.keys)
            + SceneFileReader.gestureKeys + Array(SceneFileReader.typedGestureKeys.keys) {
            #expect(Self.page.contains("`\(key)`"), "`\(key)` is not in docs/SCENE-FILES.md")
        }
    }

    @Test func thePagesWholeFileReads() throws {
        let block = try #require(Self.page.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let model = try SceneFileReader.read(Data(block.utf8), file: "example.json", folder: nil)
        #expect(model.title == "Bottom sheet" && model.layers.count == 3 && model.gestures.first?.release?.detents.count == 3)
    }
}
