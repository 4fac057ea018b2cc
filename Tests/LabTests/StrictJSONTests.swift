import Testing
import Foundation
@testable import Lab

/// Issue 24: a key given twice in one object is refused, naming it and its line (Foundation
/// keeps the last one, so a line-up with "sections" twice lost the first on the next save).
@Suite struct StrictJSONTests {
    func error(_ text: String, multiline: Bool = true) -> String? {
        do {
            _ = try JSONInput.parse(Data(text.utf8), in: "f.json", multiline: multiline)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aDuplicateKeyIsRefusedWithItsLine() {
        #expect(error("{\"sections\":[[\"Ana\",\"Zed\"]],\n\"sections\":[[\"Ben\",\"Cy\"]]}")
                == "f.json: line 2: the key \"sections\" appears twice in one object")
        #expect(error("{\"t\":0.1,\"key\":\"a\",\"key\":\"b\"}", multiline: false) == "f.json: the key \"key\" appears twice in one object")
        // Keys compare as the strings they decode to.
        #expect(error("{\"a\":1,\"\\u0061\":2}") == "f.json: line 1: the key \"a\" appears twice in one object")
        #expect(error("{\"drag\":{\"frequency\":8,\"damping\":0.5,\"frequency\":9}}")?.contains("\"frequency\" appears twice") == true)
    }

    @Test func equalKeysInDifferentObjectsAndStringValuesAreFine() {
        #expect(error("{\"a\":{\"x\":1},\"b\":{\"x\":2},\"c\":[{\"x\":1},{\"x\":1}],\"d\":\"x\",\"e\":\"\\\"x\\\"\"}") == nil)
        #expect(error("[{\"x\":1,\"y\":[1,{\"x\":2}]},{\"x\":3}]") == nil)
    }
}
