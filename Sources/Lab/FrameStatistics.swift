import Scenes

/// Frame counts and frame-time percentiles of a run, for `kinetic run --stats FILE.json`.
///
/// Every presented frame is counted. A frame may also carry its frame time (seconds): in a window
/// the time since the previous present, headless the wall time spent producing the frame (logic
/// and rendering). A window's first frame, and the first frame after the loop waited idle for
/// input, carry none: an idle wait is not a slow frame. Frames during a gesture (a pointer button
/// down, or the scene animating) are also counted in ``gesture``.
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

        /// Counts one presented frame, with its frame time in seconds when it has one (ignored
        /// unless finite and not negative).
        package mutating func add(frameTime: Double?) {
            frames += 1
            if let t = frameTime, t.isFinite, t >= 0 { times.append(t) }
        }

        /// The nearest-rank percentiles of the frame times, milliseconds; nil without frame times.
        package var percentilesMilliseconds: (p50: Double, p90: Double, p99: Double, max: Double)? {
            let sorted = times.sorted()
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

        /// `{"frames": N, "fps_median": F, "frame_ms": {"p50", "p90", "p99", "max"}}`; values are
        /// null when no frame time was recorded. Milliseconds to 3 decimals, fps to 2.
        package func json(extra: [(String, JSONValue)] = []) -> JSONValue {
            let p = percentilesMilliseconds
            func ms(_ v: Double?) -> JSONValue { v.map { JSONValue.rounded($0, 3) } ?? .null }
            return .object([
                ("frames", .int(frames)),
                ("fps_median", fpsMedian.map { JSONValue.rounded($0, 2) } ?? .null),
                ("frame_ms", .object([("p50", ms(p?.p50)), ("p90", ms(p?.p90)), ("p99", ms(p?.p99)), ("max", ms(p?.max))])),
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
    package mutating func record(frameTime: Double?, gesture isGesture: Bool) {
        all.add(frameTime: frameTime)
        if isGesture { gesture.add(frameTime: frameTime) }
    }

    /// The `p`-th percentile (0 < p ≤ 100) of `sorted` (ascending) by the nearest-rank method: the
    /// value at 1-based rank ⌈p/100 × n⌉ (at least rank 1), always one of the samples. For
    /// n = 10: p50 is the 5th value, p90 the 9th, p99 the 10th. Nil for an empty list.
    package static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        // p × n first: (p / 100) × n would make 90 % of 10 slightly more than 9 and round it up to 10.
        let rank = Int((p * Double(sorted.count) / 100).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    /// The `--stats` document: the ``all`` series' fields, then `"gesture"` with the same fields
    /// for ``gesture``.
    package var json: JSONValue { all.json(extra: [("gesture", gesture.json())]) }
}
