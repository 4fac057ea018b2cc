import Geometry

/// An RGBA colour with components in 0…1 (non-premultiplied), like `UIColor(red:green:blue:alpha:)`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components in 0…1.
    @inlinable public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// Creates a grey of the given `white` level (0 black … 1 white).
    @inlinable public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    /// Creates a colour from a 0xRRGGBB literal.
    @inlinable public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with its alpha replaced.
    @inlinable public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }
    /// The same colour with its alpha multiplied by `factor`.
    @inlinable public func fading(_ factor: Double) -> Color { withAlpha(alpha * factor) }

    /// Linear blend towards `other` by `t` (0 gives `self`).
    @inlinable public func mixed(with other: Color, _ t: Double) -> Color {
        Color(red: lerp(red, other.red, t), green: lerp(green, other.green, t),
              blue: lerp(blue, other.blue, t), alpha: lerp(alpha, other.alpha, t))
    }

    /// Components as 8-bit integers (rounded, clamped), in RGBA order.
    @inlinable public var rgba8: (UInt8, UInt8, UInt8, UInt8) {
        // NaN passes min and max unchanged and would trap in UInt8(_:): it reads as 0.
        @inline(__always) func q(_ v: Double) -> UInt8 { v.isNaN ? 0 : UInt8(clamp((v * 255).rounded(), 0, 255)) }
        return (q(red), q(green), q(blue), q(alpha))
    }

    public var description: String {
        let (r, g, b, a) = rgba8
        return "rgba(\(r), \(g), \(b), \(a))"
    }

    // UIKit's named colours (sRGB values of the light appearance), plus the lab's palette.
    /// WCAG 2 relative luminance (0 black … 1 white) of the opaque colour, from sRGB components.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let v = min(max(c, 0), 1)
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio between this colour and `other` (1…21; body text needs 4.5). Both are
    /// taken as opaque: composite a translucent colour over its background first
    /// (``composited(over:)``).
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour drawn with its alpha over the opaque `background` (source-over), opaque.
    public func composited(over background: Color) -> Color {
        let a = min(max(alpha, 0), 1)
        return Color(red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
                     blue: blue * a + background.blue * (1 - a), alpha: 1)
    }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    /// UIKit `systemGray` (142, 142, 147).
    public static let gray = Color(hex: 0x8E8E93)
    /// UIKit `darkGray` (one third white).
    public static let darkGray = Color(white: 1.0 / 3.0)
    /// UIKit `lightGray` (two thirds white).
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// UIKit `systemRed` (255, 59, 48).
    public static let red = Color(hex: 0xFF3B30)
    /// UIKit `systemGreen` (52, 199, 89).
    public static let green = Color(hex: 0x34C759)
    /// UIKit `systemBlue` (0, 122, 255).
    public static let blue = Color(hex: 0x007AFF)
    /// UIKit `systemOrange` (255, 149, 0).
    public static let orange = Color(hex: 0xFF9500)
    /// UIKit `systemYellow` (255, 204, 0).
    public static let yellow = Color(hex: 0xFFCC00)
    /// UIKit `systemTeal` (90, 200, 250).
    public static let teal = Color(hex: 0x5AC8FA)
    /// The lab's window background: a near-black blue-grey.
    public static let background = Color(hex: 0x1C1C22)
}
