import Testing
import Geometry
import Drawing
import Scenes
import LabUI

/// Issue 39 part 6: a line under the help card's Ctrl+R names the last recording's script
/// (the model's ``LabUI/LabInterfaceModel/lastRecordingCommand``), and the card still fits.
@Suite struct RecordingHelpTests {
    static let command = "kinetic run --scene drag --size 1440x900 --fps 60 --headless --script kinetic-session-20261128-213809.jsonl "
        + "--params kinetic-session-20261128-213809-params.json --data kinetic-session-20261128-213809-data.json "
        + "--video kinetic-session-20261128-213809.mp4 --pointer"

    @Test func aLineUnderCtrlRNamesTheLastRecordingAndTheCardFits() {
        #expect(LabHelp.renderSummary(of: Self.command)
                == "kinetic run … --script kinetic-session-20261128-213809.jsonl … --video kinetic-session-20261128-213809.mp4")
        #expect(LabHelp.renderSummary(of: "kinetic run --scene drag") == "kinetic run --scene drag")
        #expect(LabHelp.renderSummary(of: Self.command, video: false) == "kinetic run … --script kinetic-session-20261128-213809.jsonl")
        let measurer = EstimatedTextMeasurer()
        for size in [Size(width: 1280, height: 800), Size(width: 640, height: 480), Size(width: 1440, height: 900)] {
            let area = HUDLayout.contentFrame(in: size, expanded: size.width >= HUDLayout.collapseBelowWidth)
            for kind in SceneKind.allCases {
                let scene = SceneCatalog.make(kind, items: 100)
                let without = LabHelp.sections(for: scene)
                #expect(without[2].lines.first { $0.input == "Ctrl+R" }?.action == "record (again: stop)", "no recording: as before")
                let (card, list) = Overlay.helpCard(for: scene, in: area, measurer: measurer, lastRecording: Self.command)
                var texts: [String] = []
                for item in list.items {
                    guard case let .text(s, f, _, _, _, _) = item.command else { continue }
                    texts.append(s)
                    #expect(f.minY >= card.minY && f.maxY <= card.maxY + 0.5, "\(kind) '\(s)' leaves the card in \(size)")
                }
                // The whole line, however it wraps (a long name may be split within itself).
                let action = "kinetic run … --script kinetic-session-20261128-213809.jsonl"
                #expect(texts.joined().filter { $0 != " " }.contains("Ctrl+Rrecord(again:stop)lastrecording" + action.filter { $0 != " " }),
                        "\(kind) in \(size)")
                // Nothing else is cut ("…" ends a wrapped piece of the summary itself).
                let cut = texts.filter { $0.hasSuffix("…") && !action.contains($0) }
                #expect(cut.isEmpty, "\(kind) in \(size): cut lines \(cut)")
            }
        }
    }
}
