import Geometry
@testable import Dynamics

/// Counts pause / resume notifications.
final class PauseCounter: DynamicAnimatorDelegate {
    var resumes = 0
    var pauses = 0
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { resumes += 1 }
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
}

extension DynamicAnimator {
    /// Velocity of `item` read from the solver (tests only).
    func velocity(of item: any DynamicItem) -> Vector {
        guard let i = bodyIndex(for: item) else { return .zero }
        return Vector(dx: world.bodies.vx[i], dy: world.bodies.vy[i])
    }
    func angularVelocity(of item: any DynamicItem) -> Double {
        guard let i = bodyIndex(for: item) else { return 0 }
        return world.bodies.w[i]
    }
}
