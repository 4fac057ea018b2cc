import Lab
import LabUI
import ArgumentParser
import Foundation
import Geometry
import Drawing
import Animation
import Scenes
import SDLBackend

/// `kinetic curve`: print a timing curve as CSV (`t,progress`), or with `--as` as the code each
/// platform takes (``MotionExport``), and optionally plot it to PNG.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Print or plot a timing curve: a cubic Bézier, a preset, a spring, or one read from code.",
        subcommands: [Cubic.self, Preset.self, Spring.self, Import.self])

    /// Output options shared by the three curve kinds.
    struct Output: ParsableArguments {
        @Option(parsing: .unconditional, help: "Number of samples (2…100000), evenly spaced over the curve's duration.")
        var samples: Int = 11
        @Option(help: "Also draw a labelled plot to this PNG file.")
        var png: String?
        @Option(name: .customLong("as"), help: ArgumentHelp("Print the curve as code instead of CSV: \(ExportFormat.names).", valueName: "format"))
        var format: String?

        /// The `--as` platform, or nil for CSV (validated by ``validate()``).
        var exportFormat: ExportFormat? { format.flatMap { ExportFormat(rawValue: $0.lowercased()) } }

        func validate() throws {
            guard (2...100_000).contains(samples) else { throw ValidationError("--samples must be between 2 and 100000, got \(samples)") }
            if let p = png, !p.lowercased().hasSuffix(".png") { throw ValidationError("--png must name a .png file, got '\(p)'") }
            // Checked before a row is printed: a plot that cannot be written fails the command,
            // and a CSV already on the terminal would look like success.
            if let p = png, let problem = AtomicFile.problem(writing: p) { throw ValidationError("--png: \(problem)") }
            if let f = format, exportFormat == nil {
                throw ValidationError("--as must be one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")), got '\(f)'")
            }
        }
    }

    /// `--duration` of the cubic curves: how long the exported animation runs.
    struct CurveDuration: ParsableArguments {
        @Option(parsing: .unconditional, help: ArgumentHelp("Seconds the exported animation runs (with --as).", valueName: "seconds"))
        var duration: Double = 1

        func validate() throws {
            // From a millisecond: shorter durations print as hundreds of digits in CSS and code.
            guard duration.isFinite, duration >= 0.001, duration <= 3600 else {
                throw ValidationError("--duration must be between 0.001 and 3600 seconds, got \(duration)")
            }
        }
    }

    struct Cubic: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "A cubic Bézier from (0,0) to (1,1) with control points (X1,Y1), (X2,Y2).")
        // Negative Y values ("-0.28") are numbers here, not options.
        // Read as words and converted here: `.allUnrecognized` also takes "--help", which must
        // still print the help.
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("X1 Y1 X2 Y2 (X values in 0…1; Y values may overshoot).", valueName: "x1 y1 x2 y2"))
        var words: [String]
        @OptionGroup var output: Output
        @OptionGroup var timing: CurveDuration

        /// The four numbers (valid after ``validate()``).
        var values: [Double] { words.compactMap(Double.init) }

        func validate() throws {
            if words.contains(where: { $0 == "--help" || $0 == "-h" }) { throw CleanExit.helpRequest(self) }
            if let bad = words.first(where: { Double($0) == nil }) { throw ValidationError("cubic takes numbers X1 Y1 X2 Y2, got '\(bad)'") }
            guard words.count == 4 else { throw ValidationError("cubic needs four numbers X1 Y1 X2 Y2, got \(words.count)") }
            guard values.allSatisfy(\.isFinite) else { throw ValidationError("cubic control points must be finite") }
        }
        func run() throws {
            let curve: CubicTimingParameters
            do {
                curve = try CubicTimingParameters(validatingControlPoint1: Point(x: values[0], y: values[1]),
                                                  controlPoint2: Point(x: values[2], y: values[3]))
            } catch { fail("\(error)") }
            try CurveCommand.emit(.cubic(curve, title: "cubic(\(values.map { fmt($0) }.joined(separator: ", ")))", duration: timing.duration),
                                  output: output)
        }
    }

    struct Preset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "A Core Animation preset: linear, easeIn, easeOut, easeInOut, default.")
        @Argument(help: "linear, easeIn, easeOut, easeInOut or default")
        var name: String
        @OptionGroup var output: Output
        @OptionGroup var timing: CurveDuration

        func validate() throws {
            guard CurveReport.presets[name.lowercased()] != nil else {
                throw ValidationError("unknown preset '\(name)' (choose linear, easeIn, easeOut, easeInOut, default)")
            }
        }
        func run() throws {
            try CurveCommand.emit(.cubic(CurveReport.presets[name.lowercased()]!, title: name, duration: timing.duration), output: output)
        }
    }

    /// Prints (or plots, or exports) what `motion` is (a spring, or a curve over its duration),
    /// or fails with the reason it cannot be.
    static func emit(_ motion: ImportedMotion, output: Output) throws {
        let report: CurveReport
        do { report = try CurveReport.imported(motion) } catch { fail("\(error)") }
        try emit(report, output: output)
    }

    /// Prints `t,progress` rows, or with `--as` the curve as that platform writes it, after the
    /// report's note (on standard error) and the plot, when asked.
    static func emit(_ report: CurveReport, output: Output) throws {
        if let note = report.note { StandardStream.error.write(note) }
        // The plot first: a plot that cannot be written fails the command before any row is
        // printed (rows on the terminal would look like success).
        if let path = output.png { try plot(report, to: path) }
        if let format = output.exportFormat {
            say(report.export.code(for: format), terminator: "")
        } else {
            say(report.csv(samples: output.samples), terminator: "")
        }
    }

    /// Draws `report`'s plot (its dense samples, whatever --samples was) into the PNG at `path`.
    static func plot(_ report: CurveReport, to path: String) throws {
        do {
            let session = try SDLSession(.headless)
            // Closed explicitly before `fail` may exit: text textures, renderer, surface, then SDL.
            defer { session.close() }
            let size = Size(width: 640, height: 440)
            let canvas = try session.makeCanvas(size: size)
            var list = DisplayList()
            list.append(.text(report.title, frame: Rect(x: 0, y: 12, width: size.width, height: 22), size: 16,
                              color: Overlay.text, alignment: .center, transform: .identity))
            var plot = CurvePlot(samples: report.plotSamples, xRange: 0...report.duration, yRange: -0.05...1.05,
                                 xLabel: report.axisLabel, marker: report.marker, dot: nil)
            plot.fontSize = 13
            let area = Rect(x: 60, y: 50, width: size.width - 100, height: size.height - 110)
            plot.draw(in: area, into: &list, z: 0)
            list.append(.text(report.unit.isEmpty ? "time fraction →" : "time (s) →", frame: Rect(x: area.minX, y: area.maxY + 20, width: area.width, height: 18),
                              size: 13, color: Overlay.dim, alignment: .center, transform: .identity))
            list.append(.text("progress", frame: Rect(x: 8, y: area.minY - 24, width: 80, height: 18), size: 13,
                              color: Overlay.dim, alignment: .left, transform: .identity))
            canvas.renderer.draw(list)
            // Through a complete file beside it, as every output (symlinks, mode, hard links kept).
            let tmp = AtomicFile.temporaryPath(for: AtomicFile.writeTarget(of: path))
            try canvas.savePNG(to: tmp)
            try AtomicFile.replace(path, withCompleteFile: tmp)
        } catch {
            fail("--png: \(App.describe(error, writing: path))")
        }
    }
}
