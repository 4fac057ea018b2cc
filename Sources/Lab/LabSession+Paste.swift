/// Ctrl+V in the shell: the clipboard is read here and its text logged, so that a replay
/// imports the same text into the moment (``LabMoment/paste(_:)``).
extension LabSession {
    /// Ctrl+V: imports the clipboard's text; says so when there is no clipboard or no text.
    func pasteFromClipboard() {
        guard let read = services.pasteFromClipboard else {
            moment.overlay.notice("Ctrl+V: no clipboard in this run", at: now)
            return
        }
        guard let text = read(), !text.isEmpty else {
            moment.overlay.notice("Ctrl+V: the clipboard holds no text", at: now)
            return
        }
        paste(text)
    }

    /// Logs `text` as a paste and imports it into the tuned half (``LabMoment/paste(_:)``).
    /// Returns whether the reader read a spring or curve in `text` (set or refused by the scene).
    @discardableResult
    package func paste(_ text: String) -> Bool {
        timeline.reanchorAfterIdle(moment)
        materializeHold()
        appendToLog(.paste(text, at: now))
        syncMoment()
        return moment.paste(text)
    }
}
