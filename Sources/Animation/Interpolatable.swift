import Geometry

// CONTRACT STUB — the Animation issue completes this module; keep the public API.

/// A value that can be animated: interpolated, and combined additively
/// (`presented = model + Σ (old − new)·(1 − progress)`).
public protocol Interpolatable: Equatable {
    /// The value at `t` between `self` (t = 0) and `to` (t = 1); t may leave 0…1 (overshoot).
    func interpolated(to: Self, at t: Double) -> Self
}

extension Double: Interpolatable {
    public func interpolated(to: Double, at t: Double) -> Double { self + (to - self) * t }
}
