import Scenes

/// The help card's text: the scene's own part (``Scenes/Scene/help``) and the lab's keys.
public enum LabHelp {
    /// The lab's keys, listed on the help card after the scene's gestures and keys.
    public static let appKeys: [HelpLine] = [
        HelpLine("1 – 5", "drag, springy, cards, exchange, dynamics"),
        HelpLine("Z", "variant: seed (the source) / refined"),
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
        HelpLine("E; `; Ctrl+V", "export; code panel; paste code"),
        HelpLine("H or ?", "show / hide this help"),
        HelpLine("P", "save a PNG screenshot"),
        HelpLine("Ctrl+S", "save parameters"),
        HelpLine("Ctrl+R", "record (again: stop)"),
        HelpLine("Esc", "cancel the gesture"),
        HelpLine("Ctrl+Q", "quit"),
    ]

    /// What the variant `variant` is, in one line true for every scene: the help card's line
    /// under its title. The seed shows the source documents' code as written, quirks and all,
    /// so a newcomer can tell the source's behaviour from Kinetic's bugs; `Z` flips to the other.
    public static func variantLine(_ variant: SceneVariant) -> String {
        variant == .seed ? "seed variant: the source's code as written, its quirks included · Z: refined, Kinetic's fixes"
                         : "refined variant: Kinetic's fixes to the source · Z: seed, the source's code as written"
    }

    /// The HUD's variant row's second line (dim, under "Z  variant  seed"): what `variant` is,
    /// short enough for the 300-pt column ("the source as written · Z: refined").
    public static func variantCaption(_ variant: SceneVariant) -> String {
        variant == .seed ? "the source as written · Z: refined" : "Kinetic's fixes · Z: seed (the source)"
    }

    /// The launch card's sections (shown for a few seconds at a scene's first visit, beside the
    /// stage's middle rather than over it): the scene's own gestures and keys, then one line
    /// pointing to the whole card.
    public static func briefSections(for scene: any Scene) -> [(title: String, lines: [HelpLine])] {
        let help = scene.help
        return [("Mouse", help.gestures), ("Keys · \(scene.title)", help.keys + [HelpLine("H", "all keys (the app's too)")])]
    }

    /// The help card's sections for `scene`: its mouse gestures, its keys, then the lab's keys
    /// (without those the scene takes over, such as Space in the exchange scene). With
    /// `lastRecording` (the command that renders the last Ctrl+R recording, nil by default), a
    /// line under Ctrl+R says how to render it (``renderSummary(of:video:)``).
    public static func sections(for scene: any Scene, lastRecording: String? = nil) -> [(title: String, lines: [HelpLine])] {
        let help = scene.help
        let taken = Set(help.keys.map(\.input))
        var app = appKeys.filter { !taken.contains($0.input) }
        // A scene file's session has a sixth scene, the file's.
        if scene.kind == .file, let i = app.firstIndex(where: { $0.input == "1 – 5" }) { app[i] = HelpLine("1 – 5; 6", "the five scenes; this file") }
        if let command = lastRecording, let i = app.firstIndex(where: { $0.input == "Ctrl+R" }) {
            // Its script names the recording; the whole command (notice, stdout) would not fit.
            app.insert(HelpLine("last recording", renderSummary(of: command, video: false)), at: i + 1)
        }
        return [("Mouse", help.gestures), ("Keys · \(scene.title)", help.keys), ("Keys · app", app)]
    }

    /// A recording's render command (`kinetic run --scene S … --script F.jsonl --params … --video
    /// F.mp4 --pointer`) cut to what names the recording: `kinetic run … --script F.jsonl …
    /// --video F.mp4` (without `video`: only as far as the script; the command itself when it
    /// has no `--script`).
    public static func renderSummary(of command: String, video: Bool = true) -> String {
        let words = command.split(separator: " ").map(String.init)
        guard let s = words.firstIndex(of: "--script"), s + 1 < words.count else { return command }
        var summary = "kinetic run … --script \(words[s + 1])"
        if video, let v = words.firstIndex(of: "--video"), v + 1 < words.count { summary += " … --video \(words[v + 1])" }
        return summary
    }
}
