import Foundation
import Testing
@testable import TradeChartCore

/// Every real export in `../shared/data` loads with the right count, ends and prices.
///
/// Expected values come from an independent reading with Python's csv and
/// datetime modules (script kept in the commit message of this file):
/// rows minus null/empty prices, last row of a duplicate timestamp kept, sorted,
/// times as naive wall clock seconds since 1970. Output of that script:
///   GDAXI.csv 1264 1399939200 9754.429688 1557705600 11876.650391
///   GDAXI_1988-2022_fhmm.csv 8846 568252800 956.48999 1672358400 13923.589844
///   SP500_1min_2019-11-05_to_08_mplfinance.csv 1563 1572946200 3080.49 1573228740 3092.91
///   backtrader_2006-min-005.txt 2142 (2006-01-02 09:05:00 = 1136192700) 3582.99 (2006-01-30 17:30:00 = 1138642200) 3677.52
///   backtrader_2006-01-02-volume-min-001.txt 30889 1136192460 3599.0 1141077600 3838.0
///   stooq_dax_d.csv 15248 -323827200 371.93 1590710400 11586.85
///   ariva_wkn_840400_historic.csv 5150 946857600 284.6026 1578614400 220.25
///   investing_DAX_Historical_Data.csv 274 1526256000 12977.71 1560470400 12084.3
///   tradingview_SP_SPX_1D.csv 18134 -630927000 16.66 1638887400 4686.76
///   matplotlib_msft.csv 65 1055980800 26.07 1063929600 29.96
@Suite("Loading real files")
struct RealFilesTests {
    static let dataDirectory: String = {
        // <root>/Tests/TradeChartCoreTests/Loading/RealFilesTests.swift -> <root>/../shared/data
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("shared/data").path
    }()

    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var count: Int
        var firstTime: Int64
        var firstPrice: Double
        var lastTime: Int64
        var lastPrice: Double
        var intraday: Bool
        var missing = 0
        var description: String { file }
    }

    static let cases: [Expected] = [
        Expected(file: "GDAXI.csv", count: 1264, firstTime: 1399939200, firstPrice: 9754.429688,
                 lastTime: 1557705600, lastPrice: 11876.650391, intraday: false, missing: 5),
        Expected(file: "GDAXI_1988-2022_fhmm.csv", count: 8846, firstTime: 568252800, firstPrice: 956.48999,
                 lastTime: 1672358400, lastPrice: 13923.589844, intraday: false, missing: 166),
        Expected(file: "SP500_1min_2019-11-05_to_08_mplfinance.csv", count: 1563, firstTime: 1572946200, firstPrice: 3080.49,
                 lastTime: 1573228740, lastPrice: 3092.91, intraday: true),
        Expected(file: "backtrader_2006-min-005.txt", count: 2142, firstTime: 1136192700, firstPrice: 3582.99,
                 lastTime: 1138642200, lastPrice: 3677.52, intraday: true),
        Expected(file: "backtrader_2006-01-02-volume-min-001.txt", count: 30889, firstTime: 1136192460, firstPrice: 3599.0,
                 lastTime: 1141077600, lastPrice: 3838.0, intraday: true),
        Expected(file: "stooq_dax_d.csv", count: 15248, firstTime: -323827200, firstPrice: 371.93,
                 lastTime: 1590710400, lastPrice: 11586.85, intraday: false),
        Expected(file: "ariva_wkn_840400_historic.csv", count: 5150, firstTime: 946857600, firstPrice: 284.6026,
                 lastTime: 1578614400, lastPrice: 220.25, intraday: false),
        Expected(file: "investing_DAX_Historical_Data.csv", count: 274, firstTime: 1526256000, firstPrice: 12977.71,
                 lastTime: 1560470400, lastPrice: 12084.3, intraday: false),
        Expected(file: "tradingview_SP_SPX_1D.csv", count: 18134, firstTime: -630927000, firstPrice: 16.66,
                 lastTime: 1638887400, lastPrice: 4686.76, intraday: false),
        Expected(file: "matplotlib_msft.csv", count: 65, firstTime: 1055980800, firstPrice: 26.07,
                 lastTime: 1063929600, lastPrice: 29.96, intraday: false),
    ]

    @Test(arguments: cases)
    func loads(_ e: Expected) throws {
        let path = Self.dataDirectory + "/" + e.file
        let loaded = try SeriesLoader.load(path: path)
        let s = loaded.series
        #expect(s.count == e.count)
        #expect(s.times.first == e.firstTime)
        #expect(s.prices.first == e.firstPrice)
        #expect(s.times.last == e.lastTime)
        #expect(s.prices.last == e.lastPrice)
        #expect(s.hasTimeOfDay == e.intraday)
        #expect(s.name == e.file)
        #expect(loaded.report.badRows == 0, "\(loaded.report.summary ?? "")")
        #expect(loaded.report.duplicatesDropped == 0)
        #expect(loaded.report.missingPrices == e.missing)
        #expect(loaded.report.summary == nil)
        #expect(zip(s.times, s.times.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Fed one byte at a time, the stream parser gives the same series as a whole load.
    @Test(arguments: ["investing_DAX_Historical_Data.csv", "matplotlib_msft.csv", "SP500_1min_2019-11-05_to_08_mplfinance.csv"])
    func byteAtATimeMatchesWholeLoad(_ file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.dataDirectory + "/" + file)))
        let whole = try SeriesLoader.load(bytes: bytes, fileName: file)
        var parser = CSVStreamParser(file: file)
        for b in bytes { parser.feed([b]) }
        let streamed = try parser.finish()
        #expect(streamed == whole)
    }
}
