/// The drag scene's tunables; the initial values are the source document's (8 Hz, damping 0.6,
/// a 40-pt square) and the only place they are written.
public struct DragTunables: SceneTunables, Sendable, Equatable {
    /// Frequency of every corner attachment, Hz.
    public var frequency = 8.0
    /// Damping ratio of every corner attachment.
    public var damping = 0.6
    /// Side of the anchor square, points (applies from the next drag).
    public var squareSize = 40.0

    public init() {}

    public static var table: [Tunable<DragTunables>] {
        // The rows are each corner spring's; the HUD's plot is the four combined (√2·f, √2·ζ:
        // ``RectangleAttachmentBehavior/combinedSpring(frequency:damping:)``), so the rows say "corner".
        [Tunable("frequency", label: "corner frequency", key: "f", unit: "Hz", range: 0.1...100, step: .multiply(1.1), \.frequency),
         Tunable("damping", label: "corner damping", key: "d", range: 0...5, step: .add(0.05), \.damping),
         Tunable("squareSize", key: "l", unit: "pt", range: 2...400, step: .add(5), \.squareSize)]
    }
}
