/// The five built-in scenes of docs/DESIGN.md, in hotkey order (1–5), then the scene a scene
/// file describes (``file``): the one list the command line, the catalog, `--params` sections
/// and the HUD agree on. ``builtIn`` lists the five.
public enum SceneKind: String, CaseIterable, Sendable {
    /// Long-press and drag a multi-selection as an elastic flock.
    case drag
    /// A Messages-style list whose cells lag behind a scroll.
    case springy
    /// A carousel of city cards that expand on a property animator.
    case cards
    /// Long-press exchange of names in a sectioned line-up.
    case exchange
    /// Apple's UIKit Dynamics Catalog demos (gravity, collision, springs, snap, pushes, a pendulum…).
    case dynamics
    /// The scene a scene file describes (``SceneFileModel``, `kinetic run my-interaction.json`): its
    /// layers, behaviours, gestures and tunables. Not one of the five: it needs a file.
    case file

    /// The five built-in scenes (drag, springy, cards, exchange, dynamics), in hotkey order.
    public static var builtIn: [SceneKind] { [.drag, .springy, .cards, .exchange, .dynamics] }

    /// The command-line name (`--scene drag`).
    public var name: String { rawValue }

    /// Whether `--items` sets the scene's cell count (the drag and springy scenes).
    public var countsItems: Bool { self == .drag || self == .springy }

    /// The cell count when `--items` is not given.
    public var defaultItems: Int { 1000 }

    /// The largest `--items` the scene accepts: springy tiles its springs around the visible rect,
    /// so a million rows cost what a thousand do; the drag grid lays every cell out.
    public var maximumItems: Int { self == .springy ? 1_000_000 : 100_000 }

    /// "drag, springy, cards, exchange or dynamics" (the built-in scenes), for messages.
    public static var choicesText: String {
        let names = builtIn.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
