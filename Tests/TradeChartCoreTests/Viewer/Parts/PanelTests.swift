import Testing
@testable import TradeChartCore

@Suite("Panel")
struct PanelTests {
    @Test func aPanelOpensAtItsTopAndScrollsWithinItsLines() {
        var panel = Panel()
        panel.scroll(to: 5, end: 10)
        #expect(panel.scroll == 0, "no panel is scrolled")
        panel.open(.help)
        panel.scroll(to: 7, end: 10)
        #expect(panel.scroll == 7)
        panel.scroll(to: 70, end: 10)
        #expect(panel.scroll == 10)
        panel.scroll(to: -3, end: 10)
        #expect(panel.scroll == 0)
        panel.scroll(to: 4, end: 10)
        panel.open(.messages)
        #expect(panel.scroll == 0 && panel.overlay == .messages)
        panel.open(.none)
        #expect(panel.scroll == 0 && panel.overlay == .none)
    }
}
