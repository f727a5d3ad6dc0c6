import Foundation
import Testing

@Suite("README code map")
struct ReadmeCodeMapTests {
    /// The folders that hold source files, below `Sources` and `Tests` (test fixtures and
    /// the support folders of a test target are part of that target).
    static func sourceFolders() throws -> [String] {
        let root = TestSeries.packageRoot
        var folders: [String] = []
        for top in ["Sources", "Tests"] {
            for target in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(top).path).sorted() {
                let path = "\(top)/\(target)"
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory),
                      isDirectory.boolValue else { continue }
                folders.append(path)
                // The core's folders are listed one by one.
                if target == "TradeChartCore" {
                    for sub in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(path).path).sorted() {
                        folders.append("\(path)/\(sub)")
                    }
                }
            }
        }
        return folders
    }

    @Test func everyFolderIsInTheCodeMap() throws {
        let readme = try String(contentsOf: TestSeries.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let map = try #require(readme.range(of: "## The code")).upperBound
        let listed = Set(readme[map...].components(separatedBy: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("Sources/") || trimmed.hasPrefix("Tests/") else { return nil }
            return String(trimmed.prefix { $0 != " " }.dropLast(trimmed.prefix { $0 != " " }.hasSuffix("/") ? 1 : 0))
        })
        for folder in try Self.sourceFolders() { #expect(listed.contains(folder), "\(folder) is not in the README's code map") }
    }
}
