/// Which unit a column of Unix times is in, and which of its rows are in another.
///
/// The column's unit is that of its largest magnitude: seconds below 1e11 (the year
/// 5138), then milliseconds, microseconds and nanoseconds, each a thousand times more.
/// A smaller number in such a column is either a time near 1970 in the column's unit
/// or a time in a smaller unit: `1560470400` among milliseconds is 19 January 1970 in
/// milliseconds, or 14 June 2019 in seconds. It is taken to be in the smaller unit,
/// and so a bad row ("not read in one unit silently"), when read in that unit it falls
/// within a year of the column's own rows while those rows stay away from 1970 (a
/// column that runs through 1970 in milliseconds, as TradingView's S&P 500 from 1950
/// would, really does hold small numbers).
struct UnixUnits: Sendable, Equatable {
    /// Per unit (seconds, milliseconds, microseconds, nanoseconds): how many rows, their
    /// smallest magnitude, their smallest and largest value, and the first row's line
    /// and index (into the parser's rows).
    struct Unit: Sendable, Equatable {
        var rows = 0
        var smallestMagnitude = Int64.max
        var lowest = Int64.max
        var highest = Int64.min
        var firstLine = 0
        var firstIndex = 0
    }

    var units = [Unit](repeating: Unit(), count: 4)

    /// Raw values per second, by unit.
    static let perSecond: [Int64] = [1, 1_000, 1_000_000, 1_000_000_000]
    static let names = ["seconds", "milliseconds", "microseconds", "nanoseconds"]

    /// The unit a raw value of this magnitude reads in when it is the largest of its column.
    @inline(__always)
    static func unit(magnitude m: Int64) -> Int {
        m >= 100_000_000_000_000_000 ? 3 : m >= 100_000_000_000_000 ? 2 : m >= 100_000_000_000 ? 1 : 0
    }

    /// Counts one row: its raw value, its line and its index among the rows kept.
    @inline(__always)
    mutating func add(_ value: Int64, line: Int, index: Int) {
        let magnitude = value < 0 ? 0 &- value : value
        let u = Self.unit(magnitude: magnitude)
        if units[u].rows == 0 {
            units[u].firstLine = line
            units[u].firstIndex = index
        }
        units[u].rows += 1
        units[u].smallestMagnitude = min(units[u].smallestMagnitude, magnitude)
        units[u].lowest = min(units[u].lowest, value)
        units[u].highest = max(units[u].highest, value)
    }

    /// Adds the counts of the rows after these (`lines` and `rows` read before them).
    mutating func absorb(_ other: UnixUnits, lines: Int, rows: Int) {
        for u in units.indices where other.units[u].rows > 0 {
            let o = other.units[u]
            if units[u].rows == 0 {
                units[u].firstLine = o.firstLine + lines
                units[u].firstIndex = o.firstIndex + rows
            }
            units[u].rows += o.rows
            units[u].smallestMagnitude = min(units[u].smallestMagnitude, o.smallestMagnitude)
            units[u].lowest = min(units[u].lowest, o.lowest)
            units[u].highest = max(units[u].highest, o.highest)
        }
    }

    /// Which rows are in a smaller unit than the column's: the column's unit and the
    /// span (in seconds, a year wider each side) that such a row falls in.
    struct Filter: Sendable, Equatable {
        var columnUnit: Int
        var span: ClosedRange<Int64>

        /// Whether the raw value is in a smaller unit than the column's (see `UnixUnits`).
        @inline(__always)
        func isOtherUnit(_ value: Int64) -> Bool {
            let magnitude = value < 0 ? 0 &- value : value
            let u = UnixUnits.unit(magnitude: magnitude)
            return u < columnUnit && span.contains(value / UnixUnits.perSecond[u])
        }
    }

    /// The filter of the rows counted so far; nil when no row can be in another unit.
    var filter: Filter? {
        guard let column = units.lastIndex(where: { $0.rows > 0 }), column > 0,
              units[..<column].contains(where: { $0.rows > 0 }) else { return nil }
        let own = units[column]
        // Rows of the column's unit that come within a tenth of its smallest magnitude run through 1970.
        let smallest = [0, 100_000_000_000, 100_000_000_000_000, 100_000_000_000_000_000][column]
        guard own.smallestMagnitude > smallest / 10 * 11 else { return nil }
        let year: Int64 = 366 * 86_400
        let perSecond = Self.perSecond[column]
        return Filter(columnUnit: column, span: (own.lowest / perSecond - year)...(own.highest / perSecond + year))
    }

    /// The reason given for a row in another unit.
    func reason(_ value: Int64, filter: Filter) -> String {
        let magnitude = value < 0 ? 0 &- value : value
        return "Unix time '\(value)' is in \(Self.names[Self.unit(magnitude: magnitude)]), "
            + "the column in \(Self.names[filter.columnUnit]) (one unit per column)"
    }
}

extension CSVStreamParser {
    /// Drops the rows of a Unix time column that are in a smaller unit than the column's
    /// (see `UnixUnits`), each a bad row with its reason; call it before `scaleUnix`.
    /// `firstIndex` is the index among every row read of `times[0]` (rows handed out while following).
    func dropOtherUnits<C: CompanionColumns>(_ times: inout [Int64], _ prices: inout [Double], _ companions: inout C,
                                             _ report: inout LoadReport, firstIndex: Int = 0) {
        guard let filter = unixUnits.filter else { return }
        var kept = 0
        for i in times.indices {
            let t = times[i]
            if filter.isOtherUnit(t) {
                let unit = unixUnits.units[UnixUnits.unit(magnitude: t < 0 ? 0 &- t : t)]
                report.recordBad(line: unit.firstIndex == firstIndex + i ? unit.firstLine : nil, reason: unixUnits.reason(t, filter: filter))
                continue
            }
            times[kept] = t
            prices[kept] = prices[i]
            companions.copyRow(i, to: kept)
            kept += 1
        }
        companions.keepFirst(kept)
        times.removeLast(times.count - kept)
        prices.removeLast(prices.count - kept)
    }
}
