import Testing
import Foundation
import Geometry
import Scenes
@testable import Lab

/// Issue 42: the parameters file reader (`--params`, Ctrl+S's merge) under mutated files, now that
/// a choice is written by its name: no trap, and every reading either values each within its
/// parameter's range (a choice one of its names' numbers) that write and read back the same, or
/// one line naming the file. `KINETIC_PARAMS_FUZZ_CASES` sets the number of files (default
/// 2,000) and `KINETIC_PARAMS_FUZZ_SEED` the seed (default 1).
@Suite struct ParameterFileFuzzTests {
    /// A file with both choice parameters (by name and by number), numbers, a variant and bare scenes.
    static let original = #"""
    {
      "cards": {"curve": "spring", "duration": 0.7, "mass": 2, "variant": "refined"},
      "dynamics": {"fields.kind": 1, "pendulum.length": 320},
      "drag": {"frequency": 8, "damping": 0.6}
    }
    """#

    /// Text a mutation inserts: JSON's punctuation, edge values, choice names right and wrong.
    static let snippets = [",", "{", "}", "[", "]", "\"", ":", "1e999", "-1", "0", "2.5", "5", "6", "null", "true", "\"\"",
                           "\"spring\"", "\"Spring\"", "\"easeIn\"", "\"radial gravity\"", "\"magnetic\"", "\"seed\"",
                           "\"curve\": \"cubic\", ", "\"fields.kind\": \"drag\", ", "[\"spring\"]", "{}", "[]", "\u{FF}", " ", "\n"]

    /// What is wrong with a reading of `p.json`: a refusal on several lines or not naming the
    /// file, a value outside its range, a choice no name gives, or a store that does not read
    /// back as itself once written; nil when it is fine.
    static func problem(with result: Result<ParameterStore, any Error>) -> String? {
        switch result {
        case .failure(let error):
            let text = "\(error)"
            guard error is KineticError else { return "not a KineticError: \(text)" }
            guard !text.contains("\n"), !text.contains("\r") else { return "several lines: \(text)" }
            guard text.hasPrefix("p.json: ") else { return "no file name: \(text)" }
            return nil
        case .success(let store):
            for (scene, kv) in store.sections {
                guard let defs = ParameterChoiceTests.definitions[scene] else { return "unknown scene \(scene) read" }
                for (key, entry) in kv {
                    guard case .number(let v) = entry else { continue }
                    guard let def = defs.first(where: { $0.name == key }) else { return "unknown key \(scene).\(key) read" }
                    guard def.range.contains(v) else { return "\(scene).\(key) = \(v) outside \(def.range)" }
                    if !def.choices.isEmpty, ParameterStore.choiceName(v, of: def) == nil { return "\(scene).\(key) = \(v) names no choice" }
                }
            }
            let text = store.text(order: [])
            guard let back = try? ParameterChoiceTests.read(text), back.sections == store.sections else {
                return "does not read back as written: \(text)"
            }
            return nil
        }
    }

    @Test func mutatedFilesReadSafely() {
        let cases = SceneFuzzTests.setting("KINETIC_PARAMS_FUZZ_CASES", default: 2_000)
        let seed = SceneFuzzTests.setting("KINETIC_PARAMS_FUZZ_SEED", default: UInt64(1))
        let original = Array(Self.original.utf8)
        var random = SeededRandom(seed: seed)
        var stores = 0, refusals = 0, failures: [String] = []
        for n in 0..<cases {
            var bytes = original
            for _ in 0..<(1 + random.int(3)) { SceneFileFuzzTests.mutate(&bytes, &random, snippets: Self.snippets) }
            let result = Result { try ParameterStore.parse(bytes, path: "p.json", currentScene: "cards") { ParameterChoiceTests.definitions[$0] } }
            if case .success = result { stores += 1 } else { refusals += 1 }
            if let problem = Self.problem(with: result), failures.count < 5 { failures.append("case \(n): \(problem)") }
        }
        print("ParameterFileFuzzTests: seed \(seed), \(cases) mutated files: \(stores) read, \(refusals) refused")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Mutations reach past the syntax: some files still read, some fail on a meaning.
        if cases >= 2_000 { #expect(stores > cases / 50 && refusals > cases / 4) }
    }

    /// The checker notices a message on two lines, one without the file, and a value no choice names.
    @Test func theCheckerNoticesBrokenReadings() throws {
        #expect(Self.problem(with: .failure(KineticError("p.json: a\nb"))) != nil)
        #expect(Self.problem(with: .failure(KineticError("cards.curve is bad"))) != nil)
        #expect(Self.problem(with: .failure(KineticError("p.json: cards.curve is bad"))) == nil)
        let good = try ParameterChoiceTests.read(#"{"cards": {"curve": "cubic"}}"#)
        #expect(Self.problem(with: .success(good)) == nil)
        #expect(Self.problem(with: .success(good.replacing(with: ["cards": ["curve": .number(2.5)]]))) != nil)
    }
}
