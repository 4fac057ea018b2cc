/// A spring or a timing curve read from a platform's code by ``MotionImport``
/// (`kinetic curve import`).
public enum ImportedMotion: Sendable, Hashable {
    /// A damped spring from 0 to 1, with its mass and initial velocity when the text gave them
    /// (mass 1 and velocity 0 otherwise).
    case spring(SpringConversion)
    /// A cubic Bézier timing curve, run over `duration` seconds when the text gave a duration
    /// (nil otherwise).
    case curve(CubicTimingParameters, duration: Double?)
}
