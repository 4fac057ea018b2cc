import Foundation
import Scenes

/// `kinetic bench piles` (not in `all`: about 12 s): ``PileSweep``, 41 piles of 400–600 pieces
/// settling, with every frame 1/60 s and with uneven frames (a window's, missed ones too), for
/// how many never fall asleep, how many take over 5 s after landing, and how long they take;
/// `kinetic bench piles-wide` (about 30 s) sweeps three times the piles
/// (``PileSweep/widerSizes``). Nothing is timed: the figures are the same on every machine.
extension BenchSuite {
    /// The sweep's rows for each frame pattern: piles never asleep within ``PileSweep/steps``
    /// frames (their sizes in the note), piles asleep but later than ``PileSweep/asleepWithin``
    /// after landing (theirs in the note), and the median and slowest seconds from landing to all
    /// asleep of those that slept. `key` names the sweep (`piles`, or `piles_wide` for
    /// ``PileSweep/widerSizes``).
    package func piles(sizes: [Int] = PileSweep.sizes, key sweepKey: String = "piles") -> [BenchResult] {
        PileSweep.FramePattern.allCases.flatMap { frames -> [BenchResult] in
            let sweep = PileSweep(frames: frames, sizes: sizes)
            let key = frames == .steady ? sweepKey : "\(sweepKey)_uneven"
            // Within the table's 44 columns: "piles, steady frames: …", "piles-wide, steady: …".
            let pattern = frames == .steady ? "steady" : "uneven"
            let label = sweepKey == "piles" ? "piles, \(pattern) frames" : "\(sweepKey.replacingOccurrences(of: "_", with: "-")), \(pattern)"
            let never = sweep.neverAsleep, late = sweep.asleepLate
            let seconds = sweep.asleepAfterLanding
            let slowest = seconds.max() ?? 0
            let neverNote = never.isEmpty ? "every pile asleep" : "never asleep: " + never.map(String.init).joined(separator: ", ")
            let neverRow = BenchResult(name: "\(label): never asleep", value: Double(never.count), unit: "of \(sizes.count)",
                                       note: "\(neverNote) (\(PileSweep.steps) frames each)", key: "\(key)_never_asleep")
            let lateNote = late.isEmpty ? "none" : late.map(String.init).joined(separator: ", ")
            let lateRow = BenchResult(name: "\(label): over \(Int(PileSweep.asleepWithin)) s to sleep", value: Double(late.count),
                                      unit: "of \(sizes.count)", note: lateNote, key: "\(key)_asleep_late")
            // No pile asleep: no time to report (a median of none is not a number, and JSON has none).
            guard !seconds.isEmpty else { return [neverRow, lateRow] }
            return [
                neverRow, lateRow,
                BenchResult(name: "\(label): asleep after landing", value: BenchStatistics.median(seconds), unit: "s",
                            note: String(format: "median of %d piles; slowest %.1f s", seconds.count, slowest),
                            key: "\(key)_asleep_after_landing_s"),
                BenchResult(name: "\(label): slowest asleep after landing", value: slowest, unit: "s",
                            key: "\(key)_slowest_asleep_after_landing_s", jsonOnly: true),
            ]
        }
    }
}
