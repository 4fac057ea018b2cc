import Testing
import Foundation
@testable import Lab

/// Issue 40: broken scene files, each refused with one line naming the file, the line and
/// column of the value (or key) at fault, and the problem. Each case's text marks the place
/// the error must point at with `‸` (removed before reading); the expected line and column are
/// counted from it here, independently of the reader.
@Suite struct SceneFileBadFilesTests {
    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let message: String
        var testDescription: String { name }
        init(_ name: String, _ text: String, _ message: String) { self.name = name; self.text = text; self.message = message }
    }

    static let layers = #"""
        {"id": "sheet", "type": "rectangle", "frame": [0, 500, 390, 800]},
        {"id": "handle", "type": "rectangle", "frame": [0, 0, 40, 5]},
        {"id": "dot", "type": "circle", "frame": [0, 0, 10, 10]},
        {"id": "card", "type": "group", "frame": [0, 0, 100, 100]}
    """#
    static let tunables = #"""
        {"name": "freq", "value": 3, "min": 0, "max": 10},
        {"name": "bounce", "value": 0.5, "min": 0, "max": 5}
    """#

    /// A scene file of these parts, one top-level key a line.
    static func scene(stage: String = #"{"size": [400, 800]}"#, tunables: String = Self.tunables, layers: String = Self.layers,
                      behaviors: String = "", gestures: String = "") -> String {
        """
        {
          "kinetic": 1,
          "stage": \(stage),
          "tunables": [
        \(tunables)
          ],
          "layers": [
        \(layers)
          ],
          "behaviors": [
        \(behaviors)
          ],
          "gestures": [
        \(gestures)
          ]
        }
        """
    }

    /// A file of `count` circles `l0`, `l1`, … (the 10,001-layer case and the 10,000 that read),
    /// the last one after `mark`.
    static func layersFile(count: Int, mark: String = "") -> String {
        let layers = (0..<count).map { #"{"id": "l\#($0)", "type": "circle", "frame": [0, 0, 10, 10]}"# }
        return #"{"kinetic": 1, "stage": {"size": [400, 800]}, "layers": [\#n\#(layers.dropLast().joined(separator: ",\n")),\#n\#(mark)\#(layers.last!)]}"#
    }

    static let cases: [BadFile] = [
        // The file as a whole.
        BadFile("empty file", "‸", "the file is empty; a scene file is a JSON object {\"kinetic\": 1, \"stage\": {\"size\": [width, height]}, …}"),
        BadFile("only blanks", "\n  \n‸", "the file is blank; a scene file is a JSON object {\"kinetic\": 1, \"stage\": {\"size\": [width, height]}, …}"),
        BadFile("not an object", "\n‸[1, 2]", "the file must be an object {…} (got an array)"),
        BadFile("trailing comma", "{\"kinetic\": 1,\n‸}", "a ',' before '}' (JSON allows no comma after the last item)"),
        BadFile("not UTF-8", "{\"title\": \"caf‸\u{FFFD}\"}", "not UTF-8 text (byte 0xFF)"),
        BadFile("NaN", scene(layers: #"{"id": "a", "type": "circle", "frame": [‸NaN, 0, 1, 1]}"#), "numbers must be finite (got NaN)"),
        BadFile("1e999", scene(stage: #"{"size": [‸1e999, 800]}"#), "numbers must be finite (got 1e999)"),
        BadFile("duplicate key", scene(layers: #"{"id": "a", "type": "circle", ‸"type": "rectangle", "frame": [0, 0, 1, 1]}"#),
                "the key \"type\" appears twice in one object"),
        // The top level and the stage.
        BadFile("missing version", "‸{\"stage\": {\"size\": [1, 1]}}", "missing \"kinetic\" (the format's version, 1)"),
        BadFile("wrong version", "{\"kinetic\": ‸2, \"stage\": {\"size\": [1, 1]}}", "\"kinetic\" must be 1 (the format's version) (got 2)"),
        BadFile("missing stage", "‸{\"kinetic\": 1}", "missing \"stage\" (an object with \"size\": [width, height])"),
        BadFile("unknown top-level key", "{\"kinetic\": 1, ‸\"layer\": []}", "unknown key \"layer\" at the top level (did you mean \"layers\"?)"),
        BadFile("stage size a string", scene(stage: #"{"size": ‸"big"}"#), "stage: \"size\" must be [width, height] (got \"big\")"),
        BadFile("huge stage", scene(stage: #"{"size": [‸20000, 800]}"#), "stage: \"size\" width must be a number from 1 to 10000 (got 20000)"),
        BadFile("title not a string", "{\"kinetic\": 1, \"stage\": {\"size\": [1, 1]}, \"title\": ‸7}", "\"title\" must be a string (got 7)"),
        BadFile("layers not an array", "{\"kinetic\": 1, \"stage\": {\"size\": [1, 1]}, \"layers\": ‸{}}", "\"layers\" must be an array of layers (got an object)"),
        // Layers.
        BadFile("unknown layer key", scene(layers: ##"{"id": "sheet", "type": "rectangle", "frame": [0, 0, 1, 1], ‸"colour": "#FFFFFF"}"##),
                "unknown key \"colour\" in layer 'sheet' (did you mean \"color\"?)"),
        BadFile("corner radius a string", scene(layers: #"{"id": "sheet", "type": "rectangle", "frame": [0, 0, 1, 1], "cornerRadius": ‸"16"}"#),
                "layer 'sheet': \"cornerRadius\" must be a number ≥ 0 (got \"16\")"),
        BadFile("missing frame", scene(layers: #"‸{"id": "sheet", "type": "rectangle"}"#), "layer 'sheet': missing \"frame\" ([x, y, width, height])"),
        BadFile("missing id", scene(layers: Self.layers + #", ‸{"type": "rectangle"}"#), "layer 5: missing \"id\" (letters, digits, - and _)"),
        BadFile("frame of three", scene(layers: #"{"id": "a", "type": "circle", "frame": ‸[0, 0, 1]}"#),
                "layer 'a': \"frame\" must be [x, y, width, height] (got 3 items)"),
        BadFile("huge coordinate", scene(layers: #"{"id": "a", "type": "circle", "frame": [‸1000000, 0, 1, 1]}"#),
                "layer 'a': \"frame\" x must be a number from -100000 to 100000 (got 1000000)"),
        BadFile("huge width", scene(layers: #"{"id": "a", "type": "circle", "frame": [0, 0, ‸10001, 1]}"#),
                "layer 'a': \"frame\" width must be a number from 0 to 10000 (got 10001)"),
        BadFile("number beyond every limit", scene(layers: #"{"id": "a", "type": "circle", "frame": [0, 0, 1, 1], "rotation": ‸1e300}"#),
                "layer 'a': \"rotation\" is 1e+300, beyond ±1000000 (no number in a scene file may be larger)"),
        BadFile("opacity 2", scene(layers: #"{"id": "a", "type": "circle", "frame": [0, 0, 1, 1], "opacity": ‸2}"#),
                "layer 'a': \"opacity\" must be a number from 0 to 1 (got 2)"),
        BadFile("z not an integer", scene(layers: #"{"id": "a", "type": "circle", "frame": [0, 0, 1, 1], "z": ‸1.5}"#),
                "layer 'a': \"z\" must be an integer (got 1.5)"),
        BadFile("bad colour", scene(layers: #"{"id": "a", "type": "circle", "frame": [0, 0, 1, 1], "color": ‸"red"}"#),
                "layer 'a': \"color\" must be a colour \"#RRGGBB\" or \"#RRGGBBAA\" (got \"red\")"),
        BadFile("bad layer type", scene(layers: #"{"id": "a", "type": ‸"square", "frame": [0, 0, 1, 1]}"#),
                "layer 1: \"type\" must be one of \"rectangle\", \"circle\", \"text\", \"image\", \"group\" (got \"square\")"),
        BadFile("bad id", scene(layers: #"{"id": ‸"a b", "type": "circle", "frame": [0, 0, 1, 1]}"#),
                "layer 1: \"id\" must be an id of ASCII letters, digits, - and _ (got \"a b\")"),
        BadFile("duplicate id", scene(layers: Self.layers + #", {"id": ‸"dot", "type": "circle", "frame": [0, 0, 1, 1]}"#),
                "layer 5: \"id\": layer 3 already has the id \"dot\""),
        BadFile("a key of another type", scene(layers: #"{"id": "a", "type": "circle", "frame": [0, 0, 1, 1], ‸"cornerRadius": 3}"#),
                "\"cornerRadius\" in layer 'a' is only for rectangle and image layers"),
        BadFile("text without text", scene(layers: #"‸{"id": "t", "type": "text", "frame": [0, 0, 1, 1]}"#), "layer 't': missing \"text\" (a string)"),
        BadFile("bad alignment", scene(layers: #"{"id": "t", "type": "text", "frame": [0, 0, 1, 1], "text": "", "align": ‸"centre"}"#),
                "layer 't': \"align\" must be one of \"left\", \"center\", \"right\" (got \"centre\"; did you mean \"center\"?)"),
        BadFile("unknown parent", scene(layers: Self.layers + #", {"id": "a", "type": "circle", "frame": [0, 0, 1, 1], "parent": ‸"crad"}"#),
                "layer 'a': \"parent\": layer \"crad\" does not exist (layers: sheet, handle, dot, card, a)"),
        BadFile("parent not a group", scene(layers: Self.layers + #", {"id": "a", "type": "circle", "frame": [0, 0, 1, 1], "parent": ‸"sheet"}"#),
                "layer 'a': \"parent\": layer \"sheet\" is a rectangle layer, not a group"),
        BadFile("groups in a loop", scene(layers: #"""
            {"id": "g1", "type": "group", "frame": [0, 0, 1, 1], "parent": "g3"},
            {"id": "g2", "type": "group", "frame": [0, 0, 1, 1], "parent": ‸"g1"},
            {"id": "g3", "type": "group", "frame": [0, 0, 1, 1], "parent": "g2"}
            """#), "layer 'g2': \"parent\" makes a loop of groups: g1 → g3 → g2 → g1 (a group cannot be inside itself)"),
        BadFile("a group in itself", scene(layers: #"{"id": "g", "type": "group", "frame": [0, 0, 1, 1], "parent": ‸"g"}"#),
                "layer 'g': \"parent\" makes a loop of groups: g → g (a group cannot be inside itself)"),
        BadFile("10,001 layers", layersFile(count: 10_001, mark: "‸"), "\"layers\" holds 10001 layers, over the limit of 10000"),
        // Images (the folder holds pictures/pic.png, fake.png, a folder dir.png and link.png, a link to ../outside.png).
        BadFile("image not a PNG", scene(layers: #"{"id": "p", "type": "image", "frame": [0, 0, 1, 1], "src": ‸"fake.png"}"#),
                "layer 'p': \"src\" \"fake.png\" is not a PNG image (it does not start with PNG's signature)"),
        BadFile("image outside the folder", scene(layers: #"{"id": "p", "type": "image", "frame": [0, 0, 1, 1], "src": ‸"pictures/../../outside.png"}"#),
                "layer 'p': \"src\" \"pictures/../../outside.png\" leads outside the scene file's folder"),
        BadFile("image by absolute path", scene(layers: #"{"id": "p", "type": "image", "frame": [0, 0, 1, 1], "src": ‸"/etc/hostname"}"#),
                "layer 'p': \"src\" \"/etc/hostname\" is an absolute path; write it relative to the scene file's folder"),
        BadFile("image through a symlink out", scene(layers: #"{"id": "p", "type": "image", "frame": [0, 0, 1, 1], "src": ‸"link.png"}"#),
                "layer 'p': \"src\" \"link.png\" leads outside the scene file's folder (through a symbolic link, to ROOT/outside.png)"),
        BadFile("image missing", scene(layers: #"{"id": "p", "type": "image", "frame": [0, 0, 1, 1], "src": ‸"pictures/nope.png"}"#),
                "layer 'p': \"src\" \"pictures/nope.png\" cannot be read: no such file (looked for FOLDER/pictures/nope.png)"),
        BadFile("image a folder", scene(layers: #"{"id": "p", "type": "image", "frame": [0, 0, 1, 1], "src": ‸"dir.png"}"#),
                "layer 'p': \"src\" \"dir.png\" is not a file (a folder, device, FIFO or socket)"),
        // Tunables.
        BadFile("min not below max", scene(tunables: #"{"name": "f", "value": 1, "min": 5, "max": ‸1}"#),
                "tunable 'f': \"max\" (1) must be greater than \"min\" (5)"),
        BadFile("value out of range", scene(tunables: #"{"name": "f", "value": ‸11, "min": 0, "max": 10}"#),
                "tunable 'f': \"value\" must be a number from 0 to 10 (got 11)"),
        BadFile("duplicate tunable", scene(tunables: Self.tunables + #", {"name": ‸"freq", "value": 1, "min": 0, "max": 2}"#),
                "tunable 3: \"name\": another tunable is already called \"freq\""),
        BadFile("a lab key", scene(tunables: #"{"name": "f", "value": 1, "min": 0, "max": 2, "key": ‸"s"}"#),
                "tunable 'f': \"key\" \"s\" is one of the lab's keys (b, e, g, h, i, j, k, n, p, s, w, x, z); choose another letter"),
        // Behaviours.
        BadFile("bad behaviour type", scene(behaviors: #"{"type": ‸"gravty", "items": ["dot"]}"#),
                "behavior 1: \"type\" must be one of \"gravity\", \"collision\", \"attachment\", \"snap\", \"push\", \"field\", \"itemProperties\" (got \"gravty\"; did you mean \"gravity\"?)"),
        BadFile("unknown item", scene(behaviors: #"{"type": "gravity", "items": ["dot", ‸"dott"]}"#),
                "behavior 1 (gravity): \"items\": layer \"dott\" does not exist (layers: sheet, handle, dot, card)"),
        BadFile("no items", scene(behaviors: #"{"type": "gravity", "items": ‸[]}"#), "behavior 1 (gravity): \"items\" must name at least one layer"),
        BadFile("an item twice", scene(behaviors: #"{"type": "push", "items": ["dot", ‸"dot"]}"#), "behavior 1 (push): \"items\" names layer \"dot\" twice"),
        BadFile("unknown tunable", scene(behaviors: #"{"type": "gravity", "items": ["dot"], "magnitude": ‸"$frq"}"#),
                "behavior 1 (gravity): \"magnitude\": \"$frq\" names no tunable (did you mean \"$freq\"?)"),
        BadFile("a number as a string", scene(behaviors: #"{"type": "snap", "item": "dot", "point": [0, 0], "damping": ‸"0.5"}"#),
                "behavior 1 (snap): \"damping\" must be a number from 0 to 1 or \"$name\" of a tunable (got \"0.5\")"),
        BadFile("tunable range too wide", scene(behaviors: #"{"type": "snap", "item": "dot", "point": [0, 0], "damping": ‸"$bounce"}"#),
                "behavior 1 (snap): \"damping\" must stay from 0 to 1, but tunable \"bounce\" goes from 0 to 5"),
        BadFile("two targets", scene(behaviors: #"{"type": "attachment", "item": "dot", "toPoint": [0, 0], "toLayer": ‸"sheet"}"#),
                "behavior 1 (attachment): \"toPoint\" and \"toLayer\" cannot both be given (an attachment has one target)"),
        BadFile("no target", scene(behaviors: #"‸{"type": "attachment", "item": "dot"}"#),
                "behavior 1 (attachment): missing \"toPoint\" ([x, y]) or \"toLayer\" (a layer id)"),
        BadFile("axis on a spring", scene(behaviors: #"{"type": "attachment", "item": "dot", "toPoint": [0, 0], "axis": ‸[1, 0]}"#),
                "behavior 1 (attachment): \"axis\" is only for sliding attachments (\"kind\": \"sliding\")"),
        BadFile("bad enum value", scene(behaviors: #"{"type": "push", "items": ["dot"], "mode": ‸"once"}"#),
                "behavior 1 (push): \"mode\" must be one of \"instantaneous\", \"continuous\" (got \"once\")"),
        BadFile("a key of another behaviour", scene(behaviors: #"{"type": "gravity", "items": ["dot"], ‸"damping": 1}"#),
                "unknown key \"damping\" in behavior 1 (gravity) (known: type, items, magnitude, angle)"),
        // Gestures.
        BadFile("unknown gesture layer", scene(gestures: #"{"layer": ‸"shet", "type": "pan"}"#),
                "gesture 1: layer \"shet\" does not exist (layers: sheet, handle, dot, card)"),
        BadFile("release on a tap", scene(gestures: #"{"layer": "sheet", "type": "tap", ‸"release": {"detents": [[0, 0]]}}"#),
                "\"release\" in gesture 1 is only for pan gestures"),
        BadFile("attach on a long press", scene(gestures: #"{"layer": "sheet", "type": "longPress", ‸"attach": {"frequency": 4}}"#),
                "\"attach\" in gesture 1 is only for pan gestures"),
        BadFile("no detents", scene(gestures: #"{"layer": "sheet", "type": "pan", "release": {"detents": ‸[]}}"#),
                "gesture 1 release: \"detents\" must hold at least one point"),
        BadFile("bad deceleration rate", scene(gestures: #"{"layer": "sheet", "type": "pan", "release": {"detents": [[0, 0]], "decelerationRate": ‸"slow"}}"#),
                "gesture 1 release: \"decelerationRate\" must be \"normal\", \"fast\", a number > 0 and < 1 or \"$name\" of a tunable (got \"slow\")"),
        BadFile("push of a gravity", scene(behaviors: #"{"type": "gravity", "items": ["dot"]}"#, gestures: #"{"layer": "sheet", "type": "tap", "pushes": [‸0]}"#),
                "gesture 1: \"pushes\" item 1: behavior 0 (counting from 0) is not an instantaneous push (the file declares no instantaneous push)"),
        BadFile("push out of range", scene(behaviors: #"{"type": "push", "items": ["dot"]}"#, gestures: #"{"layer": "sheet", "type": "tap", "pushes": [0, ‸4]}"#),
                "gesture 1: \"pushes\" item 2: there is no behavior 4 (counting from 0; the file has 1) (instantaneous pushes: 0)"),
        BadFile("animation without timing", scene(gestures: #"{"layer": "sheet", "type": "tap", "animations": [‸{"layer": "dot", "to": {"opacity": 0}}]}"#),
                "gesture 1 animation 1: missing \"spring\" ({\"duration\", \"dampingRatio\"}) or \"cubic\" ({\"duration\", \"controlPoints\"})"),
        BadFile("two timings", scene(gestures: #"{"layer": "sheet", "type": "tap", "animations": [{"layer": "dot", "to": {"opacity": 0}, "spring": {"duration": 1, "dampingRatio": 1}, "cubic": ‸{}}]}"#),
                "gesture 1 animation 1: \"spring\" and \"cubic\" cannot both be given (an animation has one timing)"),
        BadFile("control point x out of range", scene(gestures: #"{"layer": "sheet", "type": "tap", "animations": [{"layer": "dot", "to": {"opacity": 0}, "cubic": {"duration": 1, "controlPoints": [‸1.5, 0, 0.5, 1]}}]}"#),
                "gesture 1 animation 1 cubic: \"controlPoints\" x1 must be a number from 0 to 1 (got 1.5)"),
        BadFile("nothing to animate", scene(gestures: #"{"layer": "sheet", "type": "tap", "animations": [{"layer": "dot", "to": ‸{}, "cubic": {"duration": 1, "controlPoints": [0, 0, 1, 1]}}]}"#),
                "gesture 1 animation 1: \"to\" must set at least one of \"frame\", \"opacity\", \"scale\", \"cornerRadius\", \"color\", \"rotation\""),
        BadFile("unknown animated layer", scene(gestures: #"{"layer": "sheet", "type": "tap", "animations": [{"layer": ‸"knob", "to": {"opacity": 0}, "spring": {"duration": 1, "dampingRatio": 1}}]}"#),
                "gesture 1 animation 1: layer \"knob\" does not exist (layers: sheet, handle, dot, card)"),
    ]

    /// The scene folder of the image cases: `ROOT/scene`, with `ROOT/outside.png`.
    static func imageFolders() throws -> (root: String, scene: String) {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("kinetic-bad-scenes-\(getpid())-\(UUID().uuidString)")
        let scene = root.appendingPathComponent("scene")
        try fm.createDirectory(at: scene.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        try fm.createDirectory(at: scene.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
        let png = Data(SceneFileReader.pngSignature + [0, 0, 0, 13])
        try png.write(to: scene.appendingPathComponent("pictures/pic.png"))
        try png.write(to: root.appendingPathComponent("outside.png"))
        try Data("not a picture".utf8).write(to: scene.appendingPathComponent("fake.png"))
        try fm.createSymbolicLink(atPath: scene.appendingPathComponent("link.png").path, withDestinationPath: "../outside.png")
        return (try #require(SceneFileReader.resolved(root.path)), scene.path)
    }

    @Test(arguments: cases) func aBrokenFileGivesOneLineAtItsFault(_ bad: BadFile) throws {
        let folders = try Self.imageFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let marker = try #require(bad.text.range(of: "‸"), "the case marks no place")
        let before = bad.text[..<marker.lowerBound]
        let line = 1 + before.count { $0 == "\n" }
        let column = 1 + before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex)
        var bytes = [UInt8](bad.text.replacingOccurrences(of: "‸", with: "").utf8)
        if bad.name == "not UTF-8" { bytes = bytes.map { $0 == 0xEF ? 0xFF : $0 }.filter { $0 != 0xBF && $0 != 0xBD } }
        let message = bad.message.replacingOccurrences(of: "FOLDER", with: folders.scene).replacingOccurrences(of: "ROOT", with: folders.root)
        do {
            _ = try SceneFileReader.read(Data(bytes), file: "bad.json", folder: folders.scene)
            Issue.record("read without an error")
        } catch {
            #expect(error is KineticError)
            #expect("\(error)" == "bad.json: line \(line), column \(column): \(message)")
        }
    }

    @Test func thereAreAtLeastThirtyFiveBrokenVariants() {
        #expect(Self.cases.count >= 35)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    /// Reading by path: a missing file, a folder and a file over 16 MB are one line each.
    @Test func unreadableFilesAreOneLine() throws {
        let folders = try Self.imageFolders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        func message(_ path: String) -> String {
            do { _ = try SceneFileReader.read(path: path); return "read" } catch { return "\(error)" }
        }
        #expect(message(folders.scene + "/none.json") == "cannot read scene file \(folders.scene)/none.json: no such file")
        #expect(message(folders.scene) == "cannot read scene file \(folders.scene): it is a folder, not a file")
        let big = folders.scene + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        #expect(message(big) == "cannot read scene file \(big): it is 17 MB, over the 16 MB limit")
        #expect(message("") == "the scene file name is empty")
    }

    /// A scene read from no file has no folder, so an image layer is refused.
    @Test func anImageNeedsAFolder() {
        let text = Self.scene(layers: #"{"id": "p", "type": "image", "frame": [0, 0, 1, 1], "src": "pic.png"}"#)
        #expect {
            try SceneFileReader.read(Data(text.utf8), file: "-", folder: nil)
        } throws: { error in
            "\(error)".hasSuffix("layer 'p': \"src\" \"pic.png\" cannot be read: this scene was not read from a file, so it has no folder")
        }
    }

    /// A key or id holding a line break is quoted with an escape: the message stays one line.
    @Test func messagesStayOnOneLine() {
        let text = Self.scene(layers: #"{"id": "sheet", "type": "circle", "frame": [0, 0, 1, 1], "a\nb": 1}"#)
        #expect {
            try SceneFileReader.read(Data(text.utf8), file: "x.json", folder: nil)
        } throws: { error in
            "\(error)".hasSuffix(#"unknown key "a\nb" in layer 'sheet' (known: id, type, frame, color, opacity, scale, rotation, z, shadow, parent)"#)
        }
    }
}
