/// What the command line says about how to read a price file.
public struct LoadOptions: Sendable, Equatable {
    /// `--column NAME`: the price column to read instead of Close/Price/... (case-insensitive).
    public var column: String?
    /// `--title`: the instrument name; the file name when nil.
    public var name: String?

    /// How many threads read a large file: nil for the environment's
    /// `TRADECHART_LOAD_THREADS`, else one per core; 1 reads it in one pass.
    public var threads: Int?

    /// Which of the open, high, low and volume are read too: the first three for candles,
    /// the volume for the volume pane. A line chart does without them, so a file shown
    /// as a line never reads them.
    public var bars: BarFields

    /// `--columns`, `--date-format` and `--separator`: what the loader is told instead of guessing.
    public var reading: ReadingOverrides

    /// Whether a compressed file that ends early (a download cut off, or still coming) gives
    /// the rows before the cut, `LoadReport.cutShort` saying so, instead of an error: the
    /// viewer shows them with that warning; `--print` and the other outputs keep the error.
    public var keepsRowsBeforeCut: Bool

    public init(column: String? = nil, name: String? = nil, threads: Int? = nil, bars: BarFields = [],
                reading: ReadingOverrides = .init(), keepsRowsBeforeCut: Bool = false) {
        self.column = column
        self.name = name
        self.threads = threads
        self.bars = bars
        self.reading = reading
        self.keepsRowsBeforeCut = keepsRowsBeforeCut
    }
}

/// What a user says about a file the loader cannot read by itself: the role of each
/// column, the time's pattern and the separator. Any of them makes the first data row
/// a test: a row it cannot read there is an error naming the row and the column.
public struct ReadingOverrides: Sendable, Equatable {
    /// `--columns time,open,high,low,close,volume,-`: a name per column (`-` skips one).
    public var columns: String?
    /// `--date-format '%d.%m.%Y %H:%M:%S'` (see `DateFormat`).
    public var dateFormat: String?
    /// `--separator`: one character, or `tab`, `comma`, `semicolon`, `space`, `pipe`.
    public var separator: String?

    public init(columns: String? = nil, dateFormat: String? = nil, separator: String? = nil) {
        self.columns = columns
        self.dateFormat = dateFormat
        self.separator = separator
    }

    /// Whether any override is given.
    public var isEmpty: Bool { columns == nil && dateFormat == nil && separator == nil }

    /// The separator byte named, or the error saying why the name is none.
    func separatorByte() throws(LoadError) -> UInt8? {
        guard let separator else { return nil }
        let named: [String: UInt8] = ["tab": 0x09, "\\t": 0x09, "comma": 0x2C, "semicolon": 0x3B, "space": 0x20, "pipe": 0x7C]
        if let byte = named[separator.lowercased()] { return byte }
        let bytes = Array(separator.utf8)
        guard bytes.count == 1, bytes[0] >= 0x20, bytes[0] < 0x7F, bytes[0] != 0x22,
              !(0x30...0x39).contains(bytes[0]), bytes[0] != 0x2E else {
            throw .badOverride(file: "--separator", line: nil, reason: "'\(TextSanitizer.clean(separator))' is not a separator "
                + "(one character such as ; or |, or tab, comma, semicolon, space, pipe)")
        }
        return bytes[0]
    }

    /// The names of `--columns`, each checked against the names the header rules know.
    func columnNames() throws(LoadError) -> [String]? {
        guard let columns else { return nil }
        let names = columns.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
        let known = ColumnLayout.dateNames.union(ColumnLayout.clockNames).union(ColumnLayout.stampNames)
            .union(ColumnLayout.priceNames).union(BarLayout.openNames).union(BarLayout.highNames)
            .union(BarLayout.lowNames).union(BarLayout.volumeNames)
        for (i, name) in names.enumerated() where name != "-" && !known.contains(ColumnLayout.key(name)) {
            throw .badOverride(file: "--columns", line: nil, reason: "column \(i + 1) '\(TextSanitizer.clean(name))' is not a column name "
                + "(use time, date, open, high, low, close, volume, a header name such as Adj Close, or - to skip a column)")
        }
        return names
    }

    /// Every override checked: nil, or the message saying what is wrong (for the command line).
    public var problem: String? {
        do throws(LoadError) {
            _ = try separatorByte()
            _ = try columnNames()
            if let dateFormat { _ = try DateFormat(dateFormat) }
            return nil
        } catch {
            return error.description
        }
    }
}

/// Which columns besides the time and the price a load reads.
public struct BarFields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The open, high and low: what candles and OHLC bars need.
    public static let prices = BarFields(rawValue: 1)
    /// The volume: what the volume pane needs.
    public static let volume = BarFields(rawValue: 2)
    public static let all: BarFields = [.prices, .volume]
}
