import Geometry
import Drawing
import Scenes
import Animation

/// What the host, the overlay and the tests read of the moment shown and of the timeline,
/// through the session (the shell): the moment is replaced when the playhead moves, so a host
/// keeps the session, never a moment.
extension LabSession {
    /// The open scene (A while comparing).
    package var scene: any Scene { moment.scene }
    /// The B half while comparing.
    package var compareHalf: CompareHalf? { moment.compareHalf }
    /// The moment's frame clock.
    package var clock: FrameClock { moment.clock }
    /// The overlay's state (the host clears ``OverlayState/pendingScreenshot`` and adds notices).
    package var overlay: OverlayState {
        get { moment.overlay }
        set { moment.overlay = newValue }
    }
    /// The window's size, points.
    package var size: Size { moment.size }
    /// The content frames of the halves (window points).
    package var halfFrames: [Rect] { moment.halfFrames }
    /// Frames stepped so far.
    package var frame: Int { moment.frame }
    /// The session time of the last frame stepped, seconds.
    package var frameTime: Double { moment.frameTime }
    /// The pointer's latest window position.
    package var pointer: Point? { moment.pointer }
    /// What the pointer or keyboard is doing to a HUD row.
    package var hudControl: HUDControl { moment.hudControl }
    /// How the HUD writes the plotted spring.
    package var springDialect: SpringDialect { moment.springDialect }
    /// The half hotkeys tune when the pointer is over neither.
    package var focusedHalf: Int { moment.focusedHalf }
    /// The half the hotkeys tune (``LabMoment/tunedHalf``).
    package var tunedHalf: Int { moment.tunedHalf }
    /// Measures the scenes' text.
    package var textMeasurer: TextMeasuring { moment.textMeasurer }
    /// The plotted spring in the HUD's dialect (``LabMoment/dialectParameters``).
    package var dialectParameters: [SceneParameter] { moment.dialectParameters }
    /// The y range of the curve plot with `handles` (``LabMoment/handleRange(_:)``).
    package func handleRange(_ handles: (Point, Point)) -> ClosedRange<Double> { moment.handleRange(handles) }
    /// Whether a pointer button is down (a press, a drag).
    package var isPointerDown: Bool { moment.isPointerDown }
    /// The scene of `half` (0: A, 1: B).
    package func scene(ofHalf half: Int) -> any Scene { moment.scene(ofHalf: half) }
    /// Appends the scenes' frame to `list` (``LabMoment/drawScenes(into:)``), with the ghost of
    /// the previous run while a re-run plays (``drawGhost(over:)``).
    package func drawScenes(into list: inout DisplayList) {
        moment.drawScenes(into: &list)
        drawGhost(over: &list)
    }
    /// Appends the pointer marker (``LabMoment/drawPointerMarker(into:)``).
    package func drawPointerMarker(into list: inout DisplayList) { moment.drawPointerMarker(into: &list) }
    /// The moment shown as JSON (`--dump`, ``LabMoment/dumpJSON()``).
    package func dumpJSON() -> JSONValue { moment.dumpJSON() }

    /// What the session did since it opened (``Timeline/log``).
    package var log: SessionLog? { timeline.log }
    /// The timeline's history (``Timeline/history``).
    package var history: SessionHistory { timeline.history }
    /// How far the session's time runs behind the host's, seconds (``Timeline/timeShift``).
    package var timeShift: Double { timeline.timeShift }
    /// The checkpoints kept (``Timeline/checkpointCount``).
    package var checkpointCount: Int { timeline.checkpointCount }
}
