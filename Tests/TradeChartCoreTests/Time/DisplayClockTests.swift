import Foundation
import Testing
@testable import TradeChartCore

/// `--tz`: intraday times shown in another zone, daylight saving of both zones included;
/// the header names the zone.
@Suite("Display clock")
struct DisplayClockTests {
    static let newYork = try! ZoneRulesTests.zone("America/New_York")
    static let berlin = try! ZoneRulesTests.zone("Europe/Berlin")
    static let clock = DisplayClock(source: newYork, target: berlin)

    static func local(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) -> Int64 {
        CivilDate(year: y, month: m, day: d).dayNumber * 86_400 + Int64(h * 3600 + min * 60)
    }

    @Test func theSameOpeningBellMovesWithBothZonesDaylightSaving() {
        // 09:30 in New York is 15:30 in Berlin in winter; 14:30 between the US change
        // (10 March 2019) and the European one (31 March); 15:30 again in summer.
        #expect(Self.clock.shown(Self.local(2019, 3, 8, 9, 30)) == Self.local(2019, 3, 8, 15, 30))
        #expect(Self.clock.shown(Self.local(2019, 3, 11, 9, 30)) == Self.local(2019, 3, 11, 14, 30))
        #expect(Self.clock.shown(Self.local(2019, 4, 1, 9, 30)) == Self.local(2019, 4, 1, 15, 30))
        #expect(Self.clock.abbreviation(at: Self.local(2019, 3, 11, 9, 30)) == "CET")
        #expect(Self.clock.abbreviation(at: Self.local(2019, 4, 1, 9, 30)) == "CEST")
        // Daily prices have no time of day to move.
        let daily = PriceSeries(name: "d", times: [Self.local(2019, 3, 8, 0, 0)], prices: [1], hasTimeOfDay: false)
        #expect(Self.clock.shown(daily) == daily)
    }

    @Test func theViewerShowsTheOtherZoneAndSaysWhich() throws {
        let sp = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/sp500-1min.csv").path).series
        var v = ViewerState(series: sp, range: .oneDay, options: ViewerOptions(clock: Self.clock), columns: 100, rows: 30)
        var frame = v.frame(at: 0).plainText
        #expect(frame.components(separatedBy: "\n")[0].hasSuffix("1D · Fri 8 Nov 2019 15:30–21:59 CET"))
        #expect(frame.contains("16:00") && frame.contains("21:00") && !frame.contains("10:00"), "hours in Berlin")
        // The range is still the New York trading day, and the change the same.
        #expect(v.slice == sp.slice(.oneDay).slice)
        #expect(frame.hasPrefix("sp500-1min.csv  3,092.91  ▲ +7.56 (+0.25%) up"))
        _ = v.handle(.key(.end), at: 0)
        frame = v.frame(at: 0).plainText
        #expect(frame.components(separatedBy: "\n")[0].hasSuffix("Fri 8 Nov 2019 21:59 CET"))
        _ = v.handle(.key(.character("d")), at: 0)
        #expect(v.panel!.lines.contains { $0.contains("Fri 8 Nov 2019, 21:59") })
    }

    @Test func timesWithTheirOwnOffsetsNeedNoDataZone() throws {
        let s = try SeriesLoader.load(path: HostileInputTests.path("offsets_dst_newest_first.csv")).series
        let clock = DisplayClock(target: Self.newYork)
        // 09:00+01:00 and 09:00+02:00 are 08:00 and 07:00 UTC: 04:00 and 03:00 in New York (EDT since 10 March).
        let shown = clock.shown(s)
        #expect(shown.times[0] == Self.local(2019, 3, 29, 4, 0))
        #expect(shown.times[3] == Self.local(2019, 4, 1, 3, 0))
        #expect(clock.abbreviation(in: s, at: 3) == "EDT")
        var v = ViewerState(series: s, range: .fiveDays, options: ViewerOptions(clock: clock), columns: 100, rows: 30)
        #expect(v.frame(at: 0).plainText.components(separatedBy: "\n")[0].hasSuffix("all since 29 Mar 2019 04:00 EDT"))
        _ = v.handle(.key(.end), at: 0)
        #expect(v.frame(at: 0).plainText.components(separatedBy: "\n")[0].hasSuffix("Mon 1 Apr 2019 03:01 EDT"))
    }
}
