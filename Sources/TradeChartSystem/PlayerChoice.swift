/// Which program plays sound: the command the person named (`--player CMD`, else
/// `TRADECHART_PLAYER`), run by `/bin/sh` with the audio on its standard input, or
/// the first of the known players found on the search path.
public enum PlayerChoice: Sendable, Equatable {
    /// A shell command line that reads WAV from standard input.
    case command(String)
    /// The known players, looked for on this PATH-style list.
    case known(searchPath: String?)

    /// The environment variable that names a player when `--player` does not.
    public static let environmentVariable = "TRADECHART_PLAYER"

    /// `--player` wins, then `TRADECHART_PLAYER`, then the known players on `PATH`.
    /// An empty or blank command counts as none.
    public static func resolve(option: String?, environment: [String: String]) -> PlayerChoice {
        for candidate in [option, environment[environmentVariable]] {
            if let command = candidate, !command.allSatisfy(\.isWhitespace) { return .command(command) }
        }
        return .known(searchPath: environment["PATH"])
    }
}
