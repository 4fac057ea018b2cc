/// A file scene's tunables as the lab's parameters: HUD rows, hotkeys, `--params`, A/B.
extension FileScene {
    /// The lab's own single-letter keys (Sources/Lab: `LabMoment+Hotkeys.swift`'s B E G H I J K
    /// N P S W X Z, with `LabMoment.shellKeys`), which a tunable never gets by default.
    static let labKeys: Set<String> = ["b", "e", "g", "h", "i", "j", "k", "n", "p", "s", "w", "x", "z"]

    /// `tunables` as parameters in file order, at `values`: the file's key, else the next free
    /// lower-case letter (not the lab's, not another tunable's), else none (no HUD row);
    /// default the file's value; one key press adds `step`.
    static func makeParameters(_ tunables: [SceneFileTunable], values: [String: Double]) -> [SceneParameter] {
        var taken = labKeys.union(tunables.map(\.key).filter { !$0.isEmpty })
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        return tunables.map { t in
            var key = t.key
            if key.isEmpty, let free = letters.first(where: { !taken.contains($0) }) {
                key = free
                taken.insert(free)
            }
            var p = SceneParameter(name: t.name, unit: t.unit, key: key, range: t.range, defaultValue: t.value, step: .add(t.step))
            p.value = values[t.name] ?? t.value
            return p
        }
    }

    /// Sets tunable `name` (clamped to its range) and applies it at once to the live behaviours.
    public func setParameter(_ name: String, to value: Double) {
        guard !value.isNaN, let i = parameters.firstIndex(where: { $0.name == name }) else { return }
        let r = parameters[i].range
        let v = min(max(value, r.lowerBound), r.upperBound)
        values[name] = v
        parameters[i].value = v
        tunablesChanged()
    }

    /// The tunables' values changed: live behaviours read them again.
    func tunablesChanged() {
        applyBindings()
        for g in gestures { g.retune() }
    }
}
