// Entry point. Errors are one line (`kinetic: …`) with exit status 1; --help prints help.
import ArgumentParser
import Foundation

// A reader that went away (`kinetic curve … | head -1`) must not kill a run with SIGPIPE before
// it writes its dump: a write to it fails with EPIPE instead, reported like any other.
signal(SIGPIPE, SIG_IGN)
if let bad = nonUTF8Arguments().first {
    fail("argument \(bad) is not UTF-8 text; Kinetic takes file names and values in UTF-8")
}
// `kinetic help NAME` prints the help of a command; a name that is none is an error, not the root help.
let commandNames = KineticCommand.configuration.subcommands.map { $0._commandName }
if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "help", !commandNames.contains(CommandLine.arguments[2]) {
    fail("no command '\(CommandLine.arguments[2])' (commands: \(commandNames.joined(separator: ", ")))")
}
do {
    var command = try KineticCommand.parseAsRoot()
    try command.run()
} catch {
    if KineticCommand.exitCode(for: error) == .success {
        // --help and friends, written so that a stream that cannot take them is an error too.
        say(KineticCommand.fullMessage(for: error))
        exit(0)
    }
    let message = KineticCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    fail(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
}
