import Geometry
import Drawing
import Scenes

/// The stage and the tunables: the parts nothing else in the file needs to exist first.
extension SceneFileReader {
    /// Letters the lab's own keys take (`H`, `B`, `S`, `G`, `N`, `K`, `Z` and the shell's `P`,
    /// `E`, `I`, `X`, `J`, `W`): a tunable's key must be another.
    static let labLetters: Set<String> = Set(["h", "b", "s", "g", "n", "k", "z"])
        .union(LabMoment.shellKeys.filter { $0.count == 1 && ("a"..."z").contains($0) })

    func readStage(_ node: LocatedJSON) throws -> SceneFileStage {
        let o = try object(node, "stage", known: ["size", "background", "grid", "guides"])
        let v = try o.numbers(o.required("size", "[width, height]"), "\"size\"", shape: "[width, height]", names: ["width", "height"],
                              ranges: [.stageSide, .stageSide])
        var stage = SceneFileStage(size: Size(width: v[0], height: v[1]))
        stage.background = try o.color("background", default: stage.background)
        stage.grid = try o.number("grid", .side, default: 0)
        if let guides = try o.object("guides", context: "stage guides", known: ["x", "y"]) {
            func lines(_ key: String) throws -> [Double] {
                guard let node = guides[key] else { return [] }
                return try guides.array(node, "\"\(key)\"", "an array of coordinates").enumerated().map { i, item in
                    try guides.number(item, "\"\(key)\" item \(i + 1)", .coordinate)
                }
            }
            stage.guidesX = try lines("x")
            stage.guidesY = try lines("y")
        }
        return stage
    }

    func readTunables(_ node: LocatedJSON?) throws -> [SceneFileTunable] {
        var tunables: [SceneFileTunable] = []
        var keys: [String: String] = [:]
        for (i, item) in try items(node, "tunables", "an array of tunables").enumerated() {
            let o = try object(item, "tunable \(i + 1)", known: ["name", "value", "min", "max", "step", "unit", "key"])
            let nameNode = try o.required("name", "letters, digits and .")
            let name = try o.string(nameNode, "\"name\"")
            guard let first = name.unicodeScalars.first, Self.isLetter(first), Self.isName(name, also: ["."]) else {
                throw o.expected("a name of ASCII letters, digits and . starting with a letter", nameNode, "\"name\"")
            }
            guard !tunables.contains(where: { $0.name == name }) else {
                throw o.problem(nameNode, "\"name\": another tunable is already called \(LocatedJSON.quote(name))")
            }
            let t = try object(item, Self.named("tunable", name), known: ["name", "value", "min", "max", "step", "unit", "key"])
            let minNode = try t.required("min", "a number"), maxNode = try t.required("max", "a number")
            let valueNode = try t.required("value", "a number from min to max")
            let low = try t.number(minNode, "\"min\"", .any), high = try t.number(maxNode, "\"max\"", .any)
            guard low < high else {
                throw t.problem(maxNode, "\"max\" (\(maxNode.described)) must be greater than \"min\" (\(minNode.described))")
            }
            let range = SceneFileRange(lower: low, upper: high)
            let value = try t.number(valueNode, "\"value\"", range)
            let step = try t.number("step", SceneFileRange(lower: 0, upper: high - low, lowerOpen: true), default: (high - low) / 100)
            var tunable = SceneFileTunable(name: name, value: value, range: low...high, step: step)
            tunable.unit = try t.string("unit", default: "")
            if let keyNode = t["key"] {
                let key = try t.string(keyNode, "\"key\"")
                guard key.count == 1, let letter = key.unicodeScalars.first, ("a"..."z").contains(letter) else {
                    throw t.expected("one lower-case letter a–z", keyNode, "\"key\"")
                }
                guard !Self.labLetters.contains(key) else {
                    throw t.problem(keyNode, "\"key\" \"\(key)\" is one of the lab's keys (\(Self.labLetters.sorted().joined(separator: ", "))); choose another letter")
                }
                if let other = keys[key] {
                    throw t.problem(keyNode, "\"key\" \"\(key)\" is taken by \(Self.named("tunable", other))")
                }
                keys[key] = name
                tunable.key = key
            }
            tunables.append(tunable)
        }
        return tunables
    }

    /// A to Z or a to z.
    static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }

    /// Whether `name` is one or more ASCII letters, digits and `also`.
    static func isName(_ name: String, also: Set<Unicode.Scalar>) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || also.contains($0) }
    }

    /// What a message calls the thing named `name`: at most 40 characters of it in single quotes.
    static func named(_ kind: String, _ name: String) -> String {
        "\(kind) '\(name.count <= 40 ? name : name.prefix(40) + "…")'"
    }
}
