import Foundation
import Testing
@testable import TradeChartCore

/// The settings table drives each thing a user meets of a setting: its key, its option, the
/// state file, the help and what is said when it changes.
@Suite("Settings table")
struct SettingsTableTests {
    /// A viewer on a file with a Volume column, read (the volume pane needs it).
    static func viewer(view: ViewSettings = ViewSettings()) -> ViewerState {
        let series = TestSeries.daily(days: 600)
        let bars = BarColumns(count: series.count, open: nil, high: nil, low: nil,
                              volume: series.prices.indices.map { Double(1_000 + $0) })
        return ViewerState(series: series, range: .oneYear, columns: 100, rows: 30, view: view,
                           candles: CandleState(names: BarColumnNames(volume: "Volume"), bars: bars, closes: series.prices))
    }

    static var toggles: [Setting] { Settings.table.filter(\.isToggle) }

    @Test func idsAndOptionNamesAreEachDeclaredOnce() {
        let ids = Settings.table.map(\.id), options = Settings.table.flatMap(\.options).map(\.name)
        #expect(Set(ids).count == ids.count)
        #expect(Set(options).count == options.count)
        #expect(!Self.toggles.isEmpty)
    }

    // MARK: The key

    @Test func everyKeyRowOfTheTableIsInTheKeyMap() {
        for setting in Settings.table {
            for row in setting.keys {
                #expect(KeyMap.bindings.contains { $0.label == row.label && $0.help == row.help }, "\(setting.id): \(row.label)")
                for (key, action) in row.keys { #expect(KeyMap.action(for: key) == action, "\(key.name)") }
            }
        }
    }

    @Test(arguments: SettingsTableTests.toggles.map(\.id))
    func eachToggleKeySwitchesItsSettingOnAndOff(id: SettingID) throws {
        var v = Self.viewer()
        let key = try #require(Settings[id].keys.first?.keys.first?.0, "\(id) has a key")
        #expect(!v.isOn(id))
        _ = v.handle(.key(key), at: 0)
        #expect(v.isOn(id), "\(key.name) turns \(id) on")
        _ = v.handle(.key(key), at: 1)
        #expect(!v.isOn(id), "\(key.name) again turns it off")
    }

    @Test func LSwitchesTheAxisTheChartIsDrawnOn() {
        var v = Self.viewer()
        let linear = v.frame(at: 5).plainText
        _ = v.handle(.key(.character("L")), at: 0)
        #expect(v.logAxis)
        #expect(v.frame(at: 5).plainText != linear, "the log axis is drawn")
    }

    // MARK: The announcement

    @Test(arguments: SettingsTableTests.toggles.map(\.id))
    func eachToggleSaysTheTablesWordsOnTheStatusLineAndToTheScreenReader(id: SettingID) throws {
        var v = Self.viewer()
        let toggle = try #require(Settings[id].toggle)
        let key = try #require(Settings[id].keys.first?.keys.first?.0)
        let before = v
        _ = v.handle(.key(key), at: 0)
        // The table's words, and what there is more to say (the pane's column).
        #expect(v.status?.hasPrefix(toggle.on) == true)
        #expect(Narration.lines(for: .key(key), from: before, to: v).first?.hasPrefix(toggle.on) == true)
        _ = v.handle(.key(key), at: 1)
        #expect(v.status == toggle.off)
    }

    // MARK: The option

    @Test func theTablesFlagsAreTakenOutOfTheCommandLine() throws {
        let read = try SettingArguments(["--print", "--log", "a.csv", "--percent", "--range", "1Y"])
        #expect(read.switches == [.log, .percent])
        #expect(read.rest == ["--print", "a.csv", "--range", "1Y"])
    }

    @Test func afterDoubleDashEverythingIsAFile() throws {
        let read = try SettingArguments(["--log", "--", "--percent"])
        #expect(read.switches == [.log])
        #expect(read.rest == ["--", "--percent"])
    }

    @Test func aFlagGivenAValueIsOneClearLine() {
        #expect(throws: SettingArguments.Problem(description: "The option '--log' takes no value; '--log=yes' gives one")) {
            try SettingArguments(["--log=yes", "a.csv"])
        }
    }

    @Test(arguments: SettingsTableTests.toggles.map(\.id))
    func eachToggleOptionOpensTheViewerWithItOnAndRemembersIt(id: SettingID) throws {
        let option = try #require(Settings[id].options.first)
        let read = try SettingArguments(["--" + option.name])
        let v = Self.viewer(view: ViewSettings(switches: read.switches))
        #expect(v.isOn(id))
        #expect(v.memory.switches.contains(id) == (Settings[id].fileField != nil), "remembered only when the table says so")
    }

    // MARK: The state file

    @Test func theStateFileHoldsEachToggleUnderItsFieldWhileItIsOn() throws {
        var memory = RememberedView(range: "1Y", updated: 1)
        for setting in Self.toggles where setting.fileField != nil { memory.remember(setting.id, on: true) }
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(memory)) as? [String: Any])
        for setting in Self.toggles {
            guard let field = setting.fileField else { continue }
            #expect(json[field] as? Bool == true, "\(field)")
        }
        memory.remember(.log, on: false)
        let off = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(memory)) as? [String: Any])
        #expect(off["log"] == nil, "a toggle off is left out")
        #expect(try JSONDecoder().decode(RememberedView.self, from: JSONEncoder().encode(memory)) == memory)
    }

    @Test func aStateFileWrittenBeforeTheTableStillLoads() throws {
        let old = #"{"range":"6M","theme":"light","log":true,"percent":true,"averages":[20],"style":"candles","volume":true,"updated":12}"#
        let view = try JSONDecoder().decode(RememberedView.self, from: Data(old.utf8))
        #expect(view == RememberedView(range: "6M", theme: "light", switches: [.log, .percent, .volume], averages: [20],
                                       style: "candles", updated: 12))
        let opened = ViewerState(series: TestSeries.daily(days: 600), columns: 100, rows: 30, memory: view,
                                 view: ViewSettings(remembered: view))
        #expect(opened.logAxis && opened.percentAxis)
    }

    @Test func aKeyAsksTheHostToRememberTheToggleUnderItsField() throws {
        var v = Self.viewer()
        let commands = v.handle(.key(.character("%")), at: 0)
        guard case .remember(let memory)? = commands.first else { Issue.record("no remember command"); return }
        #expect(memory.switches == [.percent])
    }

    // MARK: The help

    @Test func theHelpSectionListsEveryOptionOfTheTableWithinItsWidth() {
        let lines = Settings.helpSection()
        #expect(lines.first == Settings.helpTitle)
        #expect(lines.allSatisfy { $0.count <= 79 })
        for option in Settings.table.flatMap(\.options) {
            #expect(lines.contains { $0 == "  " + option.label || $0.hasPrefix("  " + option.label + " ") }, "\(option.label)")
        }
    }

    @Test func noStateNamesEverySettingThatIsRemembered() {
        for setting in Settings.table where setting.memory != .notRemembered {
            #expect(Settings.noStateHelp.contains(setting.title), "\(setting.title)")
        }
        #expect(!Settings.noStateHelp.contains(Settings[.tones].title))
    }

    /// The rows of the README's table of settings (the first table after `### Settings`).
    @Test func theReadmeSettingsTableIsTheTable() throws {
        let readme = try String(contentsOf: TestSeries.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "### Settings"))
        let table = lines[start...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        #expect(table == Settings.markdownTable, "the README's table of settings should read:\n\(Settings.markdownTable)")
    }
}
