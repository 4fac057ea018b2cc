import Foundation
import Geometry
import Gestures
import Drawing
import Scenes

/// `kinetic bench timeline` (issue 27 part 2): what the timeline costs on the drag scene with
/// `--items` cells (1,000 by default), 100 of them selected, lifted by a long press and circling
/// behind the pointer for 62 s of 60 Hz frames, driven through a headless ``LabSession`` as
/// `kinetic run --headless` drives one.
extension BenchSuite {
    /// Seconds of session the timeline bench runs: a whole minute of history, and a little more.
    package static let timelineSeconds = 62.0

    /// The rows: the history's bookkeeping per frame (p99 and mean, CPU time), the bytes it holds
    /// after the run and the resident-memory growth over it, and the time of scrubs back and
    /// forward through the last minute (each a replay of the log, from the session's start or
    /// forward from a parked moment).
    package func timeline(items n: Int) throws -> [BenchResult] {
        let now = meters.wallNanoseconds, cpuNow = meters.cpuNanoseconds
        typealias S = BenchStatistics
        var c = LabConfiguration()
        c.headless = true
        c.scene = .drag
        c.items = n
        let rssBefore = meters.residentBytes()
        let s = try LabSession(c, services: .silent)
        s.open(size: Self.size, frameRate: 60, textMeasurer: EstimatedTextMeasurer.shared)
        s.timeline.advancesInStep = false
        s.timeline.policy.isEnabled = true  // as in a window
        let interval = 1.0 / 60
        var f = 0
        var stepTimes: [Double] = [], checkpointTimes: [Double] = []
        func frame(_ inputs: [InputEvent] = []) {
            f += 1
            s.now = Double(f) * interval
            for e in inputs { s.dispatch(e) }
            let a = cpuNow()
            s.step(realDt: interval)
            let b = cpuNow()
            s.timeline.advanceCheckpoints()
            stepTimes.append(Double(b - a) / 1000)
            checkpointTimes.append(Double(cpuNow() - b) / 1000)
        }
        // 100 cells selected (every other one of the first 200, all on screen), then a long press
        // lifts them and the pointer circles.
        for i in 0..<min(100, n) {
            let cell = 2 * i, p = Point(x: 25 + 62 * Double(cell % 16), y: 55 + 60 * Double(cell / 16))
            frame([.pointer(.down(p, at: Double(f + 1) * interval))])
            frame([.pointer(.up(p, at: Double(f + 1) * interval))])
        }
        frame([.pointer(.down(Point(x: 490, y: 400), at: Double(f + 1) * interval))])
        for _ in 0..<40 { frame() }  // held still until the long press lifts the selection
        while Double(f) * interval < Self.timelineSeconds {
            let t = Double(f + 1) * interval
            frame([.pointer(.moved(Point(x: 490 + 200 * cos(t * 2), y: 400 + 150 * sin(t * 2)), at: t))])
        }
        let rssAfter = meters.residentBytes()
        let log = s.log
        let lines = log?.lines ?? []
        // The bookkeeping per frame: the frame's lines into a log and its step into a history,
        // as LabSession.dispatch and step do, timed apart from the scene's work.
        var bookkeeping: [Double] = []
        do {
            var copy = SessionLog(start: log!.start)
            var history = SessionHistory()
            var i = 0
            while i < lines.count {
                let a = cpuNow()
                while i < lines.count {
                    copy.append(lines[i])
                    if case .frame = lines[i] { history.recordFrame(step: interval); i += 1; break }
                    i += 1
                }
                bookkeeping.append(Double(cpuNow() - a) / 1000)
            }
        }
        let held = lines.count * MemoryLayout<ScriptLine>.stride + s.history.steps.count * MemoryLayout<Double>.stride
        let kept = s.checkpointCount, frames = s.history.steps.count
        // Scrubs: back a minute, forward in steps, back again, to the end.
        let end = s.timelineEnd
        var scrubs: [(String, String, Double)] = []
        for (label, t) in [("back 1 s", end - 1), ("back 60 s", end - 60), ("forward to -45 s", end - 45),
                           ("forward to -15 s", end - 15), ("back to -30 s", end - 30), ("forward to the end", end)] {
            let a = now()
            s.scrub(to: t)
            let ms = Double(now() - a) / 1e6
            scrubs.append((label, "replayed \(s.history.lastReplayedLines) log lines; \(s.scene.status.itemsInMotion) items moving", ms))
        }
        // Then 40 scrubs to seeded random moments of the minute, the way a dragged playhead jumps.
        var rng = SeededRandom(seed: 27)
        var sweep: [Double] = []
        for _ in 0..<40 {
            let a = now()
            s.scrub(to: end - 60 + 60 * rng.unit())
            sweep.append(Double(now() - a) / 1e6)
        }
        let name = "timeline"
        var results = [
            BenchResult(name: "\(name), history p99", value: S.p99(bookkeeping), unit: "µs/frame",
                        note: "mean \(String(format: "%.2f", S.mean(bookkeeping))) µs; the log and the frame's step (drag, 100 of \(n) cells lifted, \(Int(saturating: Self.timelineSeconds)) s)",
                        key: "timeline_history_p99_us"),
            BenchResult(name: "\(name), checkpoints p99", value: S.p99(checkpointTimes), unit: "µs/frame",
                        note: "mean \(Int(saturating: S.mean(checkpointTimes).rounded())) µs; replaying the next checkpoint, \(kept) kept",
                        key: "timeline_checkpoints_p99_us"),
            BenchResult(name: "\(name), frame p99", value: S.p99(stepTimes), unit: "µs/frame",
                        note: "LabSession.step (the scene and the log), for scale", key: "timeline_step_p99_us"),
            BenchResult(name: "\(name), history holds", value: Double(held) / 1e6, unit: "MB",
                        note: "\(lines.count) log lines, \(frames) frames", key: "timeline_history_mb"),
            BenchResult(name: "\(name), RSS growth", value: Double(rssAfter - rssBefore) / 1e6, unit: "MB",
                        note: "the scene and its history", key: "timeline_rss_growth_mb"),
        ]
        for (label, note, ms) in scrubs {
            results.append(BenchResult(name: "\(name), scrub \(label)", value: ms, unit: "ms", note: note))
        }
        results.append(BenchResult(name: "\(name), 40 random scrubs, slowest", value: sweep.max() ?? 0, unit: "ms",
                                   note: "median \(String(format: "%.1f", S.median(sweep))) ms; \(s.checkpointCount) checkpoints kept after",
                                   key: "timeline_random_scrub_max_ms"))
        results.append(BenchResult(name: "\(name), slowest scrub", value: (scrubs.map(\.2) + sweep).max() ?? 0, unit: "ms",
                                   key: "timeline_scrub_max_ms", jsonOnly: true))
        return results
    }
}
