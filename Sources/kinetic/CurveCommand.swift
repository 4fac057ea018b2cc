import ArgumentParser

/// `kinetic curve`: sample a timing curve (filled in by the live-tuning work).
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "curve", abstract: "Print or plot a timing curve.")
    @Argument(help: "cubic X1 Y1 X2 Y2 | preset NAME | spring --mass M --stiffness K --damping C")
    var spec: [String] = []
    func run() throws { fail("the curve command is not built yet") }
}
