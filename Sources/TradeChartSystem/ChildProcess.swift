import Glibc

/// A program the viewer starts beside itself (a sound player): its output goes to
/// /dev/null so it never writes into the chart, it runs in a process group of its own
/// so Ctrl-C at the terminal reaches the viewer alone, and it starts with no blocked
/// signals and default handlers (the viewer's own are not its business).
///
/// Written on `posix_spawn` rather than taken from Foundation (`Process`), which would link
/// Foundation into the viewer and cost its start time and memory (issue 24).
final class ChildProcess: @unchecked Sendable {
    /// The child's process id.
    let processID: pid_t
    private var exitStatus: Int32?

    /// Starts `executable` (a path) with `arguments`, its standard input read from
    /// `standardInput` (a descriptor, which the caller still owns and closes) or /dev/null.
    init(executable: String, arguments: [String], standardInput: Int32? = nil) throws(SpawnFailure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw SpawnFailure(executable: executable, code: result) }
        processID = child
    }

    /// How the child ended ("ended with status 1", "was ended by signal 9"), reaping it;
    /// nil while it runs.
    @discardableResult
    func reap() -> String? {
        if exitStatus == nil {
            var status: Int32 = 0
            guard waitpid(processID, &status, WNOHANG) == processID else { return nil }
            exitStatus = status
        }
        let status = exitStatus!
        if status & 0x7f == 0 { return "ended with status \((status >> 8) & 0xff)" }
        return "was ended by signal \(status & 0x7f)"
    }

    /// True while the child runs (it is reaped once it has ended).
    var isRunning: Bool { reap() == nil }

    /// Ends the child at once if it still runs (SIGKILL: a child inherits blocked signals
    /// from a parent that blocks SIGTERM, and a player loses nothing by it), and reaps it.
    func kill() {
        guard isRunning else { return }
        Glibc.kill(processID, SIGKILL)
        var status: Int32 = 0
        if waitpid(processID, &status, 0) == processID { exitStatus = status }
    }
}

/// Why a program could not be started: the executable and the system's reason.
struct SpawnFailure: Error, CustomStringConvertible {
    var executable: String
    var code: Int32
    var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
}
