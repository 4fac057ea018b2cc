extension FileScene {
    /// The scene file's title (the title line, the HUD's heading and the help card).
    public var title: String { model.title }

    /// The HUD's status line: while the file's last save does not read (``fileProblem``),
    /// that problem (the scene shown is the last good one), else the scene's own line.
    func statusLine(_ own: String) -> String {
        guard let problem = fileProblem?() else { return own }
        return "file does not read — " + problem
    }
}
