import Foundation
import Drawing
import Scenes

/// `kinetic bench corners` (issue 37 part 2): every scene (each dynamics demo) at its defaults and
/// at the corners of its documented parameter ranges (``CornerCase``), each with a click and a
/// drag (``CornerBenchmark``), headless at 1280×800, judged by ``CornerJudge``.
extension BenchSuite {
    /// Runs `corner` once on `canvas` and returns its frame times, milliseconds of this thread's
    /// CPU time per frame (input, update, the HUD's reads, the display list, rasterizing and
    /// present); frame 0, which builds every cell's layer, is left out: it is the same in every
    /// case of a scene.
    package func timeCorner(_ corner: CornerCase, on canvas: BenchCanvas) -> CornerJudge.Times {
        let cpuNow = meters.cpuNanoseconds
        let bench = CornerBenchmark(corner, size: Self.size, textMeasurer: canvas.textMeasurer)
        var list = DisplayList()
        var ms: [Double] = []
        for f in 0..<bench.frames {
            let a = cpuNow()
            bench.step(frame: f)
            list.removeAll()
            bench.draw(into: &list)
            canvas.render(list)
            if f > 0 { ms.append(Double(cpuNow() - a) / 1e6) }
        }
        let s = ms.sorted()
        return CornerJudge.Times(p50: s[s.count / 2], p99: BenchStatistics.p99(ms), frames: bench.frames)
    }

    /// Every case of `scenes`, the table row by row to `table` (nil: none), and the summary
    /// figures; with a failure line per corner over its allowance.
    package func corners(scenes: [SceneKind], table: ((String) -> Void)?) throws -> (results: [BenchResult], failures: [String]) {
        try withCanvas { canvas in
            let cases = CornerBenchmark.cases(kinds: scenes)
            let start = meters.wallNanoseconds()
            let verdict = CornerJudge.judge(cases, row: { table?($0) }) { timeCorner($0, on: canvas) }
            let seconds = Double(meters.wallNanoseconds() - start) / 1e9
            let results = [
                BenchResult(name: "corners: cases", value: Double(cases.count), unit: "",
                            note: "\(verdict.frames) frames, in \(String(format: "%.1f", seconds)) s", key: "corners_cases"),
                BenchResult(name: "corners: worst p99 / defaults' p99", value: verdict.worstRatio, unit: "×",
                            note: verdict.worstLabel, key: "corners_worst_ratio"),
                BenchResult(name: "corners: over the allowance", value: Double(verdict.failures.count), unit: "",
                            note: "2× the defaults' p99, at least +2 ms", key: "corners_failures"),
            ]
            return (results, verdict.failures)
        }
    }
}
