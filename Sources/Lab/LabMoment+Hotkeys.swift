import LabUI
import Scenes
import Gestures

/// The lab's keys a moment acts on: the keys a scene does not use, but for the shell's
/// (``LabMoment/shellKeys``, every Ctrl key). The help card lists them all (``LabHelp/appKeys``).
extension LabMoment {
    /// Handles `key` (SDL's lower-case name) with `mods` as a lab hotkey (never Ctrl: those are
    /// the shell's, as are ``shellKeys``); keys it does not know are the tuned scene's parameter
    /// keys (Shift steps down), or nothing.
    func handleKey(_ key: String, _ mods: KeyModifiers) {
        let shift = mods.contains(.shift)
        switch key {
        case "h", "?": overlay.toggleHelp(at: now)
        case "/" where shift: overlay.toggleHelp(at: now)
        case "tab":
            overlay.hudVisible.toggle()
            layoutScenes()
        case "b": toggleCompare()
        case "[", "]":
            guard compareHalf != nil else { overlay.notice("press B to compare two copies first", at: now); break }
            focusedHalf = key == "[" ? 0 : 1
            overlay.notice("keys tune \(focusedHalf == 0 ? "A" : "B") (or the half under the pointer)", at: now)
        case "space":
            clock.isPaused.toggle()
            overlay.notice(clock.isPaused ? "paused — . steps one frame, , one back" : "running", at: now)
        case ".":
            if clock.isPaused { pendingSingleStep = true } else { overlay.notice("press Space to pause first", at: now) }
        case "s":
            clock.timeScale = clock.timeScale == 1 ? 0.1 : 1
            overlay.notice(clock.timeScale == 1 ? "normal speed" : "slow motion ×0.1", at: now)
        case "g": overlay.debugVisible.toggle()
        case "n": toggleTrails()
        case "k": cycleSpringDialect()
        case Self.codePanelKey: toggleCodePanel()
        case "0": resetParameters()
        case "z":
            let half = tunedHalf, s = scene(ofHalf: half)
            s.variant = s.variant.toggled
            capture(half: half)
            overlay.notice("\(halfPrefix(half))\(s.variant.rawValue): \(s.variantDescription)", at: now)
        case "1", "2", "3", "4", "5":
            switchScene(to: SceneKind.builtIn[Int(key)! - 1])
        case "6" where configuration.sceneFile != nil:
            switchScene(to: .file)
        case "escape": break
        default:
            if let p = scene(ofHalf: tunedHalf).parameters.first(where: { $0.key == key }) { nudge(p, reverse: shift) }
        }
    }

    /// "A: " or "B: " while comparing, else empty: notices say which half changed.
    func halfPrefix(_ half: Int) -> String { compareHalf == nil ? "" : (half == 0 ? "A: " : "B: ") }

    /// A parameter's key: one step up (down with Shift) in the tuned half, with a notice of the
    /// new value, its limit when reached, and the scene's warning about it.
    private func nudge(_ p: SceneParameter, reverse: Bool) {
        let (v, clamped) = p.stepped(reverse: reverse)
        setParameter(p.name, half: tunedHalf, to: v, note: clamped ? "limit reached (\(p.rangeText))" : nil)
    }

    /// Sets `half`'s parameter `name` to `value` (by a key or a HUD control), remembers it, and
    /// says so in a notice: the value as the HUD shows it, then `note` and the scene's warning
    /// about the value, if any.
    func setParameter(_ name: String, half: Int, to value: Double, note: String? = nil) {
        let s = scene(ofHalf: half)
        s.setParameter(name, to: value)
        capture(half: half)
        var text = "\(name) \(s.parameter(name)?.formatted ?? String(value))"
        if let note { text += " — " + note }
        if let warning = s.parameterNotice { text += " — " + warning }
        overlay.notice(halfPrefix(half) + text, at: now)
    }

    /// 0: the tuned half's parameters back to their defaults.
    private func resetParameters() {
        let half = tunedHalf, s = scene(ofHalf: half)
        for p in s.parameters { s.setParameter(p.name, to: p.defaultValue) }
        capture(half: half)
        overlay.notice("\(halfPrefix(half))\(s.name): parameters reset to defaults", at: now)
    }
}
