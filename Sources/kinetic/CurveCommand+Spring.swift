import ArgumentParser
import Animation

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
            \(presetList)
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

        /// The presets' names, a few to a line, indented under the help's table.
        static var presetList: String {
            var lines: [String] = [], line = ""
            for name in SpringPreset.all.map(\.name) {
                if !line.isEmpty, line.count + name.count + 2 > 36 { lines.append(line + ","); line = "" }
                line += (line.isEmpty ? "" : ", ") + name
            }
            lines.append(line)
            return lines.map { String(repeating: " ", count: 39) + $0 }.joined(separator: "\n")
        }

        /// The command-line names of each dialect's values, in the dialect's order ("damping-ratio"
        /// for `dampingRatio`).
        static let dialects: [(dialect: SpringDialect, options: [String])] = SpringDialect.allCases.map { dialect in
            (dialect, dialect.parameters.map { kebabCase($0.name) })
        }

        /// The values given on the command line, by option name, in the help's order.
        var given: [(option: String, value: Double)] {
            let all: [(String, Double?)] = [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("duration", duration),
                                            ("bounce", bounce), ("response", response), ("damping-fraction", dampingFraction),
                                            ("frequency", frequency), ("damping-ratio", dampingRatio)]
            return all.compactMap { option, value in value.map { (option, $0) } }
        }

        /// The spring the options describe, or a one-line error naming what is missing, what does
        /// not go together, or the value out of range.
        func spring() throws -> SpringConversion {
            guard velocity.isFinite, abs(velocity) <= 1e6 else {
                throw ValidationError("--velocity must be within ±1000000 unit distances per second, got \(velocity)")
            }
            let given = self.given
            let sets = Self.dialects.map { set in set.options.map { "--\($0) \(Self.placeholder($0))" }.joined(separator: " ") }
            let choices = sets.joined(separator: ", ") + " or --preset NAME"
            if let name = preset {
                if let other = given.first { throw ValidationError("--preset takes no other spring values, got --\(other.option)") }
                guard let preset = SpringPreset.named(name) else {
                    throw ValidationError("unknown spring preset '\(name)' (choose \(SpringPreset.all.map(\.name).joined(separator: ", ")))")
                }
                return try preset.dialect.spring(from: preset.values, initialVelocity: velocity)
            }
            guard !given.isEmpty else { throw ValidationError("curve spring needs one spring: \(choices)") }
            let names = Set(given.map(\.option))
            let fitting = Self.dialects.filter { names.isSubset(of: $0.options) }
            guard !fitting.isEmpty else {
                let first = given[0].option
                let other = given.first { g in !Self.dialects.contains { $0.options.contains(first) && $0.options.contains(g.option) } }!.option
                throw ValidationError("--\(first) and --\(other) do not describe one spring; give one of \(choices)")
            }
            guard let (dialect, options) = fitting.first(where: { Set($0.options) == names }) else {
                let ways = fitting.map { set in
                    set.options.filter { !names.contains($0) }.map { "--" + $0 }.joined(separator: " and ") + " (\(set.dialect.title))"
                }
                throw ValidationError("incomplete spring: with \(given.map { "--" + $0.option }.joined(separator: " and ")) give \(ways.joined(separator: ", or "))")
            }
            let values = options.map { option in given.first { $0.option == option }!.value }
            for (parameter, (option, value)) in zip(dialect.parameters, zip(options, values)) where !parameter.contains(value) {
                throw ValidationError("--\(option) must be \(parameter.rangeDescription), got \(fmt(value))")
            }
            let spring = try dialect.spring(from: values, initialVelocity: velocity)
            guard spring.damping > 0 else {
                throw ValidationError("the spring has no damping (damping ratio 0): it never settles")
            }
            return spring
        }

        /// The placeholder of an option's value in messages: M, K, C, D, B, R, Z, F.
        static func placeholder(_ option: String) -> String {
            ["mass": "M", "stiffness": "K", "damping": "C", "duration": "D", "bounce": "B", "response": "R", "frequency": "F"][option] ?? "Z"
        }

        func validate() throws { _ = try spring() }

        func run() throws {
            try CurveCommand.emit(spring: try spring(), output: output)
        }
    }
}

/// "dampingRatio" → "damping-ratio": a Swift name as a command-line option.
func kebabCase(_ name: String) -> String {
    var out = ""
    for c in name {
        if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
    }
    return out
}
