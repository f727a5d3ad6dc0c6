import Testing
@testable import TradeChartCore

@Suite("Status line")
struct StatusLineTests {
    @Test func aMessageIsWordedCleanAndKeptOnceInARow() {
        var line = StatusLine(followed: nil)
        line.say(.note("bad\u{1B}[2Jname"))
        #expect(line.text == TextSanitizer.clean("bad\u{1B}[2Jname"))
        #expect(!line.text!.unicodeScalars.contains { $0.value < 0x20 })
        line.say(.markCleared)
        line.say(.markCleared)
        line.say(nil)
        #expect(line.text == nil && line.message == nil)
        #expect(line.messages == [TextSanitizer.clean("bad\u{1B}[2Jname"), "Mark cleared"])
    }

    @Test func onlyTheLatestMessagesAreKept() {
        var line = StatusLine(followed: nil)
        for k in 0..<(StatusLine.messageLimit + 5) { line.say(.note("note \(k)")) }
        #expect(line.messages.count == StatusLine.messageLimit)
        #expect(line.messages.first == "note 5")
        #expect(line.messages.last == "note \(StatusLine.messageLimit + 4)")
    }

    @Test func aChangeKeepsClearsShowsOrRenews() {
        var line = StatusLine(followed: nil)
        line.apply(.show(.zoomLimit(zoomingIn: false)))
        line.apply(.keep)
        #expect(line.message == .zoomLimit(zoomingIn: false))
        line.apply(.show(.zoomLimit(zoomingIn: false)))
        #expect(line.messages.count == 1, "shown again while shown: kept once")
        line.apply(.renew(.zoomLimit(zoomingIn: false)))
        #expect(line.messages.count == 2, "a key says it anew: kept again")
        line.apply(.clear)
        #expect(line.message == nil)
    }

    @Test func aKeyThatSaysWhatItSaidBeforeIsKeptAgain() {
        var v = ViewerState(series: TestSeries.daily(days: 600), range: .max, columns: 100, rows: 30)
        _ = v.handle(.key(.character("]")), at: 0)
        _ = v.handle(.key(.character("]")), at: 1)
        #expect(v.messages == ["All the data is shown", "All the data is shown"])
    }

    @Test func followingAFileSetsItsRules() {
        #expect(StatusLine(followed: "live.csv").followStatus != nil)
        #expect(StatusLine(followed: nil).followStatus == nil)
    }
}
