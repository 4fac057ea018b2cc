import Geometry
import Drawing

/// The timeline strip of a model: its geometry (for the pointer that drags the playhead) and its
/// drawing, from the model's figures.
extension LabInterfaceModel {
    /// Where the strip is and how its x maps to time, for the window and timeline as they are now.
    public var timelineStripLayout: TimelineStripLayout {
        TimelineStripLayout(windowSize: windowSize, hudExpanded: hudExpanded, end: timelineEnd, span: timelineStripSpan)
    }

    /// The strip's frame (window points): across the bottom of the content.
    public var timelineStripFrame: Rect { timelineStripLayout.frame }

    /// The session time under window x-coordinate `x` on the strip, seconds (``TimelineStripLayout/time(atX:)``).
    public func timelineTime(atX x: Double) -> Double { timelineStripLayout.time(atX: x) }

    /// The strip's x-coordinate of session time `t`, window points (``TimelineStripLayout/x(of:)``).
    public func timelineX(of t: Double) -> Double { timelineStripLayout.x(of: t) }

    /// Appends the strip to `list` at depth `z` when it shows (``TimelineStrip/draw(_:into:z:)``).
    public func drawTimelineStrip(into list: inout DisplayList, z: Int) { TimelineStrip.draw(self, into: &list, z: z) }
}
