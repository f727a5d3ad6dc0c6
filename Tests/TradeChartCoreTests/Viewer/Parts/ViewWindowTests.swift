import Testing
@testable import TradeChartCore

@Suite("View window")
struct ViewWindowTests {
    let series = TestSeries.daily(days: 600)
    var layout: ChartLayout { ChartLayout(columns: 100, rows: 30, labelWidth: 9) }

    @Test func theTimeLabelsAreAlwaysThoseOfThePointsShown() {
        let year = series.slice(.oneYear).slice!
        var view = ViewWindow(year, range: .oneYear, labelling: series, layout: layout)
        #expect(view.timeLabels == TimeLabels(series: series, first: year.first, last: year.last, range: .oneYear))
        #expect(view.activeRange == .oneYear)
        let month = series.slice(.oneMonth).slice!
        view.show(month, range: .oneMonth, window: nil, labelling: series)
        #expect(view.timeLabels == TimeLabels(series: series, first: month.first, last: month.last, range: .oneMonth))
        #expect(view.slice == month && view.range == .oneMonth)
    }

    @Test func aFreeWindowHasNoActiveRange() {
        var view = ViewWindow(series.slice(.oneYear).slice!, range: .oneYear, labelling: series, layout: layout)
        let window = ViewerState.windowSlice(series, series.times[100]...series.times[200])!
        view.show(window.slice, range: window.range, window: window.window, labelling: series)
        #expect(view.activeRange == nil)
        #expect(view.window == series.times[100]...series.times[200])
    }
}
