import Foundation
import Testing
@testable import TradeChartCore

@Suite("Key map")
struct KeyMapTests {
    /// The rows of the README's key table (the first table after `## Keys`).
    static func readmeKeyTable() throws -> String {
        let readme = try String(contentsOf: TestSeries.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "## Keys"))
        let table = lines[start...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.joined(separator: "\n")
    }

    @Test func theReadmeKeyTableIsTheKeyMap() throws {
        let readme = try Self.readmeKeyTable()
        #expect(readme == KeyMap.markdownTable, "the README's key table should read:\n\(KeyMap.markdownTable)")
    }

    @Test func everyKeyOfTheMapDoesWhatItsRowSays() {
        for binding in KeyMap.bindings {
            for (key, action) in binding.keys { #expect(KeyMap.action(for: key) == action, "\(key.name)") }
        }
        #expect(KeyMap.action(for: .character("3")) == .selectRange(.oneMonth))
        #expect(KeyMap.action(for: .pageUp) == .step(-10))
    }

    @Test func theHelpPanelListsEveryRowWithinItsWidth() {
        for width in [16, 29, 30, 50, 90] {
            let lines = KeyMap.helpLines(width: width)
            #expect(lines.allSatisfy { $0.count <= width }, "width \(width)")
            for binding in KeyMap.bindings {
                #expect(lines.contains { $0.hasPrefix(binding.label + " ") || (!$0.isEmpty && binding.label.hasPrefix($0)) },
                        "\(binding.label) at \(width)")
            }
            for group in KeyGroup.allCases where group.rawValue.count <= width { #expect(lines.contains(group.rawValue)) }
        }
    }

    @Test func keysThatDoNothingSaySoAndPointToTheHelp() {
        var v = ViewerState(series: TestSeries.daily(days: 300), range: .oneYear, columns: 100, rows: 30)
        for key: KeyPress in [.character("j"), .character("k"), .character("/"), .character(":"), .enter,
                              .function(10)] {
            let before = v.frame(at: 0).line(0)
            _ = v.handle(.key(key), at: 0)
            #expect(v.status == "\(key.name) does nothing here; press ? for keys")
            #expect(v.frame(at: 0).line(1).hasPrefix("\(key.name) does nothing here"))
            #expect(v.frame(at: 0).line(0) == before, "nothing else changes")
        }
        _ = v.handle(.key(.up), at: 0)
        #expect(v.status == "Up scrolls a panel; there is none open (press ? for keys)")
        _ = v.handle(.key(.function(1)), at: 0)
        #expect(v.overlay == .help, "F1 opens the help, as in htop and mc")
    }

    @Test func theHintLineDropsTheLeastImportantHintsFirst() {
        let ranks = KeyMap.hints.map(\.rank)
        #expect(ranks == ranks.sorted())
        var previous = Int.max
        for columns in stride(from: 120, through: 30, by: -5) {
            let v = ViewerState(series: TestSeries.daily(days: 300), range: .oneYear, columns: columns, rows: 20)
            let bottom = v.frame(at: 0).line(v.layout.bottomRow)
            let shown = KeyMap.hints.filter { bottom.contains($0.text) }
            #expect(shown.count <= previous)
            previous = shown.count
            // What is shown is always the most important ones.
            #expect(shown.map(\.rank) == Array(KeyMap.hints.prefix(shown.count)).map(\.rank), "at \(columns) columns")
        }
        #expect(previous < KeyMap.hints.count, "narrow terminals drop hints")
    }
}
