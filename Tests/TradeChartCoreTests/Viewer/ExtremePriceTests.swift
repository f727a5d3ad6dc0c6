import Testing
@testable import TradeChartCore

/// Prices at the ends of what a Double holds (issue 11, point 1): the chart shows their
/// shape, and the header and the description say what is true of them.
@Suite("Extreme prices")
struct ExtremePriceTests {
    static let tiny = Double.leastNonzeroMagnitude

    /// Weekday closes from 6 Jan 2020 (a Monday).
    static func series(_ prices: [Double]) -> PriceSeries {
        let monday = CivilDate(year: 2020, month: 1, day: 6).dayNumber
        let times = prices.indices.map { i in (monday + Int64(i / 5 * 7 + i % 5)) * 86_400 }
        return PriceSeries(name: "X", times: times, prices: prices, hasTimeOfDay: false)
    }

    /// The chart rows that hold a dot of the line.
    static func litRows(_ frame: Frame, _ v: ViewerState) -> Int {
        (v.layout.chartY..<v.layout.timeLabelRow).filter { y in
            frame.line(y).unicodeScalars.prefix(v.layout.chartWidth).contains { $0.value > 0x2800 && $0.value <= 0x28FF }
        }.count
    }

    @Test func aRangeFromMinusToPlus1e308SaysHowFarItRoseAndThatItRose() {
        let s = Self.series([-1.7e308, 1.7e308, -1.7e308, 1.7e308])
        let v = ViewerState(series: s, options: ViewerOptions(morphDuration: 0), columns: 90, rows: 20)
        let header = v.frame(at: 0).line(0)
        #expect(header.contains("1.700e+308"), "the price: \(header)")
        // No percent of a negative price.
        #expect(header.contains("▲ +3.400e+308 (n/a) up"), "the change: \(header)")
        #expect(!header.contains("∞"))
        #expect(Self.litRows(v.frame(at: 0), v) >= 12, "a zigzag over the whole height, not a flat line")
        let words = RangeDescription(series: s, slice: v.slice).lines
        #expect(words.contains("Change: up 3.400e+308 (percent n/a)."), "\(words)")
        #expect(words.contains("Trend: rising."), "\(words)")
        #expect(words.contains("Largest fall: down 3.400e+308 (-200.00%),"), "\(words)")
    }

    @Test func denormalPricesAreDrawnWithTheirShapeAndTheCursorShowsThem() {
        let s = Self.series([0, Self.tiny, 0x1p-1030, Self.tiny * 3, 0, 0x1p-1031])
        var v = ViewerState(series: s, options: ViewerOptions(morphDuration: 0), columns: 90, rows: 20)
        #expect(Self.litRows(v.frame(at: 0), v) >= 12, "the line climbs to 2^-1030 and back")
        #expect(v.frame(at: 0).plainText.contains("e-31"), "price labels of the denormals' size")
        // What trapped: the first arrow key, and a click.
        _ = v.handle(.key(.left), at: 1)
        let header = v.frame(at: 1).line(0)
        #expect(header.hasPrefix("X  4.346e-311  ▲ +4.346e-311 (n/a) up "), "the newest price, 2^-1031, up from 0: \(header)")
        _ = v.handle(.mouse(MouseInput(column: 1, row: 5, action: .press)), at: 2)
        #expect(v.cursor == 0)
        #expect(v.frame(at: 2).line(0).hasPrefix("X  0  "), "the first price, 0: \(v.frame(at: 2).line(0))")
    }

    @Test func twoDenormalsNextToEachOtherAreNotAnInfiniteScale() {
        let s = Self.series([Self.tiny, 0, Self.tiny, 0, 1.0])
        var v = ViewerState(series: s, range: .fiveDays, options: ViewerOptions(morphDuration: 0.5), columns: 60, rows: 16,
                            memory: RememberedView())
        for t in stride(from: 0.0, through: 2, by: 0.25) {
            _ = v.handle(.key(t.truncatingRemainder(dividingBy: 0.5) == 0 ? .left : .character("6")), at: t)
            #expect(v.projection(at: t).y.scale.isFinite && v.projection(at: t).y.offset.isFinite)
            #expect(v.frame(at: t).width == 60)
        }
    }

    @Test func mapsAndTicksOverTheWholeDoubleRange() {
        let wide = AffineMap(mapping: -.greatestFiniteMagnitude, to: 100, and: .greatestFiniteMagnitude, to: 0)
        #expect(wide.scale.isFinite && wide.scale < 0)
        #expect(abs(wide(0) - 50) < 1e-9 && abs(wide(.greatestFiniteMagnitude)) < 1e-9)
        let narrow = AffineMap(mapping: 0, to: 100, and: Self.tiny, to: 0)
        #expect(narrow.scale == -AffineMap.largestScale && narrow.offset.isFinite)
        let ticks = PriceTicks(low: -1.7e308, high: 1.7e308, target: 4, maxCount: 8)
        #expect(ticks.values.map(PriceFormatter(significantDigits: 4).string)
            == ["-1.500e+308", "-1.000e+308", "-5.000e+307", "0", "5.000e+307", "1.000e+308", "1.500e+308"])
        #expect(PriceTicks(low: 0, high: Self.tiny, maxCount: 4).values == [0])
    }

    @Test func pricesTooSmallOrLargeForDecimalsAreWrittenScientifically() {
        #expect(PriceFormatter(forPricesAround: Self.tiny).string(Self.tiny) == "4.941e-324")
        #expect(PriceFormatter(forPricesAround: 1.7e308).string(-1.7e308) == "-1.700e+308")
        #expect(PriceFormatter(forPricesAround: 1.7e308).string(0) == "0")
        let f = PriceFormatter(forPricesAround: 1)
        #expect(f.change(PriceMove(from: 0, to: 1, startPrice: -1.7e308, endPrice: 1.7e308)) == "+3.400e+308")
        #expect(f.change(PriceMove(from: 0, to: 1, startPrice: 1.7e308, endPrice: -1.7e308), signed: false) == "3.400e+308")
        let fall = PriceMove(from: 0, to: 1, startPrice: 1e308, endPrice: -1.7e308).percent
        #expect(fall.map { abs($0 + 270) < 1e-9 } == true, "\(String(describing: fall))")
    }
}
