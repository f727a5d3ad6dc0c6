/// How a player is started to play a stream of 16-bit mono samples from its
/// standard input, as the tones need it: one long-running process fed as the
/// cursor moves.
///
/// The person's command (`--player`) gets a WAV header announcing a stream of unknown
/// length, then the samples. The known players get raw samples, with the format on
/// their command line and a small buffer so a tone sounds at once:
/// - `pw-play -` reads raw samples from standard input (`--format`, `--rate`,
///   `--channels`; `--latency` sets PipeWire's node latency);
/// - `paplay --raw` reads raw samples from standard input when no file is named
///   (`--latency-msec` keeps PulseAudio's buffer small);
/// - `aplay -t raw -` (`--buffer-time` in microseconds; `--start-delay` starts playing
///   after a millisecond of sound instead of when the buffer is full).
/// `afplay` (macOS) plays files only, never standard input: it plays the audiograph,
/// not tones.
public struct StreamPlayerCommand: Sendable, Equatable {
    public var executable: String
    public var arguments: [String]
    /// True when the stream starts with a WAV header; false for raw samples.
    public var sendsHeader: Bool
    /// How messages name it: `aplay`, or the person's command.
    public var name: String

    public init(executable: String, arguments: [String], sendsHeader: Bool, name: String) {
        self.executable = executable
        self.arguments = arguments
        self.sendsHeader = sendsHeader
        self.name = name
    }

    /// The known stream players, in the order they are looked for.
    public static let knownNames = ["pw-play", "paplay", "aplay"]

    /// The command for `choice`, nil when it names no player and none of the known ones is found.
    public static func find(_ choice: PlayerChoice, sampleRate: Int) -> StreamPlayerCommand? {
        switch choice {
        case .command(let line):
            return StreamPlayerCommand(executable: "/bin/sh", arguments: ["-c", line], sendsHeader: true, name: line)
        case .known(let searchPath):
            for name in knownNames {
                guard let path = AudioPlayer.findExecutable(name, searchPath: searchPath) else { continue }
                return StreamPlayerCommand(executable: path, arguments: arguments(for: name, sampleRate: sampleRate),
                                           sendsHeader: false, name: name)
            }
            return nil
        }
    }

    /// The arguments that make a known player read raw samples at `sampleRate` from standard input.
    static func arguments(for name: String, sampleRate: Int) -> [String] {
        switch name {
        case "pw-play":
            ["--format=s16", "--rate=\(sampleRate)", "--channels=1", "--latency=20ms", "-"]
        case "paplay":
            ["--raw", "--format=s16le", "--rate=\(sampleRate)", "--channels=1", "--latency-msec=20"]
        case "aplay":
            ["-q", "-t", "raw", "-f", "S16_LE", "-r", "\(sampleRate)", "-c", "1", "--buffer-time=60000",
             "--start-delay=1000", "-"]
        default:
            ["-"]
        }
    }

    /// What a person reads when no player was found.
    public static var noneFoundMessage: String {
        "No player for tones found (looked for \(knownNames.joined(separator: ", "))); name one with --player or \(PlayerChoice.environmentVariable)"
    }
}
