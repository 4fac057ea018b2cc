import Testing
import Foundation
import Gestures
import Scenes
@testable import Lab

/// Issue 42: a choice parameter (``SceneParameter/choices``: the cards' `curve`, the fields
/// demo's `fields.kind`) is written by its name (`"curve": "spring"`, as the HUD shows it), read
/// by that name or by the number older files hold, and anything else is refused in one line that
/// names the file, the key and the allowed names.
@Suite struct ParameterChoiceTests {
    /// Every scene's parameter definitions, made once.
    static let definitions: [String: [SceneParameter]] = Dictionary(uniqueKeysWithValues: SceneKind.allCases.map {
        ($0.name, SceneCatalog.make($0, items: nil).parameters)
    })

    /// `text` read as a parameters file named `p.json` opened on `scene`.
    static func read(_ text: String, scene: String = "cards") throws -> ParameterStore {
        try ParameterStore.parse(Array(text.utf8), path: "p.json", currentScene: scene) { definitions[$0] }
    }

    /// The error `text` is refused with, or nil when it loads.
    static func refusal(_ text: String) -> String? {
        do { _ = try read(text); return nil } catch { return "\(error)" }
    }

    /// Every choice parameter there is, by scene: the test must cover more than the cards' curve.
    @Test func everyChoiceParameterIsKnown() {
        let choices = Self.definitions.flatMap { scene, defs in defs.filter { !$0.choices.isEmpty }.map { "\(scene).\($0.name)" } }.sorted()
        #expect(choices == ["cards.curve", "dynamics.fields.kind"])
    }

    /// Ctrl+S on the cards scene with the spring curve writes `"curve": "spring"`, which loads again.
    @Test func ctrlSWritesTheCurvesName() throws {
        let path = FileManagerTemp.path("choice-\(UUID().uuidString).json")
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        let s = try openedSession { $0.scene = .cards; $0.params = [path] }
        s.scene.setParameter("curve", to: Double(TimingCurveChoice.spring.rawValue))
        s.dispatch(.key(KeyEvent(.down, key: "s", modifiers: .control, timestamp: s.now)))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""curve" : "spring""#) || text.contains(#""curve": "spring""#), "\(text)")
        #expect(!text.contains(#""curve": 5"#) && !text.contains(#""curve" : 5"#))
        #expect(try Self.read(text).value(of: "curve", in: "cards") == Double(TimingCurveChoice.spring.rawValue))
    }

    /// Write → read → the same value, for every value of every choice parameter; the file names it.
    @Test func everyChoiceRoundTripsByName() throws {
        for (scene, defs) in Self.definitions.sorted(by: { $0.key < $1.key }) {
            for def in defs where !def.choices.isEmpty {
                for (i, name) in def.choices.enumerated() {
                    let s = SceneCatalog.make(try #require(SceneKind(rawValue: scene)), items: nil)
                    s.setParameter(def.name, to: Double(i))
                    var store = ParameterStore()
                    store.capture(s)
                    let text = store.text(order: [])
                    #expect(text.contains("\"\(def.name)\": \"\(name)\"") || text.contains("\"\(def.name)\" : \"\(name)\""),
                            "\(scene).\(def.name) = \(i) is not written as \"\(name)\"")
                    let back = try Self.read(text, scene: scene)
                    #expect(back.sections == store.sections, "\(scene).\(def.name) = \(name)")
                    #expect(back.value(of: def.name, in: scene) == Double(i))
                }
            }
        }
    }

    /// Files written before (numbers) still load, as the same values their names give.
    @Test func oldNumbersStillLoad() throws {
        let old = try Self.read(#"{"cards": {"curve": 5.0}, "dynamics": {"fields.kind": 3}}"#)
        let named = try Self.read(#"{"cards": {"curve": "spring"}, "dynamics": {"fields.kind": "drag"}}"#)
        #expect(old.sections == named.sections)
        #expect(old.value(of: "curve", in: "cards") == 5 && old.value(of: "fields.kind", in: "dynamics") == 3)
        // Bare keys apply to the scene opened.
        #expect(try Self.read(#"{"curve": "easeOut"}"#).value(of: "curve", in: "cards") == 2)
    }

    static let allowed = #"allowed: "linear" (0), "easeIn" (1), "easeOut" (2), "easeInOut" (3), "cubic" (4), "spring" (5))"#

    /// Each bad value: one line naming the file, the key and every allowed name.
    @Test(arguments: [
        (#""bouncy""#, #"p.json: cards.curve = "bouncy" names no choice "#),
        (#""Spring""#, #"p.json: cards.curve = "Spring" names no choice (did you mean "spring"? "#),
        (#""easein""#, #"p.json: cards.curve = "easein" names no choice (did you mean "easeIn"? "#),
        (#""""#, #"p.json: cards.curve = "" names no choice "#),
        (#"" spring""#, #"p.json: cards.curve = " spring" names no choice "#),
        ("6", "p.json: cards.curve = 6.0 is not one of its choices "),
        ("-1", "p.json: cards.curve = -1.0 is not one of its choices "),
        ("1e300", "p.json: cards.curve = 1e+300 is not one of its choices "),
        ("2.5", "p.json: cards.curve = 2.5 is not one of its choices "),
        ("null", "p.json: cards.curve must be a choice's name, got null "),
        ("true", "p.json: cards.curve must be a choice's name, got true "),
        (#"["spring"]"#, "p.json: cards.curve must be a choice's name, got an array "),
        (#"{"name": "spring"}"#, "p.json: cards.curve must be a choice's name, got an object "),
    ])
    func aBadCurveIsRefusedInOneLine(value: String, start: String) throws {
        let message = try #require(Self.refusal(#"{"cards": {"curve": "# + value + "}}"), "\(value) loaded")
        #expect(message.hasPrefix(start), "\(message)")
        #expect(message.hasSuffix(Self.allowed), "\(message)")
        #expect(!message.contains("\n"))
    }

    /// The fields demo's names have spaces; a number outside its ten kinds names them all.
    @Test func theFieldsKindIsReadByNameToo() throws {
        #expect(try Self.read(#"{"dynamics": {"fields.kind": "radial gravity"}}"#).value(of: "fields.kind", in: "dynamics") == 1)
        let message = try #require(Self.refusal(#"{"dynamics": {"fields.kind": "radialGravity"}}"#))
        #expect(message.hasPrefix(#"p.json: dynamics.fields.kind = "radialGravity" names no choice (did you mean "radial gravity"? allowed: "linear gravity" (0), "#),
                "\(message)")
        #expect(message.hasSuffix(#""magnetic" (9))"#))
        // A number parameter is still a number: a name is refused there.
        #expect(Self.refusal(#"{"cards": {"mass": "spring"}}"#)?.hasPrefix(#"p.json: cards.mass must be a number in "#) == true)
    }
}
