import Glibc

/// What a change of series needs to know about the series before it: its newest
/// moment and size (to tell how far every index moved), the cursor's moment, and a
/// morph still running (it goes on from what is on screen, no jump).
struct SeriesBefore {
    var newest: Int64
    var count: Int
    var cursorTime: Int64?
    var running: Morph?
    var rebuilds: Int

    init(_ state: borrowing ViewerState, at time: Double) {
        newest = state.series.times[state.series.count - 1]
        count = state.series.count
        // No closure reads the state: it is borrowed, not copied.
        if let cursor = state.cursor { cursorTime = state.series.times[cursor] } else { cursorTime = nil }
        running = state.morph.flatMap { $0.isFinished(at: time) ? nil : $0 }
        rebuilds = state.seriesRebuilds
    }
}

extension ViewerState {
    /// Rows appended to a followed input: the series, the min-max index and the shown
    /// times grow in place, so a row costs the same at ten million points as at ten
    /// (a binary search or two, not a pass over the points). Rows out of order are
    /// sorted in and the index rebuilt (`PriceSeries.Growth.reordered`); prices beyond
    /// what draws unscaled (`PriceScale`) take the whole-series path.
    /// Says why a log axis was turned off, if it was.
    mutating func appendRows(_ rows: NewRows, at time: Double) -> StatusMessage? {
        guard !rows.times.isEmpty, series.count + rows.times.count >= 2 else { return nil }
        // Candles grow in place with rows in order that carry their bars; else they are sorted in with the series.
        let candlesGrow = candles.series == nil
            || (rows.bars?.count == rows.times.count && Self.inOrder(rows.times, after: series.times[series.count - 1]))
        // A price at or below zero on a log axis turns the axis off: the whole-series path says so.
        guard series.count >= 2, priceScale == .identity, !(logAxis && rows.prices.contains { !($0 > 0) }), candlesGrow else {
            var grown = series
            _ = grown.append(times: rows.times, prices: rows.prices, offsets: rows.offsets)
            if let old = candles.series { candles.series = Self.candles(old, times: series.times, appending: rows, grown: grown) }
            return replaceSeries(grown, at: time)
        }
        let before = SeriesBefore(self, at: time)
        let wasWhole = priceFormatter.significantDigits == nil && priceFormatter.decimals == 0
        // The shown series shares the columns (the prices always, the times when no other
        // zone is shown): let go of them, so they grow in place instead of being copied.
        data.shownSeries.prices = []
        if options.clock == nil { data.shownSeries.times = [] }
        // The plotted index is the price index itself on a linear axis: let go of it too.
        if !logAxis { overlays.plotIndex = MinMaxIndex([]) }
        // The candles' closes are the prices too: let go of them as well, and take them back grown.
        var grownCandles = candles.series
        candles.series = nil
        grownCandles?.releaseCloses()
        // The indicators read the prices and bars too (their lines are worked out again where read).
        releaseIndicatorInputs()
        let growth = data.index.append(times: rows.times, prices: rows.prices, offsets: rows.offsets, to: &data.series)
        if let bars = rows.bars, grownCandles != nil {
            // Mutated where it lies (`if var` would copy it, and with it every column).
            grownCandles!.append(bars, closes: series.prices)
            candles.series = grownCandles
        }
        var all = index.minMax(0...(index.count - 1))
        if PriceScale(forMagnitude: max(abs(all.min), abs(all.max))) != .identity {
            (data.priceScale, data.index) = Self.scaledIndex(series.prices)
            all = index.minMax(0...(index.count - 1))
            data.rebuilds += 1
        }
        if !logAxis {
            overlays.plotIndex = data.index
        } else if case .extended(let from) = growth, priceScale == .identity {
            overlays.plotIndex.append(contentsOf: data.series.prices[from...].map { Glibc.log($0) })
        } else {
            overlays.plotIndex = Self.plotIndex(of: series.prices, scaled: index, log: true)
        }
        if case .extended = growth, seriesRebuilds == before.rebuilds {
            for k in overlays.averages.indices {
                overlays.averages[k].extend(prices: data.series.prices, plotted: { Glibc.log($0) }, scale: data.priceScale,
                                            log: overlays.logAxis)
            }
        } else if !averageBars.isEmpty {
            refreshAverages()
        }
        growIndicators(growth)
        if let clock = options.clock {
            if case .extended(let from) = growth, series.hasTimeOfDay == shownSeries.hasTimeOfDay {
                let tail = PriceSeries(name: series.name, times: Array(series.times[from...]), prices: Array(series.prices[from...]),
                                       hasTimeOfDay: series.hasTimeOfDay,
                                       utcOffsets: series.utcOffsets.map { $0.suffix(from: from) })
                data.shownSeries.times.append(contentsOf: clock.shown(tail).times)
                data.shownSeries.prices = data.series.prices
                data.shownSeries.utcOffsets = data.series.utcOffsets
            } else {
                data.shownSeries = clock.shown(data.series)
            }
        } else {
            data.shownSeries = data.series
        }
        if growth == .reordered { data.rebuilds += 1 }
        // Whole numbers (a volume column) stay without decimals while every new price is whole too.
        let low = priceScale.price(all.min), high = priceScale.price(all.max)
        let magnitude = max(abs(low), abs(high))
        let formatter = growth == .reordered ? PriceFormatter(forPrices: series.prices, around: magnitude)
            : wasWhole ? PriceFormatter(forPrices: rows.prices, around: magnitude)
            : PriceFormatter(wholePrices: false, around: magnitude,
                             quoted: max(priceFormatter.quoted, PriceFormatter.quotedDecimals(rows.prices)))
        let grownFrom: Int? = if case .extended(let from) = growth { from } else { nil }
        settleSeries(after: before, labels: (formatter, max(formatter.string(high).count, formatter.string(low).count)),
                     at: time, grownFrom: grownFrom)
        return nil
    }

    /// Whether `times` rise strictly and start after `newest` (rows appended in order).
    static func inOrder(_ times: [Int64], after newest: Int64) -> Bool {
        guard let first = times.first, first > newest else { return times.isEmpty }
        for i in times.indices.dropFirst() where times[i] <= times[i - 1] { return false }
        return true
    }

    /// The candles of `grown`, the series whose `times` had `rows` appended and sorted in
    /// (`PriceSeries.append`): their bars sorted in the same way (O(N), as the series
    /// was). Nil when the rows carry no bars.
    static func candles(_ old: CandleSeries, times: [Int64], appending rows: NewRows, grown: PriceSeries) -> CandleSeries? {
        guard let new = rows.bars, new.count == rows.times.count else { return nil }
        var allTimes = times + rows.times
        var prices = old.closes + rows.prices
        var bars: BarColumns? = old.bars.appending(new)
        _ = SeriesOrder.sortKeepingLast(&allTimes, &prices, carrying: &bars)
        guard let bars, allTimes == grown.times else { return nil }
        return CandleSeries(bars: bars, closes: grown.prices)
    }
}
