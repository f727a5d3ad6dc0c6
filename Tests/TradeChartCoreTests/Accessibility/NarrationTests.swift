import Foundation
import Testing
@testable import TradeChartCore
import TradeChartTestSupport

/// What the screen-reader mode says for each key, checked against the prices and the
/// key map: every key that works in the viewer says something useful, in plain text.
@Suite("Narration")
struct NarrationTests {
    let series = TestSeries.daily(days: 1269)

    func screenReader(_ range: ChartRange = .oneYear, tones: Bool = false) -> ViewerState {
        ViewerState(series: series, range: range, options: ViewerOptions(morphDuration: 0, tones: tones, showsPanels: false),
                    columns: 100, rows: 30)
    }

    /// Hands `key` to the viewer and returns what is said.
    func press(_ key: KeyPress, _ state: inout ViewerState) -> [String] {
        let before = state
        _ = state.handle(.key(key), at: 0)
        return Narration.lines(for: .key(key), from: before, to: state)
    }

    /// Nothing a terminal would act on, and no chart.
    func expectPlain(_ lines: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            let bad = line.unicodeScalars.filter { TextSanitizer.isControl($0) || (0x2800...0x28FF).contains($0.value) }
            #expect(bad.isEmpty, "\(what): \(line.debugDescription)", sourceLocation: sourceLocation)
            #expect(!line.isEmpty, "\(what): an empty line", sourceLocation: sourceLocation)
        }
    }

    @Test func everyKeyOfTheKeyMapSaysWhatItDidInPlainText() {
        for binding in KeyMap.bindings {
            for (key, action) in binding.keys {
                // From a cursor in the middle of 1Y, so every key has somewhere to go.
                var state = screenReader()
                _ = state.handle(.key(.left), at: 0)
                for _ in 0..<5 { _ = state.handle(.key(.shiftLeft), at: 0) }
                let lines = press(key, &state)
                expectPlain(lines, key.name)
                switch action {
                case .quit:
                    #expect(lines.isEmpty, "q leaves without a word")
                case .listen:
                    // The sound's own note (playing, or where it was written) is the line.
                    let said = Narration.lines(for: .sound(.notPlayed(note: "No audio player found")), from: state,
                                               to: { var s = state; _ = s.handle(.sound(.notPlayed(note: "No audio player found")), at: 0); return s }())
                    #expect(said == ["No audio player found"])
                default:
                    #expect(!lines.isEmpty, "\(key.name) says something")
                    #expect(!lines.contains { $0.contains("does nothing here") }, "\(key.name) works here")
                }
            }
        }
    }

    @Test func aCursorStepSaysTheDateThePriceTheChangeInWordsAndWhereItIs() {
        var state = screenReader()
        let slice = state.slice
        let reference = state.baselinePrice
        var lines = press(.left, &state)
        let last = series.prices[slice.last]
        let change = last - reference
        let words = String(format: "%@ %@, %.2f percent", change >= 0 ? "up" : "down",
                           PriceFormatter(decimals: 2).string(abs(change)), abs(change) / reference * 100)
        #expect(lines == ["\(ReadableTime.text(series.times[slice.last], withTimeOfDay: false)), "
                          + "\(PriceFormatter(decimals: 2).string(last)), \(words), point \(slice.count) of \(slice.count)"])
        lines = press(.home, &state)
        // The reference is the previous close, the point before the range (SPEC 3).
        let first = series.prices[slice.first] - series.prices[slice.first - 1]
        let firstWords = String(format: "%@ %@, %.2f percent", first >= 0 ? "up" : "down",
                                PriceFormatter(decimals: 2).string(abs(first)), abs(first) / reference * 100)
        #expect(lines.count == 1 && lines[0].hasSuffix("\(firstWords), point 1 of \(slice.count)"),
                "the first point against the previous close: \(lines)")
        // At the edge a step says so, and where it stays.
        lines = press(.left, &state)
        #expect(lines.count == 1 && lines[0].hasPrefix("Left: no change. ") && lines[0].hasSuffix("point 1 of \(slice.count)"))
        lines = press(.escape, &state)
        #expect(lines.count == 1 && lines[0].hasPrefix("Cursor hidden. Latest: "))
    }

    @Test func aRangeSwitchSaysTheRangeItsChangeLowestAndHighest() {
        var state = screenReader()
        let lines = press(.character("3"), &state)
        let slice = state.slice
        let prices = series.prices[slice.first...slice.last]
        let format = PriceFormatter(decimals: 2)
        #expect(lines.count == 1)
        let line = lines.first ?? ""
        #expect(line.hasPrefix("1M, "))
        #expect(line.contains("\(slice.count) prices"))
        #expect(line.contains("Lowest \(format.string(prices.min()!)) on \(ReadableTime.text(series.times[prices.firstIndex(of: prices.min()!)!], withTimeOfDay: false))"))
        #expect(line.contains("highest \(format.string(prices.max()!)) on "))
        let change = series.prices[slice.last] - state.baselinePrice
        #expect(line.contains("\(change >= 0 ? "up" : "down") \(format.string(abs(change))), "))
        // The same range again changes nothing, and says where the viewer is.
        let again = press(.character("3"), &state)
        #expect(again.count == 1 && again[0].hasPrefix("3: no change. 1M, latest: "))
    }

    @Test func dSaysTheWholeDescriptionAndQuestionMarkTheKeysAndNothingStaysOpen() {
        var state = screenReader(.oneMonth)
        let described = press(.character("d"), &state)
        let description = RangeDescription(series: series, slice: state.slice).lines
        #expect(described.first == description.first)
        #expect(described.contains { $0.hasPrefix("Largest rise: ") && $0.contains(" from ") && $0.hasSuffix(".") },
                "a sentence a line: \(described)")
        #expect(state.overlay == .none, "no panel is left open to close")
        let keys = press(.character("?"), &state)
        #expect(keys.first == "Keys:")
        #expect(keys.contains("1 to 6: \(KeyMap.bindings[0].help)."))
        #expect(keys.contains { $0.hasPrefix("Left Right h l: ") })
        #expect(!keys.contains { $0.contains("mouse") && !$0.contains(":") }, "no rows for the mouse")
        // q right after quits at once.
        #expect(state.handle(.key(.character("q")), at: 0) == [.stopSound, .quit(status: 0)])
    }

    /// `!` says the messages (no panel opens here), and `?` lists no key that only
    /// scrolls a panel.
    @Test func exclamationMarkSaysTheMessagesNewestFirst() {
        var state = screenReader(.oneMonth)
        #expect(press(.character("!"), &state) == ["No messages yet."])
        _ = press(.character("j"), &state)
        _ = press(.character("m"), &state)
        let said = press(.character("!"), &state)
        #expect(said == ["Messages, newest first:", "Moving averages of 20 bars", "j does nothing here; press ? for keys"],
                "\(said)")
        #expect(!press(.character("?"), &state).contains { $0.hasPrefix("Up Down") })
    }

    @Test func anUnknownKeySaysSo() {
        var state = screenReader()
        #expect(press(.character("j"), &state) == ["j does nothing here; press ? for keys"])
        #expect(press(.character("x"), &state) == ["x does nothing here; press ? for keys"])
    }

    @Test func theOpeningNamesTheFileTheRangeAndHowToGoOn() {
        let lines = Narration.opening(screenReader())
        expectPlain(lines, "opening")
        #expect(lines[1] == "TEST, range 1Y.")
        #expect(lines.contains { $0.hasPrefix("Change from the previous close: ") })
        #expect(lines.last?.contains("? lists the keys") == true)
    }

    @Test func textFromTheFileCannotSmuggleEscapesOrBraille() {
        var named = series
        named.name = "evil\u{1B}[2J\u{2800}\u{28FF}name"
        let state = ViewerState(series: named, range: .oneYear, options: ViewerOptions(showsPanels: false),
                                columns: 100, rows: 30)
        let lines = Narration.opening(state)
        expectPlain(lines, "a hostile name")
        #expect(lines.contains { $0.contains("evil [2Jname") })
        var viewer = state
        expectPlain(press(.character("d"), &viewer), "the description of a hostile name")
    }

    @Test func intradayStepsSayTheTimeOfDay() {
        // Fri 8 Nov 2019 from 15:55, a price a minute.
        let start: Int64 = CivilDate(year: 2019, month: 11, day: 8).dayNumber * 86_400 + (15 * 60 + 55) * 60
        let minutes = PriceSeries(name: "SPX", times: (0..<5).map { start + Int64($0) * 60 },
                                  prices: [3090.5, 3091, 3089.25, 3093, 3092.75], hasTimeOfDay: true)
        var state = ViewerState(series: minutes, range: .oneDay, options: ViewerOptions(showsPanels: false),
                                columns: 100, rows: 30)
        #expect(press(.left, &state) == ["Fri 8 Nov 2019, 15:59, 3,092.75, up 2.25, 0.07 percent, point 5 of 5"])
    }

    @Test func rowsArrivingOnAFollowedFileSayTheLatestPrice() {
        var state = ViewerState(series: series, range: .oneYear, options: ViewerOptions(followed: "dax.csv", showsPanels: false),
                                columns: 100, rows: 30)
        var grown = series
        grown.times.append(series.times.last! + 86_400)
        grown.prices.append(series.prices.last! + 12.5)
        let before = state
        let event = ViewerEvent.follow(.updated(LoadedSeries(series: grown, report: LoadReport()), reloaded: false))
        _ = state.handle(event, at: 1)
        let lines = Narration.lines(for: event, from: before, to: state)
        #expect(lines.count == 1, "one line a new row: \(lines)")
        #expect(lines.last?.hasPrefix("Latest: \(ReadableTime.text(grown.times.last!, withTimeOfDay: false)), "
                                      + "\(state.priceFormatter.string(grown.prices.last!)), ") == true, "\(lines)")
        let unchanged = state
        #expect(Narration.lines(for: .follow(.none), from: unchanged, to: state).isEmpty, "a look that found nothing says nothing")
    }

    @Test func tonesSwitchOnAndOffAndSaySo() {
        var state = screenReader()
        #expect(press(.character("s"), &state).first?.hasPrefix("Tones on") == true)
        #expect(press(.character("s"), &state) == ["Tones off"])
    }
}
