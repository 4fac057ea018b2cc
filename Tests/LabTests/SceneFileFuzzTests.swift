import Testing
import Foundation
import Geometry
import Scenes
@testable import Lab

/// Issue 40: the scene file reader under mutated files (``SceneFileReaderTests/everyFeature``
/// with bytes flipped, cut, inserted, deleted and repeated, and numbers swapped for edge values):
/// no trap, and every reading either a consistent model or one line with the line and column.
/// `KINETIC_SCENE_FUZZ_CASES` sets the number of files (default 2,000) and
/// `KINETIC_SCENE_FUZZ_SEED` the seed (default 1).
@Suite struct SceneFileFuzzTests {
    /// Text a mutation inserts: JSON's punctuation, edge values, references and stray bytes.
    static let snippets = [",", "{", "}", "[", "]", "\"", ":", "1e999", "-1", "0", "1.5", "null", "true", "\"\"", "\"$freq\"",
                           "\"$frequency\"", "\"dot\"", "\"sheet\"", "\"card\"", "\"x\"", "1000000", "1e6", "-0", " ", "\n", "\\u0000",
                           "\"\\n\"", "\"#FFF\"", "\"group\"", "\"parent\": \"card\", ", "[[0, 0]]", "{}", "[]", "\u{FF}", "\u{E9}"]
    /// Numbers a mutation puts in place of one in the file.
    static let numbers = ["0", "-1", "1", "0.5", "2", "100", "10001", "100001", "1000001", "-100001", "1e-300", "3.7", "5", "9", "360"]

    /// One mutation of `bytes`, inserting one of `snippets` where it inserts (the parameters
    /// file's fuzzer gives its own).
    static func mutate(_ bytes: inout [UInt8], _ random: inout SeededRandom, snippets: [String] = snippets) {
        guard !bytes.isEmpty else { bytes = Array(snippets[random.int(snippets.count)].utf8); return }
        let at = random.int(bytes.count)
        switch random.int(7) {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes[at] ^= 1 << UInt8(random.int(8))
        case 2: bytes.removeSubrange(at...)
        case 3: bytes.insert(contentsOf: Array(snippets[random.int(snippets.count)].utf8), at: at)
        case 4: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.int(20)))
        case 5:
            let end = min(bytes.count, at + 1 + random.int(80))
            bytes.insert(contentsOf: Array(bytes[at..<end]), at: end)
        default:
            // A number literal from `at` on, replaced.
            guard let start = bytes[at...].firstIndex(where: { (0x30...0x39).contains($0) }) else { return }
            let end = bytes[start...].firstIndex { !(0x30...0x39).contains($0) && $0 != UInt8(ascii: ".") } ?? bytes.count
            bytes.replaceSubrange(start..<end, with: Array(numbers[random.int(numbers.count)].utf8))
        }
    }

    /// What is wrong with a reading: an error on several lines or without a place, or a model
    /// whose references or numbers break the reader's promises; nil when it is fine.
    static func problem(with result: Result<SceneFileModel, any Error>) -> String? {
        switch result {
        case .failure(let error):
            let text = "\(error)"
            guard error is KineticError else { return "not a KineticError: \(text)" }
            guard !text.contains("\n"), !text.contains("\r") else { return "several lines: \(text)" }
            guard text.hasPrefix("fuzz.json: line "), text.contains(", column ") else { return "no line and column: \(text)" }
            return nil
        case .success(let model):
            var ids: [String: SceneFileLayer] = [:]
            for layer in model.layers {
                guard ids[layer.id] == nil else { return "layer \(layer.id) twice" }
                if let p = layer.parent, ids[p]?.content != .group { return "layer \(layer.id)'s parent \(p) is not a group before it" }
                ids[layer.id] = layer
            }
            let tunables = Dictionary(model.tunables.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            guard tunables.count == model.tunables.count else { return "a tunable twice" }
            for t in model.tunables where !(t.range.contains(t.value) && t.range.lowerBound < t.range.upperBound && t.step > 0) {
                return "tunable \(t.name) out of its range"
            }
            let named = "\(model.behaviors) \(model.gestures)"
            for name in TunableReferences.names(in: named) where tunables[name] == nil { return "no tunable \(name)" }
            for g in model.gestures where ids[g.layer] == nil { return "gesture on no layer \(g.layer)" }
            for g in model.gestures {
                for a in g.animations where ids[a.layer] == nil { return "animation of no layer \(a.layer)" }
                for p in g.pushes where !model.behaviors.indices.contains(p) { return "push \(p) out of range" }
            }
            return nil
        }
    }

    @Test func mutatedFilesReadSafely() throws {
        let cases = SceneFuzzTests.setting("KINETIC_SCENE_FUZZ_CASES", default: 2_000)
        let seed = SceneFuzzTests.setting("KINETIC_SCENE_FUZZ_SEED", default: UInt64(1))
        let folder = try SceneFileReaderTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = Array(SceneFileReaderTests.everyFeature.utf8)
        var random = SeededRandom(seed: seed)
        var models = 0, refusals = 0, failures: [String] = []
        for n in 0..<cases {
            var bytes = original
            for _ in 0..<(1 + random.int(3)) { Self.mutate(&bytes, &random) }
            let result = Result { try SceneFileReader.read(Data(bytes), file: "fuzz.json", folder: folder) }
            if case .success = result { models += 1 } else { refusals += 1 }
            if let problem = Self.problem(with: result), failures.count < 5 { failures.append("case \(n): \(problem)") }
        }
        print("SceneFileFuzzTests: seed \(seed), \(cases) mutated files: \(models) models, \(refusals) refused")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(models + refusals == cases)
        // Mutations reach past the syntax: some files still read, some fail on a meaning.
        if cases >= 2_000 { #expect(models > cases / 50 && refusals > cases / 2) }
    }

    /// The checker notices a message on two lines, one without a place, and a dangling reference.
    @Test func theCheckerNoticesBrokenReadings() {
        #expect(Self.problem(with: .failure(KineticError("fuzz.json: line 1, column 2: a\nb"))) != nil)
        #expect(Self.problem(with: .failure(KineticError("fuzz.json: not valid"))) != nil)
        #expect(Self.problem(with: .failure(KineticError("fuzz.json: line 1, column 2: fine"))) == nil)
        var model = SceneFileModel(title: "t", stage: SceneFileStage(size: Size(width: 1, height: 1)))
        #expect(Self.problem(with: .success(model)) == nil)
        model.gestures = [SceneFileGesture(layer: "none", kind: .tap)]
        #expect(Self.problem(with: .success(model)) != nil)
        model.gestures = []
        model.behaviors = [.gravity(items: [], magnitude: .tunable("g"), angle: .value(0))]
        #expect(Self.problem(with: .success(model)) != nil)
    }
}

private enum TunableReferences {
    /// The name of every `.tunable("name")` written in `text` (a model's description).
    static func names(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let r = rest.range(of: "tunable(\"") {
            let tail = rest[r.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            found.append(String(tail[..<end]))
            rest = tail[end...]
        }
        return found
    }
}
