import Lab
import Foundation
import Glibc

/// A child process started with `posix_spawn`, its standard input a pipe this process writes
/// (non-blocking), its standard output discarded and its standard error a file. Unlike
/// Foundation's `Process`, whose `waitUntilExit()` could wait for ever on a child that had been
/// killed (a wrapper script whose own child outlived it), every wait here is a `waitpid` the
/// caller bounds.
final class ChildProcess {
    /// The child's process ID.
    let pid: pid_t
    /// The write end of the child's standard input (non-blocking), or -1 once closed.
    private(set) var input: Int32
    /// The child's wait status once it has been reaped.
    private var status: Int32?

    /// Starts `executable` with `arguments`, standard error to the file `log`.
    /// - Throws: ``KineticError`` naming the cause in errno's words.
    init(executable: String, arguments: [String], log: String) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw KineticError("cannot start \(executable): \(AtomicFile.describe(errno))") }
        // Neither end leaks into other children; posix_spawn's dup2 gives the child its stdin.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var files = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&files)
        defer { posix_spawn_file_actions_destroy(&files) }
        posix_spawn_file_actions_adddup2(&files, fds[0], 0)
        posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&files, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The child starts with default signal actions (SIGPIPE is ignored here) and none blocked.
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // Only 0, 1 and 2 go to the child: a descriptor it inherited (a recording, another
        // child's pipe) would stay open as long as it runs, and a reader of that pipe would
        // wait for it.
        ChildProcess.closeOnExecAboveStandardStreams()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        var rc = posix_spawn(&child, executable, &files, &attr, argv, environ)
        // "Text file busy": a script just written may still be open for writing in a process
        // forked meanwhile (until that one execs); it passes in moments.
        for _ in 0..<20 where rc == ETXTBSY {
            usleep(50_000)
            rc = posix_spawn(&child, executable, &files, &attr, argv, environ)
        }
        close(fds[0])
        guard rc == 0 else {
            close(fds[1])
            throw KineticError("cannot start \(executable): \(AtomicFile.describe(rc))")
        }
        pid = child
        input = fds[1]
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    }

    deinit { closeInput() }

    /// Marks every open descriptor above 2 close-on-exec (glibc's closefrom file action is not
    /// visible to Swift). Harmless here: this process execs nothing but its children.
    static func closeOnExecAboveStandardStreams() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            guard let fd = Int32(name), fd > 2 else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Closes the child's standard input (it sees the end of its input).
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Whether the child still runs (reaps it when it has ended).
    var isRunning: Bool {
        guard status == nil else { return false }
        var s: Int32 = 0
        let r = waitpid(pid, &s, WNOHANG)
        if r == pid { status = s; return false }
        return r == 0
    }

    /// The exit status (0–255), or 128 + the signal that ended it; nil while it runs.
    var exitStatus: Int32? {
        guard !isRunning, let s = status else { return nil }
        return s & 0x7f == 0 ? (s >> 8) & 0xff : 128 + (s & 0x7f)
    }

    /// Ends the child: SIGTERM, then SIGKILL if it has not ended within `grace` seconds; reaps it.
    func stop(grace: Double = 2) {
        closeInput()
        guard isRunning else { return }
        kill(pid, SIGTERM)
        var waited = 0.0
        while isRunning && waited < grace { usleep(20_000); waited += 0.02 }
        if isRunning {
            kill(pid, SIGKILL)
            var s: Int32 = 0
            if waitpid(pid, &s, 0) == pid { status = s }
        }
    }
}
