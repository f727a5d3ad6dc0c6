import Glibc

/// The price axis (SPEC section 10): linear or logarithmic (`L`), labelled in prices or
/// in percent change from the reference price (`%`). What the projections and the
/// rasterizer see are "plotted" values: the scaled prices (see `PriceScale`) on a
/// linear axis, their natural logarithms on a log axis.
extension ViewerState {
    /// A price as the axis plots it.
    @inlinable package func plotted(_ price: Double) -> Double {
        logAxis ? Glibc.log(price) : priceScale.scaled(price)
    }

    /// The price at a plotted value.
    public func price(ofPlotted value: Double) -> Double {
        logAxis ? Glibc.exp(value) : priceScale.price(value)
    }

    /// Why a log axis cannot show this series, or a file compared with it (a price at or
    /// below zero), nil when it can. Compared files are plotted as the log of their ratio
    /// to their reference price, labelled in percent.
    var whyNoLogAxis: StatusMessage? {
        let all = index.minMax(0...(index.count - 1))
        if priceScale.price(all.min) <= 0 {
            return .logNeedsPositivePrices(lowest: priceFormatter.string(priceScale.price(all.min)))
        }
        for other in others {
            let lowest = other.series.prices.min() ?? 1
            if lowest <= 0 {
                return .logNeedsPositivePrices(lowest: PriceFormatter(forPrices: other.series.prices, around: abs(lowest))
                    .string(lowest))
            }
        }
        return nil
    }

    /// Why percent labels cannot be shown for the range (a reference price at or below zero).
    var whyNoPercentAxis: StatusMessage? {
        baselinePrice > 0 ? nil : .percentNeedsPositiveReference(price: priceFormatter.string(baselinePrice))
    }

    /// The index of the plotted prices: the scaled prices' own, or the log prices'.
    static func plotIndex(of prices: [Double], scaled index: MinMaxIndex, log: Bool) -> MinMaxIndex {
        log ? MinMaxIndex(prices.map { Glibc.log($0) }, firstShift: MinMaxIndex.priceShift) : index
    }

    /// Works the plotted prices and the projection out again for the axis as it is now
    /// (after `L`): a still chart redraws at once, the points keep their places in time.
    mutating func replot() {
        overlays.plot(series.prices, scaled: index, scale: priceScale)
        let log = logAxis
        comparison.resample { $0.plotted(log: log) }
        morph = nil
        retarget()
    }

    /// Why percent labels cannot be turned on (or `%` cannot turn them off) now, nil when they can.
    func whyNoPercentLabels(_ on: Bool, _ cause: SettingCause) -> StatusMessage? {
        if cause == .key && comparing { return .percentWhileComparing }
        return on ? whyNoPercentAxis : nil
    }
}
