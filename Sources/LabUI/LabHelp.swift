import Scenes

/// The help card's text: the scene's own part (``Scenes/Scene/help``) and the lab's keys.
public enum LabHelp {
    /// The lab's keys, listed on the help card after the scene's gestures and keys.
    public static let appKeys: [HelpLine] = [
        HelpLine("1 – 5", "drag, springy, cards, exchange, dynamics"),
        HelpLine("Z", "variant: seed / refined"),
        HelpLine("Space", "pause / resume time"),
        HelpLine(". / ,", "step a frame on / back while paused"),
        HelpLine("W; I, X", "timeline; clip from I to playhead"),
        HelpLine("Enter; J", "re-run on new values; its ghost"),
        HelpLine("Ctrl+Z, Ctrl+Y", "undo, redo (values, gestures, runs)"),
        HelpLine("S", "slow motion ×0.1"),
        HelpLine("G", "debug: anchors, springs"),
        HelpLine("N", "trails of moving items"),
        HelpLine("0", "reset the parameters"),
        HelpLine("Tab", "collapse / expand the HUD"),
        HelpLine("HUD value", "drag, click to type, wheel"),
        HelpLine("B, [ / ]", "A/B compare; tune A / B"),
        HelpLine("K", "spring in other dialects"),
        HelpLine("E, Ctrl+V", "export / paste as code"),
        HelpLine("H or ?", "show / hide this help"),
        HelpLine("P", "save a PNG screenshot"),
        HelpLine("Ctrl+S", "save parameters"),
        HelpLine("Ctrl+R", "record (again: stop)"),
        HelpLine("Esc", "cancel the gesture"),
        HelpLine("Ctrl+Q", "quit"),
    ]

    /// The help card's sections for `scene`: its mouse gestures, its keys, then the lab's keys
    /// (without those the scene takes over, such as Space in the exchange scene).
    public static func sections(for scene: any Scene) -> [(title: String, lines: [HelpLine])] {
        let help = scene.help
        let taken = Set(help.keys.map(\.input))
        return [("Mouse", help.gestures), ("Keys · \(scene.name)", help.keys),
                ("Keys · app", appKeys.filter { !taken.contains($0.input) })]
    }
}
