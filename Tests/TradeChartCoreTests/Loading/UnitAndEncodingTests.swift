import Foundation
import Testing
@testable import TradeChartCore

/// Issue 11 point 7, the loader's part: a column of Unix times that mixes seconds and
/// milliseconds is reported, not read in one unit silently; a UTF-32 file is named
/// UTF-32 (and UTF-16 UTF-16) in its error.
@Suite("Loading: Unix units and text encodings")
struct UnitAndEncodingTests {
    static func load(_ name: String) -> Result<LoadedSeries, LoadError> {
        Result { () throws(LoadError) in try SeriesLoader.load(path: HostileInputTests.path(name)) }
    }

    @Test func secondsAmongMillisecondsAreBadRowsWithTheirLine() throws {
        let loaded = try Self.load("unix_seconds_among_ms.csv").get()
        // Read in milliseconds, 1560643200 would be 19 January 1970, drawn as if it were a price of 2019.
        #expect(loaded.series.times == [1_560_470_400, 1_560_556_800, 1_560_729_600])
        #expect(loaded.series.prices == [1, 2, 4])
        #expect(loaded.report.badRows == 1)
        #expect(loaded.report.summary
                == "1 bad row skipped (line 4: Unix time '1560643200' is in seconds, the column in milliseconds (one unit per column))")
    }

    @Test func millisecondsThatRunThrough1970AreOneUnit() throws {
        // Small numbers among milliseconds that reach 1970 from both sides are times near 1970, not seconds.
        let loaded = try Self.load("unix_ms_through_1970.csv").get()
        #expect(loaded.series.times == [-120_000_000, -50_000_000, 1_600_000, 30_000_000, 105_000_000, 1_600_000_000])
        #expect(loaded.report.badRows == 0)
        // And a column of milliseconds with a few times right at 1970 reads as before.
        #expect(try Self.load("unix_ms.csv").get().series.times == [-86_400, 0, 1_560_470_400])
    }

    @Test func aFollowerDropsTheSameRows() throws {
        for name in ["unix_seconds_among_ms.csv", "unix_ms_through_1970.csv"] {
            let bytes = try QuoteRuleTests.bytes(name)
            let followed = try AppendedRowsTests.follow(bytes, name: name)
            #expect(followed.series == (try Self.load(name).get().series), "\(name)")
        }
    }

    @Test(arguments: [
        ("utf32_bom.csv", "line 1: not a text file: UTF-32 text, little-endian (save it as UTF-8)"),
        ("utf32_be_no_bom.csv", "line 1: not a text file: it contains NUL bytes: UTF-32 text, big-endian, without a byte order mark (save it as UTF-8)"),
        ("utf16_bom.csv", "line 1: not a text file: UTF-16 text, little-endian (save it as UTF-8)"),
        ("utf16_no_bom.csv", "line 1: not a text file: it contains NUL bytes: UTF-16 text, little-endian, without a byte order mark (save it as UTF-8)"),
    ])
    func wideEncodingsAreNamed(_ name: String, _ message: String) throws {
        guard case .failure(let error) = Self.load(name) else { Issue.record("\(name) loaded"); return }
        #expect(error.description == HostileInputTests.path(name) + ": " + message)
    }

    @Test func binaryDataIsNotCalledUnicode() throws {
        guard case .failure(let error) = Self.load("binary.bin") else { Issue.record("binary.bin loaded"); return }
        #expect(!error.description.contains("UTF"))
    }
}
