/// A render running beside the session, in a process of its own (a clip exported from the
/// timeline): the session polls it once a frame for its progress and its end.
package protocol BackgroundRender: AnyObject {
    /// Where it stands: its progress while it runs, then finished or failed. A render still
    /// running when the session ends runs on to its end in its own process.
    var state: BackgroundRenderState { get }
}

/// Where a ``BackgroundRender`` stands.
package enum BackgroundRenderState: Equatable, Sendable {
    /// Rendering: the share of its frames done, 0…1.
    case running(progress: Double)
    /// Done: the file is complete.
    case finished
    /// It failed: one line naming the cause.
    case failed(String)
}
