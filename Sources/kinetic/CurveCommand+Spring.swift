import ArgumentParser
import Animation
import Lab

extension CurveCommand {
    /// `kinetic curve spring`: a spring given in any one dialect (``SpringDialect``) or by a
    /// preset's name (``SpringPreset``).
    struct Spring: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A damped spring's step response over its settling duration (seconds).",
            discussion: """
            Give one spring, in one of the ways platforms write it:
              --mass M --stiffness K --damping C   UIKit, Core Animation, web
              --duration D --bounce B              SwiftUI Spring(duration:bounce:)
              --response R --damping-fraction Z    SwiftUI .spring(response:…)
              --frequency F --damping-ratio Z      UIKit Dynamics attachments (Hz)
              --stiffness K --damping-ratio Z      Android, Compose (unit mass)
              --preset NAME                        a named spring, one of:
            \(SpringRequest.presetList)
            """)

        @Option(parsing: .unconditional, help: "Mass (> 0), with --stiffness and --damping.") var mass: Double?
        @Option(parsing: .unconditional, help: "Stiffness (> 0), with --mass and --damping, or with --damping-ratio for a unit mass.") var stiffness: Double?
        @Option(parsing: .unconditional, help: "Damping (> 0: an undamped spring never settles), with --mass and --stiffness.") var damping: Double?
        @Option(parsing: .unconditional, help: "SwiftUI's perceptual duration, seconds (> 0), with --bounce.") var duration: Double?
        @Option(parsing: .unconditional, help: "SwiftUI's bounce (-1 < B ≤ 1; 0 critically damped), with --duration.") var bounce: Double?
        @Option(parsing: .unconditional, help: "SwiftUI's response, the undamped period in seconds (> 0), with --damping-fraction.") var response: Double?
        @Option(name: .customLong("damping-fraction"), parsing: .unconditional, help: "SwiftUI's damping fraction (≥ 0), with --response.")
        var dampingFraction: Double?
        @Option(parsing: .unconditional, help: "UIKit Dynamics' attachment frequency, Hz (> 0), with --damping-ratio.") var frequency: Double?
        @Option(name: .customLong("damping-ratio"), parsing: .unconditional, help: "Damping ratio (≥ 0), with --frequency or --stiffness.")
        var dampingRatio: Double?
        @Option(help: ArgumentHelp("A named spring (see above).", valueName: "name")) var preset: String?
        @Option(parsing: .unconditional, help: "Initial velocity, in unit distances per second (may be negative).") var velocity: Double = 0
        @OptionGroup var output: Output

        /// The values given on the command line, by option name, in the help's order.
        var given: [(option: String, value: Double)] {
            let all: [(String, Double?)] = [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("duration", duration),
                                            ("bounce", bounce), ("response", response), ("damping-fraction", dampingFraction),
                                            ("frequency", frequency), ("damping-ratio", dampingRatio)]
            return all.compactMap { option, value in value.map { (option, $0) } }
        }

        /// The spring the options describe (see ``SpringRequest``).
        var request: SpringRequest { SpringRequest(given: given, preset: preset, velocity: velocity) }

        func validate() throws {
            do { _ = try request.spring() } catch let e as KineticError { throw ValidationError(e.description) }
        }

        func run() throws {
            try CurveCommand.emit(ImportedMotion.spring(try request.spring()), output: output)
        }
    }
}
