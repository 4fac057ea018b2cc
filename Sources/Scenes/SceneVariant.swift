/// Which behaviour a scene shows: its source document's exactly (`seed`, the default) or with
/// Kinetic's refinements (`refined`). Hotkey `Z` flips it, `--variant` sets it at start, and it
/// is saved with the parameters, so both can be compared on the same gesture.
public enum SceneVariant: String, CaseIterable, Sendable {
    /// The source document's behaviour (the default).
    case seed
    /// Kinetic's refinements (drag: every item keeps its offset from the pointer).
    case refined

    /// The other variant.
    public var toggled: SceneVariant { self == .seed ? .refined : .seed }

    /// The names accepted on the command line and in a parameters file.
    public static var choicesText: String { allCases.map(\.rawValue).joined(separator: " or ") }
}
