import Testing
import Foundation
@testable import Lab

/// Issue 37: the import reader under random and mutated code of every dialect (``MotionSnippets``):
/// no trap (it would end the test run), no hang (every text is bounded by the reader's limits:
/// length, nesting and `linear()` stops), every reading a spring or curve Kinetic runs (finite,
/// in range) and every refusal one line. `KINETIC_IMPORT_FUZZ_CASES` sets the number of
/// snippets (default 10 000; CI runs 100 000) and `KINETIC_IMPORT_FUZZ_SEED` the seed (default 1).
@Suite struct MotionImportFuzzTests {
    @Test func randomAndMutatedSnippetsReadSafely() {
        let cases = SceneFuzzTests.setting("KINETIC_IMPORT_FUZZ_CASES", default: 10_000)
        let seed = SceneFuzzTests.setting("KINETIC_IMPORT_FUZZ_SEED", default: UInt64(1))
        let report = MotionSnippets.check(seed: seed, cases: cases)
        print("MotionImportFuzzTests: seed \(seed), \(report.cases) snippets: \(report.springs) springs, \(report.curves) curves, "
              + "\(report.errors) refused (\(report.limitErrors) for a limit)")
        #expect(report.failure == nil, "\(report.failure ?? "")")
        #expect(report.cases == cases)
        // The snippets reach every outcome: springs, curves, refusals, and the limits.
        if cases >= 10_000 {
            #expect(report.springs > cases / 20 && report.curves > cases / 20 && report.errors > cases / 5 && report.limitErrors > 0)
        }
    }

    /// The same seed gives the same snippets (a failure replays).
    @Test func aSeedReplaysExactly() {
        var a = MotionSnippets(seed: 9), b = MotionSnippets(seed: 9), c = MotionSnippets(seed: 10)
        let first = (0..<200).map { _ in a.next() }
        #expect(first == (0..<200).map { _ in b.next() })
        #expect(first != (0..<200).map { _ in c.next() })
    }

    /// The checker notices a reading Kinetic cannot run and an error on several lines.
    @Test func theCheckerNoticesBrokenReadings() {
        #expect(MotionSnippets.problem(with: .failure(.init("two\nlines")), in: "x") != nil)
        #expect(MotionSnippets.problem(with: .failure(.init("one line")), in: "x") == nil)
        #expect(MotionSnippets.problem(with: .success(.spring(.init(mass: 1, stiffness: 1e300, damping: 1))), in: "x") != nil)
        #expect(MotionSnippets.problem(with: .success(.spring(.init(mass: 1, stiffness: 100, damping: 0))), in: "x") != nil)
        #expect(MotionSnippets.problem(with: .success(.spring(.init(mass: 1, stiffness: 100, damping: 10))), in: "x") == nil)
        #expect(MotionSnippets.problem(with: .success(.curve(.init(), duration: 1e308)), in: "x") != nil)
        #expect(MotionSnippets.problem(with: .success(.curve(.init(), duration: 0.3)), in: "x") == nil)
    }
}
