/// Angles (a gravity's or push's direction) in a scene file are degrees. The reader converts a
/// literal to radians, but a tunable keeps the degrees the file and the HUD show, so an angle
/// must be resolved with ``resolveAngle(_:)``, not ``resolve(_:)``.
extension SceneFileNumber {
    /// The angle in radians, given the tunables' current values: a literal as it is (the reader
    /// stored radians), a tunable's value (degrees) converted.
    public func resolveAngle(_ tunables: [String: Double]) -> Double {
        switch self {
        case .value(let radians): return radians
        case .tunable(let name): return (tunables[name] ?? 0) * .pi / 180
        }
    }
}
