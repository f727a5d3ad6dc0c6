import TradeChartCore

/// Small hand-made series for tests that need a few prices, not a real file.
public enum SampleSeries {
    /// 2019-01-01 00:00 as local wall-clock seconds since 1970.
    public static let firstDay: Int64 = 1_546_300_800

    /// Daily series on consecutive days from 2019-01-01 with the given prices.
    public static func daily(_ prices: [Double], name: String = "Test") -> PriceSeries {
        PriceSeries(name: name, times: prices.indices.map { firstDay + Int64($0) * 86_400 },
                    prices: prices, hasTimeOfDay: false)
    }

    /// All of `series` as one range.
    public static func wholeSlice(_ series: PriceSeries) -> RangeSlice {
        RangeSlice(range: .oneYear, first: 0, last: series.count - 1, coversAllData: false)
    }
}
