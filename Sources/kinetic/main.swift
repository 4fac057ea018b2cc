// Entry point. Errors are one line (`kinetic: …`) with exit status 1; --help prints help.
import ArgumentParser
import Foundation

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
