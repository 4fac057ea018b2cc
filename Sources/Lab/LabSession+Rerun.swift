import Drawing
import Gestures
import Scenes
import LabUI

/// Re-run (issue 39): scrub back to before a gesture, change a value, press Enter, and the same
/// gesture plays again on the new values, with the previous run drawn as outlines (the ghost).
/// Nothing is lost: the run replaced stays a branch (Ctrl+Z goes back to it).
extension LabSession {
    /// The key that re-runs (no scene uses it; a HUD field being typed takes it first).
    package static let rerunKeys: Set<String> = ["return", "keypad enter"]

    /// Enter: re-runs from the moment the playhead rests on (parked in the past), else from the
    /// moment the last resume from the past (or re-run) started at; says how to start one when
    /// there is neither.
    func rerunFromKey() {
        if timeline.history.isParked {
            rerun(from: timeline.playhead)
        } else if let p = timeline.rerunPoint {
            rerun(from: p.from)
        } else {
            moment.overlay.notice("Enter re-runs a gesture on new values: scrub back before it (W), change a value, then Enter", at: now)
        }
    }

    /// Re-runs the input that followed session time `t` (seconds) on the values both halves have
    /// now: the moment the run being played (``Timeline/rerunSource()``) passed at `t` is rebuilt,
    /// the values are set on it (a `params` line, logged), and that run's input after it plays
    /// again at its own times (``step(realDt:)``) with that run as the ghost. The host's frame
    /// shows the moment `t`.
    package func rerun(from t: Double) {
        guard canScrub else {
            moment.overlay.notice("re-run needs the session's log from its start (the session ran too long)", at: now)
            return
        }
        let values = moment.parameterSnapshot()
        guard replaceMoment({ timeline.beginRerun(from: t, shown: $0) }) else {
            moment.overlay.notice("nothing to re-run after \(Self.seconds(t)) s", at: now)
            return
        }
        timeline.history.isHeld = false
        let from = timeline.playback?.from ?? t
        appendToLog(.parameters(values, at: from))
        moment.setParameters(values)
        moment.overlay.notice("re-run from \(timelinePlayheadReadout) on the current values — J ghost · Ctrl+Z back · a key stops it", at: now)
    }

    /// Ends a re-run before its end (input that acts on the session): the session goes on from
    /// here, live; the run re-run stays a branch.
    func stopRerun() {
        guard let p = timeline.playback else { return }
        timeline.playback = nil
        moment.overlay.notice("re-run stopped at \(Self.seconds(moment.frameTime)) s of \(Self.seconds(p.end)) s — the previous run stays a branch (Ctrl+Z)", at: now)
    }

    /// Whether `input` stops a re-run: anything that would resume the session from the past,
    /// Space and `.` (a re-run plays recorded frames, which a pause would change).
    static func stopsRerun(_ input: InputEvent, buttonsHeld: Bool) -> Bool {
        Timeline.resumes(input, buttonsHeld: buttonsHeld) || isKey(input, "space") || isKey(input, ".")
    }

    /// Appends the previous run's items as outlines over `list` (the scenes' drawing of this frame)
    /// while a re-run plays and the ghost is shown.
    package func drawGhost(over list: inout DisplayList) {
        guard overlay.ghostVisible, let ghost = timeline.playback?.ghost else { return }
        var old = DisplayList()
        ghost.drawScenes(into: &old)
        list.appendOutlines(of: old, except: list, color: HUD.ghost, width: 1.5, z: 50)
    }

    /// While a re-run plays, the previous run's settling report for A (the HUD's graph draws its
    /// tracked cell beside the re-run's).
    package var previousRunSettling: SettlingReport? { timeline.playback?.ghost?.scene.status.settling }
}
