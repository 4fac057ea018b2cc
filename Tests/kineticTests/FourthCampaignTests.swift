import Testing
import Foundation
import Geometry
@testable import Lab

/// Issue 37's campaign (the fourth): the command-line cases of its crashes, silent results and
/// wrong messages, each kept fixed.
@Suite struct FourthCampaignTests {
    let errors = CommandLineErrorTests()

    /// A fresh folder for one test (the second campaign's).
    func folder(_ name: String) throws -> String { try SecondCampaignTests().folder(name) }

    /// Crash: a script's paste line of an extreme spring ended headless runs with SIGILL (exit
    /// 132) in the drag, cards and compare scenes and the spring, custom-item and snap demos.
    /// Each run now ends normally and the dump keeps the default values.
    @Test func extremePasteLinesEndNormally() throws {
        let dir = try folder("paste")
        let script = dir + "/p.jsonl"
        let lines = [
            #"{"t":0.2,"type":"paste","text":".spring(response: 0.5, dampingFraction: 1e300)"}"#,
            #"{"t":0.3,"type":"paste","text":".interpolatingSpring(mass: 1, stiffness: 1e308, damping: 1e308, initialVelocity: 0)"}"#,
        ]
        try lines.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let runs: [[String]] = [["--scene", "drag"], ["--scene", "cards"], ["--scene", "drag", "--compare"],
                                ["--scene", "dynamics", "--demo", "spring"], ["--scene", "dynamics", "--demo", "custom-item"],
                                ["--scene", "dynamics", "--demo", "snap"]]
        for extra in runs {
            let dump = dir + "/d.json"
            let r = try Kinetic.run(["run", "--headless", "--frames", "30", "--script", script, "--dump", dump] + extra)
            #expect(r.status == 0, "\(extra): status \(r.status), \(r.stderr)")
            let text = (try? String(contentsOfFile: dump, encoding: .utf8)) ?? ""
            #expect(!text.contains("e+30"), "\(extra): a value from the paste reached the dump")
        }
    }

    /// Silent: `--pointer` or `--clean` without `--video` or `--screenshot` was accepted and did nothing.
    @Test func pointerAndCleanNeedARender() throws {
        try errors.expectOneLineError(["run", "--headless", "--frames", "2", "--pointer"],
                                      containing: "--pointer changes only what --video and --screenshot render")
        try errors.expectOneLineError(["run", "--headless", "--frames", "2", "--clean"],
                                      containing: "--clean changes only what --video and --screenshot render")
    }

    /// Wrong message: `SDL_VIDEODRIVER=` (set but empty) with a display nothing answers on ran
    /// unseen and exited 0; SDL ignores an empty driver name, and so does the check now.
    @Test func anEmptyVideoDriverIsNoChoiceOfDriver() throws {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = ""; env["XDG_RUNTIME_DIR"] = nil; env["WAYLAND_DISPLAY"] = nil
        env["DISPLAY"] = ":97"
        try errors.expectOneLineError(["run", "--frames", "5"], containing: "cannot open the display DISPLAY=:97", environment: env)
        env["DISPLAY"] = nil
        try errors.expectOneLineError(["run", "--frames", "5"], containing: "no display found", environment: env)
    }

    /// No integer conversion of a double traps: the saturating one every unchecked site uses.
    @Test func saturatingIntegerConversion() {
        #expect(Int(saturating: 2.9) == 2 && Int(saturating: -2.9) == -2)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 1e300) == 1 << 62 && Int(saturating: -.infinity) == -(1 << 62))
        #expect(Int(saturating: 4.6e18) == 4_600_000_000_000_000_000)
    }
}
