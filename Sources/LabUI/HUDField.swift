/// One value in the HUD a person can drag, type or wheel: a parameter row, or a number of the
/// spring as another platform writes it (the dialect rows under the plot, ``LabInterfaceModel/dialectParameters``).
public struct HUDField: Equatable, Sendable {
    /// Which list of rows the value is in.
    public enum Group: Equatable, Sendable {
        /// The scene's parameters (``Scenes/Scene/rowParameters``).
        case parameters
        /// The plotted spring in the chosen dialect (``LabInterfaceModel/dialectParameters``).
        case springDialect
    }
    /// Its row in its group, from 0.
    public var row: Int
    /// The compare half it changes (0: A, 1: B).
    public var half: Int
    /// The value's name (a parameter's, or the dialect's: "duration", "bounce").
    public var name: String
    /// Which rows.
    public var group: Group

    /// A field as given (a parameter row unless said).
    public init(row: Int, half: Int, name: String, group: Group = .parameters) {
        self.row = row; self.half = half; self.name = name; self.group = group
    }
}
