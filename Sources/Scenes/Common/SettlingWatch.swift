import Geometry

/// What the HUD says about the last release: the settling time predicted at the release and,
/// once everything is at rest, the one measured.
public struct SettlingReport: Sendable, Equatable {
    /// Predicted seconds from the release until every item is within 0.5 pt and 1 pt/s of rest
    /// (``Dynamics/SettlingEstimate``; the flock's slowest mode, not one spring's).
    public var predicted: Double
    /// Measured seconds from the release to rest, once it came; nil while items still move.
    public var measured: Double?
    /// Simulated seconds since the release (frozen while paused, slowed in slow motion).
    public var elapsed: Double
    /// The item the prediction is about (the one that rests last), e.g. "cell 200"; nil for none.
    public var item: String?
    /// Its predicted envelope: distance from its place ≤ `amplitude`·e^(−`rate`·t) points.
    public var envelope: Envelope?
    /// Its measured distance from its place and speed, one sample a frame since the release
    /// (at most ``SettlingWatch/maximumSamples``).
    public var samples: [Sample] = []

    /// The decaying envelope of one mode.
    public struct Envelope: Sendable, Equatable {
        /// Points at the release.
        public var amplitude: Double
        /// Decay rate, 1/s.
        public var rate: Double
        /// An envelope as given.
        public init(amplitude: Double, rate: Double) { self.amplitude = amplitude; self.rate = rate }
        /// The envelope `t` seconds after the release, points.
        public func value(at t: Double) -> Double { amplitude * exp(-rate * t) }
    }

    /// One frame of the tracked item.
    public struct Sample: Sendable, Equatable {
        /// Seconds since the release.
        public var time: Double
        /// Distance from its place, points.
        public var distance: Double
        /// Speed, points per second.
        public var speed: Double
        /// A sample as given.
        public init(time: Double, distance: Double, speed: Double) { self.time = time; self.distance = distance; self.speed = speed }
    }

    /// A report as given.
    public init(predicted: Double, measured: Double? = nil, elapsed: Double = 0, item: String? = nil, envelope: Envelope? = nil) {
        self.predicted = predicted; self.measured = measured; self.elapsed = elapsed
        self.item = item; self.envelope = envelope
    }
}

/// Times a release to rest in simulated seconds: started with a prediction at the release,
/// stepped every frame with whether everything is at rest.
struct SettlingWatch {
    /// The last release's report, nil before the first.
    private(set) var report: SettlingReport?

    /// Where a scene counts an item at rest: within 0.5 pt of its place and slower than 1 pt/s.
    static let positionTolerance = 0.5, speedTolerance = 1.0

    /// Whether a release is being timed (it came, rest has not).
    var isTiming: Bool { report.map { $0.measured == nil } ?? false }

    /// Samples kept of the tracked item: two minutes at 60 Hz.
    static let maximumSamples = 7_200

    /// A release happened now; `predicted` seconds until rest, for `item` with `envelope`.
    mutating func release(predicted: Double, item: String? = nil, envelope: SettlingReport.Envelope? = nil) {
        report = SettlingReport(predicted: predicted, item: item, envelope: envelope)
    }

    /// Advances `dt` simulated seconds; `atRest` says whether everything is at rest after them,
    /// `tracked` the tracked item's distance from its place and speed (nil once it is home).
    mutating func step(dt: Double, atRest: Bool, tracked: (distance: Double, speed: Double)? = nil) {
        guard var r = report, r.measured == nil else { return }
        report = nil // one owner of the samples while they grow (no copy a frame)
        r.elapsed += dt.isFinite ? max(0, dt) : 0
        if let t = tracked, r.samples.count < Self.maximumSamples {
            r.samples.append(SettlingReport.Sample(time: r.elapsed, distance: t.distance, speed: t.speed))
        }
        if atRest { r.measured = r.elapsed }
        report = r
    }
}
