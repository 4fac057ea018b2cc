import Testing
import Foundation

/// `kinetic fuzz` through the binary: it prints the seed, the event count and the time, replays
/// by seed, and refuses bad arguments in one line. (The fuzzer itself: ScenesTests' SceneFuzzTests.)
@Suite struct FuzzCommandTests {
    @Test func aShortRunPrintsItsSeedCountAndTime() throws {
        let r = try Kinetic.run(["fuzz", "--seed", "3", "--events", "1200", "--jobs", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first == "kinetic fuzz: seed 3, 4, 1200 events in 2 jobs, scenes drag springy cards exchange dynamics")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("kinetic fuzz: seed 3, 4, 12") && last.contains(" events in ") && last.hasSuffix("every invariant held"), "\(last)")
        // The same seed gives the same run.
        let again = try Kinetic.run(["fuzz", "--seed", "3", "--events", "1200", "--jobs", "2"])
        #expect(again.stdout.split(separator: "\n").dropLast().last == lines.dropLast().last)
    }

    @Test func badArgumentsAreOneLine() throws {
        for (args, text) in [(["fuzz", "--events", "0"], "--events must be between 1 and 100000000, got 0"),
                             (["fuzz", "--scene", "nope"], "unknown scene 'nope'"),
                             (["fuzz", "--jobs", "-2"], "--jobs must be between 1 and 64, got -2"),
                             (["fuzz", "--seed", "-1"], "-1")] {
            let r = try Kinetic.run(args)
            #expect(r.status == 1 && r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(text), "\(args): \(r.stderr)")
        }
    }
}
