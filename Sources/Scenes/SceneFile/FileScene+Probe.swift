import Geometry
import Views

/// The file scene's answers to a fuzzer's probe (``SceneProbing``): its window; no collection
/// view and no bound on what it shows (the file says how many layers); time to settle its
/// release springs and animations; its animator's state in words.
extension FileScene {
    /// The scene's window.
    public var probedWindow: Window? { host.window }

    /// Seconds beyond 5 the scene may take to come to rest: its slowest release spring's or
    /// attachment's decay (``DemoExport/decayTime(frequency:dampingRatio:)``) or its longest
    /// property animation, whichever is longer.
    public var extraRestTime: Double {
        var longest = 0.0
        for g in shown.gestures {
            if let r = g.release, r.snap == nil {
                longest = max(longest, DemoExport.decayTime(frequency: max(0, resolve(r.frequency)), dampingRatio: max(0, resolve(r.damping))))
            }
            for a in g.animations { longest = max(longest, FileAnimation.timing(a.timing, resolve).duration) }
        }
        for case let .attachment(a) in shown.behaviors where a.kind == .spring && resolve(a.frequency) > 0 {
            longest = max(longest, DemoExport.decayTime(frequency: resolve(a.frequency), dampingRatio: max(0, resolve(a.damping))))
        }
        return longest
    }

    /// The animator's state in words, for a fuzzer's failure message.
    public var busyReasons: [String] {
        let fastest = animator.dynamicItems.map { animator.linearVelocity(for: $0).length }.max() ?? 0
        return ["file \"\(shown.title)\": \(layers.count) layers, animator running \(animator.isRunning), at rest \(animator.isAtRest), "
            + "\(animator.awakeItemCount) of \(animator.dynamicItems.count) items awake, fastest \(fastest) pt/s, "
            + "\(gestures.filter { $0.hold != nil }.count) held"]
    }
}
