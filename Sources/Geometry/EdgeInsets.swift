/// Distances inward from each edge of a rectangle, in points (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Creates insets, each in points.
    @inlinable public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset on all four edges.
    @inlinable public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }

    /// No insets.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Left + right.
    @inlinable public var horizontal: Double { left + right }
    /// Top + bottom.
    @inlinable public var vertical: Double { top + bottom }
}
