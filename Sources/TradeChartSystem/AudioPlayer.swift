import Foundation
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
            "Playing the audiograph with \((player as NSString).lastPathComponent) (\(path))"
        case .written(let path):
            "No audio player found; audiograph written to \(path)"
        case .failed(let reason):
            "Audiograph not played: \(reason)"
        }
    }
}

/// Plays WAV files through the first system player on PATH, without blocking:
/// the player runs detached with its standard input and output on /dev/null, so
/// it never writes into the terminal while the chart is on screen.
public enum AudioPlayer {
    /// The players looked for, in order.
    public static let playerNames = ["pw-play", "paplay", "aplay", "afplay"]

    /// The full path of the first executable player in `searchPath` (a PATH-style
    /// list; empty entries are skipped rather than meaning the current directory).
    public static func findPlayer(searchPath: String?) -> String? {
        let directories = (searchPath ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for name in playerNames {
            for directory in directories {
                let candidate = directory + "/" + name
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate) {
                    return candidate
                }
            }
        }
        return nil
    }

    /// `<directory>/tradechart-<name>-<range>.wav`, the name reduced to letters, digits, `.`, `_` and `-`.
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
                            searchPath: String? = ProcessInfo.processInfo.environment["PATH"],
                            directory: String = FileManager.default.temporaryDirectory.path) -> AudioPlayback {
        start(wav: wav, name: name, rangeLabel: rangeLabel, searchPath: searchPath, directory: directory).0
    }

    static func start(wav: [UInt8], name: String, rangeLabel: String,
                            searchPath: String? = ProcessInfo.processInfo.environment["PATH"],
                            directory: String = FileManager.default.temporaryDirectory.path) -> (AudioPlayback, Process?) {
        let path = filePath(name: name, rangeLabel: rangeLabel, directory: directory)
        do {
            try Data(wav).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            return (.failed(reason: "cannot write \(path)"), nil)
        }
        guard let player = findPlayer(searchPath: searchPath) else { return (.written(path: path), nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: player)
        process.arguments = [path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (.written(path: path), nil)
        }
        return (.playing(player: player, path: path), process)
    }
}

/// Plays one audiograph at a time: starting another stops the one still playing,
/// so pressing `a` twice restarts the sound instead of layering two.
public final class AudiographSession {
    private var current: Process?

    public init() {}

    /// Plays the audiograph of `slice` of `series`, stopping the one still playing.
    public func play(of series: PriceSeries, slice: RangeSlice, audiograph: Audiograph = Audiograph(),
                     searchPath: String? = ProcessInfo.processInfo.environment["PATH"],
                     directory: String = FileManager.default.temporaryDirectory.path) -> AudioPlayback {
        stop()
        let (result, process) = AudioPlayer.start(wav: audiograph.wav(of: series, slice: slice), name: series.name,
                                                  rangeLabel: slice.range.label, searchPath: searchPath, directory: directory)
        current = process
        return result
    }

    /// True while the player started last is still running.
    public var isPlaying: Bool { current?.isRunning ?? false }

    /// Stops the player still running, if any. SIGKILL, because a child inherits its
    /// parent's blocked signals and SIGTERM may never arrive; a player loses nothing by it.
    public func stop() {
        if let current, current.isRunning { kill(current.processIdentifier, SIGKILL) }
        current = nil
    }

    deinit { stop() }
}
