import Foundation
import Testing
import TradeChartTestSupport

/// Exchange and platform exports on the command line: what a headerless file was read
/// as goes to standard error, `--describe` names the layout, and a wrong override is one
/// line naming the row and the column, with status 2.
@Suite("Command line: export layouts and overrides")
struct ExportLayoutCommandTests {
    static let fixtures = "Tests/TradeChartCoreTests/Fixtures/Layouts/"

    @Test func describeNamesTheLayout() throws {
        let result = try ProcessRunner.tradechart(["--describe", Self.fixtures + "binance_BTCUSDT-1h-2024-01_ms.csv"])
        #expect(result.status == 0)
        #expect(result.output.contains("Layout: Binance klines, open time in milliseconds, no header."))
        #expect(result.error.contains("read as time, open, high, low, close, volume, 6 more columns skipped (no header)"))
        let mt5 = try ProcessRunner.tradechart(["--describe", Self.fixtures + "metatrader5_EURUSD_H1.csv"])
        #expect(mt5.output.contains("Layout: MetaTrader 5 export."))
        #expect(mt5.error.isEmpty)
    }

    @Test func aWrongOverrideIsOneLineAndStatusTwo() throws {
        let result = try ProcessRunner.tradechart(["--print", "--columns", "date,close",
                                                   Self.fixtures + "metatrader4_EURUSD60.csv"])
        #expect(result.status == 2)
        #expect(result.error.contains("metatrader4_EURUSD60.csv: line 1: column 2 (close): price '00:00' is not a number, "
                                      + "as --columns date,close read it"))
        #expect(result.error.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
        let option = try ProcessRunner.tradechart(["--print", "--date-format", "%Y-%q", Self.fixtures + "kraken_XBTUSD_60.csv"])
        #expect(option.status == 2)
        #expect(option.error.contains("%q is not a field"))
    }

    @Test func overridesReadWhatTheGuessCannot() throws {
        let result = try ProcessRunner.tradechart(["--describe", "--columns", "date,time,open,high,low,close,volume",
                                                   "--date-format", "%Y.%m.%d", Self.fixtures + "metatrader4_EURUSD60.csv"])
        #expect(result.status == 0)
        #expect(result.output.contains("300 prices."))
        #expect(result.output.contains("Layout: columns as --columns names them, no header."))
    }
}
