import Geometry
import Scenes
import LabUI
import Gestures

/// The HUD's values as controls, as number fields in Figma and Blender work: drag across a value
/// to change it continuously (Shift: ten times finer), click it to type a value (Enter applies,
/// Esc cancels, a value outside the range is refused in the row with the range shown), turn the
/// wheel over it to step it. A choice steps on a click. While comparing, A's and B's values are
/// each their own control. The values are the parameter rows and the plotted spring's numbers in
/// the chosen dialect (``LabSession/springDialect``). Hotkeys work as before.
///
/// Everything goes through ``dispatch(_:)``, so a recording replays these changes too.
extension LabMoment {
    /// The expanded HUD column's frame, or nil while it is collapsed (its rows are hidden).
    var hudRowsPanel: Rect? {
        overlay.hudVisible ? HUDLayout.frame(in: size, expanded: true) : nil
    }

    /// The value under `p`: a parameter row (and the half it changes) or a dialect row, if any.
    func hudField(at p: Point) -> HUDField? {
        // Off the column nothing is a value (and the scenes' own presses and wheel turns, the
        // common case, cost no status or export).
        guard let panel = hudRowsPanel, panel.contains(p) else { return nil }
        let rows = scene.rowParameters
        if let hit = HUDRows.hit(p, panel: panel, rows: rows.count, comparing: compareHalf != nil, tunedHalf: tunedHalf) {
            return HUDField(row: hit.row, half: hit.half, name: scene(ofHalf: hit.half).rowParameters[hit.row].name)
        }
        let dialect = dialectParameters
        guard !dialect.isEmpty, let row = hudColumn?.dialectRow(at: p), row < dialect.count else { return nil }
        return HUDField(row: row, half: 0, name: dialect[row].name, group: .springDialect)
    }

    /// The value `field` shows now, as a parameter (its range, step and format).
    func parameter(of field: HUDField) -> SceneParameter? {
        switch field.group {
        case .parameters: scene(ofHalf: field.half).parameter(field.name)
        case .springDialect: dialectParameter(named: field.name)
        }
    }

    /// Sets `field` to `value`; with `announce`, says so in a notice as its hotkey would (not on
    /// every move of a drag).
    func set(_ field: HUDField, to value: Double, announce: Bool) {
        switch field.group {
        case .parameters:
            if announce { setParameter(field.name, half: field.half, to: value); return }
            scene(ofHalf: field.half).setParameter(field.name, to: value)
            capture(half: field.half)
        case .springDialect:
            setDialectValue(field.name, to: value)
            if announce, let p = parameter(of: field) { overlay.notice("\(springDialect.title): \(field.name) \(p.formatted)", at: now) }
        }
    }

    /// Handles `input` as a HUD control when it is one (returns true: the scenes and hotkeys do
    /// not see it): keys while a value is typed, presses, drags and releases that began on a
    /// value or the plot, and the wheel over a value. A press anywhere else first finishes a
    /// value being typed.
    func handleHUDControl(_ input: InputEvent) -> Bool {
        switch input {
        case .key(let k):
            guard case let .editing(field, text, _) = hudControl,
                  !k.modifiers.contains(.control), !k.modifiers.contains(.command) else { return false }
            editHUDValue(key: k.key, field: field, text: text)
            return true
        case .pointer(let e):
            return handleHUDPointer(e)
        case .scroll(let e):
            guard hudControl == .idle, let field = hudField(at: e.location) else { return false }
            stepHUDField(field, by: e)
            return true
        case .focusLost:
            if !hudControl.isEditing { hudControl = .idle }
            return false
        case .pointerExited:
            return false
        }
    }

    private func handleHUDPointer(_ e: PointerEvent) -> Bool {
        switch (e.phase, hudControl) {
        case (.down, .pressed), (.down, .handle), (.down, .springPlot):
            return true  // a second button during a drag
        case (.moved, .handle), (.moved, .springPlot), (.up, .handle), (.up, .springPlot), (.cancelled, .handle), (.cancelled, .springPlot):
            return handleHUDPlotPointer(e)
        case (.down, _):
            if case let .editing(field, text, _) = hudControl {
                // Pressing elsewhere ends the typing: a valid value applies, anything else is dropped.
                hudControl = .idle
                if hudField(at: e.location) == field {
                    hudControl = .editing(field, text: text, refusal: nil)
                    return true
                }
                applyTyped(text, to: field, keepOpenOnRefusal: false)
            }
            guard e.button == .left else { return false }
            guard let field = hudField(at: e.location), let p = parameter(of: field) else { return pressHUDPlot(at: e.location) }
            hudControl = .pressed(field, startX: e.location.x, startValue: p.value, dragging: false)
            return true
        case let (.moved, .pressed(field, startX, startValue, dragging)):
            let dx = e.location.x - startX
            guard dragging || abs(dx) >= HUDControl.dragThreshold else { return true }
            hudControl = .pressed(field, startX: startX, startValue: startValue, dragging: true)
            guard let p = parameter(of: field) else { return true }
            let v = p.dragged(from: startValue, by: dx, fine: e.modifiers.contains(.shift))
            if v != p.value { set(field, to: v, announce: false) }
            return true
        case let (.up, .pressed(field, _, _, dragging)), let (.cancelled, .pressed(field, _, _, dragging)):
            hudControl = .idle
            guard e.phase == .up, let p = parameter(of: field) else { return true }
            if dragging {
                let prefix = field.group == .springDialect ? springDialect.title + ": " : halfPrefix(field.half)
                overlay.notice(prefix + "\(field.name) \(p.formatted)", at: now)
            } else if p.step == .cycle {
                set(field, to: p.stepped(reverse: e.modifiers.contains(.shift)).value, announce: true)
            } else {
                hudControl = .editing(field, text: "", refusal: nil)
            }
            return true
        default:
            return false
        }
    }

    /// One key typed into `field`: a digit, point or sign adds to `text`, Backspace removes the
    /// last character, Enter applies, Esc cancels; other keys do nothing while a value is typed
    /// (so a digit never switches the scene).
    private func editHUDValue(key: String, field: HUDField, text: String) {
        switch key {
        case "escape":
            hudControl = .idle
        case "return", "keypad enter", "enter":
            applyTyped(text, to: field, keepOpenOnRefusal: true)
        case "backspace":
            hudControl = .editing(field, text: String(text.dropLast()), refusal: nil)
        default:
            guard let c = HUDControl.character(forKey: key), text.count < HUDControl.maximumTextLength else { return }
            hudControl = .editing(field, text: text + String(c), refusal: nil)
        }
    }

    /// Applies a typed value: within the range it becomes the value and the field closes; empty
    /// text closes it unchanged; anything else is refused, in the row while it stays open
    /// (`keepOpenOnRefusal`), else dropped.
    private func applyTyped(_ text: String, to field: HUDField, keepOpenOnRefusal: Bool) {
        hudControl = .idle
        guard !text.isEmpty, let p = parameter(of: field) else { return }
        if let refusal = p.refusal(ofTyped: text) {
            if keepOpenOnRefusal { hudControl = .editing(field, text: text, refusal: refusal) }
            return
        }
        set(field, to: SceneParameter.number(typed: text)!, announce: true)
    }

    /// The wheel over a value: one hotkey step per notch (up raises), or per 20 pt of a precise
    /// device's scroll.
    private func stepHUDField(_ field: HUDField, by e: ScrollEvent) {
        guard var p = parameter(of: field) else { return }
        let amount = e.unit == .lines ? e.delta.dy : e.delta.dy / 20
        let steps = Int(saturating: amount.rounded(.towardZero))
        guard steps != 0 else { return }
        for _ in 0..<abs(steps) { p.value = p.stepped(reverse: steps < 0).value }
        set(field, to: p.value, announce: true)
    }
}
