/// Where the time and the price are in each row, found from the header line.
///
/// Column names are compared case-insensitively with everything but letters
/// and digits dropped, so `Adj. Close*` matches `Adj Close` and `Date/Time`
/// matches `Datetime`. The time column is the first of `Datetime`/`Timestamp`,
/// else a `Date` (`Datum`) column together with a `Time` (`Zeit`) column, else
/// `Date`/`Datum` alone, else `Time`/`Zeit` alone. The price column is the one
/// named by `--column`, else the first of `Close`, `Adj Close`, `Price`,
/// `Last`, `Value`, `Schlusskurs`, `Kurs` that exists.
package struct ColumnLayout: Sendable, Equatable {
    /// The field separator: `,`, `;` or tab.
    var delimiter: UInt8
    /// The column holding the date (and time, unless `clockIndex` is set).
    var timeIndex: Int
    /// A separate time-of-day column, or -1.
    var clockIndex: Int
    /// The price column.
    var priceIndex: Int
    /// The header's column names, as written (cleaned of control characters), or the
    /// names given to the columns of a file without a header.
    var columns: [String]
    /// The export the layout is most likely from, for `--describe` (`MetaTrader 5 export`).
    var source = ""
    /// What was assumed about a file without a header, as the report says it; nil with a header.
    var readAs: String?
    /// `--date-format`, when given: how the time column is read.
    var dateFormat: DateFormat?

    /// The highest field index a row must be read up to.
    var lastNeeded: Int { max(timeIndex, clockIndex, priceIndex) }

    static let dateNames: Set<String> = ["date", "datum"]
    static let clockNames: Set<String> = ["time", "zeit"]
    /// Also Binance's `open_time` and Dukascopy's `Gmt time`.
    static let stampNames: Set<String> = ["datetime", "timestamp", "opentime", "gmttime"]
    /// The keys of `LoadError.priceColumnNames`, the names the messages list, in the same order.
    static let priceNames = LoadError.priceColumnNames.map(key)

    /// The comparison key of a column name.
    static func key(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter {
            $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }))
    }

    /// The layout of a header row, or the error naming what is missing.
    static func detect(header: [String], delimiter: UInt8, options: LoadOptions, file: String) throws(LoadError) -> ColumnLayout {
        let columns = header.map { TextSanitizer.clean($0) }
        let keys = header.map(key)
        let stamp = keys.firstIndex { stampNames.contains($0) }
        let date = keys.firstIndex { dateNames.contains($0) }
        let clock = keys.firstIndex { clockNames.contains($0) }
        var timeIndex = -1, clockIndex = -1
        if let stamp {
            timeIndex = stamp
        } else if let date, let clock {
            timeIndex = date
            clockIndex = clock
        } else if let t = date ?? clock {
            timeIndex = t
        } else {
            throw .noTimeColumn(file: file, columns: columns)
        }
        var priceIndex: Int?
        if let wanted = options.column {
            let trimmed = wanted.trimmingSpaces().lowercased()
            priceIndex = header.firstIndex { $0.trimmingSpaces().lowercased() == trimmed }
                ?? keys.firstIndex { $0 == key(wanted) && !$0.isEmpty }
            guard let p = priceIndex, p != timeIndex, p != clockIndex else {
                throw .columnNotFound(file: file, column: TextSanitizer.clean(wanted),
                                      columns: columns.indices.filter { $0 != timeIndex && $0 != clockIndex }.map { columns[$0] })
            }
        } else {
            for name in priceNames {
                if let p = keys.firstIndex(of: name), p != timeIndex, p != clockIndex { priceIndex = p; break }
            }
        }
        guard let priceIndex else { throw .noPriceColumn(file: file, columns: columns) }
        return ColumnLayout(delimiter: delimiter, timeIndex: timeIndex, clockIndex: clockIndex,
                            priceIndex: priceIndex, columns: columns,
                            source: source(header: header, keys: keys, time: columns[timeIndex], price: columns[priceIndex]))
    }

    /// The export a header is most likely from, by names only its exports write.
    static func source(header: [String], keys: [String], time: String, price: String) -> String {
        if header.contains("<DATE>") || header.contains("<TICKVOL>") { return "MetaTrader 5 export" }
        if keys.contains("gmttime") { return "Dukascopy export (times in GMT)" }
        if keys.contains("opentime") && keys.contains("closetime") { return "Binance klines with a header" }
        return "header: time in \(time), price in \(price)"
    }

    /// The layout for rows that carry one field more than the header, the extra
    /// one a time of day right after the date (backtrader's `Date,Open,...` header
    /// over `Date,Time,Open,...` rows): the time becomes its own column and the
    /// columns after the date move one to the right.
    func withUnnamedClockColumn() -> ColumnLayout {
        var shifted = self
        shifted.clockIndex = timeIndex + 1
        if priceIndex > timeIndex { shifted.priceIndex += 1 }
        shifted.columns.insert("(time)", at: timeIndex + 1)
        return shifted
    }

    /// The separator of a header line: the most frequent of `;`, tab and `,`
    /// outside quotes (`,` when there is none).
    static func delimiter(ofHeader bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var counts = (comma: 0, semicolon: 0, tab: 0)
        var quoted = false
        for c in bytes {
            if c == 0x22 { quoted.toggle() }
            if quoted { continue }
            if c == 0x2C { counts.comma += 1 } else if c == 0x3B { counts.semicolon += 1 } else if c == 0x09 { counts.tab += 1 }
        }
        if counts.semicolon > counts.comma && counts.semicolon >= counts.tab { return 0x3B }
        if counts.tab > counts.comma && counts.tab > counts.semicolon { return 0x09 }
        return 0x2C
    }

    /// The fields of a header line, RFC 4180 quotes removed, as text.
    static func splitHeader(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> [String] {
        var fields: [String] = []
        var current: [UInt8] = []
        var quoted = false
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if quoted {
                if c == 0x22 {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x22 { current.append(0x22); i += 1 } else { quoted = false }
                } else {
                    current.append(c)
                }
            } else if c == 0x22 && current.allSatisfy({ $0 == 0x20 }) {
                current.removeAll()
                quoted = true
            } else if c == delimiter {
                fields.append(String(decoding: current, as: UTF8.self).trimmingSpaces())
                current.removeAll()
            } else if c != 0x0D && c != 0x0A {
                current.append(c)
            }
            i += 1
        }
        fields.append(String(decoding: current, as: UTF8.self).trimmingSpaces())
        return fields
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
