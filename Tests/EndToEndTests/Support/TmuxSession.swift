import Foundation

/// Runs the built `tradechart` inside a private tmux server at a given size,
/// sends keys and reads back the screen, as a person at a terminal would.
final class TmuxSession {
    let socket: String
    let target = "t"

    /// Starts `command` (a shell command line) in a detached session of `width` x `height`.
    /// The pane stays after the program exits so its exit status can be read.
    /// `options` are more `set -g` lines for the server (e.g. `["window-style", "bg=#ffffff"]`).
    init(_ command: String, width: Int = 120, height: Int = 40, environment: [String: String] = [:],
         options: [[String]] = []) throws {
        socket = "tc-\(getpid())-\(UUID().uuidString.prefix(8))"
        // A private state folder, so remembered ranges never leak between tests or into the user's.
        stateFolder = NSTemporaryDirectory() + "tradechart-state-\(socket)"
        var environment = environment
        if environment["XDG_STATE_HOME"] == nil { environment["XDG_STATE_HOME"] = stateFolder }
        let exports = environment.map { "export \($0.key)='\($0.value)';" }.joined(separator: " ")
        try? FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        try tmux(["start-server", ";", "set", "-g", "default-terminal", "tmux-256color", ";",
                  "set", "-g", "remain-on-exit", "on", ";"]
                 + options.flatMap { ["set", "-g"] + $0 + [";"] }
                 + [
                  "new-session", "-d", "-s", target, "-x", String(width), "-y", String(height),
                  "cd '\(TmuxSession.packageRoot)' && \(exports) \(command); echo $? > '\(stateFolder).status'"])
    }

    let stateFolder: String

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: stateFolder)
        try? FileManager.default.removeItem(atPath: stateFolder + ".status")
    }

    /// Sends tmux key names (`Left`, `Home`, `q`, `C-c`, ...).
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", target] + keys) }

    /// Sends text literally (escape sequences such as mouse reports included).
    func sendLiteral(_ text: String) throws { try tmux(["send-keys", "-t", target, "-l", text]) }

    /// The visible screen as text; with `colors`, including SGR escape codes.
    func capture(colors: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", target, "-p"] + (colors ? ["-e"] : []))
    }

    /// The screen with the lines that scrolled off its top (tmux scrolls a dead pane's
    /// screen to say so on its last line).
    func captureWithHistory() throws -> String {
        try tmux(["capture-pane", "-t", target, "-p", "-S", "-"])
    }

    /// The screen never showed what a test waited for.
    struct ScreenTimeout: Error, CustomStringConvertible {
        var waited: TimeInterval
        var what: String
        var screen: String
        var description: String { "waited \(waited) s for \(what); the screen was:\n\(screen)" }
    }

    /// Polls the screen until `condition` holds and returns that screen; throws
    /// (failing the test) when it does not hold within `timeout` seconds.
    ///
    /// A frame reaches the terminal in pieces, so a screen caught between two of them
    /// may show the new header above an old status line. With `settled` (the default)
    /// the screen must also read the same a moment later; pass false while something
    /// moves on purpose (a morph).
    @discardableResult
    func waitForScreen(timeout: TimeInterval = 5, _ what: String = "a condition", settled: Bool = true,
                       _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try capture()
        while true {
            if condition(screen) {
                // Something that never stops moving is taken as it is at the deadline.
                guard settled, Date() < deadline else { return screen }
                Thread.sleep(forTimeInterval: 0.03)
                let again = try capture()
                if again == screen { return screen }
                screen = again
                continue
            }
            guard Date() < deadline else { throw ScreenTimeout(waited: timeout, what: what, screen: screen) }
            Thread.sleep(forTimeInterval: 0.05)
            screen = try capture()
        }
    }

    /// Waits until the screen contains `text` (throws when it never does).
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 5) throws -> String {
        try waitForScreen(timeout: timeout, "'\(text)'") { $0.contains(text) }
    }

    /// Copies every byte the program writes to the pane from now on into `path`
    /// (tmux's pipe-pane): what the terminal received, escape codes and all.
    func recordOutput(to path: String) throws {
        try tmux(["pipe-pane", "-t", target, "-o", "cat >> '\(path)'"])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
    }

    /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
    func query(_ format: String) throws -> String {
        try tmux(["display-message", "-t", target, "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits for the program to exit and returns its exit status (nil on timeout).
    func waitForExit(timeout: TimeInterval = 5) throws -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: stateFolder + ".status", encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// The process id of the program in the pane.
    func pid() throws -> Int32? { Int32(try query("#{pane_pid}")) }

    /// The `tradechart` process running in the pane: a descendant of the pane's shell
    /// (the command line may wrap it in shells of its own).
    func viewerPid() throws -> Int32? {
        guard let root = try pid() else { return nil }
        var queue = [root]
        while !queue.isEmpty {
            let parent = queue.removeFirst()
            let comm = (try? String(contentsOfFile: "/proc/\(parent)/comm", encoding: .utf8)) ?? ""
            if comm.trimmingCharacters(in: .whitespacesAndNewlines) == "tradechart" { return parent }
            let children = try ProcessRunner.run("/usr/bin/env", ["pgrep", "-P", String(parent)]).output
            queue += children.split(separator: "\n").compactMap { Int32($0) }
        }
        return nil
    }

    /// Ends the tmux server, closing the terminal of every program in it (a hangup).
    func killServer() throws { _ = try tmux(["kill-server"]) }

    /// Whether process `pid` ends within `seconds`; one that does not is killed (SIGKILL).
    static func endsSoon(_ pid: Int32, within seconds: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !hasEnded(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let ended = hasEnded(pid)
        if !ended { kill(pid, SIGKILL) }
        return ended
    }

    /// Whether process `pid` has ended (gone, or a zombie no one has reaped yet).
    static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // The state follows the command's closing parenthesis.
        return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).first == "Z"
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try ProcessRunner.run("/usr/bin/env", ["tmux", "-L", socket, "-f", "/dev/null"] + arguments).output
    }

    /// The folder holding Package.swift.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    /// The built binary: $TRADECHART_BIN, else .build/debug/tradechart.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["TRADECHART_BIN"], !path.isEmpty { return path }
        return packageRoot + "/.build/debug/tradechart"
    }()
}

/// Runs a program to completion and collects its output and exit status.
enum ProcessRunner {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs a program with posix_spawn and waitpid. (Foundation's Process waits on a
    /// socket that a daemon started by the child, like the tmux server, inherits, so its
    /// wait would never end.) Output goes to files; standard input is /dev/null.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String],
                    environment: [String: String]? = nil) throws -> Result {
        let base = NSTemporaryDirectory() + "tradechart-run-\(UUID().uuidString)"
        let outputPath = base + ".out", errorPath = base + ".err"
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        // Through sh, to start in the package root (relative paths like Data/dax.csv).
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", TmuxSession.packageRoot, executable]
        let argv = (shell + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        // The child starts with no blocked signals and default handlers: a test thread's
        // blocked mask would otherwise pass on, and a tmux server that cannot see SIGCHLD
        // never reaps its panes nor exits on kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SpawnError(code: spawned, executable: executable) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let outData = FileManager.default.contents(atPath: outputPath) ?? Data()
        let errData = FileManager.default.contents(atPath: errorPath) ?? Data()
        return Result(status: code,
                      output: String(decoding: outData, as: UTF8.self),
                      error: String(decoding: errData, as: UTF8.self))
    }

    struct SpawnError: Error {
        var code: Int32
        var executable: String
    }

    /// Runs the built tradechart with arguments, standard input from /dev/null.
    static func tradechart(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        try run(TmuxSession.binary, arguments, environment: environment)
    }
}
