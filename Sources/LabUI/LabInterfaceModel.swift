import Geometry
import Gestures
import Scenes

/// What the lab's interface (the title line, the HUD, the help card, notices and the timeline
/// strip) reads from a session to draw one frame, as plain values: the drawing never reaches into
/// the session's own types, so any model (the lab's `LabSession`, a test's stub, another
/// package's host) can be drawn. Every member is read once or a few times a frame; none changes
/// the model.
public protocol LabInterfaceModel {
    /// One line of the session's input log as the timeline strip reads it.
    associatedtype TimelineLine: TimelineStripLine

    // The scenes.

    /// The scene shown (A while comparing).
    var scene: any Scene { get }
    /// B's scene while comparing two variants side by side, else nil.
    var sceneB: (any Scene)? { get }
    /// The half the keys tune while comparing (0: A, 1: B).
    var tunedHalf: Int { get }
    /// The halves' frames while comparing (window points, A's then B's); otherwise empty or one.
    var halfFrames: [Rect] { get }

    // The window and the time.

    /// The window's size, points.
    var windowSize: Size { get }
    /// The session's clock, seconds: what timed text (notices, the REC mark) is shown against.
    var now: Double { get }

    // The frame clock's figures.

    /// Frames drawn per second, averaged over the recent frames.
    var framesPerSecond: Double { get }
    /// Whether simulated time is paused (Space).
    var isPaused: Bool { get }
    /// Simulated seconds per real second (1, or 0.1 in slow motion).
    var timeScale: Double { get }
    /// The display's refresh interval the clock assumes, seconds (1/60 by default).
    var refreshInterval: Double { get }
    /// The median of the recent frame times, seconds.
    var medianFrameTime: Double { get }
    /// The frame times (seconds each, oldest first) of the last `seconds` seconds of frames.
    func frameTimes(last seconds: Double) -> [Double]

    // The HUD's controls.

    /// What the pointer and keys are doing to a HUD value or plot (a dragged row, a value being
    /// typed, a held handle).
    var hudActivity: HUDActivity { get }
    /// The plotted spring in the chosen dialect, one value a row under the plot (empty when the
    /// scene plots none).
    var dialectParameters: [SceneParameter] { get }
    /// The dialect's name over those rows ("SwiftUI duration · bounce"), shown after "K · ".
    var dialectTitle: String { get }
    /// The y range a cubic curve with `handles` (its two control points) is plotted over.
    func handleRange(_ handles: (Point, Point)) -> ClosedRange<Double>

    // The overlay.

    /// Whether the HUD column is expanded (Tab); collapsed it is a slim bar.
    var hudExpanded: Bool { get }
    /// Whether the help card shows now.
    var helpShown: Bool { get }
    /// Whether the help card showing is the launch card (a scene's first visit, for a few
    /// seconds: the scene's own lines, docked beside the stage's middle) rather than the whole
    /// card H shows; false by default.
    var helpIsBrief: Bool { get }
    /// The short notice showing now, or nil.
    var noticeText: String? { get }
    /// The REC mark's text while a recording runs ("REC 12.3 s"), else nil.
    var recordingText: String? { get }
    /// The share (0…1) of a clip's background render done while one runs, else nil.
    var clipProgress: Double? { get }
    /// The command that renders the session's last Ctrl+R recording (`kinetic run … --script
    /// F.jsonl … --video F.mp4 --pointer`), which the help card's Ctrl+R line names; nil before
    /// the first (the default).
    var lastRecordingCommand: String? { get }

    // The timeline strip.

    /// Whether the timeline strip shows at the bottom of the content (W).
    var timelineVisible: Bool { get }
    /// The time of the history's last frame (the live end, beyond a parked playhead), seconds.
    var timelineEnd: Double { get }
    /// The seconds the strip's width shows, ending at ``timelineEnd`` (seconds of the strip's
    /// axis, ``timelineStripClock``).
    var timelineStripSpan: Double { get }
    /// The time of the moment shown, seconds.
    var playhead: Double { get }
    /// Whether the playhead is parked back in time (the lines after it are the future, dimmed).
    var timelineParked: Bool { get }
    /// Where the clip to export starts (`I`), seconds, or nil.
    var timelineClipIn: Double? { get }
    /// The log's lines up to the live end (the past and the moment shown), oldest first.
    var timelineLogLines: [TimelineLine] { get }
    /// The lines after a parked playhead (empty while not parked), oldest first.
    var timelineFutureLines: [TimelineLine] { get }
    /// How the strip's axis maps to session time (``TimelineStripClock``): by default it is
    /// session time itself; a session counts its frames on it, one refresh interval each.
    var timelineStripClock: TimelineStripClock { get }
    /// The range of the strip's axis (seconds, ``timelineStripClock``) its track shows. By
    /// default the ``timelineStripSpan`` seconds before ``timelineEnd``; a model holds it still
    /// while the pointer is over the strip or drags its playhead, so what is under the hand
    /// stays there.
    var timelineStripRange: ClosedRange<Double> { get }
    /// The number of the log's frames up to the playhead: the moment shown is the one after that
    /// many frames (`--dump`'s `frame`). The strip's readout shows it beside the playhead's time;
    /// nil (the default) leaves it out.
    var playheadFrame: Int? { get }
    /// Session-time spans (seconds) of the timeline's other branches, such as the future left
    /// behind when the session resumed from the past: drawn dimmed in a thin lane above the
    /// strip's track. Empty by default.
    var timelineBranchSpans: [ClosedRange<Double>] { get }
    /// A short line at the strip's right end ("Enter re-runs the dimmed branch on the current
    /// values"), or nil (the default) for none.
    var timelineHint: String? { get }

    // The code panel (defaults: LabInterfaceModel+CodePanel.swift).

    /// Whether the code panel shows (`` ` ``). False by default.
    var codePanelShown: Bool { get }
    /// The panel's lines: E's export of the tuned half, the format last used first. Empty by default.
    var codePanelLines: [CodePanelLine] { get }
    /// How far the panel's lines are scrolled, points from their top (the drawing keeps it
    /// within ``CodePanelLayout/maximumScroll``). 0 by default.
    var codePanelScroll: Double { get }
    /// The line a press on the panel holds (highlighted; its release copies it), nil by default.
    var codePanelPressedLine: Int? { get }
    /// The name of the format exported first ("SwiftUI"), in the panel's title; nil (the
    /// default) when E exports in its usual order.
    var codePanelFirstFormat: String? { get }
    /// The half whose export the panel shows while comparing ("A" or "B"), in its title; nil (the
    /// default) when not comparing.
    var codePanelHalfName: String? { get }

    // The recorded pointer.

    /// Whether the overlay draws where the pointer was in the moment shown (``pointerLocation``,
    /// a ring filled while ``isPointerDown``, ``PointerMarker``): in frames scrubbed to or replayed
    /// from the log, where the user's cursor is not the pointer the moment saw. False by default.
    var showsRecordedPointer: Bool { get }
    /// Where the moment shown last saw the pointer, window points; nil (the default) before any.
    var pointerLocation: Point? { get }
    /// Whether the moment shown holds a pointer button down. False by default.
    var isPointerDown: Bool { get }
    /// While a re-run plays: the previous run's settling report for A (its tracked cell, drawn
    /// in the settling graph beside the re-run's, in the ghost's colour); nil otherwise (the default).
    var previousRunSettling: SettlingReport? { get }
}

/// What a model that has no re-run leaves out.
extension LabInterfaceModel {
    /// None by default.
    public var previousRunSettling: SettlingReport? { nil }
}

extension LabInterfaceModel {
    /// No recording: nil.
    public var lastRecordingCommand: String? { nil }
    /// The whole card: false.
    public var helpIsBrief: Bool { false }
}

/// A line of a session's input log as the timeline strip reads it: when it happened and, for an
/// input line, the input (a press and its release become a bar, a key or wheel turn a tick).
public protocol TimelineStripLine {
    /// The line's time on the session's clock, seconds.
    var timestamp: Double { get }
    /// The input of an input line; nil for other lines (frames, resizes…), which only move time on.
    var input: InputEvent? { get }
}

/// An input event is a log line of itself, so a model can give the strip its events as they are.
extension InputEvent: TimelineStripLine {
    /// The event itself.
    public var input: InputEvent? { self }
}
