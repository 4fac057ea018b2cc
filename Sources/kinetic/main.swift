// Entry point. Errors are one line (`kinetic: …`) with exit status 1; --help prints help.
import ArgumentParser
import Foundation

do {
    var command = try KineticCommand.parseAsRoot()
    try command.run()
} catch {
    if KineticCommand.exitCode(for: error) == .success {
        KineticCommand.exit(withError: error) // --help and friends
    }
    let message = KineticCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    fail(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
}
