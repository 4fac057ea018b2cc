import ArgumentParser
import Lab
import Animation

extension CurveCommand {
    /// `kinetic curve import TEXT`: a spring or curve read from a platform's code
    /// (``MotionImport``), printed as the other curve commands print theirs.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a spring or curve from code (any --as output, or UIKit, SwiftUI, CSS, Android, Compose or web code).",
            discussion: """
            Examples:
              kinetic curve import '.spring(duration: 0.4, bounce: 0.2)'
              kinetic curve import 'SpringForce().setStiffness(400f).setDampingRatio(0.5f)' --as swiftui
              kinetic curve import 'transition: opacity 300ms cubic-bezier(0.4, 0, 0.2, 1)' --as compose
              kinetic curve spring --mass 1 --stiffness 200 --damping 20 --as css | kinetic curve import -
            A curve keeps the duration the text gives (1 s otherwise). The text may be at most 131072
            bytes (128 KiB) long, nest brackets at most 64 deep and give a linear() at most 10000 stops.
            """)

        @Argument(help: ArgumentHelp("The code, or - to read it from standard input.", valueName: "text"))
        var text: String
        @OptionGroup var output: Output

        func run() throws {
            var code = text
            if text == "-" {
                // Read only to the limit: a longer input is refused without reading the rest.
                let limit = MotionImport.maximumLength
                let read: String?
                do { read = try StandardStream.readInput(limit: limit) } catch { fail("\(error)") }
                guard let read else {
                    fail("standard input holds more than \(limit) bytes (128 KiB), the most curve import reads: give only the spring or curve")
                }
                code = read
            }
            let motion: ImportedMotion
            do { motion = try MotionImport.parse(code) } catch { fail(error.message) }
            try CurveCommand.emit(motion, output: output)
        }
    }
}
