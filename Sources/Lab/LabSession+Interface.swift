import Geometry
import Scenes
import LabUI

/// The session as the lab's interface reads it (``LabUI/LabInterfaceModel``): each member
/// forwards to the session's own state. The members it has under the same names already
/// (``scene``, ``tunedHalf``, ``halfFrames``, ``now``, ``dialectParameters``,
/// ``handleRange(_:)``, ``timelineEnd``, ``timelineStripSpan``, ``timelineStripRange``,
/// ``playhead``, ``isPointerDown``, ``lastRecordingCommand``) serve as they are.
extension LabSession: LabInterfaceModel {
    /// The log's lines, as the timeline strip reads them.
    package typealias TimelineLine = ScriptLine

    /// B's scene while comparing.
    package var sceneB: (any Scene)? { compareHalf?.scene }
    /// The window's size, points.
    package var windowSize: Size { size }

    /// The frame clock's frames per second.
    package var framesPerSecond: Double { clock.framesPerSecond }
    /// Whether the frame clock is paused.
    package var isPaused: Bool { clock.isPaused }
    /// The frame clock's time scale.
    package var timeScale: Double { clock.timeScale }
    /// The frame clock's refresh interval, seconds.
    package var refreshInterval: Double { clock.refreshInterval }
    /// The frame clock's median frame time, seconds.
    package var medianFrameTime: Double { clock.medianFrameTime }
    /// The frame clock's frame times over the last `seconds`.
    package func frameTimes(last seconds: Double) -> [Double] { clock.frameTimes(last: seconds) }

    /// ``hudControl`` as the drawing shows it.
    package var hudActivity: HUDActivity {
        switch hudControl {
        case let .pressed(field, _, _, true): .dragging(field)
        case let .editing(field, text, refusal): .typing(field, text: text, refusal: refusal)
        case let .handle(index, _): .holdingHandle(index)
        case .idle, .pressed, .springPlot: .idle
        }
    }
    /// The chosen dialect's title.
    package var dialectTitle: String { springDialect.title }

    /// Whether the HUD column is expanded.
    package var hudExpanded: Bool { overlay.hudVisible }
    /// Whether the help card shows now.
    package var helpShown: Bool { overlay.showsHelp(at: now) }
    /// Whether the help card showing is the launch card.
    package var helpIsBrief: Bool { overlay.showsBriefHelp(at: now) }
    /// The notice showing now.
    package var noticeText: String? { overlay.notice(at: now) }
    /// The REC mark's text now.
    package var recordingText: String? { overlay.recordingText(at: now) }
    /// The running clip render's progress.
    package var clipProgress: Double? { overlay.clipRender?.progress }

    /// Whether the timeline strip shows.
    package var timelineVisible: Bool { overlay.timelineVisible }
    /// Whether the playhead is parked.
    package var timelineParked: Bool { history.isParked }
    /// The clip's start.
    package var timelineClipIn: Double? { history.clipIn }
    /// The log's lines.
    package var timelineLogLines: [ScriptLine] { log?.lines ?? [] }
    /// The parked future's lines.
    package var timelineFutureLines: [ScriptLine] { history.future }
    /// The frames of the moment shown (``Timeline/playheadFrames``): `--dump`'s `frame`.
    package var playheadFrame: Int? { timeline.playheadFrames }

    /// Whether the moment shown is not the live one: parked in the past or held there
    /// (``SessionHistory/isParked``, ``SessionHistory/isHeld``), or a re-run playing recorded
    /// input, so the pointer it saw is drawn.
    package var showsRecordedPointer: Bool { history.isParked || history.isHeld || timeline.playback != nil }
    /// The other runs kept (``Timeline/branches``) from their fork to their end, those that reach
    /// into the strip's minute: the strip draws them dimmed above its track.
    package var timelineBranchSpans: [ClosedRange<Double>] {
        timeline.branches.compactMap { b in b.endTime >= timeline.start && b.endTime > b.forkTime ? b.forkTime...b.endTime : nil }
    }
    /// What Enter would do, at the strip's right end.
    package var timelineHint: String? {
        if timeline.playback != nil { return "re-run playing · J ghost · Ctrl+Z back" }
        if history.isParked { return "Enter re-runs from here on the current values" }
        if let p = timeline.rerunPoint, timeline.branch(p.branch) != nil { return "Enter re-runs the dimmed run on the current values" }
        return timeline.branches.isEmpty ? nil : "Ctrl+Z goes back to the dimmed run"
    }
    /// Where the moment shown last saw the pointer.
    package var pointerLocation: Point? { moment.pointer }
}

/// A line of the session's log is a line of the timeline strip (its time, and its input if any).
extension ScriptLine: TimelineStripLine {}
