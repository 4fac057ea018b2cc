import Scenes

/// The three-way merge of a parameters file by scene section and key: what the session changed
/// since the file was read or saved goes in, what someone else changed on disk stays, and a key
/// both changed to different values is a conflict.
package struct ParameterMerge: Equatable {
    /// The merged file (a conflict's key holds the session's value).
    package var result: ParameterStore.Sections = [:]
    /// `scene.key` of every entry taken from the outside edit (changed, added or removed there), sorted.
    package var kept: [String] = []
    /// `scene.key` of every entry both sides changed to different values, sorted.
    package var conflicts: [String] = []

    /// Merges by section and key.
    /// - Parameters:
    ///   - ours: the session's values now (a scene it opened has every parameter).
    ///   - oursBase: the session's values when the file was last read or saved.
    ///   - theirs: the file on disk now.
    ///   - theirsBase: what the file held when it was last read or saved.
    ///   - defaultValue: a parameter's value when a file does not name it (the scene's default);
    ///     nil for keys that have none. A missing variant is seed.
    package init(ours: ParameterStore.Sections, oursBase: ParameterStore.Sections,
                 theirs: ParameterStore.Sections, theirsBase: ParameterStore.Sections,
                 defaultValue: (_ scene: String, _ key: String) -> Double?) {
        func fallback(_ scene: String, _ key: String) -> ParameterStore.Entry? {
            key == "variant" ? .variant(.seed) : defaultValue(scene, key).map { .number($0) }
        }
        let scenes = Set(ours.keys).union(oursBase.keys).union(theirs.keys).union(theirsBase.keys)
        for scene in scenes {
            let keys = Set((ours[scene] ?? [:]).keys).union((oursBase[scene] ?? [:]).keys)
                .union((theirs[scene] ?? [:]).keys).union((theirsBase[scene] ?? [:]).keys)
            for key in keys {
                // The session's side compares effective values: opening a scene fills in
                // every default, which is no change. The file's side compares what it names.
                let was = oursBase[scene]?[key] ?? fallback(scene, key)
                let mine = ours[scene]?[key]
                let weChanged = mine != nil && mine != was
                let d = theirs[scene]?[key], m = theirsBase[scene]?[key]
                let theyChanged = d != m
                let name = "\(scene).\(key)"
                var value: ParameterStore.Entry?
                if weChanged {
                    value = mine
                    if theyChanged && d != mine { conflicts.append(name) }
                } else if theyChanged {
                    value = d
                    kept.append(name)
                } else {
                    // Unchanged on both sides: the file's entry, or the session's for a key
                    // the file never named (a plain save writes every parameter of an opened scene).
                    value = d ?? (m == nil ? mine : nil)
                }
                if let value { result[scene, default: [:]][key] = value }
            }
        }
        kept.sort()
        conflicts.sort()
    }
}
