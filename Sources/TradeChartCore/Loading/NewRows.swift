/// The rows a stream parser completed since it last handed rows out: what a
/// follower appends to its series (`PriceSeries.append`, `MinMaxIndex.append`)
/// instead of re-reading, sorting and indexing every row on each new line.
public struct NewRows: Sendable, Equatable {
    /// Times of the new rows, in file order, read with the column's decisions so far.
    public var times: [Int64]
    /// Their prices.
    public var prices: [Double]
    /// Their UTC offsets (counted from the first new row), when every one has one.
    public var offsets: UTCOffsetRuns?
    /// Their open, high, low and volume, when the parser keeps them (`LoadOptions.bars`).
    public var bars: BarColumns?
    /// True when a decision over the whole column (day/month order, Unix seconds or
    /// milliseconds) changed since rows were last handed out: rows handed out before
    /// now read differently, so the caller should take `snapshot()` once instead.
    public var columnChanged: Bool
    /// What was skipped so far (bad and missing rows, counted as they were read).
    public var report: LoadReport
    /// The report when rows were handed out before (to tell whether more were skipped).
    package var reportBefore: LoadReport?
}

/// How a time column is read once the whole column is known: the day/month order
/// of slashed dates and the unit of Unix times.
struct ColumnReading: Equatable {
    var dayFirst = false
    var unixDivisor: Int64 = 1
    /// Which Unix times are in a smaller unit than the column's (bad rows).
    var unixFilter: UnixUnits.Filter?
}

extension CSVStreamParser {
    /// The column decisions the rows read so far lead to.
    var columnReading: ColumnReading {
        ColumnReading(dayFirst: family == .slashed && slashOrders.dayFirst,
                      unixDivisor: family == .unix ? Self.unixDivisor(magnitude: unixMagnitude) : 1,
                      unixFilter: family == .unix ? unixUnits.filter : nil)
    }

    /// Hands out the rows completed since the last call (all of them the first time),
    /// without copying, sorting or deduplicating the rows before them. Throws what
    /// `finish()` would throw for a file that is unusable so far (no header yet is
    /// not an error: then there are simply no rows). A parser that gives its rows away
    /// keeps none of them after this.
    public mutating func takeNewRows() throws(LoadError) -> NewRows {
        if let fatal { throw fatal }
        let reading = columnReading
        let changed = columnReadingChanged
        let first = handOut.count
        let local = first - handOut.givenAway
        var newTimes = Array(times[local...])
        var newPrices = Array(prices[local...])
        var offsets = rowOffsets(rowCount: rowsRead, moves: false).runs.map { $0.suffix(from: first) }
        var newBars = bars.map { $0.columns(from: local, count: newTimes.count) }
        handOut.count = rowsRead
        handOut.reading = reading
        if handOut.givesAway { giveRowsAway() }
        // Rows the column's decisions so far leave out are bad rows, said as a load says them.
        var dropped = LoadReport()
        if family == .slashed {
            if let runs = offsets, runs.count > 1 {
                var column = RowOffsets.column(runs.column(count: newTimes.count))
                column.dropUnresolved(newTimes, dayFirst: reading.dayFirst)
                offsets = column.runs
            }
            resolveSlashed(&newTimes, &newPrices, &newBars, &dropped)
        } else if reading.unixDivisor > 1 {
            dropOtherUnits(&newTimes, &newPrices, &newBars, &dropped, firstIndex: first)
            Self.scaleUnix(&newTimes, divisor: reading.unixDivisor)
        }
        handOut.drops = handOut.drops.merged(dropped)
        let reportBefore = handOut.report
        let reportNow = report.merged(handOut.drops)
        handOut.report = reportNow
        return NewRows(times: newTimes, prices: newPrices, offsets: newTimes.isEmpty ? nil : offsets, bars: newBars,
                       columnChanged: changed, report: reportNow, reportBefore: reportBefore)
    }

    /// Whether a decision over the whole time column (day/month order, the unit of Unix
    /// times) changed since rows were last handed out: rows handed out before read
    /// differently now.
    package var columnReadingChanged: Bool {
        handOut.count > 0 && handOut.reading != nil && handOut.reading != columnReading
    }

    /// Whether rows handed out were given away (so the whole series is no longer here).
    package var gaveRowsAway: Bool { handOut.givenAway > 0 }

    /// Counts every row read so far as handed out, as when the whole series was given
    /// (a snapshot whose report is `reported`): the next `takeNewRows` starts after them,
    /// without copying them, and its report goes on from that one. `givingThemAway`: the
    /// parser lets go of them and of every row it hands out later, so the series given
    /// holds the only reference to its columns and grows them in place, without a copy.
    package mutating func markRowsHandedOut(reported: LoadReport, givingThemAway: Bool = false) {
        handOut.count = rowsRead
        handOut.reading = columnReading
        // What the snapshot found over the whole column (rows that fit no day/month order,
        // times in another unit, duplicates) beyond what the rows counted as they were read.
        handOut.drops = reported.beyond(report)
        handOut.report = reported
        handOut.givesAway = givingThemAway
        if givingThemAway { giveRowsAway() }
    }

    /// Lets go of the rows handed out: the columns start again empty, and the indices over
    /// every row read (UTC offset runs, Unix units) go on counting from where they were.
    mutating func giveRowsAway() {
        handOut.givenAway = handOut.count
        times = []
        prices = []
        bars?.removeRows()
    }
}
