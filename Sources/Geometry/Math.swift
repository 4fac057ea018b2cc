// The C maths library (sin, cos, atan2, exp…) for this module and its clients — <math.h> only,
// not all of Glibc, so the library modules cannot reach a clock (docs/DESIGN.md, "Time": time
// comes in as an argument).
@_exported import CMath

/// Linear interpolation between `a` and `b` at fraction `t` (0 gives `a`, 1 gives `b`).
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// `value` limited to `lo...hi`.
@inlinable public func clamp<T: Comparable>(_ value: T, _ lo: T, _ hi: T) -> T { Swift.min(Swift.max(value, lo), hi) }
