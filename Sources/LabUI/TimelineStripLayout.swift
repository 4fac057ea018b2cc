import Geometry

/// Where the timeline strip sits (window points) and how its x-coordinates map to the time of its
/// axis (``TimelineStripClock``: the session's frames at the display's rate), for the drawing and
/// for the pointer that drags its playhead: one place for both, so a press lands on the moment
/// drawn under it.
///
/// The strip runs across the bottom of the content (beside the HUD column, ``HUDLayout``); its
/// track, 8 pt in from each end, shows the ``span`` seconds before ``end``.
public struct TimelineStripLayout: Equatable, Sendable {
    /// The strip's height, points (less in a window whose content is shorter).
    public static let height = 34.0
    /// Inset of the track from each end of the strip, points.
    public static let trackInset = 8.0

    /// The strip's frame, window points.
    public var frame: Rect
    /// The axis time at the track's right end (the history's last frame, unless held), seconds.
    public var end: Double
    /// The seconds the track's width shows, ending at ``end``.
    public var span: Double

    /// The strip in a window of `windowSize` points with the HUD column expanded or not, showing
    /// the `span` seconds before `end`.
    public init(windowSize: Size, hudExpanded: Bool, end: Double, span: Double) {
        let content = HUDLayout.contentFrame(in: windowSize, expanded: hudExpanded)
        let h = min(Self.height, content.height)
        frame = Rect(x: content.minX, y: content.maxY - h, width: content.width, height: h)
        self.end = end
        self.span = span
    }

    /// Where a press picks another branch of the timeline: the band from the strip's top edge
    /// to just inside the track, over the thin lane the branches are drawn in (window points).
    public var branchLane: Rect {
        Rect(x: frame.minX + Self.trackInset, y: frame.minY, width: max(0, frame.width - 2 * Self.trackInset), height: min(9, frame.height))
    }

    /// The axis time under window x-coordinate `x`, seconds (clamped to the track's ends).
    public func time(atX x: Double) -> Double {
        let r = frame.insetBy(dx: Self.trackInset, dy: 0)
        let f = r.width > 0 ? min(max((x - r.minX) / r.width, 0), 1) : 1
        return end - span + f * span
    }

    /// The window x-coordinate of axis time `t`, points (not clamped: a time before the span
    /// lies left of the track).
    public func x(of t: Double) -> Double {
        let r = frame.insetBy(dx: Self.trackInset, dy: 0)
        return r.minX + (t - (end - span)) / span * r.width
    }
}
