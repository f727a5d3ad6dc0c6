import Foundation
import Testing
import TradeChartCore
import TradeChartSystem
import TradeChartTestSupport

@Suite("Audio player")
struct AudioPlayerTests {
    typealias S = SampleSeries

    /// Runs `body` with two fresh temporary directories, removed afterwards.
    func withTwoDirectories(_ body: (String, String) throws -> Void) throws {
        let paths = (0..<2).map { _ in NSTemporaryDirectory() + "tradechart-audio-test-\(UUID().uuidString)" }
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        for path in paths { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        try body(paths[0], paths[1])
    }

    func wav() -> [UInt8] {
        let series = S.daily([1, 3, 2, 5])
        return Audiograph().wav(of: series, slice: S.wholeSlice(series))
    }

    @Test func withoutAPlayerTheFileIsWritten() throws {
        try withTwoDirectories { emptyPath, output in
            #expect(AudioPlayer.findPlayer(searchPath: emptyPath) == nil)
            let result = AudioPlayer.play(wav: wav(), name: "dax.csv", rangeLabel: "1Y", searchPath: emptyPath, directory: output)
            #expect(result == .written(path: output + "/tradechart-dax.csv-1Y.wav"))
            guard case .written(let path) = result else { return }
            let bytes = try #require(FileManager.default.contents(atPath: path))
            let parsed = try ParsedWAV([UInt8](bytes))
            #expect(parsed.duration >= 2.5 && parsed.duration <= 3.5)
            #expect(result.message.contains(path))
        }
    }

    /// A free window is not its nearest range: the file is named after the days shown.
    @Test func theFileIsNamedAfterTheWindowShown() throws {
        try withTwoDirectories { emptyPath, output in
            let series = S.daily((0..<60).map { 100 + Double($0 % 7) }, name: "dax.csv")
            var window = RangeSlice(range: .oneMonth, first: 20, last: 35, coversAllData: false)
            window.isWindow = true
            let session = AudiographSession()
            #expect(session.play(of: series, slice: window, searchPath: emptyPath, directory: output)
                        == .written(path: output + "/tradechart-dax.csv-2019-01-21_to_2019-02-05.wav"))
            let month = RangeSlice(range: .oneMonth, first: 30, last: 59, coversAllData: false)
            #expect(session.play(of: series, slice: month, searchPath: emptyPath, directory: output)
                        == .written(path: output + "/tradechart-dax.csv-1M.wav"))
        }
    }

    @Test func theFirstPlayerOnThePathRunsDetachedWithoutTheTerminal() throws {
        try withTwoDirectories { bin, output in
            let marker = output + "/marker"
            let script = "#!/bin/sh\necho noise\necho \"$1 $(readlink /proc/$$/fd/0) $(readlink /proc/$$/fd/1) $(readlink /proc/$$/fd/2)\" > '\(marker).tmp'\nmv '\(marker).tmp' '\(marker)'\n"
            for name in ["aplay", "paplay"] {
                try TestFiles.create(bin + "/" + name, contents: Data(script.utf8), executable: true)
            }
            // A directory named like a player, and an earlier empty entry, are passed over.
            try FileManager.default.createDirectory(atPath: output + "/pw-play", withIntermediateDirectories: true)
            let searchPath = "::\(output):\(bin)"
            #expect(AudioPlayer.findPlayer(searchPath: searchPath) == bin + "/paplay")

            let result = AudioPlayer.play(wav: wav(), name: "My Index/€", rangeLabel: "5D", searchPath: searchPath, directory: output)
            let path = output + "/tradechart-My_Index__-5D.wav"
            #expect(result == .playing(player: bin + "/paplay", path: path))
            var waited = 0.0
            while !FileManager.default.fileExists(atPath: marker) && waited < 5 {
                Thread.sleep(forTimeInterval: 0.02)
                waited += 0.02
            }
            let seen = try String(contentsOfFile: marker, encoding: .utf8)
            #expect(seen == "\(path) /dev/null /dev/null /dev/null\n")
        }
    }

    @Test func playingAgainStopsThePlayerStillRunning() throws {
        try withTwoDirectories { bin, output in
            // A player that records its pid and plays for a long time.
            let script = "#!/bin/sh\necho $$ >> '\(output)/pids'\nexec sleep 30\n"
            try TestFiles.create(bin + "/aplay", contents: Data(script.utf8), executable: true)
            let session = AudiographSession()
            let series = S.daily([1, 3, 2, 5, 4, 6])
            func pids() -> [Int32] {
                ((try? String(contentsOfFile: output + "/pids", encoding: .utf8)) ?? "")
                    .split(separator: "\n").compactMap { Int32($0) }
            }
            func waitFor(_ count: Int) {
                var waited = 0.0
                while pids().count < count && waited < 5 { Thread.sleep(forTimeInterval: 0.02); waited += 0.02 }
            }
            guard case .playing = session.play(of: series, slice: S.wholeSlice(series), searchPath: bin, directory: output) else {
                Issue.record("the fake player was not started")
                return
            }
            waitFor(1)
            _ = session.play(of: series, slice: S.wholeSlice(series), searchPath: bin, directory: output)
            waitFor(2)
            let started = pids()
            #expect(started.count == 2)
            // The first is gone, the second still plays until the session stops it.
            var waited = 0.0
            while kill(started[0], 0) == 0 && waited < 5 { Thread.sleep(forTimeInterval: 0.02); waited += 0.02 }
            #expect(kill(started[0], 0) != 0, "the first player was stopped")
            #expect(kill(started[1], 0) == 0)
            session.stop()
        }
    }
}
