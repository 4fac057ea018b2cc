/// A moment of the timeline kept: a ``LabMoment`` that had the log's first ``lines`` lines
/// (``frames`` frames) applied from the session's start and stopped there.
///
/// Scenes hold closures that capture their owners (recognizer targets, completion handlers), so
/// they cannot be copied; a moment is instead kept by a moment of its own that got there the way
/// the live one did, which makes it exact by construction: every Double is the one the live
/// session computed. A scrub takes the newest checkpoint at or before its moment and shows it
/// (the checkpoint is used up) after applying the few lines after it (``Timeline/restore(keepingFrames:shown:)``);
/// the timeline replays new checkpoints towards the present (``Timeline/advanceCheckpoints(frames:)``):
/// headless, a few frames per frame; in a window, in time no frame needs (``SpareTimeReplay``).
package struct TimelineCheckpoint {
    /// How the session keeps checkpoints (``Timeline/policy``).
    package struct Policy {
        /// Whether checkpoints are made: in a window (where the strip scrubs) and for a script
        /// with `scrub` lines; a headless run without one never scrubs, and makes none.
        package var isEnabled = true
        /// Frames of the log the checkpoint under way replays per frame the live session steps,
        /// where ``LabSession/step(realDt:)`` replays them (a headless run with `scrub` lines):
        /// 8 by default, so a checkpoint replaying a minute and a quarter reaches the present in
        /// about 11 s. A window replays in its frames' spare time instead (``SpareTimeReplay``).
        package var framesPerFrame = 8
        /// Frames between the present and the newest checkpoint before the next one starts:
        /// 300 by default (5 s at 60 Hz).
        package var spacing = 300
        /// The most checkpoints kept: 12 by default (one every 10–20 s of the last minute, one
        /// before it, and the moments scrubs left).
        package var maximum = 12

        /// Every default.
        package init() {}

        /// The defaults but for these.
        package init(framesPerFrame: Int, spacing: Int, maximum: Int) {
            self.framesPerFrame = framesPerFrame
            self.spacing = spacing
            self.maximum = maximum
        }
    }

    /// The moment kept.
    let moment: LabMoment
    /// How many frames of the timeline it has stepped.
    var frames: Int
    /// How many lines of the timeline it has replayed.
    var lines: Int
}
