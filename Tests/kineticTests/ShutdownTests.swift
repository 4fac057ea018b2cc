import Testing
import Foundation
@testable import kinetic

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

    /// Starts the binary as a shell would: no signals blocked, SIGINT and SIGTERM at their default
    /// actions (SIGHUP and SIGQUIT too). (Foundation's `Process` passes on the test runner's signal mask, in which both are
    /// blocked, so a child started with it never sees them.) Standard error goes to `stderrPath`.
    /// `standardOutput` is a descriptor to give the child as its standard output (default /dev/null).
    static func spawn(_ args: [String], stderrPath: String, environment: [String: String]? = nil,
                      standardOutput: Int32? = nil) throws -> pid_t {
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGHUP)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // The child inherits no descriptor of this test process but 0–2: another test's output
        // pipe held open by it would keep that test waiting for its end.
        ChildProcess.closeOnExecAboveStandardStreams()
        var files = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&files)
        defer { posix_spawn_file_actions_destroy(&files) }
        if let out = standardOutput {
            posix_spawn_file_actions_adddup2(&files, out, 1)
        } else {
            posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&files, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let path = Kinetic.binary.path
        let argv = ([path] + args).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for e in envp ?? [] { free(e) } }
        let rc = envp.map { posix_spawn(&pid, path, &files, &attr, argv, $0) } ?? posix_spawn(&pid, path, &files, &attr, argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        return pid
    }

    /// A headless run stops on SIGTERM, SIGINT, SIGHUP or SIGQUIT as a window does when closed: exit status 0,
    /// with the dump and the recording written. The signal is sent once the run is in its frame
    /// loop: the recording holds the script's first event, which the first frame delivers.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT])
    func headlessRunStopsOnSignalAndFinishes(_ signal: Int32) throws {
        let dump = Kinetic.temp("signal-\(signal).json"), record = Kinetic.temp("signal-\(signal).jsonl")
        let stderrPath = Kinetic.temp("signal-\(signal).stderr")
        let script = Kinetic.temp("signal-\(signal)-script.jsonl")
        try #"{"t":0,"type":"move","x":10,"y":10}"#.write(toFile: script, atomically: true, encoding: .utf8)
        let url = URL(fileURLWithPath: record)
        for f in [dump, record] { try? FileManager.default.removeItem(atPath: f) }
        let pid = try Self.spawn(["run", "--headless", "--frames", "1000000", "--script", script, "--dump", dump, "--record", record],
                                 stderrPath: stderrPath)
        // The recording's temporary file, `.NAME.recording-PID`.
        let recording = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).recording-\(pid)").path
        var status: Int32 = 0
        var reaped = false
        defer { if !reaped { kill(pid, SIGKILL); waitpid(pid, &status, 0) } }
        func poll() -> Bool {
            if !reaped && waitpid(pid, &status, WNOHANG) == pid { reaped = true }
            return reaped
        }
        // The recording is opened once SDL (and with it its signal handling) is up, and gets its
        // first line in the first frame. The 30 s only bound a failure.
        let started = Date()
        func inFrameLoop() -> Bool {
            var info = stat()
            return stat(recording, &info) == 0 && info.st_size > 0
        }
        while !inFrameLoop() && !poll() && Date().timeIntervalSince(started) < 30 {
            usleep(20_000)
        }
        try #require(!reaped && inFrameLoop(), "the run did not reach its frame loop")
        kill(pid, signal)
        while !poll() && Date().timeIntervalSince(started) < 60 { usleep(20_000) }
        try #require(reaped, "still running long after the signal")
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        let signalled = status & 0x7f, exitStatus = (status >> 8) & 0xff
        #expect(signalled == 0 && exitStatus == 0,
                "\(signalled != 0 ? "killed by signal \(signalled)" : "exit status \(exitStatus)"); stderr: \(stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any])
        let frame = try #require(obj["frame"] as? Int)
        #expect(frame > 0 && frame < 1_000_000)
        #expect(FileManager.default.fileExists(atPath: record) && !FileManager.default.fileExists(atPath: recording))
    }
}
