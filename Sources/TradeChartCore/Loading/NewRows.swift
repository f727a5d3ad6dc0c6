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
    /// not an error: then there are simply no rows).
    public mutating func takeNewRows() throws(LoadError) -> NewRows {
        if let fatal { throw fatal }
        let reading = columnReading
        let changed = handOut.count > 0 && handOut.reading != nil && handOut.reading != reading
        var newTimes = Array(times[handOut.count...])
        var newPrices = Array(prices[handOut.count...])
        var offsets = rowOffsets(rowCount: times.count, moves: false).runs.map { $0.suffix(from: handOut.count) }
        var newBars = bars.map { $0.columns(from: handOut.count, count: newTimes.count) }
        let first = handOut.count
        handOut.count = times.count
        handOut.reading = reading
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

    /// Counts every row read so far as handed out, as when the whole series was given
    /// (a snapshot whose report is `reported`): the next `takeNewRows` starts after them,
    /// without copying them, and its report goes on from that one.
    package mutating func markRowsHandedOut(reported: LoadReport) {
        handOut.count = times.count
        handOut.reading = columnReading
        // What the snapshot found over the whole column (rows that fit no day/month order,
        // times in another unit, duplicates) beyond what the rows counted as they were read.
        handOut.drops = reported.beyond(report)
        handOut.report = reported
    }
}
