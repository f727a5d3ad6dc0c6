import Foundation
import Testing

/// ARCHITECTURE.md's table says what each target may import; these tests keep it true.
@Suite("ARCHITECTURE.md")
struct ArchitectureTests {
    /// Each row of the table: the targets it names (first cell) and the modules they may
    /// import (last cell), as written between backticks. "C only" names none.
    static func allowedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOf: TestSeries.packageRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in text.components(separatedBy: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, let last = cells.last else { continue }
            let allowed = Set(backticked(last))
            for target in backticked(first) { table[target] = allowed }
        }
        return table
    }

    static func backticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The modules the Swift files below `Sources/target` import.
    static func imports(of target: String) throws -> Set<String> {
        let folder = TestSeries.packageRoot.appendingPathComponent("Sources/\(target)")
        var found: Set<String> = []
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.components(separatedBy: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                      words[..<i].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                found.insert(String(words[i + 1]))
            }
        }
        return found
    }

    static func targets() throws -> [String] {
        let sources = TestSeries.packageRoot.appendingPathComponent("Sources").path
        return try FileManager.default.contentsOfDirectory(atPath: sources).sorted()
    }

    @Test func everyTargetHasARow() throws {
        let table = try Self.allowedImports()
        for target in try Self.targets() {
            #expect(table[target] != nil, "ARCHITECTURE.md has no row for Sources/\(target)")
        }
    }

    @Test(arguments: try ArchitectureTests.targets())
    func aTargetImportsOnlyWhatItsRowAllows(_ target: String) throws {
        let allowed = try Self.allowedImports()[target] ?? []
        let extra = try Self.imports(of: target).subtracting(allowed)
        #expect(extra.isEmpty, "Sources/\(target) imports \(extra.sorted()), which its row in ARCHITECTURE.md does not allow")
    }

    @Test func theCoreImportsNeitherFoundationNorTheTerminal() throws {
        let allowed = try Self.allowedImports()["TradeChartCore"] ?? []
        for module in ["Foundation", "Dispatch", "CNcursesw", "TradeChartSystem", "TradeChartTerminal"] {
            #expect(!allowed.contains(module), "ARCHITECTURE.md lets the core import \(module)")
        }
    }

    /// Full Foundation (with ICU's tables) costs the viewer a third of its start-up time and
    /// memory (issue 24): nothing linked into `tradechart` imports it, FoundationEssentials
    /// serves where JSON or dates are needed.
    @Test(arguments: ["TradeChartCore", "TradeChartSystem", "TradeChartTerminal", "TradeChartApp", "tradechart"])
    func theViewerLinksNoFullFoundation(_ target: String) throws {
        let allowed = try Self.allowedImports()[target] ?? []
        #expect(!allowed.contains("Foundation"), "ARCHITECTURE.md lets \(target) import Foundation")
        #expect(try !Self.imports(of: target).contains("Foundation"), "Sources/\(target) imports Foundation")
    }
}
