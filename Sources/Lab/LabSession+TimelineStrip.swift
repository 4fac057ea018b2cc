import Geometry
import Gestures
import LabUI

/// `W`: the timeline strip at the bottom of the content — the last minute of session time, the
/// gestures in it as marks, and the playhead, which a drag moves (``LabSession/scrub(to:)``, the
/// path a script's `scrub` line takes). Its pointer events are the strip's alone: they never
/// reach a scene or the log. Where the strip is and its drawing are LabUI's (``LabUI/TimelineStripLayout``,
/// ``LabUI/TimelineStrip``), read through ``LabUI/LabInterfaceModel``.
extension LabSession {
    /// The key that shows and hides the strip (no scene and no other lab key uses it).
    package static let timelineKey = "w"

    /// W: shows or hides the strip.
    func toggleTimelineStrip() {
        overlay.timelineVisible.toggle()
        overlay.timelineScrubbing = false
        // Where the pointer is is known at its next move; until then the strip follows time.
        overlay.timelineHovered = false
        overlay.timelineFrozenRange = nil
        overlay.notice(overlay.timelineVisible ? "timeline: drag the playhead through the last minute · , . step while paused"
                                               : "timeline hidden", at: now)
    }

    /// The seconds the strip's width shows (on its axis, ``timelineStripClock``): the session so
    /// far, at least 10 s (so a session's first frames do not stretch over the whole strip) and
    /// at most a minute.
    package var timelineStripSpan: Double {
        min(SessionHistory.span, max(10, timelineStripClock.stripTime(ofSessionTime: timelineEnd)))
    }

    /// The strip's axis: session time with the window's waits taken out, each frame counting the
    /// time it took (``TimelineAxisMemo``), so a `,` moves the readout by one frame's time
    /// whatever the window waited before the frame (``LabUI/TimelineStripClock``).
    package var timelineStripClock: TimelineStripClock {
        guard let log = timeline.log else { return .identity }
        let history = timeline.history
        let past = history.isParked ? log.lines[..<min(history.parkedLines, log.lines.count)] : log.lines[...]
        return overlay.timelineAxis.clock(past: past, future: history.future[...],
                                          frames: timeline.playheadFrames + history.futureSteps.count, interval: clock.refreshInterval)
    }

    /// The range of the strip's axis it shows, seconds: the ``timelineStripSpan`` seconds before
    /// ``timelineEnd``, held still while the pointer is over the strip or drags its playhead
    /// (``OverlayState/timelineFrozenRange``), so the bar under the pointer stays there while
    /// time runs; it catches up when the pointer leaves and the drag ends.
    package var timelineStripRange: ClosedRange<Double> { overlay.timelineFrozenRange ?? liveTimelineStripRange }

    /// The playhead's readout as the strip shows it: its time on the strip's axis and its frame
    /// ("0.87 s · frame 52"), for a notice that names the moment shown.
    package var timelinePlayheadReadout: String {
        TimelineStrip.readout(time: timelineStripClock.stripTime(ofSessionTime: playhead), frame: playheadFrame)
    }

    /// Notes where `input` leaves the pointer: over the shown strip or not (a pointer leaving the
    /// window is over nothing). Every pointer event counts, those the timeline leaves out of the
    /// log while parked too: this is the shell's, never the moment's or a replay's.
    func noteTimelineStripHover(_ input: InputEvent) {
        switch input {
        case .pointer(let e): overlay.timelineHovered = overlay.timelineVisible && timelineStripFrame.contains(e.location)
        case .pointerExited: overlay.timelineHovered = false
        default: return
        }
        holdTimelineStripRange()
    }

    /// Freezes the strip's range at what it shows now when the pointer comes over it or starts
    /// dragging its playhead; lets it follow the timeline again once neither holds.
    func holdTimelineStripRange() {
        if overlay.timelineVisible && (overlay.timelineHovered || overlay.timelineScrubbing) {
            if overlay.timelineFrozenRange == nil { overlay.timelineFrozenRange = liveTimelineStripRange }
        } else {
            overlay.timelineFrozenRange = nil
        }
    }

    /// Whether `input` moves the playhead's drag (scrubbed to later: ``Timeline/pendingScrub``).
    func isTimelineStripMove(_ input: InputEvent) -> Bool {
        guard overlay.timelineScrubbing, case .pointer(let e) = input else { return false }
        return e.phase == .moved && e.button == .left
    }

    /// Scrubs to where the playhead's drag last moved, if it moved since.
    func scrubToPendingMoment() {
        guard let t = timeline.pendingScrub else { return }
        timeline.pendingScrub = nil
        scrub(to: t)
    }

    /// Takes `input` when it is the strip's: a left press on the shown strip starts a drag of the
    /// playhead (scrubbing to the press; on a dimmed branch, going to that run first), moves
    /// scrub, the release ends the drag. Returns whether it took the input.
    func handleTimelineStrip(_ input: InputEvent) -> Bool {
        noteTimelineStripHover(input)
        guard overlay.timelineVisible, case .pointer(let e) = input, e.button == .left else { return false }
        switch e.phase {
        case .down:
            guard !moment.isPointerDown, timelineStripFrame.contains(e.location) else { return false }
            overlay.timelineScrubbing = true
            holdTimelineStripRange()
            // On a dimmed branch's lane: that run, at the moment pressed; else the playhead.
            if let id = branch(at: e.location) {
                goToBranch(id, at: timelineTime(atX: e.location.x))
            } else {
                scrub(to: timelineTime(atX: e.location.x))
            }
            return true
        case .moved:
            guard overlay.timelineScrubbing else { return false }
            timeline.pendingScrub = timelineTime(atX: e.location.x)
            return true
        case .up, .cancelled:
            guard overlay.timelineScrubbing else { return false }
            overlay.timelineScrubbing = false
            holdTimelineStripRange()
            // The button that dragged the playhead is up: a press the moment holds is no one's.
            timeline.history.pressLapsed = moment.isPointerDown
            return true
        }
    }

    /// The newest branch drawn under `p` on the strip's branch lane, if any.
    func branch(at p: Point) -> Int? {
        guard timelineStripLayout.branchLane.contains(p) else { return nil }
        let t = timelineTime(atX: p.x)
        return timeline.branches.last { $0.forkTime - 1e-9 <= t && t <= $0.endTime + 1e-9 && $0.endTime > $0.forkTime }?.id
    }

    /// Makes branch `id` the timeline shown, parked at its last frame at or before session time
    /// `t` (the run left becomes a branch; Ctrl+Z comes back).
    func goToBranch(_ id: Int, at t: Double) {
        guard canScrub, let b = timeline.branch(id) else { return }
        let current = timeline.current
        let frames = SessionHistory.frames(in: b.timeline(sharing: current.lines, steps: current.steps).lines, atOrBefore: t)
        guard let back = switchRun(to: id, frames: frames) else { return }
        timeline.record(back)
        overlay.notice("the dimmed run: \(timelinePlayheadReadout) — drag to scrub it · Ctrl+Z back", at: now)
    }
}
