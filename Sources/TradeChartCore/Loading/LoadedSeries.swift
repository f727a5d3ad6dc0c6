/// A loaded price file: the series to chart and what was skipped while reading it.
public struct LoadedSeries: Sendable, Equatable {
    public var series: PriceSeries
    public var report: LoadReport
    /// The open, high, low and volume of each point, when the load was asked for them
    /// (`LoadOptions.bars`) and the file has any; nil otherwise.
    public var bars: BarColumns?
    /// Which of the open, high, low and volume the file's header has (known without reading them).
    public var barNames: BarColumnNames
    /// The layout the loader found, for `--describe`: the export it is most likely from
    /// (`MetaTrader 5 export`, `Binance klines, open time in milliseconds, no header`).
    public var layout: String

    public init(series: PriceSeries, report: LoadReport, bars: BarColumns? = nil, barNames: BarColumnNames = .init(),
                layout: String = "") {
        self.series = series
        self.report = report
        self.bars = bars
        self.barNames = barNames
        self.layout = layout
    }
}
