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
    public var reportBefore: LoadReport?
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
        ColumnReading(dayFirst: family == .slashed && dayFirstOnly > 0 && dayFirstOnly >= monthFirstOnly,
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
        let changed = handedOut > 0 && handedOutReading != nil && handedOutReading != reading
        var newTimes = Array(times[handedOut...])
        var newPrices = Array(prices[handedOut...])
        let reportBefore = handedOutReport
        handedOutReport = report
        var offsets = rowOffsets(rowCount: times.count, moves: false).runs.map { $0.suffix(from: handedOut) }
        var newBars = bars.map { $0.columns(from: handedOut, count: newTimes.count) }
        handedOut = times.count
        handedOutReading = reading
        if family == .slashed {
            if let runs = offsets, runs.count > 1 {
                var column = RowOffsets.column(runs.column(count: newTimes.count))
                column.dropUnresolved(newTimes, dayFirst: reading.dayFirst)
                offsets = column.runs
            }
            var kept = 0
            for i in newTimes.indices {
                guard let t = SlashedDate.resolve(newTimes[i], dayFirst: reading.dayFirst) else { continue }
                newTimes[kept] = t
                newPrices[kept] = newPrices[i]
                newBars.copyRow(i, to: kept)
                kept += 1
            }
            newTimes.removeLast(newTimes.count - kept)
            newPrices.removeLast(newPrices.count - kept)
            newBars.keepFirst(kept)
        } else if reading.unixDivisor > 1 {
            if let filter = reading.unixFilter {
                var kept = 0
                for i in newTimes.indices where !filter.isOtherUnit(newTimes[i]) {
                    newTimes[kept] = newTimes[i]
                    newPrices[kept] = newPrices[i]
                    newBars.copyRow(i, to: kept)
                    kept += 1
                }
                newTimes.removeLast(newTimes.count - kept)
                newPrices.removeLast(newPrices.count - kept)
                newBars.keepFirst(kept)
            }
            Self.scaleUnix(&newTimes, divisor: reading.unixDivisor)
        }
        return NewRows(times: newTimes, prices: newPrices, offsets: newTimes.isEmpty ? nil : offsets, bars: newBars,
                       columnChanged: changed, report: report, reportBefore: reportBefore)
    }

    /// Counts every row read so far as handed out, as when the whole series was given
    /// (a snapshot): the next `takeNewRows` starts after them, without copying them.
    public mutating func markRowsHandedOut() {
        handedOut = times.count
        handedOutReading = columnReading
        handedOutReport = report
    }
}
