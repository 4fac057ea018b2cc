/// When the windowed frame loop draws the next frame and when it waits for input instead.
///
/// The loop draws while anything may change the picture without input: see ``Reasons``. Otherwise
/// it sleeps in `SDL_WaitEventTimeout` until an event arrives (input, expose, resize, quit) or the
/// overlay's next timed change (a notice or the launch help card going away), and the first frame
/// after the wait simulates one refresh interval, not the time spent waiting.
package enum IdlePolicy {
    /// The longest single wait, seconds (1): the loop re-checks its deadlines at least this often,
    /// without drawing. Waking costs nothing measurable.
    package static let maximumWait = 1.0

    /// Everything that asks for the next frame.
    package struct Reasons: Equatable {
        /// Input (or any translated window event) arrived for the frame just drawn: one more frame
        /// follows the last event.
        package var inputArrived = false
        /// `--frames N` counts frames: never wait.
        package var countingFrames = false
        /// A `--script` event is still to be delivered.
        package var scriptPending = false
        /// The `.` key asked for a single step while paused, or a screenshot (P) is pending.
        package var appRequestPending = false
        /// The scene has something moving or a timer waiting (``Scenes/Scene/needsFrame``).
        package var sceneNeedsFrame = false
        /// The renderer drew shapes from stand-ins that the next frames draw exact, a few a frame
        /// (`Renderer.lastStandInStamps`): the frame left on screen once motion stops is exact.
        package var drawingRefines = false

        /// Reasons as given (each default false).
        package init(inputArrived: Bool = false, countingFrames: Bool = false, scriptPending: Bool = false,
                     appRequestPending: Bool = false, sceneNeedsFrame: Bool = false, drawingRefines: Bool = false) {
            self.inputArrived = inputArrived
            self.countingFrames = countingFrames
            self.scriptPending = scriptPending
            self.appRequestPending = appRequestPending
            self.sceneNeedsFrame = sceneNeedsFrame
            self.drawingRefines = drawingRefines
        }

        /// Whether any reason holds.
        package var any: Bool { inputArrived || countingFrames || scriptPending || appRequestPending || sceneNeedsFrame || drawingRefines }
    }

    /// How long to wait for an event before drawing anyway, at app time `now` (seconds) with the
    /// overlay's next timed change at `nextChange` (nil: none): the time left until it, at most
    /// ``maximumWait``; nil when it is due (draw now).
    package static func waitTimeout(now: Double, nextChange: Double?) -> Double? {
        guard let due = nextChange else { return maximumWait }
        let left = due - now
        return left > 0 ? min(left, maximumWait) : nil
    }
}
