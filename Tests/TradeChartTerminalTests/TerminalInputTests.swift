import Testing
import TradeChartCore
@testable import TradeChartTerminal

@Suite("Terminal input")
struct TerminalInputTests {
    @Test func controlCharactersBecomeKeys() {
        #expect(TerminalInput.event(forCharacter: 27) == .key(.escape))
        #expect(TerminalInput.event(forCharacter: 13) == .key(.enter))
        #expect(TerminalInput.event(forCharacter: 10) == .key(.enter))
    }

    @Test func printableCharactersArriveAsThemselves() {
        #expect(TerminalInput.event(forCharacter: UInt32(UInt8(ascii: "3"))) == .key(.character("3")))
        #expect(TerminalInput.event(forCharacter: 0xE9) == .key(.character("é")))
    }

    @Test func invalidScalarsAreDropped() {
        #expect(TerminalInput.event(forCharacter: 0xD800) == nil)
    }

    @Test func sgrMouseReportsAreDecodedBeyondColumn223() {
        #expect(TerminalInput.sgrMouse("0;251;10M") == MouseInput(column: 250, row: 9, action: .press))
        #expect(TerminalInput.sgrMouse("0;251;10m") == MouseInput(column: 250, row: 9, action: .release))
        #expect(TerminalInput.sgrMouse("32;1000;3M") == MouseInput(column: 999, row: 2, action: .drag))
        #expect(TerminalInput.sgrMouse("64;5;5M") == MouseInput(column: 4, row: 4, action: .wheelUp))
        #expect(TerminalInput.sgrMouse("65;5;5M") == MouseInput(column: 4, row: 4, action: .wheelDown))
        #expect(TerminalInput.sgrMouse("4;5;5M") == MouseInput(column: 4, row: 4, action: .press), "with Shift")
    }

    @Test func otherButtonsAndBrokenReportsGiveNothing() {
        for report in ["2;5;5M", "35;5;5M", "0;0;5M", "0;5M", "0;5;5", "a;5;5M", "0;5;5;5M", ""] {
            #expect(TerminalInput.sgrMouse(report) == nil, "\(report)")
        }
    }
}
