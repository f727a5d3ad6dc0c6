import Glibc
import TradeChartCore

/// What became of an audiograph: playing through a system player, only
/// written to a file (no player found), or not written at all.
public enum AudioPlayback: Sendable, Equatable {
    case playing(player: String, path: String)
    case written(path: String)
    case failed(reason: String)

    /// One line for the status bar or standard error.
    public var message: String {
        switch self {
        case .playing(let player, let path):
            // A command line is shown as it was given, a known player by its name.
            "Playing the audiograph with \(player.contains(" ") ? player : player.split(separator: "/").last.map(String.init) ?? player) (\(path))"
        case .written(let path):
            "No audio player found; audiograph written to \(path)"
        case .failed(let reason):
            "Audiograph not played: \(reason)"
        }
    }
}

/// Plays WAV files through the first system player on PATH (the file's path as its
/// argument), or the person's `--player` command (the file on its standard input),
/// without blocking: the player runs detached with its output on /dev/null, so it
/// never writes into the terminal while the chart is on screen.
public enum AudioPlayer {
    /// The players looked for, in order.
    public static let playerNames = ["pw-play", "paplay", "aplay", "afplay"]

    /// The full path of the first executable player in `searchPath` (a PATH-style
    /// list; empty entries are skipped rather than meaning the current directory).
    public static func findPlayer(searchPath: String?) -> String? {
        playerNames.lazy.compactMap { findExecutable($0, searchPath: searchPath) }.first
    }

    /// The full path of the executable file `name` in the first directory of `searchPath` that has it.
    public static func findExecutable(_ name: String, searchPath: String?) -> String? {
        let directories = (searchPath ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for directory in directories {
            let candidate = directory + "/" + name
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT != S_IFDIR, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Where audiographs are written: `TMPDIR`, else /tmp.
    public static var temporaryDirectory: String {
        if let value = environmentValue("TMPDIR"), !value.isEmpty { return value }
        return "/tmp"
    }

    /// The value of the environment variable `name`, nil when it is not set.
    public static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Writes `bytes` to `path` through a temporary file beside it, renamed over `path`
    /// when complete, so a player never reads half a file.
    static func write(_ bytes: [UInt8], atomicallyTo path: String) -> Bool {
        let temporary = path + ".part-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            offset += n
        }
        let complete = offset == bytes.count && close(fd) == 0
        guard complete, rename(temporary, path) == 0 else {
            if !complete { close(fd) }
            unlink(temporary)
            return false
        }
        return true
    }

    /// `<directory>/tradechart-<name>-<range>.wav` (the range or window shown), the name reduced to letters, digits, `.`, `_` and `-`.
    public static func filePath(name: String, rangeLabel: String, directory: String) -> String {
        let safe = String(("\(name)-\(rangeLabel)").map { c -> Character in
            c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "_" || c == "-") ? c : "_"
        })
        let trimmed = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        return "\(trimmed)/tradechart-\(safe).wav"
    }

    /// Writes `wav` to a temporary file and starts the first player found on
    /// `searchPath` (default: the PATH environment variable) detached. Returns at once.
    public static func play(wav: [UInt8], name: String, rangeLabel: String,
                            searchPath: String? = AudioPlayer.environmentValue("PATH"),
                            directory: String = AudioPlayer.temporaryDirectory) -> AudioPlayback {
        start(wav: wav, name: name, rangeLabel: rangeLabel, player: .known(searchPath: searchPath), directory: directory).0
    }

    /// Writes `wav` to a temporary file and starts the player: a known one with the file's
    /// path as its argument, or the person's command with the file on its standard input.
    static func start(wav: [UInt8], name: String, rangeLabel: String, player choice: PlayerChoice,
                      directory: String = AudioPlayer.temporaryDirectory) -> (AudioPlayback, ChildProcess?) {
        let path = filePath(name: name, rangeLabel: rangeLabel, directory: directory)
        guard write(wav, atomicallyTo: path) else { return (.failed(reason: "cannot write \(path)"), nil) }
        let player: String
        let executable: String
        let arguments: [String]
        // The file the person's player reads on its standard input; ours to close once the player has it.
        var input: Int32?
        defer { if let input { close(input) } }
        switch choice {
        case .command(let line):
            input = open(path, O_RDONLY | O_CLOEXEC)
            guard let fd = input, fd >= 0 else {
                input = nil
                return (.failed(reason: "cannot read \(path)"), nil)
            }
            player = line
            executable = "/bin/sh"
            arguments = ["-c", line]
        case .known(let searchPath):
            guard let found = findPlayer(searchPath: searchPath) else { return (.written(path: path), nil) }
            player = found
            executable = found
            arguments = [path]
        }
        guard let process = try? ChildProcess(executable: executable, arguments: arguments, standardInput: input) else {
            return (.written(path: path), nil)
        }
        return (.playing(player: player, path: path), process)
    }
}

/// Plays one audiograph at a time: starting another stops the one still playing,
/// so pressing `a` twice restarts the sound instead of layering two.
public final class AudiographSession {
    private var current: ChildProcess?

    public init() {}

    /// Plays the audiograph of `slice` of `series`, stopping the one still playing.
    public func play(of series: PriceSeries, slice: RangeSlice, audiograph: Audiograph = Audiograph(),
                     searchPath: String? = AudioPlayer.environmentValue("PATH"),
                     directory: String = AudioPlayer.temporaryDirectory) -> AudioPlayback {
        play(of: series, slice: slice, audiograph: audiograph, player: .known(searchPath: searchPath), directory: directory)
    }

    /// Plays the audiograph of `slice` of `series` with `player`, stopping the one still playing.
    public func play(of series: PriceSeries, slice: RangeSlice, audiograph: Audiograph = Audiograph(),
                     player: PlayerChoice, directory: String = AudioPlayer.temporaryDirectory) -> AudioPlayback {
        stop()
        let (result, process) = AudioPlayer.start(wav: audiograph.wav(of: series, slice: slice), name: series.name,
                                                  rangeLabel: Audiograph.label(of: series, slice: slice), player: player,
                                                  directory: directory)
        current = process
        return result
    }

    /// True while the player started last is still running.
    public var isPlaying: Bool { current?.isRunning ?? false }

    /// Stops the player still running, if any. SIGKILL, because a child inherits its
    /// parent's blocked signals and SIGTERM may never arrive; a player loses nothing by it.
    public func stop() {
        current?.kill()
        current = nil
    }

    deinit { stop() }
}
