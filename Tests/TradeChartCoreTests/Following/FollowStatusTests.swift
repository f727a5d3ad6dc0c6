import Testing
@testable import TradeChartCore

@Suite("Follow status rules")
struct FollowStatusTests {
    func rows(skipped: Int = 0, reloaded: Bool = false) -> FollowChange {
        var report = LoadReport()
        report.dataRows = 10
        for i in 0..<skipped { report.recordBad(line: i == 0 ? 7 : nil, reason: "bad date") }
        let series = PriceSeries(name: "f", times: [0, 86_400], prices: [1, 2], hasTimeOfDay: false)
        return .updated(LoadedSeries(series: series, report: report), reloaded: reloaded)
    }

    @Test func aReasonToWaitIsSaidOnceAndClearedWhenRowsArrive() {
        var rules = FollowStatus(name: "quotes.csv")
        #expect(rules.effect(of: .waiting("quotes.csv: No such file")) == .show("quotes.csv: No such file"))
        #expect(rules.effect(of: .waiting("quotes.csv: No such file")) == .keep)
        #expect(rules.effect(of: .none) == .keep)
        #expect(rules.effect(of: rows()) == .clear)
        #expect(rules.effect(of: rows()) == .keep, "plain rows leave the status line alone")
    }

    @Test func aReloadIsSaidWithWhatWasSkipped() {
        var rules = FollowStatus(name: "quotes.csv")
        #expect(rules.effect(of: rows(reloaded: true)) == .show("quotes.csv was truncated or replaced: reloaded"))
        guard case .show(let text) = rules.effect(of: rows(skipped: 2, reloaded: true)) else {
            Issue.record("a reload with skipped rows says both")
            return
        }
        #expect(text.hasPrefix("quotes.csv was truncated or replaced: reloaded; "))
        #expect(text.contains("2"))
    }

    @Test func newlySkippedRowsAreSaidOnce() {
        var rules = FollowStatus(name: "quotes.csv")
        let first = rules.effect(of: rows(skipped: 1))
        guard case .show = first else {
            Issue.record("a skipped row is said")
            return
        }
        #expect(rules.effect(of: rows(skipped: 1)) == .keep, "the same count is not said again")
        guard case .show = rules.effect(of: rows(skipped: 3)) else {
            Issue.record("more skipped rows are said")
            return
        }
    }

    @Test func theNameIsFreeOfControlCharacters() {
        var rules = FollowStatus(name: "q\u{1B}[2J.csv")
        guard case .show(let text) = rules.effect(of: rows(reloaded: true)) else { return }
        #expect(!text.unicodeScalars.contains { TextSanitizer.isControl($0) })
    }
}
