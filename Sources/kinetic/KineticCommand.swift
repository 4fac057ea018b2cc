import Lab
import ArgumentParser
import Foundation

/// `kinetic`: the root command; `run` is the default subcommand.
struct KineticCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetic",
        abstract: "A lab for physics-driven interface motion: UIKit Dynamics, flow layouts and property animators.",
        subcommands: [RunCommand.self, CurveCommand.self, BenchCommand.self, FuzzCommand.self, SceneFileCommand.self],
        defaultSubcommand: RunCommand.self)
}

/// `kinetic scene-file` (and `kinetic help scene-file`): the scene file format in brief.
struct SceneFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scene-file", abstract: "The scene file format (kinetic run FILE.json) in brief.",
                                                    discussion: SceneFileHelp.summary)
    func run() { say(SceneFileHelp.summary) }
}

/// Prints `kinetic: message` on standard error and exits with status 1.
func fail(_ message: String) -> Never {
    warn(message)
    exit(1)
}

/// Prints `text` and `terminator` on standard output; a stream that cannot take it (a full disk,
/// a closed stream) ends the command with one line naming why and exit status 1, so no output is
/// lost silently; a closed pipe ends it by SIGPIPE, as any filter in a pipeline.
func say(_ text: String, terminator: String = "\n") {
    let code = StandardStream.output.writeReportingErrno(text + terminator)
    guard code != 0 else { return }
    // A reader that went away (`kinetic curve … | head -1`) ends a printing command as it ends
    // any Unix filter: by SIGPIPE, without a message. (A run ignores SIGPIPE and carries on.)
    if code == EPIPE {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
    }
    fail("cannot write to standard output: \(AtomicFile.describe(code))")
}

/// Prints `kinetic: message` on standard error and carries on (a problem the run survives).
func warn(_ message: String) {
    // Nowhere to report a failure to write the report (stderr full or closed): it is dropped.
    StandardStream.error.write("kinetic: \(oneLine(message))\n")
}

/// `text` on one line: a line break or other control character inside it (a file name can hold
/// one) is written as an escape, so one problem is always one line.
func oneLine(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\x%02X", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// The arguments that are not UTF-8 text, by position (from 1), with the raw bytes checked:
/// Swift decodes such an argument with U+FFFD in place of the bad bytes, so a file named with
/// them would be read or written under another name.
func nonUTF8Arguments() -> [Int] {
    (1..<Int(CommandLine.argc)).filter { i in
        guard let p = CommandLine.unsafeArgv[i] else { return false }
        return String(validatingCString: p) == nil
    }
}
