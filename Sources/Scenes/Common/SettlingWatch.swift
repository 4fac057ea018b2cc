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
    /// A report as given.
    public init(predicted: Double, measured: Double? = nil, elapsed: Double = 0) {
        self.predicted = predicted; self.measured = measured; self.elapsed = elapsed
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

    /// A release happened now; `predicted` seconds until rest.
    mutating func release(predicted: Double) { report = SettlingReport(predicted: predicted) }

    /// Advances `dt` simulated seconds; `atRest` says whether everything is at rest after them.
    mutating func step(dt: Double, atRest: Bool) {
        guard var r = report, r.measured == nil else { return }
        r.elapsed += dt.isFinite ? max(0, dt) : 0
        if atRest { r.measured = r.elapsed }
        report = r
    }
}
