import Scenes
import Gestures

/// The keys the shell acts on (``LabMoment/Outcome/shellKey(_:)``): every Ctrl key, and the
/// keys no scene used that act outside the moment (``LabMoment/shellKeys``).
extension LabSession {
    /// Handles `k`: Ctrl+Q quits, Ctrl+S saves the parameters, Ctrl+R records, Ctrl+V pastes,
    /// Ctrl+Z undoes (with Shift, or Ctrl+Y: redoes); Enter re-runs, J shows the re-run's ghost,
    /// `,` steps the timeline back, W shows its strip, I and X make a clip, P a screenshot and
    /// E exports the tuned half's motion. Other Ctrl keys do nothing.
    func handleShellKey(_ k: KeyEvent) {
        let ctrl = k.modifiers.contains(.control) || k.modifiers.contains(.command)
        switch (k.key, ctrl) {
        case ("q", true): isRunning = false
        case ("s", true): saveParameters()
        case ("r", true): toggleSessionRecording()
        case ("v", true): pasteFromClipboard()
        case ("z", true): undo(redo: k.modifiers.contains(.shift))
        case ("y", true): undo(redo: true)
        case (let key, false) where Self.rerunKeys.contains(key): rerunFromKey()
        case ("j", false):
            moment.overlay.ghostVisible.toggle()
            moment.overlay.notice(moment.overlay.ghostVisible ? "ghost of the previous run shown while a re-run plays" : "ghost hidden", at: now)
        case (",", false): stepBack()
        case (Self.timelineKey, false): toggleTimelineStrip()
        case ("i", false): markClipIn()
        case ("x", false): exportClip(gif: k.modifiers.contains(.shift))
        case ("p", false): moment.overlay.pendingScreenshot = true
        case ("e", false):
            let half = moment.tunedHalf
            moment.overlay.notice(moment.halfPrefix(half) + SceneExport.perform(moment.scene(ofHalf: half), first: moment.lastExportFormat,
                                                                                     services: services), at: now)
        default: break
        }
    }
}
