import Geometry
import Gestures
import Scenes
import LabUI

/// The timeline in the shell (issue 27 part 2): the playhead moves to any moment of the last
/// minute and the session shows it exactly, then goes on from there. The ``Timeline`` rebuilds
/// the moment; the shell replaces ``LabSession/moment`` with it, keeps what is the user's rather
/// than the moment's (the help card, the REC mark, the strip), and says where the playhead is.
extension LabSession {
    /// The session time the playhead can reach back to, seconds (``Timeline/start``).
    package var timelineStart: Double { timeline.start }

    /// The time of the history's last frame, seconds (``Timeline/end``).
    package var timelineEnd: Double { timeline.end }

    /// The playhead: the time of the moment shown, seconds (``Timeline/playhead``).
    package var playhead: Double { timeline.playhead }

    /// Whether the log reaches back to the session's start, so a moment can be rebuilt exactly.
    package var canScrub: Bool { timeline.canScrub }

    /// Moves the playhead to session time `t` (seconds, clamped to the last minute): the session
    /// shows the last frame at or before `t` exactly, as a straight replay of the same input
    /// would, and goes on from it. Going back keeps what came after (``SessionHistory/future``)
    /// until time runs or input acts on a scene. While paused the session stays paused.
    package func scrub(to t: Double) {
        guard canScrub else {
            moment.overlay.notice("the timeline needs the session's log from its start (the session ran too long)", at: now)
            return
        }
        let count = timeline.frames(atOrBefore: t)
        // The moment shown already (a playhead dragged within one frame, or a scrub to now).
        if count == timeline.playheadFrames { return }
        restore(keepingFrames: count)
    }

    /// `,` while paused: one frame back — the state before the last frame that advanced
    /// simulated time (paused frames advance none).
    func stepBack() {
        guard moment.clock.isPaused || timeline.history.isHeld else { moment.overlay.notice("press Space to pause first", at: now); return }
        guard canScrub else { scrub(to: 0); return }
        guard let frames = timeline.framesOneStepBack() else {
            moment.overlay.notice("the timeline reaches back \(Int(SessionHistory.span)) s", at: now)
            return
        }
        restore(keepingFrames: frames)
        // `,` is a key: no button is down, whatever the moment holds.
        timeline.history.pressLapsed = moment.isPointerDown
    }

    /// Shows the moment after the first `count` frames (``Timeline/restore(keepingFrames:shown:)``):
    /// the moment shown loses the shell's hooks (it may become a checkpoint), the rebuilt one
    /// gets them, with the user's help card, REC mark and strip. Paused, the session stays paused:
    /// held by the timeline until input acts on it (``materializeHold()``).
    func restore(keepingFrames count: Int) {
        let wasPaused = moment.clock.isPaused || timeline.history.isHeld
        replaceMoment { timeline.restore(keepingFrames: count, shown: $0) }
        timeline.history.isHeld = wasPaused && !moment.clock.isPaused
        moment.overlay.notice("timeline: \(timelinePlayheadReadout)" + (timeline.history.isParked ? " — , . step · Space resumes · Enter re-runs" : ""), at: now)
    }

    /// Replaces the moment shown by the one `rebuild` makes from it (nil: keeps it): the moment
    /// shown loses the shell's hooks (it may become a checkpoint), the new one gets them, with
    /// the user's help card, REC mark and strip. Returns whether it was replaced.
    @discardableResult
    func replaceMoment(_ rebuild: (LabMoment) -> LabMoment?) -> Bool {
        // The user's, not the moment's: taken before the replay, which may go through H presses.
        let overlay = moment.overlay, visited = moment.visitedScenes
        let shown = moment
        shown.environment.persistExchangeModel = nil
        guard let rebuilt = rebuild(shown) else {
            attachSaver()
            return false
        }
        moment = rebuilt
        moment.overlay.keepShellState(of: overlay)
        moment.visitedScenes.formUnion(visited)
        attachSaver()
        syncMoment()
        if let r = sessionRecording {
            sessionRecording = SessionRecording(stem: r.stem, startLine: min(r.startLine, timeline.log?.lines.count ?? 0), startedAt: r.startedAt)
        }
        return true
    }

    /// Ends the press the moment shown holds but the user does not (``SessionHistory/pressLapsed``):
    /// a cancel for each held button at the pointer, dispatched and logged like any input (so a
    /// replay cancels there too), at `timestamp` on the host's clock.
    func endLapsedPress(at timestamp: Double) {
        timeline.history.pressLapsed = false
        let location = moment.pointer ?? .zero
        for button in [PointerButton.left, .right, .middle] where moment.buttonsDown.contains(button) {
            dispatch(.pointer(PointerEvent(.cancelled, location: location, timestamp: timestamp, button: button)))
        }
    }

    /// Held by the timeline (the session was paused when the playhead moved to a moment that was
    /// not), input that acts on the session makes the pause real first: a Space through
    /// ``dispatch(_:)``, logged, so a replay pauses there too.
    func materializeHold() {
        guard timeline.history.isHeld else { return }
        timeline.history.isHeld = false
        dispatch(.key(KeyEvent(.down, key: "space", timestamp: hostNow)))
    }

    /// Seconds with two decimals, for notices.
    static func seconds(_ t: Double) -> String {
        let c = Int(saturating: (t * 100).rounded())
        return "\(c / 100).\(String(c % 100).count == 1 ? "0" : "")\(c % 100)"
    }
}
