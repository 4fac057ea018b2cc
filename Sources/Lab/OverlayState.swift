import LabUI

/// What the lab shows over the scenes besides the HUD's figures, as state the host draws: the
/// HUD column expanded or collapsed, the help card, the debug geometry, short notices, and a
/// screenshot the host should save after the next frame.
package struct OverlayState {
    /// Whether the HUD column is expanded (Tab); collapsed it is a slim bar. A session starts it
    /// collapsed in a window narrower than ``HUDLayout/collapseBelowWidth``.
    package var hudVisible = true
    /// The hotkey card (H or ?).
    package var helpVisible = false
    /// The behaviors' debug geometry (G).
    package var debugVisible = false
    /// Whether the moving items' trails (onion skin) are drawn (`N`).
    package var trailsVisible = false
    /// Whether the timeline strip shows at the bottom of the content (`W`, ``LabSession/timelineKey``).
    package var timelineVisible = false
    /// Whether a re-run draws the previous run as outlines (J; on by default).
    package var ghostVisible = true
    /// Whether a press on the strip is dragging the timeline's playhead.
    package var timelineScrubbing = false
    /// Whether the pointer is over the shown strip (the shell's: hover moves a parked playhead
    /// leaves out of the log still count).
    package var timelineHovered = false
    /// The session-time range the strip holds still while hovered or dragged (seconds), nil
    /// while it follows the timeline (``LabSession/timelineStripRange``).
    package var timelineFrozenRange: ClosedRange<Double>?
    /// The strip's axis times of the history's frames, kept between frames (the shell's: it
    /// follows the history, not the moment).
    package var timelineAxis = TimelineAxisMemo()
    /// A PNG is to be saved after this frame is drawn (P); the host clears it.
    package var pendingScreenshot = false
    /// When the running Ctrl+R recording started (app clock, seconds), nil while none runs: the
    /// title line shows a red REC mark with the time recorded (``recordingText(at:)``).
    package var recordingSince: Double?
    /// A clip's render running in the background: its file's name and share done (0…1), shown as
    /// a bar in the title line; nil when none runs.
    package var clipRender: (name: String, progress: Double)?
    /// Until when (app clock, seconds) the launch help card shows.
    private var helpUntil: Double = -1
    /// The notice's text, and until when it shows (app clock, seconds).
    package private(set) var noticeText = ""
    private var noticeUntil: Double = -1

    /// A hidden help card, no notice, the HUD expanded.
    package init() {}

    /// Shows the help card for the first few seconds of a windowed session.
    package mutating func showHelpBriefly(at t: Double, headless: Bool) {
        if !headless { helpUntil = t + 4 }
    }

    /// H: hides the help card if it shows (also the launch card, which would otherwise stay up
    /// when H turned the card on), else shows it until the next H.
    package mutating func toggleHelp(at t: Double) {
        let showing = helpVisible || t < helpUntil
        helpUntil = -1
        helpVisible = !showing
    }

    /// Takes the user's state from `live`, the overlay shown before the timeline rebuilt a
    /// moment: the help card as the user has it now (dismissed with H, or not), not as it was
    /// then, and the shell's marks (the REC mark, the clip's render, the strip, a screenshot asked
    /// for). The flags a moment's input toggles (HUD, debug, trails) and its notices stay the
    /// moment's.
    package mutating func keepShellState(of live: OverlayState) {
        helpVisible = live.helpVisible
        helpUntil = live.helpUntil
        recordingSince = live.recordingSince
        clipRender = live.clipRender
        timelineVisible = live.timelineVisible
        ghostVisible = live.ghostVisible
        timelineScrubbing = live.timelineScrubbing
        timelineHovered = live.timelineHovered
        timelineFrozenRange = live.timelineFrozenRange
        timelineAxis = live.timelineAxis
        pendingScreenshot = live.pendingScreenshot
    }

    /// Whether the help card shows at app time `t`.
    package func showsHelp(at t: Double) -> Bool { helpVisible || t < helpUntil }

    /// Whether the help card showing at app time `t` is the launch card (a scene's first visit,
    /// ``showHelpBriefly(at:headless:)``), not the whole card H shows.
    package func showsBriefHelp(at t: Double) -> Bool { !helpVisible && t < helpUntil }

    /// Shows `text` at the bottom of the window for `seconds` (2.5 s by default; a notice naming
    /// a file or a command to copy stays longer).
    package mutating func notice(_ text: String, at t: Double, for seconds: Double = 2.5) {
        noticeText = text
        noticeUntil = t + seconds
    }

    /// The notice showing at app time `t`, or nil.
    package func notice(at t: Double) -> String? { t < noticeUntil && !noticeText.isEmpty ? noticeText : nil }

    /// The REC mark's text at app time `t` while a recording runs ("REC 12.3 s", tenths of a
    /// second recorded), else nil.
    package func recordingText(at t: Double) -> String? {
        guard let since = recordingSince else { return nil }
        let tenths = Int(saturating: (max(0, t - since) * 10).rounded(.down))
        return "REC \(tenths / 10).\(tenths % 10) s"
    }

    /// The next time after `t` (app clock, seconds) at which the overlay changes by itself (the
    /// launch help card or a notice goes away, the REC mark's time turns a tenth, a clip's render
    /// moves on), or nil when it
    /// shows nothing timed. The frame
    /// loop, when it waits idle for input, wakes then to draw one frame. The HUD's frame-time plot
    /// is not timed: it shows the frames produced and stays as it is while no frame is drawn.
    package func nextChange(after t: Double) -> Double? {
        var next: Double?
        if t < helpUntil { next = helpUntil }
        if t < noticeUntil && !noticeText.isEmpty { next = min(next ?? noticeUntil, noticeUntil) }
        // A clip rendering: its bar moves on four times a second.
        if clipRender != nil { next = min(next ?? t + 0.25, t + 0.25) }
        if let since = recordingSince {
            let tick = since + ((max(0, t - since) * 10).rounded(.down) + 1) / 10
            next = min(next ?? tick, tick)
        }
        return next
    }
}
