import Foundation
import Geometry
import Scenes

/// `kinetic bench collision`: issue 29's collision box (``CollisionBenchmark``, the
/// ``StressPile``), timed with sleeping on and with sleeping off (issue 43), when the pile lands
/// and falls asleep, and the contact solver's passes over its contacts timed alone.
extension BenchSuite {
    /// Timed runs of the collision box per sleeping mode; each row is their median.
    package static let collisionRuns = 3
    /// Steps of each collision run: 600 of 1/60 s (10 s, in which the pile lands and settles).
    package static let collisionSteps = 600

    /// Piles of the mean row (``collisionMeanRows(items:)``): from 80 % to 120 % of the bench
    /// pile's size in equal steps (400, 410, … 600 pieces for 500).
    package static let collisionMeanPiles = 21

    /// Steps the pile runs (untimed, sleeping off) before its contact passes are timed one at a
    /// time: by step 400 of 1/60 s it has lain still for about five seconds.
    package static let contactPassSteps = 400
    /// Calls of each contact pass per round of ``contactPassRows(items:)``; three rounds.
    package static let contactPassCalls = 300
    /// Calls of the narrow phase per round of ``contactPassRows(items:)`` (each about 40 times a
    /// pass's cost); three rounds.
    package static let narrowPhaseCalls = 100

    /// One sleeping mode's timed runs of the collision box: the last run's figures, and the time
    /// per item-step of each.
    struct CollisionRuns {
        /// Whether pieces may fall asleep in these runs.
        let allowsSleeping: Bool
        /// Thread CPU time per item-step of each run, nanoseconds.
        var perStep: [Double] = []
        /// Pieces awake after the last step, the pile's height (points) and the checksum of the last run.
        var awake = 0, height = 0.0, checksum = 0.0
        /// The pieces in the box.
        var count = 0

        /// Builds a fresh box of `items` pieces (not timed) and times its ``BenchSuite/collisionSteps``
        /// steps in one block of thread CPU time read from `meters`.
        mutating func time(items: Int, meters: BenchMeters) {
            let bench = CollisionBenchmark(items: items, allowsSleeping: allowsSleeping)
            count = bench.itemCount
            let t0 = meters.cpuNanoseconds()
            checksum = bench.run(steps: BenchSuite.collisionSteps, dt: 1.0 / 60)
            let t1 = meters.cpuNanoseconds()
            awake = bench.awakeItemCount
            height = bench.pileHeight
            perStep.append(Double(t1 - t0) / Double(BenchSuite.collisionSteps * count))
        }

        /// "sleeping on; median of 3; 12 awake after step 600, pile 234 pt high" (without
        /// "sleeping on; " when off: the row's name says so).
        var note: String {
            "\(allowsSleeping ? "sleeping on; " : "")median of \(perStep.count); \(awake) awake after step \(BenchSuite.collisionSteps), pile \(Int(saturating: height.rounded())) pt high"
        }
    }

    /// The collision box of `items` (500) squares and circles falling into a 1280 × 770 pt box and
    /// piling up, ``collisionSteps`` steps of 1/60 s, in thread CPU time per item-step: a median of
    /// ``collisionRuns`` runs with sleeping on and as many with sleeping off, in alternating rounds
    /// (so a disturbance of a shared machine hits both); then one untimed run with sleeping on,
    /// read after every step, for the step at which the pile landed (its height within 2 % of its
    /// final height from then on, ``PileSettling``) and the first step after which every piece is
    /// asleep. `bench/box2d_baseline.cpp` steps the same box (of 500) the same ways.
    package func collision(items: Int = StressPile.count) -> [BenchResult] {
        var on = CollisionRuns(allowsSleeping: true), off = CollisionRuns(allowsSleeping: false)
        for _ in 0..<Self.collisionRuns {
            on.time(items: items, meters: meters)
            off.time(items: items, meters: meters)
        }
        let settling = CollisionBenchmark(items: items).settle(steps: Self.collisionSteps, dt: 1.0 / 60)
        let n = on.count
        let asleep = settling.secondsAsleepAfterLanding(dt: 1.0 / 60)
            .map { "all asleep at step \(settling.allAsleepStep), \(String(format: "%.1f", $0)) s after landing" }
            ?? "not all asleep by step \(Self.collisionSteps)"
        return [
            BenchResult(name: "collision: \(n)-item box, steps 1–600", value: BenchStatistics.median(on.perStep), unit: "ns/item-step",
                        note: on.note, key: "collision_ns_per_item_step"),
            BenchResult(name: "collision: \(n)-item box, sleeping off", value: BenchStatistics.median(off.perStep), unit: "ns/item-step",
                        note: off.note, key: "collision_nosleep_ns_per_item_step"),
            BenchResult(name: "collision: pile landed at step", value: Double(settling.landedStep), unit: "",
                        note: "sleeping on; height within 2 % of its final from then on; \(asleep)", key: "collision_landed_step"),
            BenchResult(name: "collision: awake after step 600", value: Double(on.awake), unit: "", key: "collision_awake_after_600_steps", jsonOnly: true),
            BenchResult(name: "collision: pile height", value: on.height, unit: "pt", key: "collision_pile_height", jsonOnly: true),
            BenchResult(name: "collision: checksum", value: on.checksum, unit: "", key: "collision_checksum", jsonOnly: true),
            BenchResult(name: "collision: all asleep after step", value: Double(settling.allAsleepStep), unit: "",
                        key: "collision_all_asleep_step", jsonOnly: true),
            BenchResult(name: "collision: sleeping off, awake after step 600", value: Double(off.awake), unit: "",
                        key: "collision_nosleep_awake_after_600_steps", jsonOnly: true),
            BenchResult(name: "collision: sleeping off, pile height", value: off.height, unit: "pt",
                        key: "collision_nosleep_pile_height", jsonOnly: true),
        ] + collisionMeanRows(items: items) + contactPassRows(items: items)
    }

    /// One back-to-back round of the collision box for `make bench` (`kinetic bench pile`, not in
    /// `all`): one timed run with sleeping on, then one with sleeping off, as
    /// ``collision(items:)`` times each, and nothing else. `make bench` runs several such
    /// rounds, each right beside a round of Box2D's baseline (`box2d_baseline --pile`), so the
    /// two engines of a round share the machine's state: on a shared host the two engines'
    /// figures, taken some 30 s apart, moved the sleeping-off ratio between 4.2× and 5.9×.
    package func pileRound(items: Int = StressPile.count) -> [BenchResult] {
        var on = CollisionRuns(allowsSleeping: true), off = CollisionRuns(allowsSleeping: false)
        on.time(items: items, meters: meters)
        off.time(items: items, meters: meters)
        return [
            BenchResult(name: "pile: \(on.count)-item box, sleeping on", value: on.perStep[0], unit: "ns/item-step",
                        note: "one run; \(on.awake) awake after step \(Self.collisionSteps)", key: "pile_ns_per_item_step"),
            BenchResult(name: "pile: \(off.count)-item box, sleeping off", value: off.perStep[0], unit: "ns/item-step",
                        note: "one run", key: "pile_nosleep_ns_per_item_step"),
        ]
    }

    /// The sleeping-on run of ``collisionMeanPiles`` piles of 80–120 % of `items` pieces, one
    /// run each, as the 500-piece row times it: their mean per item-step, and how many were not
    /// all asleep after the last step. The 500-piece pile is one draw: how soon a chaotic pile
    /// sleeps, and so its cost, moves with any change that is not bit for bit the same (over
    /// these 21 piles, on 2026-11-30, a mean asleep step of 226 against that pile's 182), so such
    /// a change is judged by this mean.
    func collisionMeanRows(items: Int) -> [BenchResult] {
        let sizes = (0..<Self.collisionMeanPiles).map { k in Swift.max(1, items * (80 + 40 * k / (Self.collisionMeanPiles - 1)) / 100) }
        var total = 0.0, notAsleep = 0
        for n in sizes {
            var run = CollisionRuns(allowsSleeping: true)
            run.time(items: n, meters: meters)
            total += run.perStep[0]
            if run.awake > 0 { notAsleep += 1 }
        }
        let first = sizes.first ?? 0, last = sizes.last ?? 0
        return [
            BenchResult(name: "collision: \(sizes.count) piles of \(first)–\(last), steps 1–600", value: total / Double(sizes.count), unit: "ns/item-step",
                        note: "sleeping on; mean of one run each, \(notAsleep) not all asleep after step \(Self.collisionSteps) (the \(items)-item box is one draw of these)",
                        key: "collision_piles_mean_ns_per_item_step"),
            BenchResult(name: "collision: piles not all asleep", value: Double(notAsleep), unit: "", key: "collision_piles_not_asleep", jsonOnly: true),
        ]
    }

    /// The contact solver's passes over the settled pile's contacts, each timed alone
    /// (``ContactPassProbe``) in thread CPU time per contact block: the warm start, the biased
    /// pass and the relax pass of one substep, medians of three rounds of ``contactPassCalls``
    /// calls each (the warm start as in a substep after the first, which need not bring the
    /// separations up); and, before them, the narrow phase that finds those contacts as the next
    /// step would (its blocks refreshed, its impulses stored), per contact, a median of three
    /// rounds of ``narrowPhaseCalls`` calls. The pile is stepped
    /// ``contactPassSteps`` steps first with sleeping off, so the contacts are those the
    /// sleeping-off row solves at its end. Nothing when that pile has no contacts.
    func contactPassRows(items: Int) -> [BenchResult] {
        let bench = CollisionBenchmark(items: items, allowsSleeping: false)
        bench.run(steps: Self.contactPassSteps, dt: 1.0 / 60)
        guard let probe = bench.contactPassProbe() else { return [] }
        // One round: `calls` calls of `work` in thread CPU time, per one of its `units`.
        func round(_ calls: Int, units: Int, _ work: () -> Void) -> Double {
            let t0 = meters.cpuNanoseconds()
            for _ in 0..<calls { work() }
            let t1 = meters.cpuNanoseconds()
            return Double(t1 - t0) / Double(calls * units)
        }
        // The narrow phase first: it finds the same contacts again from the same positions and
        // velocities (the passes, called hundreds of times, leave the velocities far from a step's,
        // and the speculative margins with them).
        let narrow = (0..<3).map { _ in round(Self.narrowPhaseCalls, units: probe.pointCount, probe.narrowPhase) }
        let passes = [probe.warmStart, probe.solve, probe.relax]
        var times: [[Double]] = [[], [], []]
        for _ in 0..<3 {
            for (k, pass) in passes.enumerated() { times[k].append(round(Self.contactPassCalls, units: probe.blockCount, pass)) }
        }
        let warm = BenchStatistics.median(times[0]), solve = BenchStatistics.median(times[1]), relax = BenchStatistics.median(times[2])
        let substep = (warm + solve + relax) * Double(probe.blockCount) / Double(probe.pointCount)
        return [
            BenchResult(name: "collision: contact passes, per block", value: warm + solve + relax, unit: "ns",
                        note: String(format: "warm start %.1f + biased %.1f + relax %.1f; %d blocks, %d manifolds, %d points; %.1f ns a point a substep",
                                     warm, solve, relax, probe.blockCount, probe.manifoldCount, probe.pointCount, substep),
                        key: "collision_passes_ns_per_block"),
            BenchResult(name: "collision: warm start, per block", value: warm, unit: "ns", key: "collision_warm_ns_per_block", jsonOnly: true),
            BenchResult(name: "collision: biased pass, per block", value: solve, unit: "ns", key: "collision_solve_ns_per_block", jsonOnly: true),
            BenchResult(name: "collision: relax pass, per block", value: relax, unit: "ns", key: "collision_relax_ns_per_block", jsonOnly: true),
            BenchResult(name: "collision: contact blocks", value: Double(probe.blockCount), unit: "", key: "collision_contact_blocks", jsonOnly: true),
            BenchResult(name: "collision: narrow phase, per contact", value: BenchStatistics.median(narrow), unit: "ns",
                        note: "margins, broad phase, pairs found afresh or recycled, boundaries, blocks, impulses stored; \(probe.pointCount) contacts, \(probe.recycledCount) recycled",
                        key: "collision_narrow_ns_per_contact"),
            BenchResult(name: "collision: contact points", value: Double(probe.pointCount), unit: "", key: "collision_contact_points", jsonOnly: true),
        ]
    }
}
