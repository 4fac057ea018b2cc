import Testing
import Foundation
import Animation
import Scenes
@testable import kinetic
@testable import Lab

/// Issue 14: `kinetic curve … --as FORMAT` and the E key, through the binary and in process.
@Suite struct ExportCommandTests {
    /// Issue 41: SwiftUI's `.spring(duration:bounce:)` comes first (Apple's `Spring` page: mass 1,
    /// stiffness 100, damping 10 is duration 0.63, bounce 0.5).
    @Test func springAsSwiftUIIsAHeaderAndThreeDeclarations() throws {
        let r = try Kinetic.run(["curve", "spring", "--mass", "1", "--stiffness", "100", "--damping", "10", "--as", "swiftui"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "// SwiftUI — mass 1, stiffness 100, damping 10: ω₀ 10 rad/s (1.592 Hz), ζ 0.5, settles in 1.27 s",
            ".spring(duration: 0.6283, bounce: 0.5)",
            ".spring(response: 0.6283, dampingFraction: 0.5)",
            ".interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)",
        ], "\(r.stdout)")
    }

    @Test func everyFormatPrintsCodeInsteadOfCSV() throws {
        for format in ExportFormat.allCases {
            let r = try Kinetic.run(["curve", "spring", "--mass", "1", "--stiffness", "100", "--damping", "10", "--velocity", "2",
                                     "--as", format.rawValue.uppercased()])
            #expect(r.status == 0, "\(format): \(r.stderr)")
            #expect(!r.stdout.contains("t,progress"), "\(format)")
            #expect(r.stdout.contains(format.displayName + " — mass 1, stiffness 100, damping 10, initial velocity 2/s"), "\(format): \(r.stdout)")
        }
    }

    @Test func curvesTakeADuration() throws {
        let css = try Kinetic.run(["curve", "preset", "easeInOut", "--as", "css", "--duration", "0.25"])
        #expect(css.status == 0, "\(css.stderr)")
        #expect(css.stdout.contains("transition: transform 0.25s cubic-bezier(0.42, 0, 0.58, 1);"), "\(css.stdout)")
        #expect(css.stdout.contains("transition: transform 0.25s ease-in-out;"))
        let compose = try Kinetic.run(["curve", "cubic", "0.6", "-0.28", "0.735", "0.045", "--as", "compose"])
        #expect(compose.status == 0, "\(compose.stderr)")
        #expect(compose.stdout.contains("tween<Float>(durationMillis = 1000, easing = CubicBezierEasing(0.6f, -0.28f, 0.735f, 0.045f))"),
                "\(compose.stdout)")
    }

    @Test func badFormatOrDurationIsOneLine() throws {
        let errors = CommandLineErrorTests()
        try errors.expectOneLineError(["curve", "spring", "--mass", "1", "--stiffness", "100", "--damping", "10", "--as", "kotlin"],
                                      containing: "--as must be one of uikit, swiftui, css, android, compose, web, flutter, react-native, got 'kotlin'")
        try errors.expectOneLineError(["curve", "preset", "linear", "--as", "css", "--duration", "-1"],
                                      containing: "--duration must be between 0.001 and 3600 seconds, got -1")
        let r = try Kinetic.run(["curve", "cubic", "0", "0", "1", "1", "--as", "kotlin"])
        #expect(r.status == 1 && r.stdout.isEmpty)
    }

    /// The E key in a headless run prints every format (no clipboard without a window).
    @Test func eKeyPrintsTheScenesSpring() throws {
        let script = Kinetic.temp("export-e.jsonl")
        try #"{"t":0.05,"type":"key","key":"e"}"#.write(toFile: script, atomically: true, encoding: .utf8)
        let drag = try Kinetic.run(["--headless", "--frames", "5", "--script", script])
        #expect(drag.status == 0, "\(drag.stderr)")
        // The seed grid's cells are the source's 50×50 (UIKit's flow-layout default item size).
        #expect(drag.stdout.hasPrefix("// Kinetic drag scene: a dragged cell (50×50 pt, density 1, mass 0.25) on four 8 Hz, ζ 0.6 attachments"),
                "\(drag.stdout)")
        for header in ["// UIKit — ", "// SwiftUI — ", "/* CSS — ", "// Android — ", "// Compose — ", "// web — "] {
            #expect(drag.stdout.contains(header), "\(header)")
        }
        // √2 · 8 Hz = 11.31 Hz, ζ √2 · 0.6 = 0.8485 for the cell (4 significant digits); the
        // attachments keep 8 Hz and 0.6.
        #expect(drag.stdout.contains("ω₀ 71.09 rad/s (11.31 Hz), ζ 0.8485"))
        #expect(drag.stdout.contains("attachment.frequency = 8  // Hz"))
        let exchange = try Kinetic.run(["--headless", "--frames", "5", "--scene", "exchange", "--script", script])
        // The exchange scene exports the curve of its snapshot's steps: ease-in-out over animationDuration.
        #expect(exchange.status == 0 && exchange.stdout.hasPrefix("// Kinetic exchange scene: each step of the snapshot's"),
                "\(exchange.stdout)")
        #expect(exchange.stdout.contains("cubic-bezier(0.42, 0, 0.58, 1)") && exchange.stdout.contains("0.2s"), "\(exchange.stdout)")
    }

    @Test func cardsExportTheirCurveOrSpring() throws {
        let script = Kinetic.temp("export-cards.jsonl")
        // C twice: easeInOut → cubic → spring (mass 1, stiffness 2, damping 0.2).
        try [#"{"t":0.05,"type":"key","key":"e"}"#, #"{"t":0.1,"type":"key","key":"c"}"#,
             #"{"t":0.15,"type":"key","key":"c"}"#, #"{"t":0.2,"type":"key","key":"e"}"#]
            .joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let r = try Kinetic.run(["--headless", "--frames", "20", "--scene", "cards", "--script", script])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(".timingCurve(0.42, 0, 0.58, 1, duration: 0.3)"), "\(r.stdout)")
        #expect(r.stdout.contains("UISpringTimingParameters(mass: 1, stiffness: 2, damping: 0.2, initialVelocity: CGVector(dx: 0, dy: 0))"))
    }

    @Test func sceneExportsUseTheItemsMass() throws {
        let drag = DragScene(items: 10)
        let export = try #require(SceneExport.export(of: drag))
        guard case .spring(let spring) = export.motion else { Issue.record("drag exports a spring"); return }
        #expect(abs(spring.mass - 0.25) < 1e-12)   // seed: the source's 50×50 cells
        drag.variant = .refined
        guard case .spring(let refined)? = SceneExport.export(of: drag)?.motion else { Issue.record("drag exports a spring"); return }
        #expect(abs(refined.mass - 0.16) < 1e-12)  // refined: Kinetic's 40×40 cells
        #expect(abs(spring.frequency - 8 * 2.0.squareRoot()) < 1e-9 && abs(spring.dampingRatio - 0.6 * 2.0.squareRoot()) < 1e-9)
        #expect(export.attachment?.frequency == 8 && export.attachment?.dampingRatio == 0.6)

        let springy = SpringyScene(items: 10)
        let row = springy.layout.itemSize
        let springyExport = try #require(SceneExport.export(of: springy))
        guard case .spring(let rowSpring) = springyExport.motion else { Issue.record("springy exports a spring"); return }
        #expect(abs(rowSpring.mass - row.width * row.height / 1e4) < 1e-12)
        #expect(abs(rowSpring.frequency - 6.8) < 1e-9 && abs(rowSpring.dampingRatio - 1) < 1e-9)

        // The exchange scene has no spring: it exports its snapshot's step curve.
        guard case .curve(_, let duration)? = SceneExport.export(of: ExchangeScene())?.motion else { Issue.record("exchange exports a curve"); return }
        #expect(duration == 0.2)
        #expect(SceneExport.notice(copied: true) == "copied UIKit, SwiftUI, CSS, Android, Compose, web, Flutter, React Native to the clipboard")
    }
}
