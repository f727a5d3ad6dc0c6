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
}
