import Foundation
import Scenes

/// `kinetic bench piles` (not in `all`: about 12 s): ``PileSweep``, 41 piles of 400–600 pieces
/// settling, with every frame 1/60 s and with uneven frames (a window's, missed ones too), for
/// how many never fall asleep and how long the others take after landing. Nothing is timed: the
/// figures are the same on every machine.
extension BenchSuite {
    /// The sweep's rows for each frame pattern: piles never asleep within
    /// ``PileSweep/steps`` frames (their sizes in the note), and the median and slowest seconds
    /// from landing to all asleep of the others.
    package func piles(sizes: [Int] = PileSweep.sizes) -> [BenchResult] {
        PileSweep.FramePattern.allCases.flatMap { frames -> [BenchResult] in
            let sweep = PileSweep(frames: frames, sizes: sizes)
            let key = frames == .steady ? "piles" : "piles_uneven"
            let label = frames == .steady ? "piles, steady frames" : "piles, uneven frames"
            let never = sweep.neverAsleep
            let seconds = sweep.asleepAfterLanding
            let slowest = seconds.max() ?? 0
            let neverNote = never.isEmpty ? "every pile asleep" : "never asleep: " + never.map(String.init).joined(separator: ", ")
            let neverRow = BenchResult(name: "\(label): never asleep", value: Double(never.count), unit: "of \(sizes.count)",
                                       note: "\(neverNote) (\(PileSweep.steps) frames each)", key: "\(key)_never_asleep")
            // No pile asleep: no time to report (a median of none is not a number, and JSON has none).
            guard !seconds.isEmpty else { return [neverRow] }
            return [
                neverRow,
                BenchResult(name: "\(label): asleep after landing", value: BenchStatistics.median(seconds), unit: "s",
                            note: String(format: "median of %d piles; slowest %.1f s", seconds.count, slowest),
                            key: "\(key)_asleep_after_landing_s"),
                BenchResult(name: "\(label): slowest asleep after landing", value: slowest, unit: "s",
                            key: "\(key)_slowest_asleep_after_landing_s", jsonOnly: true),
            ]
        }
    }
}
