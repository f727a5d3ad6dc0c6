import Foundation
import Testing
import TradeChartCore
import TradeChartSystem

/// Issue 24, following by appending in place, through the real follower and viewer: a
/// file that grows in pieces cut anywhere (mid-line too) shows, after every piece was
/// looked at, exactly what a fresh load of the grown file shows, also where a later row
/// changes how every earlier one reads (the follower gave its rows away, so it reads the
/// file again) or arrives out of order.
@Suite("Following: appended in place equals a fresh load")
struct FollowedInPlaceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TradeChartCoreTests/Fixtures/Hostile").standardized.path
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Data")
        .standardized.path

    /// Appends raw bytes to the file at `path`.
    static func append(_ bytes: ArraySlice<UInt8>, to path: String) throws {
        let file = try #require(fopen(path, "ab"))
        #expect(bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) } == bytes.count)
        fclose(file)
    }

    /// Follows `bytes` written `step` bytes a look, as the program does (a viewer made from
    /// the first chart, every later look handed to it); the viewer at the end and the number of looks that appended rows.
    static func followInPieces(_ bytes: [UInt8], step: Int, path: String) throws -> (ViewerState?, appends: Int) {
        let options = LoadOptions(bars: .all)
        let follower = FileFollower(path: path, options: options)
        var state: ViewerState?
        var appends = 0
        var at = 0
        while at < bytes.count {
            try append(bytes[at..<min(at + step, bytes.count)], to: path)
            at += step
            let change = follower.poll()
            if case .appended = change { appends += 1 }
            if state != nil {
                _ = state!.handle(.follow(change), at: Double(at))
            } else if case .updated(let loaded, _) = change {
                state = ViewerState(series: loaded.series, range: nil, options: ViewerOptions(followed: path), columns: 100,
                                    rows: 30, candles: CandleState(names: loaded.barNames, bars: loaded.bars,
                                                                   closes: loaded.series.prices))
            }
        }
        return (state, appends)
    }

    /// Columns of numbers equal bit for bit (a gap, NaN, equals a gap).
    static func sameBits(_ a: [Double]?, _ b: [Double]?) -> Bool {
        a?.map(\.bitPattern) == b?.map(\.bitPattern)
    }

    @Test(arguments: ["Hostile/unsorted.csv", "Hostile/duplicates.csv", "Hostile/newest_first_duplicates.csv",
                      "Hostile/day_first_slash.csv", "Hostile/month_first_ambiguous.csv", "Hostile/unix_ms.csv",
                      "Hostile/multiline_note_crlf.csv", "Data/sp500-1min.csv", "Data/dax.csv"])
    func aFileFollowedInPiecesShowsWhatAFreshLoadShows(_ name: String) throws {
        let source = name.hasPrefix("Data/") ? Self.data + "/" + name.dropFirst(5) : Self.fixtures + "/" + name.dropFirst(8)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source)))
        // A follower waits for a line's end: the last line gets one.
        if bytes.last != 0x0A { bytes.append(0x0A) }
        let file = FollowerTests.TempFile()
        try file.write("")
        // Pieces of 7 bytes cut lines anywhere; a large file goes in larger pieces, still cut mid-line.
        let step = bytes.count > 20_000 ? 997 : 7
        let (followed, appends) = try Self.followInPieces(bytes, step: step, path: file.path)
        let state = try #require(followed, "\(name) gave a chart")
        let fresh = try SeriesLoader.load(path: file.path, options: LoadOptions(bars: .all))
        // A file of a few rows may give its chart whole to the end (a later row changed how all read).
        #expect(appends > 0 || bytes.count(where: { $0 == 0x0A }) < 6, "\(name): rows were appended, not only given whole")
        #expect(state.series == fresh.series, "\(name)")
        let shown = state.candles.series?.bars
        #expect((shown == nil) == (fresh.bars == nil), "\(name)")
        if let shown, let bars = fresh.bars {
            #expect(Self.sameBits(shown.open, bars.open) && Self.sameBits(shown.high, bars.high), "\(name)")
            #expect(Self.sameBits(shown.low, bars.low) && Self.sameBits(shown.volume, bars.volume), "\(name)")
        }
    }

    @Test func aRowThatChangesHowEveryRowReadsIsShownAsAFreshLoadWouldWithoutSayingReloaded() throws {
        let file = FollowerTests.TempFile()
        // Month first until a day above 12 comes first: then every row reads day first.
        try file.write("Date,Close\n01/02/2024,10\n02/02/2024,11\n")
        let follower = FileFollower(path: file.path, options: LoadOptions())
        guard case .updated(let first, _) = follower.poll() else { Issue.record("a chart"); return }
        try file.append("13/02/2024,12\n")
        let change = follower.poll()
        guard case .updated(let loaded, let reloaded) = change else { Issue.record("the whole series again, got \(change)"); return }
        #expect(!reloaded, "nothing was replaced: no reload is said")
        #expect(loaded.series.times != first.series.times + [loaded.series.times.last!])
        #expect(loaded.series == (try SeriesLoader.load(path: file.path)).series)
        try file.append("14/02/2024,13\n")
        guard case .appended(let rows) = follower.poll() else { Issue.record("then rows appended again"); return }
        #expect(rows.prices == [13])
    }
}
