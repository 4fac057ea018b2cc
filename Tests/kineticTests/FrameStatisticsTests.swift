import Testing
@testable import kinetic
@testable import Lab
import SDLBackend

@Suite struct FrameStatisticsTests {
    @Test func nearestRankPercentiles() {
        let ten = (1...10).map(Double.init)
        #expect(FrameStatistics.percentile(50, ofSorted: ten) == 5)
        #expect(FrameStatistics.percentile(90, ofSorted: ten) == 9)     // not 10: rank ⌈0.9 × 10⌉ = 9 exactly
        #expect(FrameStatistics.percentile(99, ofSorted: ten) == 10)
        #expect(FrameStatistics.percentile(100, ofSorted: ten) == 10)
        #expect(FrameStatistics.percentile(1, ofSorted: ten) == 1)
        #expect(FrameStatistics.percentile(0, ofSorted: ten) == 1)      // rank at least 1
        #expect(FrameStatistics.percentile(50, ofSorted: [7]) == 7)
        #expect(FrameStatistics.percentile(50, ofSorted: []) == nil)
        // Odd and even counts: the sample at rank ⌈n/2⌉, never an average.
        #expect(FrameStatistics.percentile(50, ofSorted: [1, 2, 3, 4, 5, 6, 7]) == 4)
        #expect(FrameStatistics.percentile(50, ofSorted: [1, 2, 3, 4]) == 2)
        // 1000 samples: p99 is the 990th, p90 the 900th.
        let thousand = (1...1000).map(Double.init)
        #expect(FrameStatistics.percentile(99, ofSorted: thousand) == 990)
        #expect(FrameStatistics.percentile(90, ofSorted: thousand) == 900)
        #expect(FrameStatistics.percentile(50, ofSorted: thousand) == 500)
    }

    @Test func seriesReportMillisecondsAndTheMedianRate() throws {
        var s = FrameStatistics()
        // 8 frames at 16 ms, one at 40 ms, one without a time (the first, or after an idle wait).
        s.record(frameTime: nil, gesture: false)
        for _ in 0..<8 { s.record(frameTime: 0.016, gesture: false) }
        s.record(frameTime: 0.040, gesture: true)
        #expect(s.all.frames == 10 && s.all.times.count == 9)
        let p = try #require(s.all.percentilesMilliseconds)
        // 9 times: p50 is rank 5 (16 ms), p90 rank ⌈8.1⌉ = 9 (40 ms).
        #expect(abs(p.p50 - 16) < 1e-9 && abs(p.p90 - 40) < 1e-9 && abs(p.p99 - 40) < 1e-9 && abs(p.max - 40) < 1e-9)
        #expect(abs(s.all.fpsMedian! - 62.5) < 1e-9)
        #expect(s.gesture.frames == 1 && s.gesture.fpsMedian == 25)
        // Negative or non-finite times count the frame but not the time.
        s.record(frameTime: -1, gesture: false)
        s.record(frameTime: .infinity, gesture: false)
        #expect(s.all.frames == 12 && s.all.times.count == 9)
    }

    @Test func jsonHasTheDocumentedShape() {
        var s = FrameStatistics()
        s.record(frameTime: 0.0166666, gesture: true, work: 0.004, latency: 0.021, busy: 0.003)
        s.record(frameTime: 0.02, gesture: false, work: 0.006)
        let none = #"{"p50": null, "p90": null, "p99": null, "max": null}"#
        #expect(s.json.text() == """
        {"frames": 2, "fps_median": 60.0, "frame_ms": {"p50": 16.667, "p90": 20.0, "p99": 20.0, "max": 20.0}, \
        "work_ms": {"p50": 4.0, "p90": 6.0, "p99": 6.0, "max": 6.0}, "latency_ms": {"p50": 21.0, "p90": 21.0, "p99": 21.0, "max": 21.0}, \
        "busy_ms": {"p50": 3.0, "p90": 6.0, "p99": 6.0, "max": 6.0}, \
        "gesture": {"frames": 1, "fps_median": 60.0, "frame_ms": {"p50": 16.667, "p90": 16.667, "p99": 16.667, "max": 16.667}, \
        "work_ms": {"p50": 4.0, "p90": 4.0, "p99": 4.0, "max": 4.0}, "latency_ms": {"p50": 21.0, "p90": 21.0, "p99": 21.0, "max": 21.0}, \
        "busy_ms": {"p50": 3.0, "p90": 3.0, "p99": 3.0, "max": 3.0}}}
        """)
        #expect(FrameStatistics().json.text() == """
        {"frames": 0, "fps_median": null, "frame_ms": \(none), "work_ms": \(none), "latency_ms": \(none), "busy_ms": \(none), \
        "gesture": {"frames": 0, "fps_median": null, "frame_ms": \(none), "work_ms": \(none), "latency_ms": \(none), "busy_ms": \(none)}}
        """)
    }

    /// Issue 26: a pointer event's timestamp is what the latency is measured from.
    @Test func pointerEventsCarryTheLatencyOrigin() {
        #expect(BackendEvent.mouseMoved(x: 1, y: 2, modifierState: 0, time: 1.5).pointerTime == 1.5)
        #expect(BackendEvent.wheel(x: 1, y: 2, dx: 0, dy: 1, modifierState: 0, time: 2).pointerTime == 2)
        #expect(BackendEvent.key(key: "f", modifierState: 0, down: true, isRepeat: false, time: 3).pointerTime == nil)
    }
}
