import Foundation
import Testing
import TradeChartCore
import TradeChartSystem

/// The person's settings in the shared state file: kept beside every file's entry,
/// merged like them (the newer wins), dropped alone when bad.
@Suite("Settings in the state file")
struct UserSettingsTests {
    final class StateFolder {
        let root = NSTemporaryDirectory() + "tc-settings-\(UUID().uuidString)"
        var url: URL { URL(fileURLWithPath: root + "/tradechart/state.json") }
        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/tradechart", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String) throws { try text.write(to: url, atomically: false, encoding: .utf8) }
        func store() -> (StateStore, String?) {
            let store = StateStore(url: url)
            let note = store.load()
            return (store, note)
        }
    }

    @Test func theScreenReaderSettingIsKeptForThePersonBesideTheFilesEntries() throws {
        let folder = try StateFolder()
        let (first, _) = folder.store()
        #expect(first.settings == nil)
        first.remember(UserSettings(screenReader: true, updated: 1))
        first.save(wait: true)
        // Another viewer, on another file, saves later: the setting stays.
        let (second, _) = folder.store()
        #expect(second.settings?.screenReader == true)
        second.remember(RememberedView(range: "6M", updated: 2), for: "/data/b.csv")
        second.save(wait: true)
        let (third, note) = folder.store()
        #expect(note == nil)
        #expect(third.settings == UserSettings(screenReader: true, updated: 1))
        #expect(third.view(for: "/data/b.csv")?.range == "6M")
    }

    @Test func twoViewersSavingSettingsKeepTheNewer() throws {
        let folder = try StateFolder()
        let (a, _) = folder.store()
        let (b, _) = folder.store()
        b.remember(UserSettings(screenReader: false, updated: 20))
        b.save(wait: true)
        a.remember(UserSettings(screenReader: true, updated: 10))
        a.remember(RememberedView(range: "1M", updated: 10), for: "/data/a.csv")
        a.save(wait: true)
        let (later, _) = folder.store()
        #expect(later.settings?.screenReader == false, "the newer setting wins")
        #expect(later.view(for: "/data/a.csv")?.range == "1M", "the older viewer's file entry is kept")
    }

    @Test(arguments: [#""settings": {"screenReader": "yes", "updated": 1},"#,
                      #""settings": {"version": 2, "screenReader": true, "updated": 1},"#,
                      #""settings": [true],"#])
    func badSettingsCostOnlyThemselves(settings: String) throws {
        let folder = try StateFolder()
        try folder.write(#"{"version": 1, "# + settings + #" "files": {"/data/a.csv": {"range": "6M", "updated": 5, "version": 1}}}"#)
        let (store, note) = folder.store()
        #expect(note?.contains("settings") == true, "\(note ?? "no note")")
        #expect(store.settings == nil)
        #expect(store.view(for: "/data/a.csv")?.range == "6M", "the files' entries are read")
    }

    @Test func aFileWrittenBeforeSettingsExistedReadsAsItIs() throws {
        let folder = try StateFolder()
        try folder.write(#"{"version": 1, "files": {"/data/a.csv": {"range": "5Y", "updated": 5, "version": 1}}}"#)
        let (store, note) = folder.store()
        #expect(note == nil)
        #expect(store.settings == nil)
        #expect(store.view(for: "/data/a.csv")?.range == "5Y")
    }
}
