/// What the command line says about how to read a price file.
public struct LoadOptions: Sendable, Equatable {
    /// `--column NAME`: the price column to read instead of Close/Price/... (case-insensitive).
    public var column: String?
    /// `--title`: the instrument name; the file name when nil.
    public var name: String?

    /// How many threads read a large file: nil for the environment's
    /// `TRADECHART_LOAD_THREADS`, else one per core; 1 reads it in one pass.
    public var threads: Int?

    public init(column: String? = nil, name: String? = nil, threads: Int? = nil) {
        self.column = column
        self.name = name
        self.threads = threads
    }
}
