import Foundation
import Testing
@testable import TradeChartCore

/// `--indicator` lists: names with their periods, defaults for a name alone, and errors
/// that say what is wrong and list what is valid.
@Suite("Indicator lists")
struct IndicatorChoiceTests {
    @Test func theIssuesExampleReads() throws {
        let choices = try IndicatorChoice.list("rsi,macd,bb:20,2.5,ema:9,ema:21,vwap")
        #expect(choices == [.rsi(14), .macd(12, 26, 9), .bollinger(20, 2.5), .ema(9), .ema(21), .vwap])
        #expect(choices.map(\.argument) == ["rsi:14", "macd:12,26,9", "bb:20,2.5", "ema:9", "ema:21", "vwap"])
        #expect(choices.map(\.title) == ["RSI 14", "MACD 12,26,9", "BB 20,2.5", "EMA 9", "EMA 21", "VWAP"])
        #expect(try IndicatorChoice.list("stoch, ATR:7, bb:30, macd:5,35") == [.stochastic(14, 3, 3), .atr(7), .bollinger(30, 2),
                                                                              .macd(5, 35, 9)])
        // Each written form reads back as itself (the state file keeps them so).
        for choice in choices + IndicatorChoice.defaults {
            #expect(try IndicatorChoice.list(choice.argument) == [choice])
        }
        #expect(try IndicatorChoice.list("ema:9,ema:9") == [.ema(9)])
    }

    @Test(arguments: [
        ("rsi:0", IndicatorListError.outOfRange(indicator: "rsi", rule: "the period must be a whole number of bars from 2 to 100000")),
        ("ema:abc", .notANumber(indicator: "ema", text: "abc")),
        ("bb:20,-1", .outOfRange(indicator: "bb", rule: "the width must be above 0 and at most 100 standard deviations")),
        ("rsi,kdj", .unknownName("kdj")),
        ("14", .unknownName("14")),
        ("", .empty),
        ("atr:14,3", .tooManyParameters(indicator: "atr", most: 1)),
        ("macd:26,12,9", .outOfRange(indicator: "macd", rule: "the fast period must be shorter than the slow one")),
        ("ema:2.5", .outOfRange(indicator: "ema", rule: "the period must be a whole number of bars from 2 to 100000")),
    ])
    func badListsSayWhatIsValid(text: String, error: IndicatorListError) {
        #expect(throws: error) { try IndicatorChoice.list(text) }
        #expect(error.text.contains("valid: ema[:N], bb[:N[,M]], vwap, rsi[:N], macd[:FAST,SLOW,SIGNAL], stoch[:N,K,D], atr[:N]"))
    }

    @Test func theChoiceIsRememberedPerFile() throws {
        let memory = RememberedView(indicators: ["rsi:14", "bb:20,2.5", "kdj:9"], updated: 1)
        let data = try JSONEncoder().encode(memory)
        #expect(String(decoding: data, as: UTF8.self).contains("\"indicators\":[\"rsi:14\",\"bb:20,2.5\",\"kdj:9\"]"))
        let read = try JSONDecoder().decode(RememberedView.self, from: data)
        // What this version cannot read is left out.
        #expect(ViewSettings(remembered: read).indicators == [.rsi(14), .bollinger(20, 2.5)])
        #expect(Settings[.indicators].fileField == "indicators")
    }
}
