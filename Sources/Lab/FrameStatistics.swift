import Scenes

/// Frame counts and frame-time percentiles of a run, for `kinetic run --stats FILE.json`.
///
/// Every presented frame is counted. A frame may also carry its frame time (seconds): in a window
/// the time since the previous present, headless the wall time spent producing the frame (logic
/// and rendering). A window's first frame, and the first frame after the loop waited idle for
/// input, carry none: an idle wait is not a slow frame. Frames during a gesture (a pointer button
/// down, or the scene animating) are also counted in ``gesture``.
///
/// More times per frame show what the frame rate hides: the work (from the start of the
/// frame's work to the return of its present — headroom even when the limiter caps the rate),
/// the busy time (the work less what the present spent waiting for the display's blank, and less
/// the timeline's replay in that wait: what the frame itself cost) and, in a window, the latency
/// of frames that consumed pointer input (from the newest pointer event's timestamp to the
/// return of the present: input to photon, as far as the app can see).
///
/// Percentiles are nearest-rank (see ``percentile(_:ofSorted:)``); ``Series/fpsMedian`` is
/// 1 / the median frame time.
package struct FrameStatistics {
    /// The frames of one kind (all, or those during a gesture).
    package struct Series {
        /// Frames presented.
        private(set) var frames = 0
        /// The frame times recorded, seconds, in presentation order.
        private(set) var times: [Double] = []
        /// Each frame's work: from the start of its work to the return of its present, seconds.
        private(set) var work: [Double] = []
        /// Input to photon: for frames that consumed pointer input, the time from the newest
        /// pointer event's timestamp to the return of the present, seconds.
        private(set) var latencies: [Double] = []
        /// Each frame's busy time: its work less the present's wait for the display, seconds.
        private(set) var busy: [Double] = []

        /// Counts one presented frame, with its frame time, work time, latency and busy time in
        /// seconds when it has them (each ignored unless finite and not negative; the busy time
        /// is the work time when not given: a present that never waits).
        package mutating func add(frameTime: Double?, work workTime: Double? = nil, latency: Double? = nil, busy busyTime: Double? = nil) {
            frames += 1
            func valid(_ t: Double?) -> Double? { t.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
            if let t = valid(frameTime) { times.append(t) }
            if let t = valid(workTime) { work.append(t) }
            if let t = valid(latency) { latencies.append(t) }
            if let t = valid(busyTime ?? workTime) { busy.append(t) }
        }

        /// The nearest-rank percentiles of the frame times, milliseconds; nil without frame times.
        package var percentilesMilliseconds: (p50: Double, p90: Double, p99: Double, max: Double)? {
            Self.percentilesMilliseconds(of: times)
        }

        /// The nearest-rank p50, p90, p99 and max of `samples` (seconds), milliseconds; nil when empty.
        static func percentilesMilliseconds(of samples: [Double]) -> (p50: Double, p90: Double, p99: Double, max: Double)? {
            let sorted = samples.sorted()
            guard let p50 = FrameStatistics.percentile(50, ofSorted: sorted),
                  let p90 = FrameStatistics.percentile(90, ofSorted: sorted),
                  let p99 = FrameStatistics.percentile(99, ofSorted: sorted),
                  let max = sorted.last else { return nil }
            return (p50 * 1000, p90 * 1000, p99 * 1000, max * 1000)
        }

        /// Frames per second at the median frame time (1 / p50); nil without frame times or when
        /// the median is 0.
        package var fpsMedian: Double? {
            guard let p50 = FrameStatistics.percentile(50, ofSorted: times.sorted()), p50 > 0 else { return nil }
            return 1 / p50
        }

        /// `{"frames": N, "fps_median": F, "frame_ms": {"p50", "p90", "p99", "max"}, "work_ms": {…},
        /// "latency_ms": {…}, "busy_ms": {…}}`; values are null when no such time was recorded. Milliseconds to 3
        /// decimals, fps to 2.
        package func json(extra: [(String, JSONValue)] = []) -> JSONValue {
            func percentiles(_ samples: [Double]) -> JSONValue {
                let p = Self.percentilesMilliseconds(of: samples)
                func ms(_ v: Double?) -> JSONValue { v.map { JSONValue.rounded($0, 3) } ?? .null }
                return .object([("p50", ms(p?.p50)), ("p90", ms(p?.p90)), ("p99", ms(p?.p99)), ("max", ms(p?.max))])
            }
            return .object([
                ("frames", .int(frames)),
                ("fps_median", fpsMedian.map { JSONValue.rounded($0, 2) } ?? .null),
                ("frame_ms", percentiles(times)),
                ("work_ms", percentiles(work)),
                ("latency_ms", percentiles(latencies)),
                ("busy_ms", percentiles(busy)),
            ] + extra)
        }
    }

    /// Every presented frame.
    package private(set) var all = Series()
    /// The frames presented while a pointer button was down or the scene animated.
    package private(set) var gesture = Series()

    /// No frames yet.
    package init() {}

    /// Counts one presented frame with its frame time (seconds, nil when it has none) and whether
    /// it belongs to a gesture.
    /// `work`, `latency` and `busy` (seconds) are the frame's work, input-to-photon and busy
    /// times, when known.
    package mutating func record(frameTime: Double?, gesture isGesture: Bool, work: Double? = nil, latency: Double? = nil,
                                 busy: Double? = nil) {
        all.add(frameTime: frameTime, work: work, latency: latency, busy: busy)
        if isGesture { gesture.add(frameTime: frameTime, work: work, latency: latency, busy: busy) }
    }

    /// The `p`-th percentile (0 < p ≤ 100) of `sorted` (ascending) by the nearest-rank method: the
    /// value at 1-based rank ⌈p/100 × n⌉ (at least rank 1), always one of the samples. For
    /// n = 10: p50 is the 5th value, p90 the 9th, p99 the 10th. Nil for an empty list.
    package static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        // p × n first: (p / 100) × n would make 90 % of 10 slightly more than 9 and round it up to 10.
        let rank = Int(saturating: (p * Double(sorted.count) / 100).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    /// The `--stats` document: the ``all`` series' fields, then `"gesture"` with the same fields
    /// for ``gesture``.
    package var json: JSONValue { all.json(extra: [("gesture", gesture.json())]) }
}
