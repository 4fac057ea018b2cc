import Testing
import Geometry
import Animation
@testable import Lab

/// `kinetic curve` as a library (issue 38): the CSV rows, the spring asked for in any dialect and
/// its one-line refusals, and what an imported text becomes.
@Suite struct CurveReportTests {
    @Test("CSV: a header, then rows evenly spaced over the span, numbers to six decimals with no trailing zeros")
    func csvRows() {
        let report = CurveReport.cubic(CubicTimingParameters(animationCurve: .linear), duration: 2)
        #expect(report.csv(samples: 3) == "t,progress\n0,0\n0.5,0.5\n1,1\n")
        #expect(report.title == "cubic(0, 0, 1, 1)" && report.duration == 1 && report.unit == "" && report.settling == nil)
        #expect(fmt(0.1234567) == "0.123457" && fmt(-0.0000001) == "0" && fmt(2) == "2" && short(1.23456) == "1.235")
        #expect(report.plotSamples.count == 401 && report.axisLabel == "1")
    }

    @Test("A spring is sampled over its settling duration, in seconds, marked on the plot")
    func springReport() throws {
        let report = try CurveReport.spring(SpringConversion(mass: 1, stiffness: 200, damping: 20))
        #expect(report.unit == "s" && report.settling == report.duration && report.note == nil)
        #expect(report.title.hasPrefix("spring(m 1, k 200, c 20, ζ 0.707107)"))
        #expect(report.marker?.1.hasPrefix("settles ") == true && report.axisLabel.hasSuffix(" s"))
    }

    @Test("The options of one dialect make a spring; others are refused naming what is wrong")
    func springRequests() throws {
        let spring = try SpringRequest(given: [("mass", 1), ("stiffness", 200), ("damping", 20)]).spring()
        #expect(spring.mass == 1 && spring.stiffness == 200 && spring.damping == 20)
        func message(_ r: SpringRequest) -> String? {
            do { _ = try r.spring(); return nil } catch { return "\(error)" }
        }
        #expect(message(SpringRequest(given: [("mass", 1)]))
                == "incomplete spring: with --mass give --stiffness and --damping (mass · stiffness · damping)")
        #expect(message(SpringRequest(given: [("mass", 1), ("bounce", 0.3)]))?.hasPrefix("--mass and --bounce do not describe one spring") == true)
        #expect(message(SpringRequest(given: [("frequency", 1), ("damping-ratio", 0)])) == "the spring has no damping (damping ratio 0): it never settles")
        #expect(message(SpringRequest(given: [], preset: "nope"))?.hasPrefix("unknown spring preset 'nope'") == true)
        #expect(message(SpringRequest(given: [("mass", 1)], preset: "bouncy")) == "--preset takes no other spring values, got --mass")
        #expect(message(SpringRequest(given: [("mass", 1), ("stiffness", 1), ("damping", 1)], velocity: 1e9))?.hasPrefix("--velocity must be within") == true)
        #expect(SpringRequest.dialects.contains { $0.options == ["frequency", "damping-ratio"] })
        #expect(kebabCase("dampingFraction") == "damping-fraction")
    }

    @Test("An imported curve keeps its duration for export; one outside a millisecond to an hour is refused")
    func importedCurves() throws {
        let report = try CurveReport.imported(MotionImport.parse("transition: opacity 300ms cubic-bezier(0.4, 0, 0.2, 1)"))
        #expect(report.title == "cubic(0.4, 0, 0.2, 1)" && report.duration == 1)
        #expect(report.export.code(for: .compose).contains("durationMillis = 300"))
        #expect(throws: KineticError.self) { try CurveReport.imported(.curve(CubicTimingParameters(), duration: 7200)) }
        #expect(report.note == nil)
        // Issue 41: SwiftUI's documented 0.35 s default is the duration; a text with none says 1 s is assumed.
        let swiftUI = try CurveReport.imported(MotionImport.parse(".animation(.easeInOut, value: x)"))
        #expect(swiftUI.note == nil && swiftUI.export.code(for: .css).contains("transition: transform 0.35s"))
        let css = try CurveReport.imported(MotionImport.parse("transition-timing-function: ease"))
        #expect(css.note == "kinetic: note: the text gives no duration and its platform documents none; 1 s is assumed\n")
    }
}
