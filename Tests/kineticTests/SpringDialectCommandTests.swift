import Testing
import Foundation
import Animation

/// Issue 28: `kinetic curve spring` takes a spring in any one dialect (or a preset), and
/// `kinetic curve import` reads one back from code; both print as the other curve commands do.
@Suite struct SpringDialectCommandTests {
    let errors = CommandLineErrorTests()

    /// The `t,progress` rows of a curve command's output.
    static func rows(_ stdout: String, sourceLocation: SourceLocation = #_sourceLocation) -> [(t: Double, progress: Double)] {
        let lines = stdout.split(separator: "\n")
        #expect(lines.first == "t,progress", "\(stdout.prefix(200))", sourceLocation: sourceLocation)
        return lines.dropFirst().compactMap { line in
            let parts = line.split(separator: ",")
            guard parts.count == 2, let t = Double(parts[0]), let p = Double(parts[1]) else { return nil }
            return (t, p)
        }
    }

    /// The binary run with `input` on its standard input.
    static func run(_ args: [String], input: String) throws -> Kinetic.Result {
        let p = Process()
        p.executableURL = Kinetic.binary
        p.arguments = args
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        p.standardInput = stdin; p.standardOutput = out; p.standardError = err
        try p.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Kinetic.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// `curve spring` with the mass, stiffness and damping of `spring` written exactly.
    static func physicalArguments(_ spring: SpringConversion) -> [String] {
        ["curve", "spring", "--mass", "\(spring.mass)", "--stiffness", "\(spring.stiffness)", "--damping", "\(spring.damping)",
         "--velocity", "\(spring.initialVelocity)"]
    }

    @Test func everyDialectPrintsTheRowsOfItsMassStiffnessAndDamping() throws {
        let cases: [([String], SpringConversion)] = [
            // SwiftUI's Spring(duration: 0.5, bounce: 0.3): mass 1, stiffness (2π/0.5)², damping 4π·0.7/0.5.
            (["--duration", "0.5", "--bounce", "0.3"], SpringConversion(mass: 1, stiffness: pow(4 * Double.pi, 2), damping: 4 * Double.pi * 0.7 / 0.5)),
            (["--duration", "0.4", "--bounce", "-0.5"], try SpringDialect.durationBounce.spring(from: [0.4, -0.5])),
            (["--response", "0.4", "--damping-fraction", "0.6"], try SpringDialect.responseDampingFraction.spring(from: [0.4, 0.6])),
            (["--frequency", "3", "--damping-ratio", "0.4"], try SpringDialect.attachment.spring(from: [3, 0.4])),
            (["--stiffness", "400", "--damping-ratio", "0.5", "--velocity", "-2"], try SpringDialect.unitMass.spring(from: [400, 0.5], initialVelocity: -2)),
            (["--preset", "snappy"], try #require(SpringPreset.named("snappy")).spring),
            (["--preset", "react-spring.wobbly", "--velocity", "3"], SpringConversion(mass: 1, stiffness: 180, damping: 12, initialVelocity: 3)),
            (["--preset", "compose.default"], try SpringDialect.unitMass.spring(from: [1500, 1])),
        ]
        for (args, spring) in cases {
            let dialect = try Kinetic.run(["curve", "spring"] + args + ["--samples", "21"])
            #expect(dialect.status == 0 && dialect.stderr.isEmpty, "\(args): \(dialect.stderr)")
            let physical = try Kinetic.run(Self.physicalArguments(spring) + ["--samples", "21"])
            #expect(physical.status == 0, "\(physical.stderr)")
            #expect(dialect.stdout == physical.stdout, "\(args)")
            #expect(Self.rows(dialect.stdout).count == 21)
        }
        // The same spring exports the same code whichever way it was given.
        let swiftUI = try Kinetic.run(["curve", "spring", "--duration", "0.5", "--bounce", "0.3", "--as", "swiftui"])
        #expect(swiftUI.stdout.contains("mass 1, stiffness 157.9, damping 17.59") && swiftUI.stdout.contains(".spring(response: 0.5, dampingFraction: 0.7)"),
                "\(swiftUI.stdout)")
    }

    @Test func mixedIncompleteOrOutOfRangeSpringsAreOneLine() throws {
        try errors.expectOneLineError(["curve", "spring", "--duration", "0.5", "--stiffness", "100"],
                                      containing: "--stiffness and --duration do not describe one spring; give one of --mass M --stiffness K --damping C, ")
        try errors.expectOneLineError(["curve", "spring", "--stiffness", "100"],
                                      containing: "incomplete spring: with --stiffness give --mass and --damping (mass · stiffness · damping), "
                                        + "or --damping-ratio (Android/Compose unit-mass stiffness · damping ratio)")
        try errors.expectOneLineError(["curve", "spring", "--mass", "1", "--damping", "3"], containing: "incomplete spring: with --mass and --damping give --stiffness")
        try errors.expectOneLineError(["curve", "spring", "--duration", "0.5", "--bounce", "-1"], containing: "--bounce must be > -1 and ≤ 1, got -1")
        try errors.expectOneLineError(["curve", "spring", "--frequency", "0", "--damping-ratio", "0.5"], containing: "--frequency must be > 0, got 0")
        try errors.expectOneLineError(["curve", "spring", "--response", "0.5", "--damping-fraction", "0"],
                                      containing: "the spring has no damping (damping ratio 0): it never settles")
        try errors.expectOneLineError(["curve", "spring"], containing: "curve spring needs one spring: --mass M --stiffness K --damping C, ")
        try errors.expectOneLineError(["curve", "spring", "--preset", "nope"], containing: "unknown spring preset 'nope' (choose smooth, snappy, bouncy, swiftui.spring,")
        try errors.expectOneLineError(["curve", "spring", "--preset", "default"], containing: "unknown spring preset 'default'")
        try errors.expectOneLineError(["curve", "spring", "--preset", "smooth", "--mass", "1"], containing: "--preset takes no other spring values, got --mass")
        // The help lists the dialects and presets.
        let help = try Kinetic.run(["curve", "spring", "--help"])
        #expect(help.stdout.contains("--duration D --bounce B") && help.stdout.contains("react-spring.molasses"), "\(help.stdout)")
    }

    /// Every format's output, read back, prints the rows of the command that printed it.
    @Test(arguments: ExportFormat.allCases) func importedSpringsPrintTheOriginalRows(_ format: ExportFormat) throws {
        let original = ["curve", "spring", "--mass", "2", "--stiffness", "300", "--damping", "12", "--velocity", "-3"]
        let want = try Kinetic.run(original + ["--samples", "11"])
        let code = try Kinetic.run(original + ["--as", format.rawValue])
        #expect(code.status == 0)
        let got = try Kinetic.run(["curve", "import", code.stdout, "--samples", "11"])
        #expect(got.status == 0 && got.stderr.isEmpty, "\(got.stderr)")
        // The header's numbers are exact here (4 significant digits hold 2, 300, 12 and −3).
        #expect(got.stdout == want.stdout, "\(format)")
        // Piped through standard input, as a block.
        let piped = try Self.run(["curve", "import", "-", "--samples", "11"], input: code.stdout)
        #expect(piped.stdout == want.stdout, "\(format): \(piped.stderr)")
        // A sampled linear() alone is fitted: the same rows within the fit and the printing.
        if let line = code.stdout.split(separator: "\n").first(where: { $0.contains("linear(0") }) {
            let fitted = Self.rows(try Kinetic.run(["curve", "import", String(line), "--samples", "11"]).stdout)
            let rows = Self.rows(want.stdout)
            #expect(fitted.count == rows.count)
            for (a, b) in zip(fitted, rows) {
                #expect(abs(a.t - b.t) <= 1e-3 * b.t + 1e-6 && abs(a.progress - b.progress) <= 2e-3, "\(format): \(a) vs \(b)")
            }
        }
    }

    @Test(arguments: ExportFormat.allCases) func importedCurvesKeepTheirPointsAndDuration(_ format: ExportFormat) throws {
        let cubic = ["curve", "cubic", "0.6", "-0.28", "0.735", "0.045"]
        let want = try Kinetic.run(cubic + ["--samples", "11"])
        let code = try Kinetic.run(cubic + ["--duration", "0.4", "--as", format.rawValue])
        let got = try Kinetic.run(["curve", "import", code.stdout, "--samples", "11"])
        #expect(got.status == 0 && got.stdout == want.stdout, "\(format): \(got.stderr)")
        let css = try Kinetic.run(["curve", "import", code.stdout, "--as", "css"])
        #expect(css.stdout.contains("transition: transform 0.4s cubic-bezier(0.6, -0.28, 0.735, 0.045);"), "\(format): \(css.stdout)")
    }

    @Test func importReadsHandWrittenCodeAndPlots() throws {
        let snappy = try Kinetic.run(["curve", "import", "withAnimation(.snappy) { open.toggle() }", "--as", "swiftui"])
        #expect(snappy.stdout.contains(".spring(response: 0.5, dampingFraction: 0.85)"), "\(snappy.stdout) \(snappy.stderr)")
        let android = try Kinetic.run(["curve", "import", "SpringForce().setStiffness(SpringForce.STIFFNESS_LOW).setDampingRatio(0.5f)", "--as", "compose"])
        #expect(android.stdout.contains("spring<Float>(dampingRatio = 0.5f, stiffness = 200f)"), "\(android.stdout)")
        let css = try Kinetic.run(["curve", "import", "transition: opacity 300ms cubic-bezier(0.4, 0, 0.2, 1);", "--as", "compose"])
        #expect(css.stdout.contains("tween<Float>(durationMillis = 300, easing = CubicBezierEasing(0.4f, 0f, 0.2f, 1f))"), "\(css.stdout)")
        let png = Kinetic.temp("imported.png")
        #expect(try Kinetic.run(["curve", "import", ".bouncy", "--png", png, "--samples", "3"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: png))
    }

    @Test func unreadableImportsAreOneLine() throws {
        try errors.expectOneLineError(["curve", "import", "foo(1)"],
                                      containing: "cannot read a spring or curve in 'foo(1)': expected e.g. UISpringTimingParameters(mass:stiffness:damping:…), ")
        try errors.expectOneLineError(["curve", "import", "cubic-bezier(1.2, 0, 0.5, 1)"], containing: "cubic-bezier(…): control point 1 x must lie in 0…1 (got 1.2)")
        try errors.expectOneLineError(["curve", "import", ".timingCurve(0.4, 0, 0.2, 1, duration: 7200)"],
                                      containing: ".timingCurve(…): the duration must be between 0.001 and 3600 seconds (got 7200)")
        try errors.expectOneLineError(["curve", "import", "spring.mass = 1\nspring.stiffness = 100\nspring.damping = 0"],
                                      containing: "spring: damping 0 means the spring has no damping (damping ratio 0): it never settles")
        let empty = try Self.run(["curve", "import", "-"], input: "")
        #expect(empty.status == 1 && empty.stderr.hasPrefix("kinetic: cannot read a spring or curve in ''") && empty.stderr.split(separator: "\n").count == 1)
    }
}
