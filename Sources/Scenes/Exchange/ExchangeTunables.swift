/// The exchange scene's tunables; the initial values are the reference controller's (animation
/// segment 0.2 s, displaced alpha 0.6, long press 0.15 s) and the only place they are written.
public struct ExchangeTunables: SceneTunables, Sendable, Equatable {
    /// Duration of each exchange animation segment, seconds.
    public var animationDuration = 0.2
    /// Opacity of the displaced item, 0…1.
    public var alphaForDisplacedItem = 0.6
    /// How long a press must last to catch a cell, seconds.
    public var minimumPressDuration = 0.15

    public init() {}

    public static var table: [Tunable<ExchangeTunables>] {
        [Tunable("animationDuration", key: "a", unit: "s", range: 0.05...2, step: .multiply(1.25), \.animationDuration),
         Tunable("alphaForDisplacedItem", key: "o", range: 0...1, step: .add(0.1), \.alphaForDisplacedItem),
         Tunable("minimumPressDuration", key: "k", unit: "s", range: 0.05...2, step: .add(0.05), \.minimumPressDuration)]
    }
}
