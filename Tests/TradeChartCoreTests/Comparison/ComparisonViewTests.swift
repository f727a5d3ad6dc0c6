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

    /// A compared forex file's price reads in the five decimals it is quoted with, as the
    /// primary's does, not rounded to two.
    @Test func aComparedFileKeepsItsQuotedDecimals() throws {
        let layouts = TestSeries.packageRoot.appendingPathComponent("Tests/TradeChartCoreTests/Fixtures/Layouts")
        let mt5 = try SeriesLoader.load(path: layouts.appendingPathComponent("metatrader5_EURUSD_H1.csv").path).series
        let kraken = try SeriesLoader.load(path: layouts.appendingPathComponent("kraken_XBTUSD_60.csv").path).series
        var v = ViewerState(series: kraken, range: .max, columns: 110, rows: 30, others: [mt5])
        _ = v.handle(.key(.end), at: 0)
        let legend = v.comparisonLegend(at: v.cursor!)
        #expect(legend[0].text.hasPrefix("41,386.90 "), "\(legend[0].text)")
        #expect(legend[1].text.hasPrefix("1.08913 "), "\(legend[1].text)")
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

    /// `L` puts the shared percent axis on a log scale: every line is the log of its ratio
    /// to its own reference price (so +100% is as far from 0% as -50%), labelled in percent.
    @Test func logScaleWhileComparingIsTheLogOfEachRatio() throws {
        var v = viewer(.fiveYears, others: [Self.spx])
        _ = v.handle(.key(.character("L")), at: 0)
        #expect(v.logAxis && v.status == Settings[.log].toggle?.on)
        let slice = v.slice, p = v.target
        let primaryRatio = Self.dax.prices[slice.last] / Self.dax.prices[slice.reference]
        let otherRef = try #require(v.others[0].referenceValue(first: slice.first, last: slice.last, reference: slice.reference))
        let otherValue = try #require(v.otherValue(0, at: slice.last))
        let primaryRow = p.y(v.plotIndex.values[slice.last]), otherRow = p.others[0](Foundation.log(otherValue))
        // Rows are linear in the log of the ratio: both lines and the baseline line up.
        let perLog = (primaryRow - p.baselineRow) / Foundation.log(primaryRatio)
        #expect(abs(otherRow - (p.baselineRow + perLog * Foundation.log(otherValue / otherRef))) < 1e-6)
        let frame = v.frame(at: 0)
        let labels = (0..<frame.height).map { frame.line($0) }.filter { $0.hasSuffix("%") }
        #expect(labels.contains { $0.hasSuffix(" 0%") }, "\(labels)")
        _ = v.handle(.key(.character("L")), at: 1)
        #expect(!v.logAxis && v.target.y.scale == viewer(.fiveYears, others: [Self.spx]).target.y.scale, "and back")
    }

    /// `%` would change nothing a person can see (the axis is in percent already): it says why.
    @Test func percentSaysWhyNotWhileComparing() {
        var v = viewer(.oneYear)
        let before = v.frame(at: 0).plainText
        _ = v.handle(.key(.character("%")), at: 0)
        #expect(!v.percentAxis && v.status == "%: the files are compared in percent already")
        #expect(v.frame(at: 1).plainText.split(separator: "\n").dropFirst(2) == before.split(separator: "\n").dropFirst(2),
                "the chart is as it was")
    }

    /// `m` and `--average` draw the primary file's moving averages on its percent scale, in
    /// colours after the files', named in the legend after the files; `Tab` takes them to
    /// the next primary.
    @Test func averagesAreThePrimarysWhileComparing() throws {
        var v = viewer(.oneYear, others: [Self.spx], columns: 120)
        let before = v.frame(at: 0)
        _ = v.handle(.key(.character("m")), at: 0)
        #expect(v.averageBars == [20] && v.status == "Moving averages of 20 bars")
        _ = v.handle(.key(.escape), at: 0)
        let frame = v.frame(at: 1)
        #expect(frame != before, "the average is drawn")
        let last = v.slice.last
        let value = try #require(v.averages.first?.average.values[last])
        #expect(abs(value - MovingAverage(bars: 20, prices: Array(Self.dax.prices[(last - 19)...last])).values[19]) < 1e-9)
        #expect(frame.line(v.layout.statusRow).contains("MA20 " + v.priceFormatter.string(value)),
                "\(frame.line(v.layout.statusRow))")
        #expect(v.averageRole(0) != v.others[0].role)
        let opened = ViewerState(series: Self.dax, range: .oneYear, columns: 110, rows: 30,
                                 view: ViewSettings(averages: [20, 50]), others: [Self.spx])
        #expect(opened.averageBars == [20, 50] && opened.status == nil)
        _ = v.handle(.key(.tab), at: 2)
        #expect(v.averages.first?.average.values.count == Self.spx.count, "the new primary's averages")
    }

    /// A message does not hide which line is which: it stands at the left of the status
    /// line, the legend at its right, at every width; where both cannot fit, the message
    /// is cut and the files at the right are left out.
    @Test func aMessageKeepsTheLegendBesideIt() {
        for columns in [110, 60] {
            var v = viewer(.oneYear, columns: columns)
            _ = v.handle(.key(.character("%")), at: 0)
            let line = v.frame(at: 0).line(v.layout.statusRow)
            #expect(line.hasPrefix("%: the files are"), "\(columns): \(line)")
            #expect(line.contains("━") && line.contains("◆") && line.contains("■"), "\(columns): \(line)")
            #expect(line.hasSuffix(v.comparisonLegend(at: nil)[2].text), "\(columns): \(line)")
        }
        var narrow = viewer(.oneYear, columns: 30)
        _ = narrow.handle(.key(.character("%")), at: 0)
        let line = narrow.frame(at: 0).line(narrow.layout.statusRow)
        #expect(line.hasPrefix("%: the files") && line.contains("━"), "\(line)")
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

/// Following files that are compared: each file's rows reach it wherever it is.
@Suite("Following compared files")
struct FollowingComparedFilesTests {
    static func daily(_ name: String, _ prices: [Double], from day: Int64 = 19_000) -> PriceSeries {
        PriceSeries(name: name, times: prices.indices.map { (day + Int64($0)) * 86_400 }, prices: prices, hasTimeOfDay: false)
    }

    @Test func rowsOfAnotherFileExtendItsLine() {
        let primary = Self.daily("a", (0..<40).map { 100 + Double($0) })
        let other = Self.daily("b", (0..<30).map { 50 + Double($0) })
        var v = ViewerState(series: primary, range: .fiveYears, columns: 80, rows: 24, others: [other])
        #expect(v.others[0].sampled.covered == 0...35, "six days after its last day")
        let rows = NewRows(times: (30..<40).map { (19_000 + Int64($0)) * 86_400 }, prices: (30..<40).map { 50 + Double($0) },
                           offsets: nil, columnChanged: false, report: LoadReport(), reportBefore: nil)
        _ = v.handle(.followFile(1, .appended(rows)), at: 1)
        #expect(v.others[0].series.count == 40 && v.others[0].sampled.covered == 0...39)
        #expect(v.otherValue(0, at: 39) == 89)
    }

    /// Following, the primary grows ahead of another file: the other's line and end label
    /// stop at its newest price in view, and the legend says the change there too (not
    /// "no price then" beside a line that is drawn).
    @Test func aFileThatLagsSaysInTheLegendWhatItsEndLabelSays() throws {
        let primary = Self.daily("a", (0..<30).map { 100 + Double($0) })
        let other = Self.daily("b", (0..<30).map { 50 + Double($0) })
        var v = ViewerState(series: primary, range: .fiveYears, options: ViewerOptions(morphDuration: 0), columns: 80,
                            rows: 24, others: [other])
        var grown = primary
        grown.times += (30..<40).map { (19_000 + Int64($0)) * 86_400 }
        grown.prices += (30..<40).map { 100 + Double($0) }
        _ = v.handle(.follow(.updated(LoadedSeries(series: grown, report: LoadReport()), reloaded: false)), at: 1)
        let end = try #require(v.others[0].covered(v.slice.first, v.slice.last)).upperBound
        #expect(end < v.slice.last, "the other file lags")
        let change = try #require(v.otherChange(0, at: end))
        #expect(v.comparisonLegend(at: nil)[1].text == PriceFormatter.percent(change) + " (part of the range)")
        let label = "◆" + PriceFormatter(decimals: 1).signed(change) + "%"
        let frame = v.frame(at: 2).plainText
        #expect(frame.contains(label), "the end label says the same: \(label)")
        #expect(!frame.contains("no price then"))
    }

    @Test func rowsOfThePrimaryResampleTheOthers() {
        let primary = Self.daily("a", (0..<40).map { 100 + Double($0) })
        let other = Self.daily("b", (0..<50).map { 50 + Double($0) })
        var v = ViewerState(series: primary, range: .fiveYears, columns: 80, rows: 24, others: [other])
        var grown = primary
        grown.times.append((19_000 + 40) * 86_400)
        grown.prices.append(140)
        _ = v.handle(.follow(.updated(LoadedSeries(series: grown, report: LoadReport()), reloaded: false)), at: 1)
        #expect(v.others[0].sampled.values.count == 41 && v.otherValue(0, at: 40) == 90)
        _ = v.frame(at: 2)
    }

    @Test func afterTabTheFirstFilesRowsStillReachIt() {
        let a = Self.daily("a", (0..<40).map { 100 + Double($0) })
        let b = Self.daily("b", (0..<40).map { 50 + Double($0) })
        var v = ViewerState(series: a, range: .fiveYears, columns: 80, rows: 24, others: [b])
        _ = v.handle(.key(.tab), at: 0)
        #expect(v.series.name == "b" && v.primaryFile == 1 && v.others[0].file == 0)
        // File 0 ("a") grew: it is another now, and its line takes the row.
        var grown = a
        grown.times.append((19_000 + 40) * 86_400)
        grown.prices.append(500)
        _ = v.handle(.follow(.updated(LoadedSeries(series: grown, report: LoadReport()), reloaded: false)), at: 5)
        #expect(v.series.name == "b" && v.others[0].series.count == 41)
        // Colours and symbols stay with their file through Tab.
        #expect(v.others[0].slot == 1)
    }
}

@Suite("Comparing files, said")
struct ComparisonNarrationTests {
    @Test func aStepSaysEveryFilesPriceAndChange() {
        let a = FollowingComparedFilesTests.daily("a.csv", (0..<40).map { 100 + Double($0) })
        let b = FollowingComparedFilesTests.daily("b.csv", (0..<40).map { 50 + Double($0) * 2 })
        var v = ViewerState(series: a, range: .fiveYears, options: ViewerOptions(morphDuration: 0, showsPanels: false),
                            columns: 80, rows: 24, others: [b])
        let before = v
        _ = v.handle(.key(.end), at: 0)
        let line = Narration.lines(for: .key(.end), from: before, to: v).joined(separator: " ")
        // b goes from 50 to 128: up 156 percent.
        #expect(line.contains("; b.csv 128, up 156.00 percent"), "\(line)")
    }
}
