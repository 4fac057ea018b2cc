import Foundation
import Scenes

/// The judging of `kinetic bench corners` (issue 37 part 2): each ``CornerCase`` is timed by a
/// closure (the executable's clock; a test's fake) and a corner fails when its p99 frame is over
/// ``CornerBenchmark/allowedP99(defaultP99:floor:)`` (twice its scene's defaults', and at least
/// the defaults' plus ``CornerBenchmark/absoluteAllowance``, 2 ms). A corner over its allowance
/// is timed again, with its defaults, up to ``retries`` times, each keeping its lowest figures,
/// so one disturbed run does not decide.
package enum CornerJudge {
    /// One case's frame times, milliseconds per frame.
    package struct Times {
        /// The median frame, milliseconds.
        package var p50: Double
        /// The 99th-percentile frame, milliseconds.
        package var p99: Double
        /// Frames run (counted for the summary).
        package var frames = 0

        /// Times as given.
        package init(p50: Double, p99: Double, frames: Int = 0) { self.p50 = p50; self.p99 = p99; self.frames = frames }
    }

    /// What judging every case found.
    package struct Verdict {
        /// A line per corner over its allowance, in the order run.
        package var failures: [String] = []
        /// Frames run by the first timing of every case (retries not counted).
        package var frames = 0
        /// The largest corner p99 / defaults' p99, and "scene corner" of the case.
        package var worstRatio = 0.0, worstLabel = ""
    }

    /// How many more times a corner over its allowance is timed (with its defaults) before it fails.
    package static let retries = 2

    /// Times each of `cases` (each scene's defaults first, as ``CornerBenchmark/cases(kinds:)``
    /// lists them) with `time`, writes the table to `row` (its header first, then a row per case),
    /// and judges every corner against its scene's defaults.
    package static func judge(_ cases: [CornerCase], row: (String) -> Void, time: (CornerCase) -> Times) -> Verdict {
        var verdict = Verdict()
        var defaults: Times?
        var defaultCase: CornerCase?
        let sceneWidth = (cases.map(\.scene.count).max() ?? 5) + 2, cornerWidth = (cases.map(\.name.count).max() ?? 6) + 2
        row("scene".padding(toLength: sceneWidth, withPad: " ", startingAt: 0)
            + "corner".padding(toLength: cornerWidth, withPad: " ", startingAt: 0) + "  p50 ms   p99 ms  × defaults")
        for c in cases {
            var t = time(c)
            verdict.frames += t.frames
            if c.isDefault { defaults = t; defaultCase = c }
            guard var d = defaults, let dc = defaultCase else { continue }
            var allowed = CornerBenchmark.allowedP99(defaultP99: d.p99, floor: CornerBenchmark.absoluteAllowance)
            var retried = 0
            while !c.isDefault && t.p99 > allowed && retried < retries {
                retried += 1
                let again = time(c), base = time(dc)
                t = Times(p50: min(t.p50, again.p50), p99: min(t.p99, again.p99))
                d = Times(p50: min(d.p50, base.p50), p99: min(d.p99, base.p99))
                defaults = d
                allowed = CornerBenchmark.allowedP99(defaultP99: d.p99, floor: CornerBenchmark.absoluteAllowance)
            }
            let ratio = t.p99 / max(d.p99, 1e-9)
            let over = !c.isDefault && t.p99 > allowed
            if !c.isDefault && ratio > verdict.worstRatio { (verdict.worstRatio, verdict.worstLabel) = (ratio, "\(c.scene) \(c.name)") }
            row(c.scene.padding(toLength: sceneWidth, withPad: " ", startingAt: 0)
                + c.name.padding(toLength: cornerWidth, withPad: " ", startingAt: 0)
                + String(format: "%8.2f %8.2f  %6.2f", t.p50, t.p99, ratio)
                + (over ? "  FAIL (allowed \(String(format: "%.2f", allowed)) ms)" : "")
                + (retried > 0 && !over ? "  (after \(retried) more run\(retried > 1 ? "s" : ""))" : ""))
            if over {
                verdict.failures.append("bench corners: \(c.scene) at \(c.name): p99 frame \(String(format: "%.2f", t.p99)) ms is "
                                        + "\(String(format: "%.1f", ratio))× the defaults' \(String(format: "%.2f", d.p99)) ms "
                                        + "(allowed \(String(format: "%.2f", allowed)) ms: 2× the defaults, at least +2 ms)")
            }
        }
        return verdict
    }
}
