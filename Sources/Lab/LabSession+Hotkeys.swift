import Scenes
import Gestures

/// The lab's keys: every Ctrl key, and the keys a scene does not use (the help card lists them,
/// ``LabHelp/appKeys``).
extension LabSession {
    /// Handles `key` (SDL's lower-case name) with `mods` as a lab hotkey; keys it does not know
    /// are the tuned scene's parameter keys (Shift steps down), or nothing.
    func handleKey(_ key: String, _ mods: KeyModifiers) {
        let ctrl = mods.contains(.control) || mods.contains(.command)
        let shift = mods.contains(.shift)
        switch (key, ctrl) {
        case ("q", true): isRunning = false
        case ("s", true): saveParameters()
        case ("r", true): toggleSessionRecording()
        case ("v", true): pasteFromClipboard()
        case ("h", false), ("?", false): overlay.toggleHelp(at: now)
        case ("/", false) where shift: overlay.toggleHelp(at: now)
        case ("tab", false):
            overlay.hudVisible.toggle()
            layoutScenes()
        case ("b", false): toggleCompare()
        case ("[", false), ("]", false):
            guard compareHalf != nil else { overlay.notice("press B to compare two copies first", at: now); break }
            focusedHalf = key == "[" ? 0 : 1
            overlay.notice("keys tune \(focusedHalf == 0 ? "A" : "B") (or the half under the pointer)", at: now)
        case ("space", false):
            clock.isPaused.toggle()
            overlay.notice(clock.isPaused ? "paused — . steps one frame, , one back" : "running", at: now)
        case (".", false):
            if clock.isPaused { pendingSingleStep = true } else { overlay.notice("press Space to pause first", at: now) }
        case (",", false): stepBack()
        case (Self.timelineKey, false): toggleTimelineStrip()
        case ("s", false):
            clock.timeScale = clock.timeScale == 1 ? 0.1 : 1
            overlay.notice(clock.timeScale == 1 ? "normal speed" : "slow motion ×0.1", at: now)
        case ("i", false): markClipIn()
        case ("x", false): exportClip(gif: shift)
        case ("g", false): overlay.debugVisible.toggle()
        case ("n", false): toggleTrails()
        case ("k", false): cycleSpringDialect()
        case ("p", false): overlay.pendingScreenshot = true
        case ("e", false):
            overlay.notice(halfPrefix(tunedHalf) + SceneExport.perform(scene(ofHalf: tunedHalf), services: services), at: now)
        case ("0", false): resetParameters()
        case ("z", false):
            let half = tunedHalf, s = scene(ofHalf: half)
            s.variant = s.variant.toggled
            capture(half: half)
            overlay.notice("\(halfPrefix(half))\(s.variant.rawValue): \(s.variantDescription)", at: now)
        case ("1", false), ("2", false), ("3", false), ("4", false), ("5", false):
            switchScene(to: SceneKind.allCases[Int(key)! - 1])
        case ("escape", false): break
        default:
            if !ctrl, let p = scene(ofHalf: tunedHalf).parameters.first(where: { $0.key == key }) { nudge(p, reverse: shift) }
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
