/// The end of a load: resolving column-wide time decisions, sorting,
/// dropping duplicate timestamps and building the `LoadedSeries`.
extension CSVStreamParser {
    /// Turns the collected columns into a series, or the error saying why there is none.
    func assemble(_ times: inout [Int64], _ prices: inout [Double], _ bars: inout BarRows?) throws(LoadError) -> LoadedSeries {
        if let fatal { throw fatal }
        guard layout != nil else { throw .empty(file: file) }
        var report = self.report
        report.readAs = layout?.readAs
        // Rows read in strictly ascending time, in a format read as it is written, are already in order.
        let sorts = unordered || family == .slashed || family == .unix
        var offsets = rowOffsets(rowCount: times.count, moves: sorts)
        if family == .slashed {
            offsets.dropUnresolved(times, dayFirst: columnReading.dayFirst)
            resolveSlashed(&times, &prices, &bars, &report)
        }
        if family == .unix {
            dropOtherUnits(&times, &prices, &bars, &report)
            Self.scaleUnix(&times, magnitude: unixMagnitude)
        }
        guard !times.isEmpty else { throw noRowsError(report) }
        if sorts {
            report.duplicatesDropped = offsets.sortKeepingLast(&times, &prices, carrying: &bars)
        }
        let hasTimeOfDay = PriceSeries.hasTimeOfDay(times)
        let name = TextSanitizer.clean(options.name ?? Self.baseName(file))
        return LoadedSeries(series: PriceSeries(name: name, times: times, prices: prices, hasTimeOfDay: hasTimeOfDay,
                                                utcOffsets: offsets.runs),
                            report: report, bars: bars?.columns(count: times.count), barNames: barNames,
                            layout: layout?.source ?? "")
    }

    func noRowsError(_ report: LoadReport) -> LoadError {
        if report.badRows > 0, let reason = report.firstBadReason {
            let rows = report.badRows == 1 ? "the only data row is bad" : "all \(report.badRows) data rows with a price are bad"
            return .noValidRows(file: file, line: report.firstBadLine, reason: "no valid rows (\(rows); first: \(reason))")
        }
        if report.missingPrices > 0 {
            return .noValidRows(file: file, line: nil,
                                reason: "no prices (all \(report.missingPrices) rows have an empty, null or NaN \(priceColumnName))")
        }
        return .noValidRows(file: file, line: nil, reason: "no data rows after the header")
    }

    var priceColumnName: String {
        guard let layout, layout.priceIndex < layout.columns.count else { return "price" }
        return layout.columns[layout.priceIndex]
    }

    /// `M/D/YYYY` or `D/M/YYYY`: day first when some rows can only be day first and
    /// they are not outnumbered by rows that can only be month first; month first
    /// (US) otherwise. Rows that do not fit the chosen order are bad rows.
    func resolveSlashed<C: CompanionColumns>(_ times: inout [Int64], _ prices: inout [Double], _ companions: inout C,
                                             _ report: inout LoadReport) {
        let dayFirst = columnReading.dayFirst
        var kept = 0
        var dropped = 0
        for i in times.indices {
            guard let t = SlashedDate.resolve(times[i], dayFirst: dayFirst) else { dropped += 1; continue }
            times[kept] = t
            prices[kept] = prices[i]
            companions.copyRow(i, to: kept)
            kept += 1
        }
        guard dropped > 0 else { return }
        times.removeLast(dropped)
        prices.removeLast(dropped)
        companions.keepFirst(kept)
        let line = slashOrders.firstLine(against: dayFirst)
        let order = dayFirst ? "D/M/YYYY" : "M/D/YYYY"
        for k in 0..<dropped {
            report.recordBad(line: k == 0 ? line : nil, reason: "date does not fit the column's day/month order (\(order))")
        }
    }

    /// Unix times in milliseconds, microseconds or nanoseconds, told apart by the
    /// largest magnitude in the column (seconds stay below 1e11, the year 5138).
    static func scaleUnix(_ times: inout [Int64], magnitude: Int64) {
        scaleUnix(&times, divisor: unixDivisor(magnitude: magnitude))
    }

    /// What Unix times of this largest magnitude are divided by to give seconds.
    static func unixDivisor(magnitude: Int64) -> Int64 {
        magnitude >= 100_000_000_000_000_000 ? 1_000_000_000
            : magnitude >= 100_000_000_000_000 ? 1_000_000 : magnitude >= 100_000_000_000 ? 1_000 : 1
    }

    static func scaleUnix(_ times: inout [Int64], divisor: Int64) {
        guard divisor > 1 else { return }
        for i in times.indices {
            let t = times[i]
            times[i] = t >= 0 ? t / divisor : -((-t + divisor - 1) / divisor)
        }
    }

    /// The last path component, the name shown when there is no `--title`.
    static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        let tail = path[path.index(after: slash)...]
        return tail.isEmpty ? path : String(tail)
    }
}
