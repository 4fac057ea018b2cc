import Geometry
import Scenes

/// Where the lab's chrome sits in the window: the title line across the top and the HUD docked
/// as a column at the right edge (expanded, or collapsed to a slim bar with Tab). Scenes are laid
/// out in the rest, so nothing is ever under the HUD.
public enum HUDLayout {
    /// Height of the title line at the top of the window, points (scenes start below it).
    public static let titleHeight = SceneHost.titleHeight
    /// Width of the expanded column, points.
    public static let width = 300.0
    /// Width of the collapsed bar, points.
    public static let collapsedWidth = 28.0
    /// Windows narrower than this (points) start with the HUD collapsed, so the content keeps room.
    public static let collapseBelowWidth = 900.0

    /// The column's frame in a window of `size` points (below the title line), expanded or not.
    public static func frame(in size: Size, expanded: Bool) -> Rect {
        let w = expanded ? width : collapsedWidth
        return Rect(x: max(0, size.width - w), y: titleHeight, width: min(w, size.width), height: max(0, size.height - titleHeight))
    }

    /// Where the scenes' content goes: below the title line, left of the HUD column.
    public static func contentFrame(in size: Size, expanded: Bool) -> Rect {
        let hud = frame(in: size, expanded: expanded)
        return Rect(x: 0, y: titleHeight, width: hud.minX, height: hud.height)
    }
}
