import Testing
@testable import TradeChartCore

/// The progress line of a long load (issue 14 point 4): read, of how much, the time left.
@Suite("Loading: the progress line")
struct LoadProgressLineTests {
    @Test func aFileOfKnownSizeSaysHowMuchOfItAndTheTimeLeft() {
        let p = LoadProgress(bytesRead: 250_000_000, rowsRead: 2_500_000, totalBytes: 1_000_000_000)
        #expect(LoadProgressLine.text(p, name: "big.csv", elapsed: 1, width: 200)
                == "Loading big.csv: 250.0 MB of 1.0 GB (25%), 2,500,000 of about 10,000,000 rows, 3 s left (q to stop)")
        let later = LoadProgress(bytesRead: 900_000_000, rowsRead: 9_000_000, totalBytes: 1_000_000_000)
        #expect(LoadProgressLine.text(later, name: "big.csv", elapsed: 90, width: 200, cancelHint: false)
                == "Loading big.csv: 900.0 MB of 1.0 GB (90%), 9,000,000 of about 10,000,000 rows, 10 s left")
    }

    @Test func aPipeSaysWhatCameAndForHowLong() {
        let p = LoadProgress(bytesRead: 12_345, rowsRead: 800, totalBytes: nil)
        #expect(LoadProgressLine.text(p, name: "standard input", elapsed: 75, width: 200)
                == "Loading standard input: 12.3 kB, 800 rows, 1 min 15 s so far (q to stop)")
    }

    @Test func theLineNeverWrapsAndCarriesNoControlCharacters() {
        let p = LoadProgress(bytesRead: 1, rowsRead: 0, totalBytes: 10)
        let line = LoadProgressLine.text(p, name: "a\u{1B}[31mb.csv", elapsed: 1, width: 30)
        #expect(DisplayWidth.of(line) == 29)
        #expect(line.hasPrefix("Loading a [31mb.csv: "))
        #expect(!line.unicodeScalars.contains { TextSanitizer.isControl($0) })
    }
}
