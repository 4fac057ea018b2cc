import Foundation

/// What each parameters file held when this session last read or wrote it, so that Ctrl+S
/// notices someone else's change to the file and never overwrites it silently
/// (``ParameterStore/save(to:order:scene:definitions:)``).
///
/// A reference shared by every copy of a store (the timeline's checkpoints and log starts keep
/// copies): the file on disk is not part of the timeline, so stepping back must not make the
/// session forget what it last wrote.
package final class ParameterFileMemory {
    /// One file as the session last knew it.
    struct Known {
        /// The file's bytes, to tell cheaply that it did not change.
        var fingerprint: FileFingerprint
        /// Its content then.
        var disk: ParameterStore.Sections
        /// The session's values then (what "the session changed it since" compares against).
        var session: ParameterStore.Sections
        /// The scene a file of bare keys (`{"frequency": 8}`) applies to.
        var scene: String
    }

    /// Per path as the user gave it.
    var files: [String: Known] = [:]
    /// Why the last Ctrl+S of a path did not put the session's values into it (written beside
    /// it, or not written at all), per path; a later save that does removes it.
    package private(set) var problems: [String: String] = [:]

    /// A memory that knows no file yet.
    package init() {}

    /// Remembers that `path` holds `bytes`, read as `sections` (bare keys applying to `scene`),
    /// and that the session's values were `session` then.
    func remember(_ path: String, bytes: [UInt8], disk: ParameterStore.Sections, session: ParameterStore.Sections, scene: String) {
        files[path] = Known(fingerprint: FileFingerprint(Data(bytes)), disk: disk, session: session, scene: scene)
    }

    /// Records (or, with nil, clears) why a save of `path` did not happen.
    package func note(_ problem: String?, for path: String) {
        problems[path] = problem
    }
}
