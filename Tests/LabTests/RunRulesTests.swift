import Testing
import Scenes
@testable import Lab

/// The rules of `kinetic run`'s and `kinetic fuzz`'s options as a library (issue 38): one line
/// naming the option, checked before anything starts.
@Suite struct RunRulesTests {
    static let minimum = (width: 640, height: 480)

    @Test("Run options: scenes, sizes, frames and renders")
    func runOptions() {
        var o = RunOptions()
        #expect(o.problem(minimumSize: Self.minimum) == nil && o.sceneKind == .drag && o.maximumFrames == 86_400 * 60)
        o.headless = true
        #expect(o.problem(minimumSize: Self.minimum) == "--headless needs --frames N (or a --script, which ends after its last event)")
        o.frames = 2
        o.clean = true
        #expect(o.problem(minimumSize: Self.minimum) == "--clean changes only what --video and --screenshot render: add one of them")
        o.video = "clip.avi"
        #expect(o.problem(minimumSize: Self.minimum) == "--video must end in .mp4, .webm or .gif, got 'clip.avi'")
        o = RunOptions()
        o.size = "10x10"
        #expect(o.problem(minimumSize: Self.minimum)?.hasPrefix("--size must be WxH from 640x480 to 8192x8192 points") == true)
        o = RunOptions()
        o.scene = "cards"
        o.items = 3
        #expect(o.problem(minimumSize: Self.minimum) == "--items is for the drag and springy scenes; the cards scene has a fixed set")
        o = RunOptions()
        o.demo = "gravity"
        #expect(o.problem(minimumSize: Self.minimum) == "--demo is for the dynamics scene: add --scene dynamics")
        #expect(RunOptions.parseSize("1280X800")! == (1280, 800) && RunOptions.parseSize("12x") == nil)
        o = RunOptions()
        (o.scene, o.items, o.variant, o.compare) = ("springy", 50, "refined", true)
        let c = o.labConfiguration
        #expect(c.scene == .springy && c.items == 50 && c.variant == .refined && c.compare)
    }

    @Test("Fuzz options, and the events shared among jobs (job i: seed + i)")
    func fuzzOptions() {
        #expect(SceneFuzzer.problem(seed: "-1", events: 1, jobs: 1, traceFrom: nil, scenes: [])
                == "--seed must be a whole number between 0 and 18446744073709551615, got -1")
        #expect(SceneFuzzer.problem(seed: nil, events: 10, jobs: 2, traceFrom: 3, scenes: []) == "--trace-from traces one job: leave out --jobs")
        #expect(SceneFuzzer.problem(seed: nil, events: 10, jobs: 1, traceFrom: nil, scenes: ["drag", "drag"])
                == "--scene drag is given twice; name each scene once")
        #expect(SceneFuzzer.problem(seed: "5", events: 10, jobs: 64, traceFrom: nil, scenes: ["cards"]) == nil)
        let jobs = SceneFuzzer.Configuration(seed: UInt64.max, events: 10).jobs(3)
        #expect(jobs.map(\.seed) == [UInt64.max, 0, 1] && jobs.map(\.events) == [4, 3, 3])
        #expect(SceneFuzzer.Report.header(jobs).hasPrefix("kinetic fuzz: seed 18446744073709551615, 0, 1, 10 events in 3 jobs, scenes drag springy"))
        var failed = SceneFuzzer.Report(seed: 0)
        failed.events = 10
        failed.failure = "broken"
        #expect(SceneFuzzer.Report.verdict([failed], jobs: jobs, seconds: 2).hasSuffix("10 events in 2.0 s (5 events/s): FAILED"))
    }
}
