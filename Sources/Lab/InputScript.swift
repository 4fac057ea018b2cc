import Foundation
import Glibc
import Geometry
import Gestures
import Scenes

/// Reads and writes input scripts: JSON Lines, one ``InputEvent`` a line (docs/DESIGN.md, "Command line").
package enum InputScript {
    /// The latest time an event may have, seconds (one day): keeps a typo such as `1.6e17` from
    /// overflowing the frame count, or `1e6` from running a headless replay for days.
    package static let maximumTime: Double = 86_400

    /// Parses a script file's input events (a recording's frame, resize and mark lines left
    /// out); errors name the file, line and problem.
    package static func load(_ path: String) throws -> [InputEvent] {
        try loadLines(path).compactMap(\.input)
    }

    /// Parses a script file, every line; errors name the file, line and problem. A script
    /// without frame lines is sorted by time (stable, so a hand-written script may list events
    /// out of order); one with frame lines (a Ctrl+R recording) keeps its order, which is the
    /// order the live session saw.
    package static func loadLines(_ path: String) throws -> [ScriptLine] {
        var bytes = try InputFile.read(path, as: "script")
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) } // a byte-order mark
        var events: [ScriptLine] = []
        // Lines end in LF or CRLF; each is read as bytes, so a byte that is not UTF-8 is reported
        // with its line and column instead of making the whole file unreadable.
        for (n, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            let first = line.first { $0 != 0x20 && $0 != 0x09 }
            if first == nil || first == UInt8(ascii: "#") { continue }
            // Parsed untrimmed, so a column in a message is the column in the file.
            events.append(try parseLine(Data(line), where: "\(path):\(n + 1)"))
        }
        if events.contains(where: \.isFrame) { return events }
        // Stable by time, so a hand-written script may list events out of order.
        return events.enumerated().sorted { $0.element.timestamp != $1.element.timestamp ? $0.element.timestamp < $1.element.timestamp : $0.offset < $1.offset }.map(\.element)
    }

    package static func parse(_ line: String, where place: String) throws -> InputEvent {
        try parse(Data(line.utf8), where: place)
    }

    /// The input event on one line of a script, `place` being `file:line`; a frame, resize or
    /// mark line is refused here (``parseLine(_:where:)`` reads every kind).
    package static func parse(_ line: Data, where place: String) throws -> InputEvent {
        let parsed = try parseLine(line, where: place)
        guard let e = parsed.input else { throw KineticError("\(place): expected an input event, got a frame, resize or mark line") }
        return e
    }

    /// The line of a script at `place` (`file:line`): an input, a frame, a resize or a mark.
    package static func parseLine(_ line: Data, where place: String) throws -> ScriptLine {
        let parsed = try JSONInput.parse(line, in: place, multiline: false)
        guard let obj = parsed as? [String: Any] else {
            throw KineticError("\(place): expected a JSON object such as {\"t\": 0.5, \"type\": \"down\", \"x\": 100, \"y\": 200}, got \(JSONInput.describe(parsed))")
        }
        func num(_ k: String) throws -> Double {
            guard let raw = obj[k] else { throw KineticError("\(place): missing \"\(k)\"") }
            guard let d = JSONInput.number(raw) else {
                throw KineticError("\(place): \"\(k)\" must be a number, got \(JSONInput.describe(raw))")
            }
            guard d.isFinite else { throw KineticError("\(place): \"\(k)\" is not finite") }
            return d
        }
        let t = try num("t")
        guard t >= 0, t <= maximumTime else {
            throw KineticError("\(place): \"t\" is \(t) s; an event's time must be between 0 and \(Int(maximumTime)) s (one day)")
        }
        /// `"name" must be TYPE, got …` for a value of the wrong type (not "missing").
        func wrongType(_ k: String, _ expected: String) -> KineticError {
            KineticError("\(place): \"\(k)\" must be \(expected), got \(JSONInput.describe(obj[k]!))")
        }
        guard let rawType = obj["type"] else { throw KineticError("\(place): missing \"type\"") }
        guard let type = rawType as? String else { throw wrongType("type", "a string such as \"down\"") }
        func button() throws -> PointerButton {
            guard let name = obj["button"] else { return .left }
            switch name as? String {
            case "left": return .left
            case "right": return .right
            case "middle": return .middle
            default: throw KineticError("\(place): unknown button \(name) (use left, right, middle)")
            }
        }
        func point() throws -> Point { Point(x: try num("x"), y: try num("y")) }
        func modifiers() throws -> KeyModifiers {
            var mods: KeyModifiers = []
            guard let raw = obj["mods"] else { return mods }
            guard let names = raw as? [Any] else { throw wrongType("mods", "a list such as [\"shift\"]") }
            for name in names {
                guard let m = name as? String else {
                    throw KineticError("\(place): \"mods\" must hold names such as \"shift\", got \(JSONInput.describe(name))")
                }
                guard let mod = KeyModifiers(scriptName: m) else { throw KineticError("\(place): unknown modifier \"\(m)\" (use shift, ctrl, alt, cmd)") }
                mods.insert(mod)
            }
            return mods
        }
        // A misspelt field ("buton") is an error: ignored, it would silently change the event.
        let fields: [String]? = switch type {
        case "down", "move", "up", "cancel": ["t", "type", "x", "y", "button", "mods"]
        case "wheel": ["t", "type", "x", "y", "dx", "dy", "mods"]
        case "key", "keyup": ["t", "type", "key", "mods", "repeat"]
        case "focuslost", "blur", "leave", "mark": ["t", "type"]
        case "frame": ["t", "type", "dt"]
        case "resize": ["t", "type", "width", "height"]
        case "paste": ["t", "type", "text"]
        case "scrub": ["t", "type", "to"]
        case "params": ["t", "type", "a", "b"]
        case "rerun": ["t", "type", "from"]
        default: nil
        }
        if let fields, let unknown = obj.keys.sorted().first(where: { !fields.contains($0) }) {
            throw KineticError("\(place): unknown field \"\(unknown)\" on a \"\(type)\" line (its fields: \(fields.joined(separator: ", ")))")
        }
        /// The input event of a line of `type` at time `t`.
        func parseInput(_ type: String, t: Double) throws -> InputEvent {
            switch type {
            case "down": return .pointer(.down(try point(), at: t, button: try button(), modifiers: try modifiers()))
            case "move": return .pointer(.moved(try point(), at: t, button: try button(), modifiers: try modifiers()))
            case "up": return .pointer(.up(try point(), at: t, button: try button(), modifiers: try modifiers()))
            case "cancel": return .pointer(.cancelled(try point(), at: t, button: try button(), modifiers: try modifiers()))
            case "wheel":
                // dx and dy may be left out (0), but a value given must be a finite number.
                func delta(_ k: String) throws -> Double { obj[k] == nil ? 0 : try num(k) }
                return .scroll(ScrollEvent(location: try point(), delta: Vector(dx: try delta("dx"), dy: try delta("dy")),
                                           timestamp: t, modifiers: try modifiers()))
            case "key", "keyup":
                guard let rawKey = obj["key"] else { throw KineticError("\(place): missing \"key\"") }
                guard let key = rawKey as? String, !key.isEmpty else { throw wrongType("key", "a key name such as \"f\"") }
                let mods = try modifiers()
                var isRepeat = false
                if let raw = obj["repeat"] {
                    // JSONSerialization gives booleans as NSNumber: only true and false count (not 1).
                    guard let n = raw as? NSNumber, String(cString: n.objCType) == "c" else { throw wrongType("repeat", "true or false") }
                    isRepeat = n.boolValue
                }
                return .key(KeyEvent(type == "key" ? .down : .up, key: key, modifiers: mods, timestamp: t, isRepeat: isRepeat))
            case "focuslost", "blur": return .focusLost(timestamp: t)
            case "leave": return .pointerExited(timestamp: t)
            default:
                throw KineticError("\(place): unknown type \"\(type)\" (use down, move, up, cancel, wheel, key, keyup, focuslost, leave, frame, resize, mark, paste, scrub, params, rerun)")
            }
        }
        switch type {
        case "frame":
            let dt = try num("dt")
            guard dt >= 0, dt <= maximumTime else {
                throw KineticError("\(place): \"dt\" is \(dt) s; a frame's real time must be between 0 and \(Int(maximumTime)) s")
            }
            return .frame(now: t, realDt: dt)
        case "resize":
            let w = try num("width"), h = try num("height")
            guard (1...maximumSide).contains(w), (1...maximumSide).contains(h) else {
                throw KineticError("\(place): a resize must be from 1x1 to \(Int(maximumSide))x\(Int(maximumSide)) points, got \(w)x\(h)")
            }
            return .resize(Size(width: w, height: h), at: t)
        case "mark": return .mark(at: t)
        case "paste":
            guard let raw = obj["text"] else { throw KineticError("\(place): missing \"text\"") }
            guard let text = raw as? String else { throw wrongType("text", "the pasted text, a string") }
            return .paste(text, at: t)
        case "scrub":
            let to = try num("to")
            guard to >= 0, to <= maximumTime else {
                throw KineticError("\(place): \"to\" is \(to) s; a scrub's session time must be between 0 and \(Int(maximumTime)) s")
            }
            return .scrub(to: to, at: t)
        case "params":
            guard let a = obj["a"] else { throw KineticError("\(place): missing \"a\" (A's values, such as {\"drag\": {\"frequency\": 8}})") }
            return .parameters(ParameterSnapshot(a: try ParameterSnapshot.sections(a, field: "a", place: place),
                                                 b: try obj["b"].map { try ParameterSnapshot.sections($0, field: "b", place: place) }), at: t)
        case "rerun":
            let from = try num("from")
            guard from >= 0, from <= maximumTime else {
                throw KineticError("\(place): \"from\" is \(from) s; a re-run's session time must be between 0 and \(Int(maximumTime)) s")
            }
            return .rerun(from: from, at: t)
        default: return .input(try parseInput(type, t: t))
        }
    }

    /// The largest window side a resize line may give, points (as `--size`).
    package static let maximumSide: Double = 8192

    /// One line of JSON for `event` (no newline), its numbers rounded to `places` decimals
    /// (4, as `--record` writes them), or written in full (nil: a Ctrl+R recording, replayed exactly).
    package static func line(_ event: InputEvent, places: Int? = 4) -> String {
        func r(_ v: Double) -> JSONValue { places.map { JSONValue.rounded(v, $0) } ?? .number(v) }
        // "mods" only when some are held, on pointer, wheel and key lines alike.
        func appendModifiers(_ m: KeyModifiers, to o: inout [(String, JSONValue)]) {
            if !m.isEmpty { o.append(("mods", .array(m.scriptNames.map { .string($0) }))) }
        }
        let t: (String, JSONValue) = ("t", r(event.timestamp))
        let obj: [(String, JSONValue)]
        switch event {
        case .pointer(let e):
            let type = switch e.phase { case .down: "down"; case .moved: "move"; case .up: "up"; case .cancelled: "cancel" }
            var o: [(String, JSONValue)] = [t, ("type", .string(type)), ("x", r(e.location.x)), ("y", r(e.location.y))]
            switch e.button {
            case .left: break
            case .right: o.append(("button", .string("right")))
            case .middle: o.append(("button", .string("middle")))
            }
            appendModifiers(e.modifiers, to: &o)
            obj = o
        case .scroll(let e):
            var o: [(String, JSONValue)] = [t, ("type", .string("wheel")), ("x", r(e.location.x)), ("y", r(e.location.y)),
                                            ("dx", r(e.delta.dx)), ("dy", r(e.delta.dy))]
            appendModifiers(e.modifiers, to: &o)
            obj = o
        case .key(let e):
            var o: [(String, JSONValue)] = [t, ("type", .string(e.phase == .down ? "key" : "keyup")), ("key", .string(e.key))]
            appendModifiers(e.modifiers, to: &o)
            if e.isRepeat { o.append(("repeat", .bool(true))) }
            obj = o
        case .focusLost: obj = [t, ("type", .string("focuslost"))]
        case .pointerExited: obj = [t, ("type", .string("leave"))]
        }
        return JSONValue.object(obj).compactText
    }
}

extension KeyModifiers {
    /// Script names in a fixed order, for recording: "shift", "ctrl", "alt", "cmd".
    package var scriptNames: [String] {
        var n: [String] = []
        if contains(.shift) { n.append("shift") }
        if contains(.control) { n.append("ctrl") }
        if contains(.alt) { n.append("alt") }
        if contains(.command) { n.append("cmd") }
        return n
    }

    /// Parses a script's modifier name; nil for an unknown one.
    package init?(scriptName name: String) {
        switch name.lowercased() {
        case "shift": self = .shift
        case "ctrl", "control": self = .control
        case "alt", "option": self = .alt
        case "cmd", "command", "gui", "super": self = .command
        default: return nil
        }
    }
}

/// Records a live session as a script. Lines go to a temporary file as they happen (little is
/// lost if the app dies) and the file takes its final name when the session ends. A write that
/// fails (a full disk) stops the recording; ``finish()`` then reports it and removes the partial
/// file instead of naming it, so no cut-off script passes for the session.
package final class InputRecorder {
    /// The script's path as the user gave it (for messages), and the file it names.
    private let path: String
    private let target: String
    private let tmp: String
    private var fd: Int32
    /// The first write's failure (an `errno` value), or 0.
    private var failure: Int32 = 0

    /// Starts recording to `path` (through a temporary file beside it).
    package init(path: String) throws {
        self.path = path
        // Through a symlink to its target, as every other output is written: the link stays.
        target = AtomicFile.writeTarget(of: path)
        // `.NAME.recording-PID`: two runs recording to one name each have their own. A leftover
        // of an earlier process with this PID, or anything planted there (a symlink), is removed
        // first, and the file is created new (O_EXCL), so no other file is ever written through it.
        let url = URL(fileURLWithPath: target)
        tmp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(AtomicFile.shortened(url.lastPathComponent)).recording-\(getpid())").path
        unlink(tmp)
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw KineticError("cannot write \(path): \(AtomicFile.describe(errno))") }
    }

    /// Appends `event` as one script line (`--record`: times on the app clock, 4 decimals).
    package func record(_ event: InputEvent) {
        guard failure == 0, fd >= 0 else { return }
        failure = AtomicFile.writeAll(fd, Array((InputScript.line(event) + "\n").utf8))
    }

    /// Replaces what was recorded with `text` (the branch of the timeline shown, when the session
    /// moved between branches: a re-run, an undo, a resume from the past).
    package func replaceContents(with text: String) {
        guard failure == 0, fd >= 0 else { return }
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { failure = errno; return }
        failure = AtomicFile.writeAll(fd, Array(text.utf8))
    }

    /// Closes the script and removes it (the run never started).
    package func abandon() {
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(tmp)
    }

    /// Closes the script and gives it its name; throws when a write failed (the partial file is
    /// removed) or the rename does.
    package func finish() throws {
        if fd >= 0, close(fd) != 0, failure == 0 { failure = errno }
        fd = -1
        if failure != 0 {
            unlink(tmp)
            throw KineticError("cannot write \(path): \(AtomicFile.describe(failure)) — the recording is incomplete and was not kept")
        }
        // Keeps the mode, owner and hard links of a script it replaces, as every save does.
        do { try AtomicFile.replace(target, withCompleteFile: tmp) } catch let e as AtomicFile.WriteError {
            throw KineticError("cannot write \(path): \(e.reason)")
        }
    }
}
