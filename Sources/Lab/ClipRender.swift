/// A clip rendering in the background (`X`, ``LabSession/exportClip(gif:)``): the render, the
/// file it writes and how long that file will be.
struct ClipRender {
    /// The headless render writing the clip.
    let job: BackgroundRender
    /// The clip's file as the render is told it (relative to the working folder).
    let path: String
    /// The same file's absolute path, which the notices name: a window opened from a dock has
    /// no terminal, and its working folder is nowhere the user looked.
    let absolutePath: String
    /// The frames the file will hold (``ReplayVideoLength/frames(of:fps:)``).
    let frames: Int
    /// The file's frame rate, frames per second (the session's `--fps`).
    let fps: Int

    /// The file's length, seconds: ``frames`` ÷ ``fps``.
    var seconds: Double { Double(frames) / Double(max(fps, 1)) }
}
