/// One file of the overview: its name as listed and what loading it gave (a chart,
/// or why there is none). An entry that loaded keeps its columns, so opening it is
/// instant, and its min-max index, so its sparkline costs the same at any length.
public struct OverviewEntry: Sendable {
    /// What loading the file gave.
    public enum Content: Sendable, Equatable {
        /// Still being read.
        case loading
        /// Read, with at least two prices.
        case loaded(LoadedSeries)
        /// Not read, or fewer than two prices: the reason in a few words.
        case failed(String)
    }

    /// The file name without its extensions (`dax.csv.gz` is `dax`), control characters escaped.
    public var name: String
    /// The path as given (to open the file again, and in messages).
    public var path: String
    /// Its place in the folder's listing (the order `as in the folder`).
    public var position: Int
    public private(set) var content: Content
    /// The prices' min-max index, built once when the file is read.
    private(set) var index: MinMaxIndex?

    public init(path: String, position: Int, content: Content = .loading) {
        self.path = path
        self.position = position
        self.name = Self.listedName(of: path)
        self.content = .loading
        index = nil
        set(content)
    }

    /// Takes what a load gave.
    public mutating func set(_ content: Content) {
        if case .loaded(let loaded) = content, loaded.series.count < 2 {
            self.content = .failed(loaded.series.count == 1 ? "one price: a chart needs two" : "no prices")
            index = nil
            return
        }
        self.content = content
        if case .loaded(let loaded) = content { index = MinMaxIndex(loaded.series.prices) } else { index = nil }
    }

    /// The series, when the file was read.
    public var series: PriceSeries? {
        if case .loaded(let loaded) = content { return loaded.series }
        return nil
    }

    /// The reason in short, when the file could not be shown.
    public var problem: String? {
        if case .failed(let why) = content { return why }
        return nil
    }

    /// The file name without folders and known extensions, safe to write to a terminal.
    static func listedName(of path: String) -> String {
        var name = Substring(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
        let compressed = [".gz", ".zst", ".xz", ".bz2", ".zip"]
        if let ending = compressed.first(where: { name.lowercased().hasSuffix($0) }) { name = name.dropLast(ending.count) }
        for ending in [".csv", ".txt", ".tsv"] where name.lowercased().hasSuffix(ending) && name.count > ending.count {
            name = name.dropLast(ending.count)
            break
        }
        return TextSanitizer.clean(String(name))
    }
}
