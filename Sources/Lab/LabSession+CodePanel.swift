import Geometry
import LabUI

/// The code panel (`` ` ``, ``LabMoment/handleCodePanel(_:)``) in the shell: a click's line goes to
/// the clipboard here (a moment has none), and the interface reads the panel through the session.
extension LabSession {
    /// Puts the line a click on the panel asked for (``CodePanelState/pendingCopy``) on the
    /// clipboard, with a notice "copied: …"; without a clipboard (headless runs) it is printed to
    /// standard output instead ("printed: …"). Called right after each input the moment takes.
    func copyCodePanelLine() {
        guard let line = moment.codePanel.pendingCopy else { return }
        moment.codePanel.pendingCopy = nil
        if let copy = services.copyToClipboard {
            do {
                try copy(line)
                moment.overlay.notice("copied: " + line, at: now)
            } catch {
                services.warn("cannot copy to the clipboard: \(error)")
                moment.overlay.notice("cannot copy to the clipboard: \(error)", at: now)
            }
        } else {
            services.print(line + "\n")
            moment.overlay.notice("printed: " + line, at: now)
        }
    }

    /// Whether the code panel shows.
    package var codePanelShown: Bool { moment.codePanel.shown }
    /// The panel's lines (``LabMoment/codePanelLines``).
    package var codePanelLines: [CodePanelLine] { moment.codePanelLines }
    /// The panel's scroll, points.
    package var codePanelScroll: Double { moment.codePanel.scroll }
    /// The line a press on the panel holds.
    package var codePanelPressedLine: Int? { moment.codePanel.pressedLine }
    /// The format E exports first, by name.
    package var codePanelFirstFormat: String? { moment.lastExportFormat?.displayName }
    /// While comparing, the half the panel shows ("A" or "B").
    package var codePanelHalfName: String? { moment.compareHalf == nil ? nil : (moment.codePanelHalf == 0 ? "A" : "B") }
}
