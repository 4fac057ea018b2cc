import Animation
import LabUI

/// The code panel's state in a moment (`` ` ``, ``LabMoment/handleCodePanel(_:)``): all of it
/// follows from the session's input (the key, wheel turns and presses are logged), so a replay
/// shows the panel as it was. The lines are a cache of E's export, made again only when the
/// export or the format first changes.
struct CodePanelState {
    /// Whether the panel shows.
    var shown = false
    /// How far its lines are scrolled, points from their top (kept within the layout's range
    /// when the wheel or a key moves it).
    var scroll = 0.0
    /// The half (0: A, 1: B) the panel shows while the pointer is on it: the half tuned when
    /// the pointer came onto it (``LabMoment/codePanelHalf``).
    var half = 0
    /// Whether a press that began on the panel is held (its moves and release are the panel's).
    var pressing = false
    /// The line the held press began on (a release on the same line copies it).
    var pressedLine: Int?
    /// The line a click asks the shell to put on the clipboard (a moment has none): the shell
    /// clears it before each input it hands the moment and takes it after, so a replay copies
    /// nothing (``LabSession/copyCodePanelLine()``).
    var pendingCopy: String?
    /// What the lines were made from, and the lines.
    private var cache: (key: Key, lines: [CodePanelLine])?

    /// What the panel's lines depend on: the export (or the scene that has none) and the format first.
    struct Key: Equatable {
        var motion: MotionExport.Motion?
        var attachment: MotionExport.Attachment?
        var origin: String?
        var nothing: String?
        var first: ExportFormat?
    }

    /// The lines of E's export `export` (or the line `nothing` says when there is none), `first`
    /// first: the cached ones when neither changed.
    mutating func lines(export: MotionExport?, nothing: @autoclosure () -> String, first: ExportFormat?) -> [CodePanelLine] {
        let key = Key(motion: export?.motion, attachment: export?.attachment, origin: export?.origin,
                      nothing: export == nil ? nothing() : nil, first: first)
        if let cache, cache.key == key { return cache.lines }
        let code = export?.code(for: ExportFormat.order(first: first)) ?? (key.nothing ?? "") + "\n"
        let lines = CodePanelLine.lines(of: code)
        cache = (key, lines)
        return lines
    }
}
