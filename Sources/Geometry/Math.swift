// The C maths library (sin, cos, atan2, exp…) for this module and its clients — <math.h> only,
// not all of Glibc, so the library modules cannot reach a clock (docs/DESIGN.md, "Time": time
// comes in as an argument).
@_exported import CMath

/// Linear interpolation between `a` and `b` at fraction `t` (0 gives `a`, 1 gives `b`).
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// `value` limited to `lo...hi`.
@inlinable public func clamp<T: Comparable>(_ value: T, _ lo: T, _ hi: T) -> T { Swift.min(Swift.max(value, lo), hi) }

extension Int {
    /// `value` rounded toward zero as `Int(_:)` does, but never a trap: NaN gives 0 and values
    /// beyond ±2⁶² give ±2⁶² (issue 37: an unchecked `Int(_:)` of a pasted 10³⁰⁸ or a pointer
    /// at 10³⁰⁰ ended the app). Round first for another rounding: `Int(saturating: x.rounded(.up))`.
    @inlinable
    public init(saturating value: Double) {
        let limit = 4_611_686_018_427_387_904.0   // 2⁶², exact in a double
        if value.isNaN { self = 0 } else if value >= limit { self = 1 << 62 } else if value <= -limit { self = -(1 << 62) } else { self.init(value) }
    }
}
