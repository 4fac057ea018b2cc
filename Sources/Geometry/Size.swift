/// A width and height, in points (UIKit's `CGSize`).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size of `width` × `height` points.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// The empty size (0 × 0).
    public static let zero = Size(width: 0, height: 0)

    /// Width × height, in square points.
    @inlinable public var area: Double { width * height }

    public var description: String { "\(width)×\(height)" }
}
