import Foundation
import Geometry
import Scenes

/// Reads and writes input scripts: JSON Lines, one ``SceneInput`` a line (DESIGN.md, Command line).
enum InputScript {
    /// The latest time an event may have, seconds (one day): keeps a typo such as `1.6e17` from
    /// overflowing the frame count, or `1e6` from running a headless replay for days.
    static let maximumTime: Double = 86_400

    /// Parses a script file; errors name the file, line and problem.
    static func load(_ path: String) throws -> [SceneInput] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw KineticError("cannot read script \(path)")
        }
        var events: [SceneInput] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            events.append(try parse(line, where: "\(path):\(n + 1)"))
        }
        // Stable by time, so a hand-written script may list events out of order.
        return events.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }.map(\.element)
    }

    static func parse(_ line: String, where place: String) throws -> SceneInput {
        guard let obj = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            throw KineticError("\(place): not a JSON object")
        }
        func num(_ k: String) throws -> Double {
            guard let d = JSONInput.number(obj[k]) else {
                throw KineticError("\(place): missing or non-numeric \"\(k)\"")
            }
            guard d.isFinite else { throw KineticError("\(place): \"\(k)\" is not finite") }
            return d
        }
        let t = try num("t")
        guard t >= 0, t <= maximumTime else {
            throw KineticError("\(place): \"t\" is \(t) s; an event's time must be between 0 and \(Int(maximumTime)) s (one day)")
        }
        guard let type = obj["type"] as? String else { throw KineticError("\(place): missing \"type\"") }
        switch type {
        case "down": return .down(Point(x: try num("x"), y: try num("y")), time: t)
        case "move": return .move(Point(x: try num("x"), y: try num("y")), time: t)
        case "up": return .up(Point(x: try num("x"), y: try num("y")), time: t)
        case "wheel":
            return .wheel(Point(x: try num("x"), y: try num("y")),
                          delta: Vector(dx: JSONInput.number(obj["dx"]) ?? 0, dy: JSONInput.number(obj["dy"]) ?? 0), time: t)
        case "key":
            guard let key = obj["key"] as? String, !key.isEmpty else { throw KineticError("\(place): missing \"key\"") }
            var mods: InputModifiers = []
            for m in (obj["mods"] as? [String]) ?? [] {
                guard let mod = InputModifiers(name: m) else { throw KineticError("\(place): unknown modifier \"\(m)\" (use shift, ctrl, alt, cmd)") }
                mods.insert(mod)
            }
            return .key(key.lowercased(), modifiers: mods, time: t)
        case "focuslost", "blur": return .focusLost(time: t)
        default:
            throw KineticError("\(place): unknown type \"\(type)\" (use down, move, up, wheel, key)")
        }
    }

    /// One line of JSON for `event` (no newline).
    static func line(_ event: SceneInput) -> String {
        func r(_ v: Double) -> JSONValue { JSONValue.rounded(v, 4) }
        let t: (String, JSONValue) = ("t", r(event.time))
        let obj: [(String, JSONValue)]
        switch event {
        case let .down(p, _): obj = [t, ("type", .string("down")), ("x", r(p.x)), ("y", r(p.y))]
        case let .move(p, _): obj = [t, ("type", .string("move")), ("x", r(p.x)), ("y", r(p.y))]
        case let .up(p, _): obj = [t, ("type", .string("up")), ("x", r(p.x)), ("y", r(p.y))]
        case let .wheel(p, d, _): obj = [t, ("type", .string("wheel")), ("x", r(p.x)), ("y", r(p.y)), ("dx", r(d.dx)), ("dy", r(d.dy))]
        case let .key(k, m, _):
            var o: [(String, JSONValue)] = [t, ("type", .string("key")), ("key", .string(k))]
            if !m.isEmpty { o.append(("mods", .array(m.names.map { .string($0) }))) }
            obj = o
        case .focusLost: obj = [t, ("type", .string("focuslost"))]
        }
        return JSONValue.object(obj).compactText
    }
}

/// Records a live session as a script. Lines go to a temporary file as they happen (little is
/// lost if the app dies) and the file takes its final name when the session ends.
final class InputRecorder {
    private let path: String
    private let tmp: String
    private let handle: FileHandle

    init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).recording").path
        guard FileManager.default.createFile(atPath: tmp, contents: nil), let h = FileHandle(forWritingAtPath: tmp) else {
            throw KineticError("cannot write \(path)")
        }
        handle = h
    }

    func record(_ event: SceneInput) {
        handle.write(Data((InputScript.line(event) + "\n").utf8))
    }

    func finish() throws {
        try handle.close()
        if rename(tmp, path) != 0 { throw KineticError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }
}
