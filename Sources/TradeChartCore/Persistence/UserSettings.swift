/// What tradechart remembers for the person, whatever the file: the screen-reader
/// mode, once it was asked for on the command line (`--screen-reader`, or
/// `--no-screen-reader` to leave it again).
public struct UserSettings: Codable, Sendable, Equatable {
    public var screenReader: Bool?
    /// Seconds since 1970 of the last change: where two tradecharts saved different
    /// settings, the newer wins.
    public var updated: Double

    public init(screenReader: Bool? = nil, updated: Double = 0) {
        self.screenReader = screenReader
        self.updated = updated
    }
}
