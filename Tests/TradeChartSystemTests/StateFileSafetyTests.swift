import Foundation
import Testing
import TradeChartCore
import TradeChartSystem

/// The state file shared by several viewers and attacked by what may be planted at its
/// path: nothing one viewer remembered is lost by another's save, a bad entry costs only
/// itself, and what tradechart did not write is neither read past a limit nor overwritten.
@Suite("The state file, shared safely")
struct StateFileSafetyTests {
    /// A fresh folder standing for `$XDG_STATE_HOME`, removed at the end.
    final class StateFolder {
        let root = NSTemporaryDirectory() + "tc-state-safety-\(UUID().uuidString)"
        var url: URL { URL(fileURLWithPath: root + "/tradechart/state.json") }
        var path: String { url.path }
        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/tradechart", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }
        func bytes() -> Data? { FileManager.default.contents(atPath: path) }
        /// What a viewer starting now would remember.
        func fresh() -> StateStore {
            let store = StateStore(url: url)
            store.load()
            return store
        }
    }

    @Test func twoViewersOnTwoFilesKeepEachOthersRange() throws {
        let folder = try StateFolder()
        // Both viewers start (and read the state) before either saves.
        let first = StateStore(url: folder.url), second = StateStore(url: folder.url)
        #expect(first.load() == nil && second.load() == nil)
        first.remember(RememberedView(range: "6M", updated: 10), for: "/data/dax.csv")
        second.remember(RememberedView(range: "1D", updated: 11), for: "/data/sp.csv")
        first.save(wait: true)
        second.save(wait: true)
        // The first viewer saves again (on quit): the second's entry stays.
        first.remember(RememberedView(range: "1Y", updated: 12), for: "/data/dax.csv")
        first.save(wait: true)
        let later = folder.fresh()
        #expect(later.view(for: "/data/dax.csv")?.range == "1Y")
        #expect(later.view(for: "/data/sp.csv")?.range == "1D")
        #expect(first.view(for: "/data/sp.csv")?.range == "1D", "a save also brings in what others saved")
    }

    @Test func theRangeChosenLastWinsWhenTwoViewersShowOneFile() throws {
        let folder = try StateFolder()
        let first = folder.fresh(), second = folder.fresh()
        first.remember(RememberedView(range: "6M", updated: 200), for: "/data/dax.csv")
        second.remember(RememberedView(range: "1D", updated: 100), for: "/data/dax.csv")
        first.save(wait: true)
        // The second viewer's change is older: its save must not undo the newer one.
        second.save(wait: true)
        #expect(folder.fresh().view(for: "/data/dax.csv")?.range == "6M")
    }

    @Test func viewersSavingAtTheSameMomentLoseNothing() throws {
        let folder = try StateFolder()
        let savesEach = 40
        let stores = [folder.fresh(), folder.fresh()]
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for (n, store) in stores.enumerated() {
            finished.enter()
            Thread {
                start.wait()
                for i in 0..<savesEach {
                    store.remember(RememberedView(range: "1Y", updated: Double(i)), for: "/data/viewer\(n)-\(i).csv")
                    store.save(wait: true)
                }
                finished.leave()
            }.start()
        }
        start.signal()
        start.signal()
        #expect(finished.wait(timeout: .now() + 60) == .success)
        let later = folder.fresh()
        let missing = (0..<2).flatMap { n in (0..<savesEach).map { "/data/viewer\(n)-\($0).csv" } }
            .filter { later.view(for: $0) == nil }
        #expect(missing.count == 0, "lost entries: \(missing.prefix(5)) of \(missing.count)")
        #expect(stores.allSatisfy { $0.takeProblem() == nil })
    }

    @Test func aSymlinkPlantedAtTheTemporaryNameKeepsItsTargetIntact() throws {
        let folder = try StateFolder()
        let victim = folder.root + "/precious.txt"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        // The name a save writes to first, as another user could guess it.
        let planted = folder.root + "/tradechart/.state.json.\(getpid()).tmp"
        #expect(symlink(victim, planted) == 0)
        let store = folder.fresh()
        store.remember(RememberedView(range: "5Y", updated: 1), for: "/data/dax.csv")
        store.save(wait: true)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(store.takeProblem() == nil, "the save went through another temporary file")
        #expect(folder.fresh().view(for: "/data/dax.csv")?.range == "5Y")
        var info = stat()
        #expect(lstat(folder.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "the state file is a file, not the planted link")
        #expect(lstat(planted, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "what was planted is left as it was")
    }

    @Test func aBadEntryCostsOnlyItself() throws {
        let folder = try StateFolder()
        try folder.write("""
            {"version": 1, "files": {
              "/data/good.csv": {"range": "6M", "updated": 5, "version": 1},
              "/data/written-before-entry-versions.csv": {"range": "1Y", "updated": 4},
              "/data/wrong-type.csv": {"range": 6, "updated": 3},
              "/data/not-an-object.csv": "1Y",
              "/data/newer.csv": {"version": 2, "range": "1Y", "updated": 2}
            }}
            """)
        let store = StateStore(url: folder.url)
        let note = try #require(store.load())
        #expect(note.contains("3 entries dropped"), "\(note)")
        #expect(store.view(for: "/data/good.csv")?.range == "6M")
        #expect(store.view(for: "/data/written-before-entry-versions.csv")?.range == "1Y")
        #expect(store.view(for: "/data/wrong-type.csv") == nil)
        #expect(store.view(for: "/data/not-an-object.csv") == nil)
        #expect(store.view(for: "/data/newer.csv") == nil)
        store.remember(RememberedView(range: "1D", updated: 6), for: "/data/other.csv")
        store.save(wait: true)
        let later = StateStore(url: folder.url)
        #expect(later.load() == nil, "the saved file is clean")
        #expect(later.view(for: "/data/good.csv")?.range == "6M")
        #expect(later.view(for: "/data/written-before-entry-versions.csv")?.range == "1Y")
        #expect(later.view(for: "/data/other.csv")?.range == "1D")
    }

    @Test func aFileTooLargeToReadIsReportedAndLeftAlone() throws {
        let folder = try StateFolder()
        // Valid JSON with a usable entry, but 2 MiB: fifty times any state file tradechart writes.
        let padding = String(repeating: "x", count: 2 << 20)
        try folder.write(#"{"version": 1, "files": {"/data/dax.csv": {"range": "1Y", "updated": 1}}, "padding": "\#(padding)"}"#)
        let before = try #require(folder.bytes())
        let store = StateStore(url: folder.url)
        let note = try #require(store.load())
        #expect(note.contains("not read, not replaced"), "\(note)")
        #expect(store.view(for: "/data/dax.csv") == nil)
        store.remember(RememberedView(range: "6M", updated: 2), for: "/data/dax.csv")
        store.save(wait: true)
        #expect(folder.bytes() == before)
        #expect(store.takeProblem() == nil, "told once, by load")
        // A viewer that saves without having read it hears it from the save.
        let other = StateStore(url: folder.url)
        other.remember(RememberedView(range: "6M", updated: 2), for: "/data/dax.csv")
        other.save(wait: true)
        #expect(other.takeProblem() == .tooLarge(file: folder.path, bytes: before.count, limit: StateStore.maxFileBytes))
        #expect(folder.bytes() == before)
    }

    @Test func aFileOfANewerVersionIsReportedAndLeftAlone() throws {
        let folder = try StateFolder()
        try folder.write(#"{"version": 2, "files": {"/data/dax.csv": {"range": "1Y", "updated": 1}}}"#)
        let before = try #require(folder.bytes())
        let store = StateStore(url: folder.url)
        let note = try #require(store.load())
        #expect(note.contains("version 2"), "\(note)")
        store.remember(RememberedView(range: "6M", updated: 2), for: "/data/dax.csv")
        store.save(wait: true)
        #expect(folder.bytes() == before)
    }

    @Test func aPipeAtTheStatePathNeitherBlocksNorIsReplaced() throws {
        let folder = try StateFolder()
        #expect(mkfifo(folder.path, 0o600) == 0)
        let store = StateStore(url: folder.url)
        let note = withinTimeLimit("reading a pipe as the state file", unblock: { releaseReaderOfPipe(at: folder.path) }) {
            store.load()
        }
        #expect(note??.contains("not a regular file") == true)
        store.remember(RememberedView(range: "6M", updated: 2), for: "/data/dax.csv")
        let saved: Void? = withinTimeLimit("saving over a pipe", unblock: { releaseReaderOfPipe(at: folder.path) }) {
            store.save(wait: true)
        }
        #expect(saved != nil)
        var info = stat()
        #expect(lstat(folder.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe is left alone")
    }

    @Test func aFolderThatCannotBeWrittenIsToldOnce() throws {
        let folder = try StateFolder()
        // A file where the state folder should be: no save can succeed (also for root).
        let blocker = folder.root + "/blocker"
        try "not a folder".write(toFile: blocker, atomically: false, encoding: .utf8)
        let url = URL(fileURLWithPath: blocker + "/tradechart/state.json")
        let store = StateStore(url: url)
        #expect(store.load() == nil, "nothing to read is a fresh start")
        store.remember(RememberedView(range: "6M", updated: 1), for: "/data/dax.csv")
        store.save()
        store.flush()
        #expect(!store.isSaving)
        let problem = try #require(store.takeProblem())
        guard case .cannotWrite(let file, let reason) = problem else {
            Issue.record("expected cannotWrite, got \(problem)")
            return
        }
        #expect(file == url.path)
        #expect(reason.contains(blocker) && reason.contains("Not a directory"), "\(reason)")
        #expect(problem.description.contains("Cannot save the state file \(url.path)"))
        // Every later save fails the same way: it is not told again.
        store.remember(RememberedView(range: "1Y", updated: 2), for: "/data/dax.csv")
        store.save(wait: true)
        #expect(store.takeProblem() == nil)
        #expect(store.view(for: "/data/dax.csv")?.range == "1Y", "the session still remembers it in memory")
    }
}
