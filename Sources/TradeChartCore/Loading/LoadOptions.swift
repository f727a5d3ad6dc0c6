/// What the command line says about how to read a price file.
public struct LoadOptions: Sendable, Equatable {
    /// `--column NAME`: the price column to read instead of Close/Price/... (case-insensitive).
    public var column: String?
    /// `--title`: the instrument name; the file name when nil.
    public var name: String?

    public init(column: String? = nil, name: String? = nil) {
        self.column = column
        self.name = name
    }
}
