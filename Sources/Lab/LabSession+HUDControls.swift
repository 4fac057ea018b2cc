import Geometry
import Scenes
import Gestures

/// The HUD's parameter rows as controls, as number fields in Figma and Blender work: drag
/// across a row to change its value continuously (Shift: ten times finer), click it to type a
/// value (Enter applies, Esc cancels, a value outside the range is refused in the row with the
/// range shown), turn the wheel over it to step it. A choice steps on a click. While comparing,
/// A's and B's values are each their own control. Hotkeys work as before.
///
/// Everything goes through ``dispatch(_:)``, so a recording replays these changes too.
extension LabSession {
    /// The expanded HUD column's frame, or nil while it is collapsed (its rows are hidden).
    var hudRowsPanel: Rect? {
        overlay.hudVisible ? HUDLayout.frame(in: size, expanded: true) : nil
    }

    /// The parameter row under `p` and the half it changes, if any.
    func hudRow(at p: Point) -> (row: Int, half: Int)? {
        guard let panel = hudRowsPanel else { return nil }
        return HUDRows.hit(p, panel: panel, rows: scene.rowParameters.count, comparing: compareHalf != nil, tunedHalf: tunedHalf)
    }

    /// Handles `input` as a HUD control when it is one (returns true: the scenes and hotkeys do
    /// not see it): keys while a value is typed, presses, drags and releases that began on a
    /// row, and the wheel over a row. A press anywhere else first finishes a value being typed.
    func handleHUDControl(_ input: InputEvent) -> Bool {
        switch input {
        case .key(let k):
            guard case let .editing(row, half, name, text, _) = hudControl,
                  !k.modifiers.contains(.control), !k.modifiers.contains(.command) else { return false }
            editHUDValue(key: k.key, row: row, half: half, name: name, text: text)
            return true
        case .pointer(let e):
            return handleHUDPointer(e)
        case .scroll(let e):
            guard hudControl == .idle, let hit = hudRow(at: e.location) else { return false }
            stepHUDRow(hit, by: e)
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
            if case let .editing(row, half, name, text, _) = hudControl {
                // Pressing elsewhere ends the typing: a valid value applies, anything else is dropped.
                hudControl = .idle
                if let hit = hudRow(at: e.location), hit.row == row, hit.half == half {
                    hudControl = .editing(row: row, half: half, name: name, text: text, refusal: nil)
                    return true
                }
                applyTyped(text, half: half, name: name, keepOpenOnRefusal: false, row: row)
            }
            guard e.button == .left else { return false }
            guard let hit = hudRow(at: e.location) else { return pressHUDPlot(at: e.location) }
            let p = scene(ofHalf: hit.half).rowParameters[hit.row]
            hudControl = .pressed(row: hit.row, half: hit.half, name: p.name, startX: e.location.x, startValue: p.value, dragging: false)
            return true
        case let (.moved, .pressed(row, half, name, startX, startValue, dragging)):
            let dx = e.location.x - startX
            guard dragging || abs(dx) >= HUDControl.dragThreshold else { return true }
            hudControl = .pressed(row: row, half: half, name: name, startX: startX, startValue: startValue, dragging: true)
            let s = scene(ofHalf: half)
            guard let p = s.parameter(name) else { return true }
            let v = p.dragged(from: startValue, by: dx, fine: e.modifiers.contains(.shift))
            if v != p.value {
                s.setParameter(name, to: v)
                capture(half: half)
            }
            return true
        case let (.up, .pressed(row, half, name, _, _, dragging)), let (.cancelled, .pressed(row, half, name, _, _, dragging)):
            hudControl = .idle
            guard e.phase == .up, let p = scene(ofHalf: half).parameter(name) else { return true }
            if dragging {
                overlay.notice(halfPrefix(half) + "\(name) \(p.formatted)", at: now)
            } else if p.step == .cycle {
                setParameter(name, half: half, to: p.stepped(reverse: e.modifiers.contains(.shift)).value)
            } else {
                hudControl = .editing(row: row, half: half, name: name, text: "", refusal: nil)
            }
            return true
        default:
            return false
        }
    }

    /// One key typed into the field of row `row`: a digit, point or sign adds to `text`,
    /// Backspace removes the last character, Enter applies, Esc cancels; other keys do nothing
    /// while a value is typed (so a digit never switches the scene).
    private func editHUDValue(key: String, row: Int, half: Int, name: String, text: String) {
        switch key {
        case "escape":
            hudControl = .idle
        case "return", "keypad enter", "enter":
            applyTyped(text, half: half, name: name, keepOpenOnRefusal: true, row: row)
        case "backspace":
            hudControl = .editing(row: row, half: half, name: name, text: String(text.dropLast()), refusal: nil)
        default:
            guard let c = HUDControl.character(forKey: key), text.count < HUDControl.maximumTextLength else { return }
            hudControl = .editing(row: row, half: half, name: name, text: text + String(c), refusal: nil)
        }
    }

    /// Applies a typed value: within the range it becomes the parameter's value and the field
    /// closes; empty text closes it unchanged; anything else is refused, in the row while it
    /// stays open (`keepOpenOnRefusal`), else dropped.
    private func applyTyped(_ text: String, half: Int, name: String, keepOpenOnRefusal: Bool, row: Int) {
        hudControl = .idle
        guard !text.isEmpty, let p = scene(ofHalf: half).parameter(name) else { return }
        if let refusal = p.refusal(ofTyped: text) {
            if keepOpenOnRefusal { hudControl = .editing(row: row, half: half, name: name, text: text, refusal: refusal) }
            return
        }
        setParameter(name, half: half, to: SceneParameter.number(typed: text)!)
    }

    /// The wheel over a row: one hotkey step per notch (up raises), or per 20 pt of a precise
    /// device's scroll.
    private func stepHUDRow(_ hit: (row: Int, half: Int), by e: ScrollEvent) {
        let s = scene(ofHalf: hit.half)
        var p = s.rowParameters[hit.row]
        let amount = e.unit == .lines ? e.delta.dy : e.delta.dy / 20
        let steps = Int(amount.rounded(.towardZero))
        guard steps != 0 else { return }
        for _ in 0..<abs(steps) { p.value = p.stepped(reverse: steps < 0).value }
        setParameter(p.name, half: hit.half, to: p.value)
    }

}
