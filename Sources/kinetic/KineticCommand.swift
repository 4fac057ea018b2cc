import Lab
import ArgumentParser
import Foundation

/// `kinetic`: the root command; `run` is the default subcommand.
struct KineticCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetic",
        abstract: "A lab for physics-driven interface motion: UIKit Dynamics, flow layouts and property animators.",
        subcommands: [RunCommand.self, CurveCommand.self, BenchCommand.self, FuzzCommand.self],
        defaultSubcommand: RunCommand.self)
}

/// Prints `kinetic: message` on standard error and exits with status 1.
func fail(_ message: String) -> Never {
    warn(message)
    exit(1)
}

/// Prints `text` and `terminator` on standard output; a stream that cannot take it (a full disk,
/// a closed stream) ends the command with one line naming why and exit status 1, so no output is
/// lost silently.
func say(_ text: String, terminator: String = "\n") {
    if let problem = StandardStream.output.write(text + terminator) { fail("cannot write to standard output: \(problem)") }
}

/// Prints `kinetic: message` on standard error and carries on (a problem the run survives).
func warn(_ message: String) {
    // Nowhere to report a failure to write the report (stderr full or closed): it is dropped.
    StandardStream.error.write("kinetic: \(message)\n")
}

/// Parses "WxH" (e.g. "1280x800") into a size in points.
func parseSize(_ text: String) -> (Int, Int)? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
    return (w, h)
}
