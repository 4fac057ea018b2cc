import Geometry
import Gestures
import Scenes

/// One line of a `--script`: an input, or (in a Ctrl+R recording) a frame the live session
/// stepped, a resize of its window, the mark where the recording began, or a paste.
///
/// A script without frame lines is replayed as it always was: each input at the first headless
/// frame at or after its time. A script with frame lines (a recording) is replayed exactly: each
/// frame line is one ``LabSession/step(realDt:)`` at app time ``timestamp`` with its `realDt`, and
/// the lines before it are delivered in file order just before it, as the live session did.
package enum ScriptLine: Equatable {
    /// An input event, delivered through ``LabSession/dispatch(_:)``.
    case input(InputEvent)
    /// A frame: the app clock's `now` (seconds) and the real seconds since the previous frame
    /// (`{"t": now, "type": "frame", "dt": realDt}`).
    case frame(now: Double, realDt: Double)
    /// The window became `size` points at app time `t` (`{"t", "type": "resize", "width", "height"}`).
    case resize(Size, at: Double)
    /// Where a Ctrl+R recording began (`{"t", "type": "mark"}`): frames before it are the
    /// prelude that rebuilds the state the user saw, simulated but not put into `--video`.
    case mark(at: Double)
    /// Ctrl+V pasted `text` at app time `t` (`{"t", "type": "paste", "text"}`): the text itself is
    /// kept, so a replay imports what was pasted, whatever the clipboard holds then.
    case paste(String, at: Double)
    /// At app time `t`, the timeline's playhead moves to session time `to` (seconds; `{"t", "type":
    /// "scrub", "to"}`): the session shows that moment exactly (``LabSession/scrub(to:)``), then
    /// time runs on from it (unless paused) and later input continues from there. A scripted
    /// drag of the timeline's playhead; the session's log never holds one (it holds what the
    /// scrub left: the input up to `to`).
    case scrub(to: Double, at: Double)
    /// At app time `t`, both halves' parameters become `snapshot`'s (`{"t", "type": "params", "a",
    /// "b"}`): what a re-run sets at the moment it starts from and what Ctrl+Z puts back, so a
    /// replay sets them at the same moment (``LabMoment/setParameters(_:)``).
    case parameters(ParameterSnapshot, at: Double)
    /// At app time `t`, re-runs the input that followed session time `from` on the parameters as
    /// they are now (`{"t", "type": "rerun", "from"}`; the key Enter): the moment `from` is
    /// rebuilt, the current values are set on it, and the input after it plays again at its
    /// own times (``LabSession/rerun(from:)``). Like `scrub`, the log never holds one: it holds
    /// what the re-run did.
    case rerun(from: Double, at: Double)

    /// The line's time on the app clock, seconds.
    package var timestamp: Double {
        switch self {
        case .input(let e): e.timestamp
        case .frame(let now, _): now
        case .resize(_, let t), .mark(let t), .paste(_, let t), .scrub(_, let t), .parameters(_, let t), .rerun(_, let t): t
        }
    }

    /// The input event, for an input line.
    package var input: InputEvent? {
        if case .input(let e) = self { return e }
        return nil
    }

    /// Whether this is a frame line.
    package var isFrame: Bool {
        if case .frame = self { return true }
        return false
    }

    /// One line of JSON (no newline). Numbers are written in full (`exact`, a recording's lines:
    /// they must read back as the same doubles) or, for inputs, rounded to 4 decimals as
    /// `--record` always wrote them.
    package func text(exact: Bool) -> String {
        func n(_ v: Double) -> JSONValue { .number(v) }
        switch self {
        case .input(let e): return InputScript.line(e, places: exact ? nil : 4)
        case .frame(let now, let dt):
            return JSONValue.object([("t", n(now)), ("type", .string("frame")), ("dt", n(dt))]).compactText
        case .resize(let s, let t):
            return JSONValue.object([("t", n(t)), ("type", .string("resize")), ("width", n(s.width)), ("height", n(s.height))]).compactText
        case .mark(let t):
            return JSONValue.object([("t", n(t)), ("type", .string("mark"))]).compactText
        case .paste(let text, let t):
            return JSONValue.object([("t", n(t)), ("type", .string("paste")), ("text", .string(text))]).compactText
        case .scrub(let to, let t):
            return JSONValue.object([("t", n(t)), ("type", .string("scrub")), ("to", n(to))]).compactText
        case .parameters(let p, let t):
            return JSONValue.object([("t", n(t)), ("type", .string("params"))] + p.fields).compactText
        case .rerun(let from, let t):
            return JSONValue.object([("t", n(t)), ("type", .string("rerun")), ("from", n(from))]).compactText
        }
    }

    /// The line with its time (and a frame's `now`) moved back by `origin` seconds.
    package func retimed(from origin: Double) -> ScriptLine {
        guard origin != 0 else { return self }
        switch self {
        case .input(let e): return .input(e.retimed(e.timestamp - origin))
        case .frame(let now, let dt): return .frame(now: now - origin, realDt: dt)
        case .resize(let s, let t): return .resize(s, at: t - origin)
        case .mark(let t): return .mark(at: t - origin)
        case .paste(let text, let t): return .paste(text, at: t - origin)
        case .scrub(let to, let t): return .scrub(to: to - origin, at: t - origin)
        case .parameters(let p, let t): return .parameters(p, at: t - origin)
        case .rerun(let from, let t): return .rerun(from: from - origin, at: t - origin)
        }
    }
}
