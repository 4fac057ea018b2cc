import Testing
import Foundation

/// Issue 24: standard output or error that cannot take what is written (a full disk) is a reason
/// to report and exit 1, never a trap (`FileHandle.write` trapped with SIGILL).
@Suite struct StreamFailureTests {
    /// Runs the binary with `args`, descriptor `full` (standard output or error) on /dev/full;
    /// returns its status, whether a signal ended it, and what the other stream received.
    func run(_ args: [String], full: Int32) throws -> (status: Int32, signalled: Bool, text: String) {
        let p = Process()
        p.executableURL = Kinetic.binary
        p.arguments = args
        let sink = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let other = Pipe()
        if full == STDOUT_FILENO { p.standardOutput = sink; p.standardError = other } else { p.standardError = sink; p.standardOutput = other }
        p.environment = ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy"]) { $1 }
        try p.run()
        let data = other.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason == .uncaughtSignal, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [["curve", "preset", "linear"], ["curve", "preset", "easeIn", "--as", "css"],
                      ["curve", "spring", "--mass", "1", "--stiffness", "100", "--damping", "10"],
                      ["--help"], ["run", "--help"], ["bench", "startup"], ["fuzz", "--events", "50", "--seed", "3"]])
    func aFullStandardOutputIsOneLineAndExitStatusOne(_ args: [String]) throws {
        let r = try run(args, full: STDOUT_FILENO)
        #expect(!r.signalled && r.status == 1, "\(r)")
        #expect(r.text == "kinetic: cannot write to standard output: no space left on device\n", "\(r.text)")
    }

    @Test func aFullStandardErrorStillEndsWithStatusOne() throws {
        let r = try run(["--frames", "0"], full: STDERR_FILENO)
        #expect(!r.signalled && r.status == 1, "\(r)")
    }
}
