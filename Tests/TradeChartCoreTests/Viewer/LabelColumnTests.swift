import Testing
import TradeChartTestSupport
@testable import TradeChartCore

/// The price labels' column holds its longest label whole, at every size: percent labels
/// wider than the prices widen it, and no label is ever cut.
@Suite("Label column")
struct LabelColumnTests {
    static let sizes = [(30, 8), (60, 12), (100, 20), (200, 60)]

    /// The labels at the right of the chart's rows, as the screen shows them.
    static func labels(_ state: ViewerState) -> [String] {
        let lines = state.frame(at: 0).plainText.components(separatedBy: "\n")
        let layout = state.layout
        return lines[layout.chartY..<(layout.chartY + layout.chartHeight)].compactMap { line in
            let cells = Array(line)
            guard cells.count > layout.labelX else { return nil }
            let text = String(cells[layout.labelX...]).trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
    }

    @Test func percentLabelsOfFourfoldPricesAreWhole() {
        let series = SampleSeries.daily([1, 2, 3, 5])
        let state = ViewerState(series: series, range: .fiveDays, columns: 60, rows: 12,
                                view: ViewSettings(switches: [.percent]))
        let labels = Self.labels(state)
        #expect(labels.contains("+400%") && labels.contains("+200%") && labels.contains("0%"), "\(labels)")
        for (columns, rows) in Self.sizes {
            let state = ViewerState(series: series, range: .fiveDays, columns: columns, rows: rows,
                                    view: ViewSettings(switches: [.percent]))
            for label in Self.labels(state) {
                #expect(label.hasSuffix("%") && Double(label.dropLast()) != nil, "\(columns)x\(rows): \(label)")
            }
        }
    }

    @Test func aFallOfMoreThanTheWholePriceReadsWhole() {
        let series = SampleSeries.daily([100, -50, 0, 20])
        let state = ViewerState(series: series, range: .fiveDays, columns: 60, rows: 12,
                                view: ViewSettings(switches: [.percent]))
        let labels = Self.labels(state)
        #expect(labels.contains("-100%") && labels.contains("-150%"), "\(labels)")
        #expect(!labels.contains("-10") && !labels.contains("-15"))
    }

    @Test func percentKeyWidensTheColumnAndNarrowsItBack() {
        let series = SampleSeries.daily([1, 2, 3, 5])
        var state = ViewerState(series: series, range: .fiveDays, columns: 60, rows: 12)
        let prices = state.layout.labelWidth
        _ = state.handle(.key(.character("%")), at: 0)
        #expect(state.layout.labelWidth == "+400%".count)
        #expect(Self.labels(state).contains("+400%"))
        _ = state.handle(.key(.character("%")), at: 1)
        #expect(state.layout.labelWidth == prices)
    }

    /// Ticks finer than the prices' own decimals (prices 1 to 5 in steps of 0.5) still fit.
    @Test func ticksWithMoreDecimalsThanThePricesFit() {
        let series = SampleSeries.daily([1, 2, 3, 5])
        for (columns, rows) in Self.sizes {
            let state = ViewerState(series: series, range: .fiveDays, columns: columns, rows: rows)
            let expected = state.priceLabels(state.target).map(\.text)
            #expect(Self.labels(state).sorted() == expected.sorted(), "\(columns)x\(rows)")
        }
    }
}

/// A column of price labels reads in one precision, and the reference's label names a
/// reference price, also while a morph moves it.
@Suite("Label precision")
struct LabelPrecisionTests {
    static func decimals(_ label: String) -> Int {
        label.split(separator: ".").dropFirst().first?.count ?? 0
    }

    @Test func tinyPricesAreLabelledInOnePrecision() {
        let series = SampleSeries.daily([0.00000012, 0.000000125, 0.00000014, 0.000000155])
        for (columns, rows) in LabelColumnTests.sizes {
            let state = ViewerState(series: series, range: .fiveDays, columns: columns, rows: rows)
            let labels = LabelColumnTests.labels(state)
            #expect(labels.contains("0.0000001200"), "\(columns)x\(rows): \(labels)")
            #expect(Set(labels.map(Self.decimals)) == [10], "\(columns)x\(rows): \(labels)")
        }
    }

    @Test func wholePricesBesideHalfSteps() {
        let series = SampleSeries.daily([1, 2, 3, 5])
        let state = ViewerState(series: series, range: .fiveDays, columns: 60, rows: 30)
        let labels = LabelColumnTests.labels(state)
        #expect(labels.count > 2 && Set(labels.map(Self.decimals)).count == 1, "\(labels)")
        #expect(labels.contains("1.0"))
    }

    @Test func theReferenceLabelIsTheOldOrTheNewReferenceDuringAMorph() throws {
        let dax = try GoldenFrameTests.load("dax.csv")
        var state = ViewerState(series: dax, range: .oneMonth, columns: 80, rows: 24)
        let old = state.priceFormatter.string(state.baselinePrice)
        _ = state.handle(.key(.character("4")), at: 0)
        let new = state.priceFormatter.string(state.baselinePrice)
        #expect(old == "11,999.93" && new != old)
        var seen: Set<String> = []
        for step in 0...24 {
            let projection = state.projection(at: Double(step) * 0.05)
            let row = state.layout.chartY + Int(projection.baselineRow / 4)
            if let label = state.priceLabels(projection).first(where: { $0.row == row }) { seen.insert(label.text) }
        }
        #expect(seen == [old, new])
    }
}
