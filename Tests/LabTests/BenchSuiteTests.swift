import Testing
import Scenes
@testable import Lab

/// `kinetic bench` as a library (issue 38): the corner judging, the reports and the option rules,
/// with fake timers (library code reads no clock; these tests never time themselves).
@Suite struct BenchSuiteTests {
    /// Times by case name, each a list consumed one per timing (the last repeats), and the calls.
    final class FakeTimer {
        var times: [String: [CornerJudge.Times]]
        var calls: [String] = []
        init(_ times: [String: [CornerJudge.Times]]) { self.times = times }
        func time(_ c: CornerCase) -> CornerJudge.Times {
            calls.append(c.name)
            let list = times[c.name]!
            let t = list[min(calls.filter { $0 == c.name }.count - 1, list.count - 1)]
            return t
        }
    }

    static func p99(_ v: Double, frames: Int = 10) -> CornerJudge.Times { CornerJudge.Times(p50: v / 2, p99: v, frames: frames) }

    @Test("A corner may reach twice its defaults' p99, and never less than the defaults' + 2 ms")
    func allowance() {
        let cases = [CornerCase(kind: .drag, name: "defaults", values: []),
                     CornerCase(kind: .drag, name: "cheap", values: [("a", 1)]),      // 0.5 → 2.4: 4.8×, within +2 ms
                     CornerCase(kind: .springy, name: "defaults", values: []),
                     CornerCase(kind: .springy, name: "within", values: [("b", 1)]),  // 3 → 5.9: within 2×
                     CornerCase(kind: .springy, name: "over", values: [("b", 2)])]    // 3 → 6.1: over 2× every run
        let timer = FakeTimer(["defaults": [Self.p99(0.5), Self.p99(3), Self.p99(3)], "cheap": [Self.p99(2.4)],
                               "within": [Self.p99(5.9)], "over": [Self.p99(6.1)]])
        var rows: [String] = []
        let verdict = CornerJudge.judge(cases, row: { rows.append($0) }, time: timer.time)
        #expect(verdict.failures == ["bench corners: springy at over: p99 frame 6.10 ms is 2.0× the defaults' 3.00 ms "
                                     + "(allowed 6.00 ms: 2× the defaults, at least +2 ms)"])
        #expect(verdict.worstRatio == 2.4 / 0.5 && verdict.worstLabel == "drag cheap")
        #expect(verdict.frames == 50)  // first timings only
        // Over its allowance, a corner runs twice more, each time with its defaults.
        #expect(timer.calls == ["defaults", "cheap", "defaults", "within", "over", "over", "defaults", "over", "defaults"])
        #expect(rows.count == 1 + cases.count)
        #expect(rows[0] == "scene    corner      p50 ms   p99 ms  × defaults")
        #expect(rows[2] == "drag     cheap         1.20     2.40    4.80")
        #expect(rows[5] == "springy  over          3.05     6.10    2.03  FAIL (allowed 6.00 ms)")
    }

    @Test("A disturbed run does not decide: a corner over its allowance keeps its lowest p99 of the retries")
    func retriesKeepTheLowest() {
        let cases = [CornerCase(kind: .cards, name: "defaults", values: []), CornerCase(kind: .cards, name: "noisy", values: [("c", 1)])]
        let timer = FakeTimer(["defaults": [Self.p99(1)], "noisy": [Self.p99(5), Self.p99(1.5)]])
        var rows: [String] = []
        let verdict = CornerJudge.judge(cases, row: { rows.append($0) }, time: timer.time)
        #expect(verdict.failures.isEmpty)
        #expect(timer.calls == ["defaults", "noisy", "noisy", "defaults"])
        #expect(rows.last == "cards  noisy         0.75     1.50    1.50  (after 1 more run)")  // p50 and p99: each its lowest
        #expect(CornerJudge.retries == 2)
    }

    /// A clock both of whose readings advance it by 1 µs.
    final class FakeClock { var now: UInt64 = 0 }

    /// A suite reading `clock` for both its clocks, with no canvas.
    static func fakeClockSuite() -> (BenchSuite, FakeClock) {
        let clock = FakeClock()
        let tick = { clock.now += 1_000; return clock.now }
        return (BenchSuite(meters: BenchMeters(wallNanoseconds: tick, cpuNanoseconds: tick),
                           openCanvas: { throw KineticError("no canvas in this test") }), clock)
    }

    @Test("The physics rows divide the thread's CPU time per item-step; medians over the runs")
    func physicsRowsWithAFakeClock() {
        let (suite, _) = Self.fakeClockSuite()
        let rows = suite.physics(items: 4)
        func value(_ key: String) -> Double? { rows.first { $0.key == key }?.value }
        #expect(value("physics_build_ms") == 0.001)
        #expect(value("physics_ns_per_item_step") == 1000.0 / (60 * 4))
        #expect(value("physics_settling_ns_per_item_step") == 2000.0 / (600 * 4))
        #expect(value("physics_awake_after_60_steps") == 4 && value("physics_items") == 4)
        #expect(BenchResult.lines(rows).count == 3)  // the counts are JSON only
        #expect(BenchResult.lines(rows)[1].hasPrefix("physics: steps 1–60 (all moving)              ") && rows[1].unit == "ns/item-step")
        #expect(throws: KineticError.self) { try suite.startup() }
    }

    @Test("A pile round (make bench's back-to-back rounds beside Box2D): one timed run sleeping on, then one sleeping off, nothing else")
    func pileRoundWithAFakeClock() throws {
        let (suite, clock) = Self.fakeClockSuite()
        let rows = try suite.run("pile", items: 3).results
        #expect(rows.map(\.key) == ["pile_ns_per_item_step", "pile_nosleep_ns_per_item_step"])
        #expect(rows.allSatisfy { $0.value == 1000.0 / (600 * 3) && $0.unit == "ns/item-step" })
        // Two clock readings per run, two runs: no settling run, no piles, no passes.
        #expect(clock.now == 2 * 2 * 1_000)
        #expect(BenchResult.json(rows).contains("\"pile_nosleep_ns_per_item_step\": "))
    }

    @Test("The collision rows: sleeping on and off timed alike, the landed and all-asleep steps from an untimed run")
    func collisionRowsWithAFakeClock() {
        let (suite, clock) = Self.fakeClockSuite()
        let rows = suite.collision(items: 3)
        func value(_ key: String) -> Double? { rows.first { $0.key == key }?.value }
        #expect(value("collision_ns_per_item_step") == 1000.0 / (600 * 3))
        #expect(value("collision_nosleep_ns_per_item_step") == 1000.0 / (600 * 3))
        // Two clock readings per timed run, three runs per mode: the settling run reads none; two
        // per pile of the mean row; then two per round of each contact pass, three rounds of three
        // passes, and of the narrow phase.
        #expect(clock.now == 2 * 3 * 2 * 1_000 + 2 * BenchSuite.collisionMeanPiles * 1_000 + 2 * 3 * 3 * 1_000 + 2 * 3 * 1_000)
        // 80–120 % of 3 pieces: 2 pieces below 100 % (the first 10 piles), 3 from there on.
        let sizes = (0..<21).map { $0 < 10 ? 2.0 : 3.0 }
        #expect(value("collision_piles_mean_ns_per_item_step") == sizes.map { 1000.0 / (600 * $0) }.reduce(0, +) / 21)
        #expect(value("collision_piles_not_asleep") == 0)
        let points = value("collision_contact_points") ?? 0
        #expect(points >= 3 && value("collision_narrow_ns_per_contact") == 1000.0 / (Double(BenchSuite.narrowPhaseCalls) * points))
        // The contact passes of the three pieces resting on the floor, each 1,000 ns over its calls.
        let blocks = value("collision_contact_blocks") ?? 0
        #expect(blocks >= 1)
        let perBlock = 1000.0 / (Double(BenchSuite.contactPassCalls) * blocks)
        #expect(value("collision_warm_ns_per_block") == perBlock && value("collision_solve_ns_per_block") == perBlock
                && value("collision_relax_ns_per_block") == perBlock)
        #expect(value("collision_passes_ns_per_block") == 3 * perBlock)
        #expect(value("collision_nosleep_awake_after_600_steps") == 3)
        // Three pieces never stack: the same height, but for the last creep of a piece kept awake
        // after its island would have slept (soft contacts settle the final hundredths slowly).
        #expect(abs((value("collision_nosleep_pile_height") ?? 0) - (value("collision_pile_height") ?? 1)) < 0.01)
        let landed = value("collision_landed_step") ?? 0, asleep = value("collision_all_asleep_step") ?? -1
        #expect(landed >= 1 && landed <= 600)
        #expect(asleep >= 0 && asleep <= 600 && (asleep == 0) == (value("collision_awake_after_600_steps") != 0))
        let lines = BenchResult.lines(rows)
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("collision: 3-item box, steps 1–600") && lines[0].contains("sleeping on; median of 3; "))
        #expect(lines[1].hasPrefix("collision: 3-item box, sleeping off") && lines[1].contains("median of 3; 3 awake after step 600"))
        #expect(lines[2].hasPrefix("collision: pile landed at step") && lines[2].contains("height within 2 % of its final"))
        #expect(lines[3].hasPrefix("collision: 21 piles of 2–3, steps 1–600") && lines[3].contains("mean of one run each, 0 not all asleep after step 600 (the 3-item box is one draw of these)"))
        #expect(lines[4].hasPrefix("collision: contact passes, per block") && lines[4].contains("warm start ")
                && lines[4].contains("\(Int(blocks)) blocks, "))
        #expect(lines[5].hasPrefix("collision: narrow phase, per contact") && lines[5].contains("\(Int(points)) contacts, "))
    }

    @Test("The piles rows: never asleep, asleep over 5 s after landing and the median seconds after landing, for steady and uneven frames; nothing timed")
    func pilesRows() {
        let (suite, clock) = Self.fakeClockSuite()
        let rows = suite.piles(sizes: [40])
        #expect(clock.now == 0)
        #expect(rows.map { $0.key ?? "" } == ["piles_never_asleep", "piles_asleep_late", "piles_asleep_after_landing_s",
                                              "piles_slowest_asleep_after_landing_s",
                                              "piles_uneven_never_asleep", "piles_uneven_asleep_late", "piles_uneven_asleep_after_landing_s",
                                              "piles_uneven_slowest_asleep_after_landing_s"])
        #expect(rows[0].value == 0 && rows[0].note.hasPrefix("every pile asleep") && rows[0].unit == "of 1")
        #expect(rows[1].value == 0 && rows[1].note == "none" && rows[1].name == "piles, steady frames: over 5 s to sleep")
        #expect(rows[2].value > 0 && rows[2].value == rows[3].value && rows[2].note.hasPrefix("median of 1 piles"))
        #expect(suite.piles(sizes: [40], key: "piles_wide").filter { !$0.jsonOnly }.map(\.name).allSatisfy { $0.hasPrefix("piles-wide, ") && $0.count <= 44 })
        #expect(BenchSuite.problem(what: "piles", items: 5, scenes: []) == "--items does not apply to the piles benchmark (it sweeps piles of 400 to 600 pieces)")
        #expect(BenchSuite.problem(what: "piles-wide", items: 5, scenes: []) == "--items does not apply to the piles benchmark (it sweeps piles of 400 to 600 pieces)")
        #expect(BenchSuite.problem(what: "piles", items: nil, scenes: []) == nil && BenchSuite.problem(what: "piles-wide", items: nil, scenes: []) == nil)
    }

    @Test("--json is one flat object, a key per line, whole numbers as integers and the rest to two decimals")
    func jsonReport() {
        let json = BenchResult.json([BenchResult(name: "a", value: 3, unit: "", key: "count"),
                                     BenchResult(name: "b", value: 1.23456, unit: "ms", key: "time_ms"),
                                     BenchResult(name: "c", value: 9, unit: "ms")])
        #expect(json == "{\n  \"count\": 3,\n  \"time_ms\": 1.23\n}")
        #expect(BenchResult(name: "n", value: 12.345, unit: "ms", note: "x").line == "n" + String(repeating: " ", count: 43) + "       12.3 ms   x")
    }

    @Test("Option rules: one line naming the option")
    func optionProblems() {
        #expect(BenchSuite.problem(what: "all", items: nil, scenes: []) == nil)
        #expect(BenchSuite.problem(what: "nope", items: nil, scenes: [])?.hasPrefix("unknown benchmark 'nope'") == true)
        #expect(BenchSuite.problem(what: "corners", items: 3, scenes: [])?.hasPrefix("--items does not apply to the corners") == true)
        #expect(BenchSuite.problem(what: "physics", items: nil, scenes: ["drag"]) == "--scene applies to the corners benchmark only")
        #expect(BenchSuite.problem(what: "collision", items: 20_000, scenes: [])
                == "--items for the collision benchmark must be between 1 and 10000, got 20000")
        #expect(BenchSuite.problem(what: "pile", items: nil, scenes: []) == nil)
        #expect(BenchSuite.problem(what: "pile", items: 20_000, scenes: [])
                == "--items for the pile benchmark must be between 1 and 10000, got 20000")
        #expect(BenchSuite.countLabel(1_000_000) == "1m" && BenchSuite.countLabel(100_000) == "100k" && BenchSuite.countLabel(1_500) == "1500")
    }

    @Test func statistics() {
        #expect(BenchStatistics.p99(Array(1...200).map(Double.init)) == 198)
        #expect(BenchStatistics.median([3, 1, 2, 4]) == 3 && BenchStatistics.median([]).isNaN)
        #expect(BenchStatistics.mean([1, 2, 3, 6]) == 3)
    }
}
