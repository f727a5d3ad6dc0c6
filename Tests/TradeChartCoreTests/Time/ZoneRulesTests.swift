import Foundation
import Glibc
import Testing
@testable import TradeChartCore

/// Zone rules read from the system's zone database, checked against glibc's own
/// reading of the same files (localtime_r), and on the transitions of 2019.
@Suite("Zone rules", .serialized)
struct ZoneRulesTests {
    static func zone(_ name: String) throws -> ZoneRules {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
        return try ZoneRules(tzif: bytes, name: name)
    }

    /// 2019-mm-dd hh:mm UTC as seconds.
    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int = 0) -> Int64 {
        CivilDate(year: y, month: m, day: d).dayNumber * 86_400 + Int64(h * 3600 + min * 60)
    }

    @Test func berlinAndNewYorkChangeTheirClocksOnTheRightSecond() throws {
        let berlin = try Self.zone("Europe/Berlin"), newYork = try Self.zone("America/New_York")
        // Berlin: 31 March 2019 01:00 UTC to summer time, 27 October 01:00 UTC back.
        #expect(berlin.offset(atUTC: Self.utc(2019, 3, 31, 1) - 1) == 3600)
        #expect(berlin.localType(atUTC: Self.utc(2019, 3, 31, 1)) == .init(offset: 7200, isDaylightSaving: true, abbreviation: "CEST"))
        #expect(berlin.offset(atUTC: Self.utc(2019, 10, 27, 1) - 1) == 7200)
        #expect(berlin.localType(atUTC: Self.utc(2019, 10, 27, 1)).abbreviation == "CET")
        // New York: 10 March 2019 07:00 UTC, 3 November 06:00 UTC.
        #expect(newYork.offset(atUTC: Self.utc(2019, 3, 10, 7) - 1) == -18_000)
        #expect(newYork.offset(atUTC: Self.utc(2019, 3, 10, 7)) == -14_400)
        #expect(newYork.offset(atUTC: Self.utc(2019, 11, 3, 6) - 1) == -14_400)
        #expect(newYork.localType(atUTC: Self.utc(2019, 11, 3, 6)).abbreviation == "EST")
    }

    @Test func theRuleAtTheFileEndGovernsLaterYears() throws {
        let berlin = try Self.zone("Europe/Berlin"), sydney = try Self.zone("Australia/Sydney")
        // 2100: the last Sunday of March is the 28th, of October the 31st.
        #expect(berlin.offset(atUTC: Self.utc(2100, 3, 28, 1) - 1) == 3600)
        #expect(berlin.offset(atUTC: Self.utc(2100, 3, 28, 1)) == 7200)
        #expect(berlin.offset(atUTC: Self.utc(2100, 10, 31, 1)) == 3600)
        // Sydney, southern: summer time from the first Sunday of October to the first of April.
        #expect(sydney.localType(atUTC: Self.utc(2080, 1, 15, 0)).abbreviation == "AEDT")
        #expect(sydney.localType(atUTC: Self.utc(2080, 7, 15, 0)).abbreviation == "AEST")
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Asia/Tokyo",
                      "America/Sao_Paulo", "Europe/London", "Pacific/Chatham", "UTC"])
    func offsetsAgreeWithGlibcFrom1900To2100(name: String) throws {
        let zone = try Self.zone(name)
        setenv("TZ", name, 1)
        tzset()
        defer { unsetenv("TZ"); tzset() }
        var rng = SplitMix64(seed: 11)
        let from = Self.utc(1900, 1, 1, 0), to = Self.utc(2100, 1, 1, 0)
        for _ in 0..<4000 {
            let t = from + Int64(rng.next() % UInt64(to - from))
            var seconds = time_t(t)
            var parts = tm()
            localtime_r(&seconds, &parts)
            #expect(Int(zone.offset(atUTC: t)) == parts.tm_gmtoff, "\(name) at \(t)")
        }
    }

    @Test func wallClockTimesTurnBackIntoInstants() throws {
        let newYork = try Self.zone("America/New_York")
        // 8 Nov 2019 09:30 in New York is 14:30 UTC; 1 July 09:30 is 13:30 UTC.
        let nov = CivilDate(year: 2019, month: 11, day: 8).dayNumber * 86_400 + 9 * 3600 + 1800
        #expect(newYork.utc(fromLocal: nov) == nov + 5 * 3600)
        let jul = CivilDate(year: 2019, month: 7, day: 1).dayNumber * 86_400 + 9 * 3600 + 1800
        #expect(newYork.utc(fromLocal: jul) == jul + 4 * 3600)
        // 3 Nov 2019 01:30 happens twice: the first (summer time) is taken.
        let twice = CivilDate(year: 2019, month: 11, day: 3).dayNumber * 86_400 + 5400
        #expect(newYork.utc(fromLocal: twice) == twice + 4 * 3600)
    }

    @Test func otherFilesAreRefusedWithAReason() {
        #expect(throws: ZoneRules.FormatError.self) { try ZoneRules(tzif: Array("Date,Close\n".utf8), name: "x") }
        #expect(throws: ZoneRules.FormatError.self) { try ZoneRules(tzif: Array("TZif2".utf8), name: "x") }
    }

    @Test func posixRulesReadTheirParts() {
        let india = PosixZoneRule("<+0530>-5:30")
        #expect(india?.standard.offset == 19_800 && india?.standard.abbreviation == "+0530" && india?.daylight == nil)
        #expect(PosixZoneRule("EST5EDT,M3.2.0,M11.1.0")?.daylight?.offset == -14_400)
        #expect(PosixZoneRule("IST-1GMT0,M10.5.0,M3.5.0/1")?.daylight?.offset == 0)
        #expect(PosixZoneRule("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1")?.start?.time == -7200)
        #expect(PosixZoneRule("garbage") == nil)
    }
}
