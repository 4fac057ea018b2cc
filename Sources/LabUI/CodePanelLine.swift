import Animation

/// One line of the code panel (`` ` ``): a line of E's export as it is, and how it is drawn.
public struct CodePanelLine: Equatable, Sendable {
    /// How a line is drawn.
    public enum Kind: Equatable, Sendable {
        /// A platform's header ("// SwiftUI — …") or the export's first line naming the scene:
        /// accent colour, so each platform's section is found at a glance.
        case header
        /// A comment line (`//`, `/*`): dimmed.
        case comment
        /// Code: bright.
        case code
        /// The blank line between sections.
        case blank
    }

    /// The line's text as E writes it (what a click copies).
    public var text: String
    /// How it is drawn.
    public var kind: Kind

    /// `text`, drawn as `kind`.
    public init(_ text: String, kind: Kind) { self.text = text; self.kind = kind }

    /// The lines of `code` (E's export: an origin comment, then each platform's section opening
    /// with "// NAME — " or "/* NAME — ", sections separated by blank lines), each with its kind;
    /// the final newline makes no line.
    public static func lines(of code: String) -> [CodePanelLine] {
        var texts = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if texts.last == "" { texts.removeLast() }
        let headers = ExportFormat.allCases.flatMap { ["// \($0.displayName) — ", "/* \($0.displayName) — "] }
        return texts.enumerated().map { i, text in
            if text.isEmpty { return CodePanelLine(text, kind: .blank) }
            let comment = text.hasPrefix("//") || text.hasPrefix("/*")
            if comment && (i == 0 || headers.contains { text.hasPrefix($0) }) { return CodePanelLine(text, kind: .header) }
            return CodePanelLine(text, kind: comment ? .comment : .code)
        }
    }
}
