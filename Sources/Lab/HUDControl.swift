import Geometry
import LabUI

/// What the pointer and keyboard are doing to a HUD parameter row or plot: nothing, a press
/// that may become a drag, a value being typed, a curve handle or a spring plot held. The session keeps it (``LabSession/hudControl``) and
/// the host draws it (a highlighted row, the field being typed in).
package enum HUDControl: Equatable, Sendable {
    /// No row is being changed.
    case idle
    /// The primary button went down on `field` at window x `startX` with the value `startValue`;
    /// `dragging` once the pointer has moved 3 pt across, after which the value follows the
    /// pointer (``Scenes/SceneParameter/dragged(from:by:fine:)``). A release without a drag is a
    /// click: it opens the field for typing (a choice steps instead).
    case pressed(HUDField, startX: Double, startValue: Double, dragging: Bool)
    /// A value is being typed into `field`: `text` so far, and why the last Enter was refused
    /// ("outside 0.1…20 Hz"), shown in the row until the next key.
    case editing(HUDField, text: String, refusal: String?)
    /// A handle of the plotted cubic curve is held (`index` 0: the first control point, 1: the
    /// second); `yRange` is the plot's y range when it was grabbed, kept while it moves so the
    /// plot under the pointer stays still.
    case handle(index: Int, yRange: ClosedRange<Double>)
    /// The spring plot is held: where the press began, and the plotted spring then (Hz, damping
    /// ratio). Across changes its speed, up and down its bounce.
    case springPlot(start: Point, frequency: Double, dampingRatio: Double)

    /// How far from a handle a press still grabs it, points.
    package static let handleReach = 12.0
    /// Points of drag across the spring plot that halve (right) or double (left) its frequency.
    package static let pointsPerOctave = 100.0
    /// Points of drag down the spring plot that add 1 to its damping ratio (up takes away).
    package static let pointsPerDampingRatio = 150.0

    /// The spring after a drag of (`dx`, `dy`) points on its plot that began with `frequency`
    /// Hz and `dampingRatio`: right is slower (an octave per ``pointsPerOctave``), up bouncier
    /// (the ratio falls by 1 per ``pointsPerDampingRatio``, not below 0).
    package static func draggedSpring(frequency: Double, dampingRatio: Double, dx: Double, dy: Double) -> (frequency: Double, dampingRatio: Double) {
        (frequency * pow(2, -dx / pointsPerOctave), max(0, dampingRatio + dy / pointsPerDampingRatio))
    }

    /// Points the pointer must travel across before a press becomes a drag.
    package static let dragThreshold = 3.0
    /// The longest value that can be typed, characters.
    package static let maximumTextLength = 16

    /// The field being changed, if any.
    package var field: HUDField? {
        switch self {
        case .idle, .handle, .springPlot: nil
        case let .pressed(f, _, _, _), let .editing(f, _, _): f
        }
    }

    /// Whether a value is being typed (keys go to the field, not to the hotkeys).
    package var isEditing: Bool {
        if case .editing = self { return true }
        return false
    }

    /// The character a typed key adds to a number field ("keypad 5" → "5", "," → "."), or nil
    /// for a key that adds none.
    package static func character(forKey key: String) -> Character? {
        let k = key.hasPrefix("keypad ") ? String(key.dropFirst(7)) : key
        guard k.count == 1, let c = k.first else { return nil }
        if c.isASCII && c.isNumber { return c }
        switch c {
        case ".", ",": return "."
        case "-", "+", "e": return c
        default: return nil
        }
    }
}
