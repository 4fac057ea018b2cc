/// One line of the help card: what to press or do, and what it does.
public struct HelpLine: Sendable, Equatable {
    /// The input: a key ("F / ⇧F"), a combination, or a mouse gesture ("long-press, drag").
    public var input: String
    /// What it does, in a few words.
    public var action: String
    /// Creates a help line.
    public init(_ input: String, _ action: String) { self.input = input; self.action = action }
}

/// What a scene's help card lists before the app's keys: its mouse gestures, then its own keys.
public struct SceneHelp: Sendable, Equatable {
    /// Mouse gestures and what they do, in the order a person tries them.
    public var gestures: [HelpLine]
    /// The scene's keys: its tunables' hotkeys (``SceneHelp/parameterKeys(_:)``) and any others.
    public var keys: [HelpLine]
    /// Creates a scene's help.
    public init(gestures: [HelpLine], keys: [HelpLine]) { self.gestures = gestures; self.keys = keys }

    /// One line per tunable: its key with and without Shift and what a press does
    /// ("frequency ×1.1 / ÷1.1", "damping +0.05 / −0.05", "curve: next / previous").
    public static func parameterKeys(_ parameters: [SceneParameter]) -> [HelpLine] {
        parameters.filter(\.showsRow).map { p in
            let k = p.key.uppercased()
            let step: String
            switch p.step {
            case .multiply(let f): step = "×\(short(f)) / ÷\(short(f))"
            case .add(let d): step = "+\(short(d)) / −\(short(d))" + (p.unit.isEmpty ? "" : " \(p.unit)")
            case .cycle: step = "next / previous"
            }
            return HelpLine("\(k) / ⇧\(k)", "\(p.label) \(step)")
        }
    }

    /// `v` without trailing zeros ("1.1", "0.05", "5").
    private static func short(_ v: Double) -> String {
        var s = String(v)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
