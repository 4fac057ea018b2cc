import Geometry
import Views

/// The dynamics scene's answers to a fuzzer's probe (``SceneProbing``): like every scene, its
/// items stay finite and come to rest with the parameters at their defaults, within the time its
/// demo's springs and resistance need (``DynamicsDemo/restAllowance``).
extension DynamicsScene {
    /// The scene's window.
    public var probedWindow: Window? { host.window }

    /// Seconds beyond 5 that the current demo may take to come to rest (``DynamicsDemo/restAllowance``).
    public var restAllowance: Double { demo.restAllowance }

    /// What the demo needs to calm a fling at its tunables (``restAllowance``), seconds.
    public var extraRestTime: Double { restAllowance }

    /// The demo and its animator's state in words, for a fuzzer's failure message.
    var busyDescription: String {
        let a = demo.animator
        let fastest = a.dynamicItems.map { a.linearVelocity(for: $0).length }.max() ?? 0
        let spin = a.dynamicItems.map { abs(a.angularVelocity(for: $0)) }.max() ?? 0
        let centers = demo.items.map { "(\(Int(saturating: $0.item.center.x)), \(Int(saturating: $0.item.center.y)))" }.joined(separator: " ")
        return "dynamics: demo \(demoName) on a \(Int(saturating: stage.bounds.width))×\(Int(saturating: stage.bounds.height)) stage, items at \(centers), animator running \(a.isRunning) with \(DebugOverlay.countBehaviors(a.behaviors)) behaviors, at rest \(a.isAtRest), demo at rest \(demo.isAtRest), "
            + "\(a.awakeItemCount) of \(a.dynamicItems.count) items awake, fastest \(fastest) pt/s, \(spin) rad/s, \(parameters.filter(\.showsRow).map { "\($0.label) \($0.value)" })"
    }

    /// The demo and its animator's state (``busyDescription``).
    public var busyReasons: [String] { [busyDescription] }
}
