/// When the collision benchmark's pile landed and when all of it fell asleep (issue 43), from one
/// untimed run of ``CollisionBenchmark/settle(steps:dt:)``; `bench/box2d_baseline.cpp` computes
/// the same two steps for Box2D by the same definitions.
public struct PileSettling: Equatable, Sendable {
    /// The first step (1-based) after which every piece is asleep; 0 when that never happens
    /// within the run.
    public var allAsleepStep: Int
    /// The step (1-based) at which the pile landed: the first step from which the pile height
    /// (``CollisionBenchmark/pileHeight``) stays within ``landedTolerance`` of its height after
    /// the run's last step, through that last step; 0 for a run of no steps.
    public var landedStep: Int

    /// How close to its final height a landed pile stands: 2 % of it.
    public static let landedTolerance = 0.02

    /// A run's settling steps as given.
    public init(allAsleepStep: Int, landedStep: Int) {
        self.allAsleepStep = allAsleepStep
        self.landedStep = landedStep
    }

    /// The settling steps of a run whose pile height (points) after each step is `heights` and
    /// whose awake piece count after each step is `awake` (both one entry per step, in order).
    public init(heights: [Double], awake: [Int]) {
        allAsleepStep = (awake.firstIndex(of: 0) ?? -1) + 1
        landedStep = Self.landedStep(heights: heights)
    }

    /// The landed step of a run whose pile height after each step is `heights` (see
    /// ``landedStep``): the steps at the end that all lie within ``landedTolerance`` of the last
    /// height, the first of them.
    public static func landedStep(heights: [Double]) -> Int {
        guard let last = heights.last else { return 0 }
        let band = landedTolerance * abs(last)
        var first = heights.count
        while first > 0 && abs(heights[first - 1] - last) <= band { first -= 1 }
        return first + 1
    }

    /// Seconds from landing until every piece was asleep, for steps of `dt` seconds; nil when the
    /// pile never fell asleep. Negative when it fell asleep before its height settled.
    public func secondsAsleepAfterLanding(dt: Double) -> Double? {
        allAsleepStep > 0 ? Double(allAsleepStep - landedStep) * dt : nil
    }
}
