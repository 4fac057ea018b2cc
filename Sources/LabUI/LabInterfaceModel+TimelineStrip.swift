import Geometry
import Drawing

/// The timeline strip of a model: its geometry (for the pointer that drags the playhead) and its
/// drawing, from the model's figures.
extension LabInterfaceModel {
    /// Session time: the axis of a model that counts no frames.
    public var timelineStripClock: TimelineStripClock { .identity }

    /// The ``timelineStripSpan`` seconds before ``timelineEnd``: the range the strip shows unless
    /// the model holds it still.
    public var timelineStripRange: ClosedRange<Double> { liveTimelineStripRange }

    /// The ``timelineStripSpan`` seconds before ``timelineEnd`` on the strip's axis, or from 0
    /// while the session is shorter, so its first seconds fill the strip from the left (a span of
    /// 0 or less, or a non-finite one, shows a second).
    public var liveTimelineStripRange: ClosedRange<Double> {
        let span = timelineStripSpan > 0 && timelineStripSpan.isFinite ? timelineStripSpan : 1
        let end = max(span, timelineStripClock.stripTime(ofSessionTime: timelineEnd))
        return (end - span)...end
    }

    /// No frame number.
    public var playheadFrame: Int? { nil }
    /// No other branches.
    public var timelineBranchSpans: [ClosedRange<Double>] { [] }
    /// No hint.
    public var timelineHint: String? { nil }
    /// No recorded pointer.
    public var showsRecordedPointer: Bool { false }
    /// No pointer seen.
    public var pointerLocation: Point? { nil }
    /// No button down.
    public var isPointerDown: Bool { false }

    /// Where the strip is and how its x maps to time, for the window and timeline as they are now
    /// (over ``timelineStripRange``).
    public var timelineStripLayout: TimelineStripLayout {
        let range = timelineStripRange
        return TimelineStripLayout(windowSize: windowSize, hudExpanded: hudExpanded, end: range.upperBound,
                                   span: range.upperBound - range.lowerBound)
    }

    /// The strip's frame (window points): across the bottom of the content, whatever it shows.
    public var timelineStripFrame: Rect {
        TimelineStripLayout(windowSize: windowSize, hudExpanded: hudExpanded, end: 0, span: 1).frame
    }

    /// The session time under window x-coordinate `x` on the strip, seconds
    /// (``TimelineStripLayout/time(atX:)``, through ``timelineStripClock``).
    public func timelineTime(atX x: Double) -> Double {
        timelineStripClock.sessionTime(ofStripTime: timelineStripLayout.time(atX: x))
    }

    /// The strip's x-coordinate of session time `t`, window points (``TimelineStripLayout/x(of:)``,
    /// through ``timelineStripClock``).
    public func timelineX(of t: Double) -> Double { timelineStripLayout.x(of: timelineStripClock.stripTime(ofSessionTime: t)) }

    /// Appends the strip to `list` at depth `z` when it shows (``TimelineStrip/draw(_:into:z:)``).
    public func drawTimelineStrip(into list: inout DisplayList, z: Int) { TimelineStrip.draw(self, into: &list, z: z) }
}
