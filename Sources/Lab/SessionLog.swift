import Geometry
import Scenes

/// Everything a session did since it opened, kept so that a Ctrl+R recording can rebuild the
/// state the user saw before pressing it: what the session started from (``Start``), then every
/// input it dispatched, every resize and every frame it stepped (its `now` and `realDt`), in order.
///
/// A recording replays the whole log (the prelude) and then its own span, so its first recorded
/// frame shows exactly what the live session showed: a selection, a scroll offset, an open card,
/// a line-up changed by earlier exchanges, the compare, slow motion and pause are all the outcome
/// of inputs the log holds. Keys that act outside the session's frames (Ctrl+R, Ctrl+S, Ctrl+Q,
/// the screenshot and export keys) are left out: replayed, they would write files or stop the run.
///
/// The log is bounded (``maximumLines``: 400 000 lines are close to an hour of 60 Hz frames with
/// the pointer moving all along; an idle window steps no frames): past it, it is dropped and
/// ``isComplete`` turns false; the next recording then starts a new log from its own start, as
/// recordings did before (the state before it is not included).
package struct SessionLog {
    /// What a log starts from: what `kinetic run` needs to open the same session again.
    package struct Start {
        /// The scene first opened (`--scene`).
        package var scene: SceneKind
        /// The cell count (`--items`), nil for the scene's default.
        package var items: Int?
        /// The dynamics scene's demo (`--demo`) when ``scene`` is the dynamics scene, else nil.
        package var demo: String?
        /// `--variant`, nil when not given (each scene's variant is then in ``stores``).
        package var variant: SceneVariant?
        /// Whether the A/B compare was on (`--compare`).
        package var compare: Bool
        /// The window's size, points (`--size`).
        package var size: Size
        /// The frame clock's rate, Hz (`--fps`): refresh intervals snap frame times.
        package var frameRate: Double
        /// A's parameters and, when two files were loaded, B's (`--params`), as they were.
        package var stores: [ParameterStore]
        /// The exchange line-up as it was (`--data`), nil for the sample.
        package var exchangeModel: ExchangeModel?
        /// App time the log starts at, seconds: 0 for a log from the session's start, else the
        /// time a recording started without one (its lines are retimed from it).
        package var origin: Double
        /// Whether the log starts where the session started, so its replay is exact.
        package var isSessionStart: Bool
    }

    /// What the log starts from.
    package var start: Start
    /// The lines since ``start``, in the order the session saw them.
    package private(set) var lines: [ScriptLine] = []
    /// False once the log outgrew ``maximumLines`` and was dropped.
    package private(set) var isComplete = true
    /// The most lines kept (inputs, frames and resizes together): 400 000, some 20 MB.
    package var maximumLines = 400_000

    /// An empty log from `start`.
    package init(start: Start) {
        self.start = start
    }

    /// A log from `start` holding `lines` (a moment of the timeline: the lines up to it).
    package init(start: Start, lines: [ScriptLine]) {
        self.start = start
        self.lines = lines
    }

    /// Whether one more line fits.
    package var hasRoom: Bool { lines.count < maximumLines }

    /// Appends `line`; past ``maximumLines`` the log is dropped instead (``isComplete`` false).
    package mutating func append(_ line: ScriptLine) {
        guard isComplete else { return }
        guard hasRoom else {
            isComplete = false
            lines = []
            return
        }
        lines.append(line)
    }

    /// Takes back the line just appended (a key that turned out to be a screenshot or export).
    package mutating func removeLast() {
        if isComplete && !lines.isEmpty { lines.removeLast() }
    }

    /// The log's lines with a mark before line `index`, retimed from ``Start/origin``, as
    /// script text (one line each, numbers in full).
    package func script(markingAt index: Int, markTime: Double) -> String {
        let mark = ScriptLine.mark(at: markTime).retimed(from: start.origin).text(exact: true) + "\n"
        var out = ""
        out.reserveCapacity(lines.count * 48)
        for (i, line) in lines.enumerated() {
            if i == index { out += mark }
            out += line.retimed(from: start.origin).text(exact: true) + "\n"
        }
        if index >= lines.count { out += mark }
        return out
    }
}

/// A session's own start (``SessionLog/Start/isSessionStart``), kept beside the memberwise initializer.
extension SessionLog.Start {
    /// The start of a session opened as `configuration` says, in a window of `size` points
    /// refreshing `frameRate` times a second, with `stores` (A's, then B's when loaded) and the
    /// line-up `exchangeModel`.
    package init(opening configuration: LabConfiguration, size: Size, frameRate: Double, stores: [ParameterStore],
                 exchangeModel: ExchangeModel?) {
        self.init(scene: configuration.scene, items: configuration.items, demo: configuration.demo,
                  variant: configuration.variant, compare: configuration.compare, size: size, frameRate: frameRate,
                  stores: stores, exchangeModel: exchangeModel, origin: 0, isSessionStart: true)
    }
}
