extension FileScene {
    /// The scene file's title (the title line, the HUD's heading and the help card).
    public var title: String { model.title }
}
