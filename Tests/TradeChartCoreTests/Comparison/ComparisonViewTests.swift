import Foundation
import Testing
@testable import TradeChartCore

/// Comparing files in the viewer (SPEC section 9), on the real exports: the Yahoo DAX
/// as the primary, the TradingView S&P and stooq's DAX on its calendar.
@Suite("Comparing files")
struct ComparisonViewTests {
    static let shared = TestSeries.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")

    static func load(_ name: String) throws -> PriceSeries {
        try SeriesLoader.load(path: shared.appendingPathComponent(name).path).series
    }

    static let dax = try! load("GDAXI.csv")
    static let spx = try! load("tradingview_SP_SPX_1D.csv")
    static let stooq = try! load("stooq_dax_d.csv")

    func viewer(_ range: ChartRange = .oneYear, others: [PriceSeries] = [spx, stooq], columns: Int = 110) -> ViewerState {
        ViewerState(series: Self.dax, range: range, columns: columns, rows: 30, others: others)
    }

    @Test func twoAndThreeFilesAsGoldenFrames() {
        Golden.check(viewer(.oneYear, others: [Self.spx]).frame(at: 0).plainText + "\n", name: "compare-dax-spx-1Y-110x30.txt")
        Golden.check(viewer(.fiveYears).frame(at: 0).plainText + "\n", name: "compare-dax-spx-stooq-5Y-110x30.txt")
        Golden.check(AnsiRenderer().render(viewer(.oneYear).frame(at: 0)), name: "compare-dax-spx-stooq-1Y-110x30.ansi")
    }

    @Test func everyLineIsItsPercentChangeFromItsOwnPreviousClose() {
        let v = viewer(.oneYear)
        let slice = v.slice
        // The S&P on the DAX's last day: its last close on or before 13 May 2019, from its
        // close on or before the DAX's previous close (11 May 2018).
        let spxLast = Self.spx.prices[Self.spx.lowerBound(of: Self.dax.times[slice.last] + 86_400) - 1]
        let spxRef = Self.spx.prices[Self.spx.lowerBound(of: Self.dax.times[slice.reference] + 86_400) - 1]
        let expected = (spxLast / spxRef - 1) * 100
        #expect(abs((v.otherChange(0, at: slice.last) ?? .nan) - expected) < 1e-9)
        // Its line's newest point sits at that percent on the shared axis, as the primary's at its own.
        let percentMap = v.target.y
        let primaryRow = percentMap(v.plotIndex.values[slice.last])
        let otherRow = v.target.others[0](v.others[0].sampled.values[slice.last])
        let primaryChange = v.primaryChange(at: slice.last)!
        // Rows are linear in percent: the two rows and the baseline (0%) line up.
        let perPercent = (primaryRow - v.target.baselineRow) / primaryChange
        #expect(abs(otherRow - (v.target.baselineRow + perPercent * expected)) < 1e-6)
    }

    @Test func theLegendSaysEachFilesPriceAndChangeAtTheCursor() {
        var v = viewer(.oneYear)
        _ = v.handle(.key(.end), at: 0)
        _ = v.handle(.key(.shiftLeft), at: 0)
        let point = v.cursor!
        let legend = v.comparisonLegend(at: point)
        #expect(legend.count == 3)
        #expect(legend[0].text.hasPrefix(v.priceFormatter.string(Self.dax.prices[point])))
        let spxClose = Self.spx.prices[Self.spx.lowerBound(of: Self.dax.times[point] + 86_400) - 1]
        #expect(legend[1].text.hasPrefix(PriceFormatter(forPrices: Self.spx.prices, around: spxClose).string(spxClose)))
        let line = v.frame(at: 0).line(v.layout.statusRow)
        #expect(line.contains("◆") && line.contains("■"))
        #expect(line.contains(legend[1].text))
    }

    @Test func tabMakesTheNextFileThePrimaryWithAMorph() {
        var v = viewer(.oneYear)
        _ = v.handle(.key(.end), at: 0)
        let moment = Self.dax.times[v.cursor!]
        _ = v.handle(.key(.tab), at: 10)
        #expect(v.series.name == Self.spx.name)
        #expect(v.others.map(\.name) == [Self.stooq.name, Self.dax.name])
        let moving = v.isAnimating(at: 10.5)
        #expect(moving, "the change of primary morphs")
        // The S&P ends in 2021: the DAX of 2014-2019 has no prices in its last year, and says so.
        #expect(v.comparisonLegend(at: nil)[2].text == "no prices in this range")
        _ = v.handle(.key(.tab), at: 20)
        _ = v.handle(.key(.tab), at: 30)
        #expect(v.series.name == Self.dax.name, "around and back")
        _ = moment
    }

    @Test func aFileWithNoOverlapSaysSo() {
        let early = PriceSeries(name: "early.csv", times: [0, 86_400, 172_800], prices: [1, 2, 3], hasTimeOfDay: false)
        let v = viewer(.oneYear, others: [early])
        #expect(v.comparisonLegend(at: nil)[1].text == "no overlap")
        #expect(v.frame(at: 0).line(v.layout.statusRow).contains("early.csv no overlap"))
    }

    @Test func noLogScaleWhileComparing() {
        var v = viewer(.oneYear)
        _ = v.handle(.key(.character("L")), at: 0)
        #expect(!v.logAxis && v.status == "The files are compared in percent: no log scale then")
    }

    @Test func theDescriptionHasAParagraphPerFileAndSaysWhichDidBest() {
        let lines = viewer(.oneYear).descriptionLines
        #expect(lines.filter { $0.contains(", range 1Y.") }.count == 3)
        let best = lines.last { $0.hasPrefix("Best: ") }!
        #expect(best.hasPrefix("Best: \(Self.spx.name)"), "\(best)")
    }

    @Test func withoutColourTheLinesCarryTheirSymbols() {
        let v = ViewerState(series: Self.dax, range: .oneYear, options: ViewerOptions(color: false), columns: 110, rows: 30,
                            others: [Self.spx, Self.stooq])
        let text = v.frame(at: 0).plainText
        let chart = text.components(separatedBy: "\n").dropFirst(2).dropLast(2).joined()
        #expect(chart.filter { $0 == "◆" }.count >= 3, "the S&P's symbol along its line and at its end")
        #expect(text.components(separatedBy: "\n")[1].contains("◆ tradingview_SP_SPX_1D.csv"))
    }
}
