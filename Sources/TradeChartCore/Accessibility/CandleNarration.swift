/// What the screen-reader mode says of a candle (issue 17's "candles readout"): while
/// candles or OHLC bars are shown, a cursor step says the candle's dates, its open, high,
/// low, close and volume, the change of its close from the range's reference price (as
/// for a point of the line), and where it is (with a mark, the measure from the mark too):
/// `Mon 13 May 2019, open 12,044.10, high 12,052.93, low 11,844.47, close 11,876.65,
/// volume 107.3 million, down 123.28, 1.03 percent, candle 18 of 18`.
extension Narration {
    /// The line for the candle holding point `index`, nil when no candles are shown.
    static func candleLine(_ state: ViewerState, at index: Int) -> String? {
        guard state.candles.drawsCandles, let candleSeries = state.candles.series, state.slice.contains(index) else {
            return nil
        }
        let period = state.candlePeriod
        let candle = candleSeries.candle(state.candleBars(containing: index, period: period))
        let series = state.series
        let when = { (i: Int) in ReadableTime.text(series.times[i], withTimeOfDay: series.hasTimeOfDay) }
        let dates = candle.bars == 1 ? when(candle.first) : "\(when(candle.first)) to \(when(candle.last))"
        let f = state.priceFormatter
        var parts = [dates, "open \(f.string(candle.open))", "high \(f.string(candle.high))", "low \(f.string(candle.low))",
                     "close \(f.string(candle.close))"]
        if candleSeries.bars.volume != nil {
            parts.append("volume " + (candle.volume.map { spokenNumber(CompactNumber.string($0)) } ?? "not given"))
        }
        // The close's change from the range's reference price, as the header and the line say it.
        let move = PriceMove(from: state.slice.reference, to: candle.last, startPrice: state.baselinePrice,
                             endPrice: candle.close)
        parts.append(change(move, f))
        let groups = CandleGrouping.groups(first: state.slice.first, last: state.slice.last, period: period,
                                           times: series.times)
        let place = (groups.firstIndex { $0.contains(index) } ?? 0) + 1
        parts.append("candle \(place) of \(groups.count)")
        return parts.joined(separator: ", ")
    }

    /// `107.3M` as it is said: `107.3 million`.
    static func spokenNumber(_ compact: String) -> String {
        let words: [Character: String] = ["K": "thousand", "M": "million", "B": "billion", "T": "trillion"]
        guard let last = compact.last, let word = words[last] else { return compact }
        return compact.dropLast() + " " + word
    }
}
