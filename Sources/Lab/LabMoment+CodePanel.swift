import Geometry
import Gestures
import Animation
import LabUI

/// The code panel (issue 41): `` ` `` shows E's export of the tuned half in the window, the format
/// last used first (``lastExportFormat``), following every change of the spring or curve; the
/// wheel or Page Up / Page Down scroll it, a click on a line copies that line (through the shell,
/// ``LabSession/copyCodePanelLine()``). Where it is and its drawing are LabUI's
/// (``LabUI/CodePanelLayout``, ``LabUI/CodePanel``).
extension LabMoment {
    /// The key that shows and hides the panel: the backtick, the console key of many tools and
    /// Markdown's code mark; no scene, scene file or other lab key uses it.
    package static let codePanelKey = "`"

    /// Notes `format` as the platform last used: E exports it first.
    func noteExportFormat(_ format: ExportFormat) { lastExportFormat = format }

    /// `` ` ``: shows or hides the panel.
    func toggleCodePanel() {
        codePanel.shown.toggle()
        codePanel.half = tunedHalf
        codePanel.pressing = false
        codePanel.pressedLine = nil
        overlay.notice(codePanel.shown ? "code panel: click a line to copy it · wheel scrolls · ` hides" : "code panel hidden", at: now)
    }

    /// The half whose export the panel shows: the tuned one (``tunedHalf``), except while the
    /// pointer is on the panel — which spans both halves while comparing — where it stays the
    /// half tuned when the pointer came onto it, so the lines do not change under the pointer.
    var codePanelHalf: Int {
        guard compareHalf != nil else { return 0 }
        if let p = pointer, codePanel.shown, codePanelFrame.contains(p) { return codePanel.half }
        return tunedHalf
    }

    /// The panel's frame (it does not depend on the lines).
    var codePanelFrame: Rect { CodePanelLayout(windowSize: size, hudExpanded: overlay.hudVisible, lineCount: 0).frame }

    /// The panel's lines: E's export of ``codePanelHalf``'s spring or curve, ``lastExportFormat``
    /// first (the line E says when the scene has none); made again only when either changed.
    var codePanelLines: [CodePanelLine] {
        let s = scene(ofHalf: codePanelHalf)
        return codePanel.lines(export: SceneExport.export(of: s), nothing: SceneExport.nothingToExport(s), first: lastExportFormat)
    }

    /// The panel's layout now (its lines, the window, the HUD column).
    var codePanelLayout: CodePanelLayout {
        CodePanelLayout(windowSize: size, hudExpanded: overlay.hudVisible, lineCount: codePanelLines.count)
    }

    /// Whether the panel shows and `p` (window points) is on it.
    func codePanelContains(_ p: Point) -> Bool { codePanel.shown && codePanelFrame.contains(p) }

    /// Handles `input` as the panel's while it shows (returns true: the scenes and hotkeys do not
    /// see it): a wheel turn over it scrolls (3 lines a notch), Page Up / Page Down scroll a
    /// page, a press on it is its own until the release, and a left click — the release on the
    /// line pressed — asks for that line to be copied.
    func handleCodePanel(_ input: InputEvent) -> Bool {
        guard codePanel.shown else { return false }
        if let p = input.location, !codePanelFrame.contains(p) { codePanel.half = tunedHalf }
        switch input {
        case .scroll(let e):
            let layout = codePanelLayout
            guard layout.frame.contains(e.location) else { return false }
            scrollCodePanel(by: -e.delta(pointsPerLine: 3 * CodePanelLayout.lineHeight).dy, layout)
            return true
        case .key(let k):
            guard k.phase == .down, k.modifiers.isDisjoint(with: [.control, .command, .alt]),
                  k.key == "pageup" || k.key == "pagedown" else { return false }
            let layout = codePanelLayout
            let page = max(CodePanelLayout.lineHeight, layout.body.height - CodePanelLayout.lineHeight)
            scrollCodePanel(by: k.key == "pageup" ? -page : page, layout)
            return true
        case .pointer(let e):
            return handleCodePanelPointer(e)
        case .focusLost:
            codePanel.pressing = false
            codePanel.pressedLine = nil
            return false
        case .pointerExited:
            return false
        }
    }

    /// Moves the panel's scroll by `dy` points, within the layout's range.
    private func scrollCodePanel(by dy: Double, _ layout: CodePanelLayout) {
        codePanel.scroll = layout.clamped(layout.clamped(codePanel.scroll) + dy)
    }

    private func handleCodePanelPointer(_ e: PointerEvent) -> Bool {
        switch e.phase {
        case .down:
            // A press already held (a scene's drag, a HUD value's) keeps its buttons.
            guard !codePanel.pressing, buttonsDown == [e.button] else { return codePanel.pressing }
            let layout = codePanelLayout
            guard layout.frame.contains(e.location) else { return false }
            codePanel.pressing = true
            codePanel.pressedLine = e.button == .left ? layout.line(at: e.location, scroll: codePanel.scroll) : nil
            return true
        case .moved:
            return codePanel.pressing
        case .up, .cancelled:
            guard codePanel.pressing else { return false }
            guard buttonsDown.isEmpty else { return true }
            let pressed = codePanel.pressedLine
            codePanel.pressing = false
            codePanel.pressedLine = nil
            let layout = codePanelLayout
            if e.phase == .up, e.button == .left, let i = pressed, layout.line(at: e.location, scroll: codePanel.scroll) == i {
                codePanel.pendingCopy = codePanelLines[i].text
            }
            return true
        }
    }
}
