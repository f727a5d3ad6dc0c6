/// A loaded price file: the series to chart and what was skipped while reading it.
public struct LoadedSeries: Sendable, Equatable {
    public var series: PriceSeries
    public var report: LoadReport

    public init(series: PriceSeries, report: LoadReport) {
        self.series = series
        self.report = report
    }
}
