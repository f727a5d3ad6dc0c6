/// The still chart's candle period (`ViewerState.candlePeriod`), worked out where the target
/// projection is (`retarget`, whose volume pane needs it) or after an event
/// (`keepCandlePeriod()`), and kept with what it was worked out from (`CandlePeriodInputs`):
/// finding it counts the candles of each period in turn over the range, several hundred
/// thousand instructions at a year of minute bars, and a frame, a look at a followed file
/// and the volume pane's top would each work it out again.
typealias KeptCandlePeriod = KeptPart<CandlePeriodInputs, CandlePeriod>

/// What the still chart's candle period depends on: the range's bars, the dots a bar gets,
/// the period chosen (`p`), and the series (its price index's contents, new at every change
/// of the series, and its count: the periods a series can merge follow its newest bars).
struct CandlePeriodInputs: Sendable, Equatable {
    var first: Int
    var last: Int
    var dotsPerBar: Double
    var chosen: CandlePeriod?
    var series: MinMaxIndex.Contents
    var count: Int

    static func == (a: CandlePeriodInputs, b: CandlePeriodInputs) -> Bool {
        a.first == b.first && a.last == b.last && a.dotsPerBar == b.dotsPerBar && a.chosen == b.chosen
            && a.series === b.series && a.count == b.count
    }
}

extension ViewerState {
    /// What the still chart's candle period is worked out from.
    var candlePeriodInputs: CandlePeriodInputs {
        CandlePeriodInputs(first: slice.first, last: slice.last, dotsPerBar: abs(target.x.scale), chosen: candles.period,
                           series: index.contents, count: series.count)
    }

    /// The period of the still chart's candles: the kept one when it was worked out from the
    /// same inputs, else afresh.
    package var candlePeriod: CandlePeriod {
        keptCandlePeriod.value(for: candlePeriodInputs) ?? candlePeriod(over: slice.first...slice.last,
                                                                        dotsPerBar: abs(target.x.scale))
    }

    /// Works out (or keeps) the still chart's candle period after an event, where candles or
    /// the volume pane are drawn (a line alone reads none).
    mutating func keepCandlePeriod() {
        guard drawsCandles || drawsVolume else { return }
        let inputs = candlePeriodInputs
        guard keptCandlePeriod.value(for: inputs) == nil else { return }
        keptCandlePeriod.keep(candlePeriod(over: inputs.first...inputs.last, dotsPerBar: inputs.dotsPerBar), for: inputs)
    }
}
