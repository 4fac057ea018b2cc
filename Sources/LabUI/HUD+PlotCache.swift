import Geometry
import Animation

extension HUD {
    /// The plotted curve's samples and settling time, recomputed only when the curve changes (a
    /// hotkey), not every frame: a soft spring's settling time alone is a scan over ~1000 points.
    public struct PlotCache {
        enum Key: Equatable { case spring(frequency: Double, dampingRatio: Double, span: Double?), timing(TimingParameters) }
        private var key: Key?
        private(set) var samples: [Point] = []
        private(set) var settle: Double = .nan
        /// The plot's time span (seconds) for a spring: long enough to show its settling time.
        private(set) var span: Double = 1

        /// An empty cache: the first frame fills it.
        public init() {}

        mutating func update(_ k: Key, _ make: () -> (samples: [Point], settle: Double, span: Double)) {
            guard k != key else { return }
            key = k
            (samples, settle, span) = make()
        }
    }
}
