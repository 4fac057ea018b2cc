import Geometry
import Gestures
import Scenes
import LabUI

/// A model of the lab's interface with plain values a test sets: no session, no clock.
final class StubInterfaceModel: LabInterfaceModel {
    var scene: any Scene
    var sceneB: (any Scene)?
    var tunedHalf = 0
    var halfFrames: [Rect] = []
    var windowSize: Size
    var now = 1.0
    var framesPerSecond = 60.0
    var isPaused = false
    var timeScale = 1.0
    var refreshInterval = 1.0 / 60
    var medianFrameTime = 1.0 / 60
    var recentFrameTimes = Array(repeating: 1.0 / 60, count: 120)
    func frameTimes(last seconds: Double) -> [Double] { recentFrameTimes }
    var hudActivity = HUDActivity.idle
    var dialectParameters: [SceneParameter] = []
    var dialectTitle = "SwiftUI duration · bounce"
    func handleRange(_ handles: (Point, Point)) -> ClosedRange<Double> { PlotMapping.cubicRange(handles.0, handles.1) }
    var hudExpanded = true
    var helpShown = false
    var noticeText: String?
    var recordingText: String?
    var clipProgress: Double?
    var timelineVisible = false
    var timelineEnd = 0.0
    var timelineStripSpan = 10.0
    var playhead = 0.0
    var timelineParked = false
    var timelineClipIn: Double?
    var timelineLogLines: [InputEvent] = []
    var timelineFutureLines: [InputEvent] = []
    // Set by the strip's and the recorded pointer's tests; nil keeps the protocol's defaults.
    var frozenStripRange: ClosedRange<Double>?
    var stripClock = TimelineStripClock.identity
    var timelineStripClock: TimelineStripClock { stripClock }
    var timelineStripRange: ClosedRange<Double> { frozenStripRange ?? liveTimelineStripRange }
    var playheadFrame: Int?
    var timelineBranchSpans: [ClosedRange<Double>] = []
    var timelineHint: String?
    var showsRecordedPointer = false
    var pointerLocation: Point?
    var isPointerDown = false
    var codePanelShown = false
    var codePanelLines: [CodePanelLine] = []
    var codePanelScroll = 0.0
    var codePanelPressedLine: Int?
    var codePanelFirstFormat: String?
    var codePanelHalfName: String?

    /// `kind`'s scene (and B's, `comparing`) laid out beside the HUD in a window of `size`.
    init(_ kind: SceneKind, items: Int? = 10, size: Size = Size(width: 1280, height: 800), comparing: Bool = false) {
        windowSize = size
        let content = HUDLayout.contentFrame(in: size, expanded: true)
        scene = SceneCatalog.make(kind, items: items)
        scene.resize(to: size, contentFrame: content)
        if comparing {
            let b = SceneCatalog.make(kind, items: items)
            b.resize(to: size, contentFrame: content)
            sceneB = b
        }
    }
}
