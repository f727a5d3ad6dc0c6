import Testing
@testable import TradeChartCore

/// The header at every width: price, change, the cursor's moment, then the name
/// (shortened with …), then the words; a number is never cut.
@Suite("Header")
struct HeaderTests {
    static let dax: PriceSeries = {
        var s = try! SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path).series
        s.name = "Deutscher Aktienindex DAX Performance-Index (Xetra)"
        return s
    }()

    static func header(columns: Int, cursor: Bool, series: PriceSeries = dax) -> String {
        var v = ViewerState(series: series, range: .oneYear, columns: columns, rows: 20)
        if cursor {
            _ = v.handle(.key(.end), at: 0)
            _ = v.handle(.key(.left), at: 1)
        }
        return v.frame(at: 0).line(0)
    }

    @Test func aLongNameGivesWayToTheCursorsDate() {
        // The cursor on Friday 10 May 2019: 12,059.83, against 13,001.24.
        let line = Self.header(columns: 80, cursor: true)
        #expect(line.contains("12,059.83  ▼ -941.41 (-7.24%)"))
        #expect(line.hasSuffix("Fri 10 May 2019"), "\(line)")
        #expect(line.hasPrefix("Deutscher Aktien") && line.contains("…  12,059.83"), "the name shortened with …")
    }

    @Test func numbersAreNeverCut() {
        for columns in ChartLayout.minimumColumns...120 {
            for cursor in [false, true] {
                let line = Self.header(columns: columns, cursor: cursor)
                let words = line.split(separator: " ")
                let price = cursor ? "12,059.83" : "11,876.65"
                #expect(words.contains { $0 == price }, "the price at \(columns): \(line)")
                // Whatever numbers show are whole: a change, a percent in parentheses.
                for word in words where (word.first == "-" || word.first == "(") && word.contains(where: \.isNumber) {
                    #expect(["-941.41", "-1,124.59", "(-7.24%)", "(-8.65%)", "-7.24%", "-8.65%"].contains(String(word)),
                            "\(word) at \(columns): \(line)")
                }
                #expect(line.contains("%"), "the change stays at \(columns)")
            }
        }
    }

    @Test func whatGoesFirstWhenSpaceRunsOut() {
        // Words first, then the name, then the date; price and change stay.
        let wide = Self.header(columns: 120, cursor: true)
        #expect(wide.contains(" down") && wide.contains("Deutscher Aktienindex DAX Performance-Index (Xetra)"))
        let medium = Self.header(columns: 60, cursor: true)
        #expect(!medium.contains(" down") && medium.contains("…") && medium.hasSuffix("10 May 2019"), "\(medium)")
        let narrow = Self.header(columns: 40, cursor: true)
        #expect(narrow == "12,059.83  ▼ -941.41 (-7.24%)  10 May" || narrow.hasPrefix("12,059.83  ▼ -941.41 (-7.24%)"),
                "\(narrow)")
        #expect(!narrow.contains("Deutscher"))
        let tiny = Self.header(columns: 24, cursor: true)
        #expect(tiny.hasPrefix("12,059.83  ▼ -7.24%"), "\(tiny)")
    }

    /// 14 May 2014 closed 0.04 below 13 May (9,754.39 against 9,754.43): a fall of 0.0004 %.
    @Test func aTinyFallSaysMinusInItsPercentToo() throws {
        let dax = try GoldenFrameTests.load("dax.csv")
        let day = Int64(CivilDate(year: 2014, month: 5, day: 14).dayNumber) * 86_400
        let state = ViewerState(series: dax, columns: 100, rows: 20,
                                view: ViewSettings(window: dax.times[0]...(day + 86_399)))
        let line = state.frame(at: 0).line(0)
        #expect(line.contains("9,754.39  ▼ -0.04 (-0.00%) down"), "\(line)")
    }

    @Test func theLayoutKeepsTheMostImportantFormsAndFitsTheWidth() {
        let layout = HeaderLayout(left: [
            .init(forms: HeaderLayout.shortenings(of: "ABCDEFGHIJ", ellipsis: "…"), style: .plain, yield: 1),
            .init(forms: ["123.45"], style: .plain, yield: 9),
            .init(forms: ["up", ""], style: .plain, gap: 1, yield: 0),
        ], right: .init(forms: ["1 Jan 2020", "1 Jan", ""], style: .plain, yield: 5))
        let fits = { (columns: Int) -> String in
            var line = [Character](repeating: " ", count: columns)
            for part in layout.place(columns: columns) {
                for (i, c) in part.text.enumerated() { line[part.x + i] = c }
            }
            return String(line)
        }
        #expect(fits(40) == "ABCDEFGHIJ  123.45 up" + String(repeating: " ", count: 9) + "1 Jan 2020")
        #expect(fits(28) == "ABCDEFG…  123.45  1 Jan 2020", "the name takes what is left")
        #expect(fits(20) == "123.45    1 Jan 2020", "the date before the name")
        #expect(fits(14) == "123.45   1 Jan", "a shorter date before none")
        #expect(fits(6) == "123.45")
        // The fullest forms take 33 cells ("ABCDEFGHIJ  123.45 up", two spaces, the date):
        // from there on they are placed without measuring a shorter form, and as `place` does.
        for columns in 1...60 {
            let whole = layout.placeWhole(columns: columns)
            #expect((whole != nil) == (columns >= 33), "at \(columns)")
            if let whole { #expect(whole == layout.place(columns: columns), "at \(columns)") }
        }
    }
}
