import Geometry
import Drawing
import Animation

/// Colours animate component by component (non-premultiplied RGBA), so a view's
/// `backgroundColor` can be animated by a property animator.
extension Color: Interpolatable {
    /// The colour at `t` between `self` (0) and `to` (1); `t` may overshoot.
    public func interpolated(to: Color, at t: Double) -> Color { mixed(with: to, t) }
}
