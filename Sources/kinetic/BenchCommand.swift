import ArgumentParser

/// `kinetic bench`: time the physics, layout and frame work (filled in with the scenes).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bench", abstract: "Measure physics, layout and frame cost.")
    @Argument(help: "physics, layout, frame or all")
    var what: String = "all"
    func run() throws { fail("the bench command is not built yet") }
}
