import Testing
import Foundation

/// `--demo`: one clear line for an unknown demo (listing every demo) or a demo without the
/// dynamics scene; and a Ctrl+R recording of the dynamics scene replays its demo.
@Suite struct DynamicsCommandTests {
    func expectOneLineError(_ args: [String], containing text: String) throws {
        let r = try Kinetic.run(args, environment: ReproducingRecordingTests.environment)
        #expect(r.status != 0)
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.hasPrefix("kinetic: "), "stderr: \(r.stderr)")
        #expect(r.stderr.contains(text), "stderr: \(r.stderr)")
    }

    @Test func badDemosAreOneLine() throws {
        try expectOneLineError(["--scene", "dynamics", "--demo", "nope", "--headless", "--frames", "1"],
                               containing: "unknown demo 'nope' (choose gravity, collision, spring, attachments, snap, push, "
                                   + "continuous-push, pendulum, properties, custom-item, joints, fields, shapes, group or stress)")
        try expectOneLineError(["--demo", "snap", "--headless", "--frames", "1"], containing: "--demo is for the dynamics scene")
        try expectOneLineError(["--scene", "cards", "--demo", "snap", "--headless", "--frames", "1"], containing: "--scene dynamics")
    }

    @Test func aDemoRunsHeadlessAndDumpsItsName() throws {
        let dump = Kinetic.temp("dynamics-dump.json")
        let r = try Kinetic.run(["--scene", "dynamics", "--demo", "properties", "--headless", "--frames", "30", "--dump", dump],
                                environment: ReproducingRecordingTests.environment)
        try #require(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: dump, encoding: .utf8)
        #expect(text.contains(#""demo": "properties""#) && text.contains(#""label": "square 2""#))
        #expect(text.contains(#""properties.elasticity2": 0.5"#))
    }

    /// Recorded after a drag and a demo change, the replay ends in the same dump; the command
    /// opens the demo the session started on, and the arrow key in the log does the rest.
    @Test func aRecordingOfTheDynamicsSceneReplaysItsDemo() throws {
        let lines = [#"{"t":0.1,"type":"key","key":"right"}"#,
                     #"{"t":0.2,"type":"down","x":665,"y":268}"#]
            + ReproducingRecordingTests.moves(from: (665, 268), to: (400, 300), t0: 0.25, t1: 0.6)
            + [#"{"t":0.65,"type":"up","x":400,"y":300}"#, ReproducingRecordingTests.ctrlR(at: 0.7),
               #"{"t":0.9,"type":"down","x":300,"y":500}"#, #"{"t":0.95,"type":"up","x":300,"y":500}"#,
               ReproducingRecordingTests.ctrlR(at: 1.3)]
        let run = try ReproducingRecordingTests.expectReproduced("dynamics", lines, frames: 100,
                                                                 arguments: ["--scene", "dynamics", "--demo", "continuous-push"])
        #expect(run.command.joined(separator: " ").contains("--scene dynamics --demo continuous-push"), "\(run.command)")
        #expect(run.live.contains(#""demo": "pendulum""#))
    }
}
