import Geometry

/// How many frames a replayed script's `--video` holds, counted the way the headless run writes
/// them: one picture per frame line after the script's mark, and after each such frame, when the
/// next frame line comes later than one frame interval, the same picture held for the frames the
/// live window drew nothing (it draws none while nothing changes).
///
/// The headless run holds pictures by ``heldFrames(from:to:fps:)``, and a clip's notices state
/// its length from ``frames(of:fps:)``, so the two agree by construction: the length a notice
/// names is the file's, frames ÷ fps, not the span on the session's clock (a window whose frames
/// run a little long, 18 ms at 60 Hz, covers more session time than its frames fill at 1/60 s).
package enum ReplayVideoLength {
    /// The longest one picture is held, seconds of video: 600 (10 minutes).
    package static let maximumHold = 600

    /// The copies of a frame at app time `now` (seconds) that a video at `fps` frames per second
    /// holds before the next frame line at `next`: the whole frame intervals between them less
    /// the frame itself (rounded to the nearest), at least 0, at most ``maximumHold`` seconds' worth.
    package static func heldFrames(from now: Double, to next: Double, fps: Int) -> Int {
        let interval = 1.0 / Double(fps)
        return max(0, min(Int(saturating: ((next - now) / interval).rounded()) - 1, maximumHold * fps))
    }

    /// The frames of video that `lines` (the lines after a script's mark, on the script's clock)
    /// give at `fps`: each frame line, and the pictures held between consecutive frame lines. The
    /// last frame line holds nothing (a `--frames` render stops there).
    package static func frames(of lines: some Sequence<ScriptLine>, fps: Int) -> Int {
        var frames = 0
        var previous: Double?
        for case .frame(let now, _) in lines {
            if let p = previous { frames += heldFrames(from: p, to: now, fps: fps) }
            frames += 1
            previous = now
        }
        return frames
    }
}
