import Testing
@testable import TradeChartCore

@Suite("Remembered settings")
struct RememberedSettingsTests {
    let before = RememberedSettings(range: .oneYear, window: nil, switches: [], averages: [], indicators: [], style: .line)

    @Test func onlyWhatChangedIsWritten() {
        var memory = RememberedView(range: "6M", theme: "light", switches: [.log])
        before.write(into: &memory, since: before)
        #expect(memory == RememberedView(range: "6M", theme: "light", switches: [.log]), "nothing changed, nothing written")
        var after = before
        after.averages = [20]
        after.style = .candles
        after.write(into: &memory, since: before)
        #expect(memory == RememberedView(range: "6M", theme: "light", switches: [.log], averages: [20], style: "candles"))
    }

    @Test func aWindowIsRememberedByItsTimesAndARangeByItsLabel() {
        var memory = RememberedView()
        var after = before
        after.window = 100...200
        after.write(into: &memory, since: before)
        #expect(memory.window == [100, 200])
        after.write(into: &memory, since: after)
        var fixed = after
        fixed.window = nil
        fixed.range = .fiveYears
        fixed.write(into: &memory, since: after)
        #expect(memory.window == nil && memory.range == "5Y")
    }

    @Test func everyKeyThatChangesASettingAsksToRememberIt() {
        var v = ViewerState(series: TestSeries.daily(days: 600), range: .oneYear, columns: 100, rows: 30,
                            memory: RememberedView(theme: "dark"))
        #expect(v.handle(.key(.character("L")), at: 0) == [.remember(RememberedView(range: "1Y", theme: "dark", switches: [.log]))])
        #expect(v.handle(.key(.character("m")), at: 1)
                == [.remember(RememberedView(range: "1Y", theme: "dark", switches: [.log], averages: [20]))])
        #expect(v.handle(.key(.character("%")), at: 2)
                == [.remember(RememberedView(range: "1Y", theme: "dark", switches: [.log, .percent], averages: [20]))])
        #expect(v.handle(.key(.left), at: 3).isEmpty, "the cursor is not remembered")
    }
}

extension RememberedSettingsTests {
    @Test func anOpeningWritesItsRangeStyleAndPaneOnly() {
        var memory = RememberedView(range: "5Y", theme: "light", switches: [.log, .volume], style: "ohlc")
        before.writeOpening(into: &memory)
        #expect(memory == RememberedView(range: "1Y", theme: "light", switches: [.log]))
    }
}
