/// The code panel as a model reports it (``CodePanel``); a model without one shows none.
extension LabInterfaceModel {
    /// Not shown by default.
    public var codePanelShown: Bool { false }
    /// No lines by default.
    public var codePanelLines: [CodePanelLine] { [] }
    /// Not scrolled by default.
    public var codePanelScroll: Double { 0 }
    /// No line pressed by default.
    public var codePanelPressedLine: Int? { nil }
    /// No format first by default.
    public var codePanelFirstFormat: String? { nil }
    /// Not comparing: no half named.
    public var codePanelHalfName: String? { nil }

    /// The panel's layout for the model's window, HUD column and lines.
    public var codePanelLayout: CodePanelLayout {
        CodePanelLayout(windowSize: windowSize, hudExpanded: hudExpanded, lineCount: codePanelLines.count)
    }
}
