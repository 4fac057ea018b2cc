/// The values a number in a scene file may take, and how a message says so ("≥ 0",
/// "from 0 to 1", "> 0"). Every number is also within ±``SceneFileRange/magnitudeLimit``,
/// whatever its range, so sums, squares and `max − min` stay finite downstream.
struct SceneFileRange: Sendable {
    /// The smallest and largest allowed values (nil: no bound but the magnitude limit).
    var lower: Double?, upper: Double?
    /// Whether the bound itself is excluded.
    var lowerOpen = false, upperOpen = false

    /// Every number in a scene file is within ± this (1,000,000).
    static let magnitudeLimit = 1_000_000.0
    /// Coordinates (frames' origins, points, offsets), points: ±100,000.
    static let coordinateLimit = 100_000.0
    /// Sizes (stage, frames), points per side: 10,000.
    static let sideLimit = 10_000.0

    /// Any number within the magnitude limit.
    static let any = SceneFileRange()
    /// ≥ 0.
    static let nonNegative = SceneFileRange(lower: 0)
    /// > 0.
    static let positive = SceneFileRange(lower: 0, lowerOpen: true)
    /// 0…1.
    static let unit = SceneFileRange(lower: 0, upper: 1)
    /// A coordinate, ±100,000 points.
    static let coordinate = SceneFileRange(lower: -coordinateLimit, upper: coordinateLimit)
    /// A side, 0…10,000 points.
    static let side = SceneFileRange(lower: 0, upper: sideLimit)
    /// A stage side, 1…10,000 points.
    static let stageSide = SceneFileRange(lower: 1, upper: sideLimit)
    /// A layer's scale, 0.01…100.
    static let scale = SceneFileRange(lower: 0.01, upper: 100)
    /// A deceleration rate, strictly between 0 and 1 (the projection divides by 1 − rate).
    static let rate = SceneFileRange(lower: 0, upper: 1, lowerOpen: true, upperOpen: true)

    /// Whether `x` is allowed.
    func contains(_ x: Double) -> Bool {
        guard abs(x) <= Self.magnitudeLimit else { return false }
        if let l = lower, lowerOpen ? x <= l : x < l { return false }
        if let u = upper, upperOpen ? x >= u : x > u { return false }
        return true
    }

    /// Whether every value of `range` is allowed (a tunable standing for a number).
    func contains(_ range: ClosedRange<Double>) -> Bool { contains(range.lowerBound) && contains(range.upperBound) }

    /// The range in words, after "a number": "≥ 0", "from 0 to 1", "> 0 and < 1", or empty.
    var phrase: String {
        let l = lower.map(LocatedJSON.format), u = upper.map(LocatedJSON.format)
        switch (l, u) {
        case let (l?, u?) where !lowerOpen && !upperOpen: return "from \(l) to \(u)"
        case let (l?, u?): return "\(lowerOpen ? ">" : "≥") \(l) and \(upperOpen ? "<" : "≤") \(u)"
        case let (l?, nil): return "\(lowerOpen ? ">" : "≥") \(l)"
        case let (nil, u?): return "\(upperOpen ? "<" : "≤") \(u)"
        case (nil, nil): return ""
        }
    }

    /// "a number ≥ 0", or "a number" for ``any``.
    var expectation: String { phrase.isEmpty ? "a number" : "a number \(phrase)" }
}
