import Foundation

/// Runs the built `tradechart` inside a private tmux server at a given size,
/// sends keys and reads back the screen, as a person at a terminal would.
final class TmuxSession {
    let socket: String
    let target = "t"

    /// Starts `command` (a shell command line) in a detached session of `width` x `height`.
    /// The pane stays after the program exits so its exit status can be read.
    init(_ command: String, width: Int = 120, height: Int = 40, environment: [String: String] = [:]) throws {
        socket = "tc-\(getpid())-\(UUID().uuidString.prefix(8))"
        let exports = environment.map { "export \($0.key)='\($0.value)';" }.joined(separator: " ")
        try tmux(["start-server", ";", "set", "-g", "default-terminal", "tmux-256color", ";",
                  "set", "-g", "remain-on-exit", "on", ";",
                  "new-session", "-d", "-s", target, "-x", String(width), "-y", String(height),
                  "cd '\(TmuxSession.packageRoot)' && \(exports) exec \(command)"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Sends tmux key names (`Left`, `Home`, `q`, `C-c`, ...).
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", target] + keys) }

    /// Sends text literally (escape sequences such as mouse reports included).
    func sendLiteral(_ text: String) throws { try tmux(["send-keys", "-t", target, "-l", text]) }

    /// The visible screen as text; with `colors`, including SGR escape codes.
    func capture(colors: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", target, "-p"] + (colors ? ["-e"] : []))
    }

    /// Polls the screen until `condition` holds or `timeout` passes; returns the last screen.
    @discardableResult
    func waitForScreen(timeout: TimeInterval = 5, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try capture()
        while !condition(screen) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            screen = try capture()
        }
        return screen
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 5) throws -> String {
        try waitForScreen(timeout: timeout) { $0.contains(text) }
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
            if try query("#{pane_dead}") == "1" { return Int32(try query("#{pane_dead_status}")) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// The process id of the program in the pane.
    func pid() throws -> Int32? { Int32(try query("#{pane_pid}")) }

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

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], stdin: FileHandle? = nil,
                    environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: TmuxSession.packageRoot)
        if let environment { process.environment = environment }
        // Standard error goes to a file, standard output to a pipe read to the end,
        // so a large output cannot block the child.
        let errorPath = NSTemporaryDirectory() + "tradechart-stderr-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardInput = stdin ?? FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = FileManager.default.contents(atPath: errorPath) ?? Data()
        return Result(status: process.terminationStatus,
                      output: String(decoding: outData, as: UTF8.self),
                      error: String(decoding: errData, as: UTF8.self))
    }

    /// Runs the built tradechart with arguments, standard input from /dev/null.
    static func tradechart(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        try run(TmuxSession.binary, arguments, environment: environment)
    }
}
