import Foundation
import Testing
import TradeChartCore
import TradeChartSystem

/// Issue 14 point 3 through the real follower: a followed file of a million rows hands
/// out appended rows alone, and the viewer extends its series and min-max index in
/// place instead of rebuilding them.
@Suite("Following a large file")
struct FollowingLargeFileTests {
    @Test func aMillionRowFileAppendsRowsWithoutRebuilding() throws {
        let file = FollowerTests.TempFile()
        let start: Int64 = 1_600_000_000
        var text = "time,close\n"
        text.reserveCapacity(20_000_000)
        for i in 0..<1_000_000 { text += "\(start + Int64(i) * 60),\(100 + i % 997)\n" }
        try file.write(text)
        let follower = FileFollower(path: file.path, options: LoadOptions())
        guard case .updated(let loaded, _) = follower.poll() else { Issue.record("no chart"); return }
        #expect(loaded.series.count == 1_000_000)
        var state = ViewerState(series: loaded.series, range: nil, options: ViewerOptions(followed: file.path),
                                columns: 100, rows: 30)
        for k in 0..<3 {
            try file.append("\(start + Int64(1_000_000 + k) * 60),\(2000 + k).5\n")
            let change = follower.poll()
            guard case .appended(let rows) = change else { Issue.record("expected appended rows, got \(change)"); return }
            #expect(rows.times == [start + Int64(1_000_000 + k) * 60])
            _ = state.handle(.follow(change), at: Double(k))
        }
        #expect(state.seriesRebuilds == 0, "the series and its index were extended, not rebuilt")
        #expect(state.series.count == 1_000_003)
        #expect(state.series.prices.suffix(3) == [2000.5, 2001.5, 2002.5])
        #expect(state.index.count == 1_000_003)
        #expect(state.index.minMax(0...1_000_002).max == 2002.5)
        #expect(state.frame(at: 10).line(0).contains("2,002.5"))
        // A row out of order is sorted in: the one case that rebuilds.
        try file.append("\(start + 30),1.5\n")
        _ = state.handle(.follow(follower.poll()), at: 20)
        #expect(state.seriesRebuilds == 1)
        #expect(state.series.prices[1] == 1.5)
    }
}
