extension SceneKind {
    /// The built-in scene called `name` (`drag` … `dynamics`); nil for any other name, `file`
    /// included (a scene file is opened by its path, never by that name).
    public init?(builtIn name: String) {
        guard let kind = SceneKind(rawValue: name), kind != .file else { return nil }
        self = kind
    }
}
