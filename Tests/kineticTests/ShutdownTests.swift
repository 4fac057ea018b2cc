import Testing
import Foundation

/// Issue 16: the app must exit cleanly, every time. Before the fix the SDL renderer was destroyed
/// before the text cache released the textures it owned; the cache's deinit then read freed
/// memory, and once glibc had returned that memory to the system (more likely with many cached
/// labels, as after a burst of wheel events over 1,000,000 rows) the exit ended in SIGSEGV.
///
/// The children run with glibc told to give freed heap back at once (`MALLOC_TRIM_THRESHOLD_=0`),
/// which turns such a read of freed memory from "sometimes" into "every time".
@Suite struct ShutdownTests {
    static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["MALLOC_TRIM_THRESHOLD_"] = "0"
        env["MALLOC_TOP_PAD_"] = "0"
        return env
    }

    static func describe(_ r: Kinetic.Result) -> String {
        (r.killedBySignal ? "killed by signal \(r.status)" : "exit status \(r.status)") + "; stderr: \(r.stderr)"
    }

    @Test(arguments: ["drag", "springy", "cards", "exchange"])
    func everySceneExitsZeroEveryTime(_ scene: String) throws {
        let dump = Kinetic.temp("shutdown-\(scene).json")
        for run in 1...10 {
            let r = try Kinetic.run(["run", "--scene", scene, "--headless", "--frames", "30", "--dump", dump],
                                    environment: Self.environment)
            #expect(r.status == 0, "\(scene), run \(run): \(Self.describe(r))")
            #expect(r.stderr.isEmpty, "\(scene), run \(run): \(r.stderr)")
        }
    }

    @Test func millionRowSpringyAfterAWheelBurstExitsZero() throws {
        // 40 big wheel steps, one every 0.05 s: thousands of row labels pass through the text cache.
        let lines = (1...40).map { #"{"t":\#(0.05 * Double($0)),"type":"wheel","x":300,"y":300,"dx":0,"dy":-1000}"# }
        let script = Kinetic.temp("shutdown-burst.jsonl")
        try lines.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        for run in 1...5 {
            let r = try Kinetic.run(["run", "--scene", "springy", "--items", "1000000", "--headless",
                                     "--script", script, "--frames", "130"], environment: Self.environment)
            #expect(r.status == 0, "run \(run): \(Self.describe(r))")
        }
    }
}
