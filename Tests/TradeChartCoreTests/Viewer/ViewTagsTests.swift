import Testing
@testable import TradeChartCore

/// Log scale, percent labels and averages leave a lasting tag on the bottom row, after
/// the range bar, not only a status message that goes with the next key.
@Suite("View tags")
struct ViewTagsTests {
    static func bottomRow(_ state: ViewerState) -> String {
        state.frame(at: 10).line(state.layout.bottomRow)
    }

    @Test func eachSettingLeavesItsTagUntilItIsTurnedOff() throws {
        var state = ViewerState(series: try GoldenFrameTests.load("dax.csv"), range: .oneYear, columns: 100, rows: 20)
        #expect(!Self.bottomRow(state).contains("log"))
        for key in ["L", "%", "m"] { _ = state.handle(.key(.character(key.unicodeScalars.first!)), at: 0) }
        // Another key clears the status line; the tags stay.
        _ = state.handle(.key(.left), at: 1)
        #expect(state.status == nil || !state.status!.contains("Log"))
        #expect(Self.bottomRow(state).contains("MAX   log % MA20 "), "\(Self.bottomRow(state))")
        _ = state.handle(.key(.character("L")), at: 2)
        _ = state.handle(.key(.character("%")), at: 2)
        #expect(!Self.bottomRow(state).contains("log") && !Self.bottomRow(state).contains(" % "))
        #expect(Self.bottomRow(state).contains("MA20 "))
        _ = state.handle(.key(.character("m")), at: 3)
        #expect(Self.bottomRow(state).contains("MA20/50/200"), "\(Self.bottomRow(state))")
    }

    @Test func theHintsGiveWayToTheTags() throws {
        let state = ViewerState(series: try GoldenFrameTests.load("dax.csv"), range: .oneYear, columns: 60, rows: 12,
                                view: ViewSettings(switches: [.log, .percent], averages: [20, 50, 200]))
        let row = Self.bottomRow(state)
        #expect(row.contains("log % MA20/50/200"), "\(row)")
    }

    /// Where the range bar fills the row, the axis's tags stand under the price labels.
    @Test func onANarrowTerminalTheAxisTagsStandUnderThePriceLabels() throws {
        let state = ViewerState(series: try GoldenFrameTests.load("dax.csv"), range: .oneYear, columns: 30, rows: 8,
                                view: ViewSettings(switches: [.log, .percent], averages: [20]))
        let labels = state.frame(at: 10).line(state.layout.timeLabelRow)
        #expect(labels.hasSuffix(" log %"), "\(labels)")
        #expect(!Self.bottomRow(state).contains("log"))
    }
}
