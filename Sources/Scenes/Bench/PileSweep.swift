/// Many piles settling (issue 43's "every piece asleep within 5 s of landing", asked of more than
/// one pile): ``StressPile``s of 400 to 600 pieces in steps of 5 (41 piles: a pile's settling is
/// chaotic, and one pile's asleep step says little of the next), each stepped
/// ``steps`` steps untimed, with every frame 1/60 s and again with uneven frames
/// (``FramePattern/uneven``), for how many never fall asleep and how long the rest take
/// after landing. `kinetic bench piles` reports it; library code, so it reads no clock.
public struct PileSweep: Sendable {
    /// How a sweep's frames come: every one 1/60 s, or uneven as a window's are.
    public enum FramePattern: String, Sendable, CaseIterable {
        /// Every frame 1/60 s.
        case steady
        /// Frames 0.85 to 1.15 × 1/60 s long in a fixed, repeating sequence, and frame 5 and then
        /// one in every 5 to 11 twice as long (a missed frame): a window's frames.
        case uneven

        /// The length of frame `k` (from 0), seconds.
        public func frameLength(_ k: Int) -> Double {
            guard self == .uneven else { return 1.0 / 60 }
            let length = (1 + 0.15 * Double((k * 7919) % 13 - 6) / 6) / 60
            var next = 5
            while next < k { next += 5 + (next * 7919) % 7 }
            return next == k ? 2 * length : length
        }
    }

    /// The pile sizes swept.
    public static let sizes = Array(stride(from: 400, through: 600, by: 5))
    /// A wider sweep (`kinetic bench piles-wide`): ``sizes``, and each 2 and 3 pieces larger
    /// (123 piles): piles close in size fall on unrelated paths, so three times the piles say
    /// three times as much of how often one does not sleep.
    public static let widerSizes = sizes + sizes.map { $0 + 2 } + sizes.map { $0 + 3 }
    /// How soon after landing a pile should be all asleep, seconds (issue 43: "every piece asleep
    /// within 5 s of landing").
    public static let asleepWithin = 5.0
    /// Steps each pile runs: 900 frames, 15 s at 60 Hz (the piles land by step 150).
    public static let steps = 900

    /// One pile's landing and sleep.
    public struct Pile: Sendable, Equatable {
        /// Its pieces.
        public let size: Int
        /// The frame it landed at and the frame after which every piece was asleep (0: never
        /// within ``PileSweep/steps``), as ``PileSettling`` counts them.
        public let landedStep: Int, allAsleepStep: Int
        /// Seconds from landing to all asleep, the frames' own lengths (nil: never asleep).
        public let secondsAsleepAfterLanding: Double?
    }

    /// The piles of one frame pattern.
    public let piles: [Pile]

    /// Steps a pile of every size in `sizes` (default ``sizes``) `steps` frames (default
    /// ``steps``) with `frames`.
    public init(frames: FramePattern, sizes: [Int] = PileSweep.sizes, steps: Int = PileSweep.steps) {
        piles = sizes.map { size in
            let settling = CollisionBenchmark(items: size).settle(steps: steps, frameLength: frames.frameLength)
            // The frames' own lengths: with missed frames, some of them are 2/60 s.
            let seconds = settling.allAsleepStep > 0
                ? (settling.landedStep..<Swift.max(settling.landedStep, settling.allAsleepStep)).reduce(0) { $0 + frames.frameLength($1) } : nil
            return Pile(size: size, landedStep: settling.landedStep, allAsleepStep: settling.allAsleepStep, secondsAsleepAfterLanding: seconds)
        }
    }

    /// The sizes of the piles never all asleep.
    public var neverAsleep: [Int] { piles.filter { $0.secondsAsleepAfterLanding == nil }.map(\.size) }
    /// Seconds from landing to all asleep of the piles that slept, in pile order.
    public var asleepAfterLanding: [Double] { piles.compactMap(\.secondsAsleepAfterLanding) }
    /// The sizes of the piles that fell asleep, but later than ``asleepWithin`` after landing.
    public var asleepLate: [Int] {
        piles.filter { ($0.secondsAsleepAfterLanding ?? 0) > Self.asleepWithin }.map(\.size)
    }
}
