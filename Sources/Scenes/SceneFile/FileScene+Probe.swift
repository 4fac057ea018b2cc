import Views

/// The file scene's answers to a fuzzer's probe (``SceneProbing``): its window; no collection
/// view and no bound on what it shows (the file says how many layers).
extension FileScene {
    /// The scene's window.
    public var probedWindow: Window? { host.window }
}
