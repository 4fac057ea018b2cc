import Geometry
import Drawing

/// Where the code panel (`` ` ``) sits and where its lines are (window points), for the drawing
/// and for the pointer (a wheel turn scrolls, a click copies the line under it): one place for
/// both, so a click lands on the line drawn under it.
///
/// The panel lies over the lower part of the scenes' area, beside the HUD column (never over its
/// controls), above the band the timeline strip takes when it shows — that band is kept whether
/// or not the strip shows, so the panel's lines are where they were when a recording replays
/// (the strip is the shell's, not the recording's). It depends only on the window's size, the
/// HUD column and the number of lines.
public struct CodePanelLayout: Equatable, Sendable {
    /// The lines' font size, points.
    public static let fontSize = 12.0
    /// The distance from one line to the next, points.
    public static let lineHeight = TextLayout.lineHeight(size: fontSize)
    /// The title bar's height, points.
    public static let titleHeight = 26.0
    /// The line-number gutter's width, points.
    public static let gutterWidth = 30.0
    /// Space between the panel's edge and its text, and between the panel and the scenes' edge, points.
    public static let margin = 8.0
    /// The scroll bar's width, points.
    public static let scrollBarWidth = 5.0
    /// The share of the scenes' area's height the panel takes (at least ``minimumLines`` lines).
    public static let heightShare = 0.45
    /// The fewest lines the panel shows where the window has room.
    public static let minimumLines = 6

    /// The panel, window points.
    public var frame: Rect
    /// Where the lines are drawn (right of the gutter, left of the scroll bar), window points.
    public var body: Rect
    /// The number of lines.
    public var lineCount: Int

    /// The panel in a window of `windowSize` points with the HUD column expanded or not, for
    /// `lineCount` lines.
    public init(windowSize: Size, hudExpanded: Bool, lineCount: Int) {
        let content = HUDLayout.contentFrame(in: windowSize, expanded: hudExpanded)
        let m = Self.margin
        // Above the timeline strip's band (kept even while the strip is hidden).
        let bottom = content.maxY - min(TimelineStripLayout.height, content.height) - m
        let room = max(0, bottom - content.minY - m)
        let wanted = max(content.height * Self.heightShare, Self.titleHeight + Double(Self.minimumLines) * Self.lineHeight + m)
        let h = min(room, wanted)
        frame = Rect(x: content.minX + m, y: bottom - h, width: max(0, content.width - 2 * m), height: h)
        let top = frame.minY + Self.titleHeight
        body = Rect(x: frame.minX + Self.gutterWidth, y: top,
                    width: max(0, frame.width - Self.gutterWidth - Self.scrollBarWidth - 2 * m),
                    height: max(0, frame.maxY - m / 2 - top))
        self.lineCount = lineCount
    }

    /// The height of all the lines, points.
    public var contentHeight: Double { Double(lineCount) * Self.lineHeight }

    /// The furthest the lines scroll, points (0 when they all fit).
    public var maximumScroll: Double { max(0, contentHeight - body.height) }

    /// `scroll` kept between 0 and ``maximumScroll``.
    public func clamped(_ scroll: Double) -> Double { min(max(scroll.isFinite ? scroll : 0, 0), maximumScroll) }

    /// The top of line `index` when the lines are scrolled by `scroll` points, window y.
    public func lineTop(_ index: Int, scroll: Double) -> Double {
        body.minY + Double(index) * Self.lineHeight - clamped(scroll)
    }

    /// The lines at least partly in the body when scrolled by `scroll` points.
    public func visibleLines(scroll: Double) -> Range<Int> {
        guard lineCount > 0 else { return 0..<0 }
        let s = clamped(scroll)
        let first = min(lineCount, max(0, Int((s / Self.lineHeight).rounded(.down))))
        let last = min(lineCount, max(first, Int(((s + body.height) / Self.lineHeight).rounded(.up))))
        return first..<last
    }

    /// The line under `p` (window points) when scrolled by `scroll`: in the body or its gutter,
    /// on a line; nil elsewhere (the title bar, the scroll bar, below the last line).
    public func line(at p: Point, scroll: Double) -> Int? {
        guard p.y >= body.minY, p.y < body.maxY, p.x >= frame.minX, p.x < body.maxX else { return nil }
        let i = Int(((p.y - body.minY + clamped(scroll)) / Self.lineHeight).rounded(.down))
        return i >= 0 && i < lineCount ? i : nil
    }

    /// The scroll bar's track and thumb when the lines do not all fit, else nil: the thumb's
    /// length is the share of the lines shown (at least 16 pt), its place the share scrolled.
    public func scrollBar(scroll: Double) -> (track: Rect, thumb: Rect)? {
        guard maximumScroll > 0, body.height > 0 else { return nil }
        let track = Rect(x: frame.maxX - Self.margin - Self.scrollBarWidth, y: body.minY, width: Self.scrollBarWidth, height: body.height)
        let length = min(track.height, max(16, track.height * body.height / contentHeight))
        let y = track.minY + (track.height - length) * clamped(scroll) / maximumScroll
        return (track, Rect(x: track.minX, y: y, width: track.width, height: length))
    }
}
