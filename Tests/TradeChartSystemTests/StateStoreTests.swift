import Foundation
import Testing
import TradeChartCore
import TradeChartSystem

@Suite("Remembered state")
struct StateStoreTests {
    func temporaryFile() -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("tradechart-state-\(UUID().uuidString)/tradechart/state.json")
    }

    @Test func roundTrips() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let store = StateStore(url: url)
        #expect(store.load() == nil, "a missing file is a fresh start, no note")
        store.remember(RememberedView(range: "6M", theme: "light", charset: nil, updated: 1), for: "/data/dax.csv")
        store.remember(RememberedView(range: "1D", updated: 2), for: "/data/sp.csv")
        store.save(wait: true)
        let again = StateStore(url: url)
        #expect(again.load() == nil)
        #expect(again.view(for: "/data/dax.csv") == RememberedView(range: "6M", theme: "light", charset: nil, updated: 1))
        #expect(again.view(for: "/data/sp.csv")?.range == "1D")
        #expect(again.view(for: "/data/other.csv") == nil)
    }

    @Test(arguments: ["", "{", "{\"version\":1,\"files\":{\"/a\":{\"range\":\"1Y\"", "\u{0}\u{1}binary", "[1,2,3]"])
    func corruptOrHalfWrittenFilesAreIgnoredWithANote(content: String) throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try content.write(to: url, atomically: true, encoding: .utf8)
        let store = StateStore(url: url)
        let note = try #require(store.load())
        #expect(note.contains("unreadable"))
        #expect(store.view(for: "/a") == nil)
        // It still saves over the bad file.
        store.remember(RememberedView(range: "5Y", updated: 1), for: "/a")
        store.save(wait: true)
        let again = StateStore(url: url)
        #expect(again.load() == nil)
        #expect(again.view(for: "/a")?.range == "5Y")
    }

    @Test func aBurstOfRangeSwitchesWritesOnlyAFewTimes() {
        // 100 switches, 20 ms apart (2 s), as a person hammering the keys.
        var debouncer = WriteDebouncer(interval: 1)
        var writes = 0
        var time = 0.0
        for _ in 0..<100 {
            debouncer.markChanged()
            if debouncer.shouldWrite(at: time) { writes += 1 }
            time += 0.02
        }
        // The quiet after the burst: the pending change is written once.
        if let delay = debouncer.delay(at: time), debouncer.shouldWrite(at: time + delay) { writes += 1 }
        #expect(writes >= 2 && writes <= 4)
        #expect(!debouncer.isDirty)
        #expect(debouncer.delay(at: time + 5) == nil, "nothing pending after the last write")
    }

    @Test func theWriteIsAtomicForAConcurrentReader() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let store = StateStore(url: url)
        // A big enough file that a non-atomic write would be seen half done.
        for i in 0..<150 { store.remember(RememberedView(range: "1Y", updated: Double(i)), for: "/data/file-\(i).csv") }
        store.save(wait: true)
        let stop = ManagedFlag()
        let reader = Thread {
            var reads = 0, bad = 0
            while !stop.isSet {
                if let data = FileManager.default.contents(atPath: url.path) {
                    reads += 1
                    if (try? JSONSerialization.jsonObject(with: data)) == nil { bad += 1 }
                }
            }
            stop.report(reads: reads, bad: bad)
        }
        reader.start()
        for i in 0..<200 {
            store.remember(RememberedView(range: i % 2 == 0 ? "6M" : "5Y", updated: 1000 + Double(i)), for: "/data/file-\(i % 150).csv")
            store.save(wait: true)
        }
        stop.set()
        let result = stop.waitForReport()
        #expect(result.reads > 0)
        #expect(result.bad == 0, "the reader never saw a partial file")
        #expect(store.writeCount == 201)
    }

    @Test func defaultLocationFollowsXDG() {
        #expect(StateStore.defaultURL(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"])?.path
                == "/x/state/tradechart/state.json")
        #expect(StateStore.defaultURL(environment: ["HOME": "/home/u"])?.path == "/home/u/.local/state/tradechart/state.json")
        #expect(StateStore.defaultURL(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.path
                == "/h/.local/state/tradechart/state.json")
    }
}

/// A stop flag and a result handed between threads.
final class ManagedFlag: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var result: (reads: Int, bad: Int)?

    var isSet: Bool { condition.withLock { stopped } }
    func set() { condition.withLock { stopped = true } }
    func report(reads: Int, bad: Int) {
        condition.withLock { result = (reads, bad); condition.broadcast() }
    }
    func waitForReport() -> (reads: Int, bad: Int) {
        condition.withLock {
            while result == nil { condition.wait() }
            return result!
        }
    }
}
