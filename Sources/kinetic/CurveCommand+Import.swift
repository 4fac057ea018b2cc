import ArgumentParser
import Foundation
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
            let code: String
            if text == "-" {
                code = Self.readStandardInput()
            } else {
                code = text
            }
            let motion: ImportedMotion
            do { motion = try MotionImport.parse(code) } catch { fail(error.message) }
            switch motion {
            case .spring(let spring):
                try CurveCommand.emit(spring: spring, output: output)
            case .curve(let curve, let duration):
                // As --duration of the other curves: from a millisecond to an hour (MotionImport
                // refuses others; checked again, as every curve command checks it).
                if let d = duration, !MotionImport.curveDurationRange.contains(d) {
                    fail("the curve's duration must be between 0.001 and 3600 seconds, got \(ExportNumber.significant(d, digits: 12))")
                }
                let p1 = curve.controlPoint1, p2 = curve.controlPoint2
                try CurveCommand.emit(title: "cubic(\([p1.x, p1.y, p2.x, p2.y].map { fmt($0) }.joined(separator: ", ")))", duration: 1, unit: "",
                                      settling: nil, output: output,
                                      export: MotionExport(curve: curve, duration: duration ?? 1)) { curve.progress(at: $0) }
            }
        }

        /// Standard input, read up to one byte past ``MotionImport/maximumLength``: a longer
        /// input is refused without reading the rest into memory.
        static func readStandardInput() -> String {
            let limit = MotionImport.maximumLength
            var data = Data()
            while data.count <= limit {
                let chunk: Data
                do { chunk = try FileHandle.standardInput.read(upToCount: limit + 1 - data.count) ?? Data() } catch {
                    fail("cannot read standard input: \(error.localizedDescription)")
                }
                if chunk.isEmpty { break }
                data.append(chunk)
            }
            if data.count > limit {
                fail("standard input holds more than \(limit) bytes (128 KiB), the most curve import reads: give only the spring or curve")
            }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
