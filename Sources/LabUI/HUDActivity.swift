/// What the pointer and keyboard are doing to the HUD, as the drawing needs it: a value row being
/// dragged (highlighted), a value being typed (the field, and why the last Enter was refused), or
/// a handle of the plotted cubic curve held (drawn white).
public enum HUDActivity: Equatable, Sendable {
    /// Nothing the drawing shows (no press, a press not yet a drag, the spring plot held).
    case idle
    /// The value of `field` follows the pointer: its row is highlighted.
    case dragging(HUDField)
    /// A value is being typed into `field`: `text` so far, and why the last Enter was refused
    /// ("outside 0.1…20 Hz", shown in the row instead of its name), or nil.
    case typing(HUDField, text: String, refusal: String?)
    /// Handle `index` of the plotted cubic curve is held (0: the first control point, 1: the second).
    case holdingHandle(Int)
}
