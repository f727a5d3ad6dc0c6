import Foundation
import Testing

/// Compares text with a golden file under Tests/TradeChartCoreTests/Fixtures/Golden.
/// Run with `UPDATE_GOLDEN=1` to write the files anew after an intended change
/// (then read the diff before committing). Such a run fails, naming each file it
/// wrote, so that it cannot pass silently: run the tests again without UPDATE_GOLDEN.
enum Golden {
    static let folder = TestSeries.packageRoot.appendingPathComponent("Tests/TradeChartCoreTests/Fixtures/Golden")

    static func check(_ text: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            let before = try? String(contentsOf: url, encoding: .utf8)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("UPDATE_GOLDEN=1: could not write golden file \(name): \(error)", sourceLocation: sourceLocation)
                return
            }
            let what = before == nil ? "wrote the new" : before == text ? "rewrote (unchanged)" : "rewrote (changed: read its diff)"
            Issue.record("UPDATE_GOLDEN=1: \(what) golden file \(name); run the tests again without UPDATE_GOLDEN",
                         sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run the tests with UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        if text != expected {
            let a = text.components(separatedBy: "\n"), b = expected.components(separatedBy: "\n")
            let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            Issue.record("""
                \(name) differs at line \(line + 1):
                  actual:   \(line < a.count ? a[line] : "<end>")
                  expected: \(line < b.count ? b[line] : "<end>")
                """, sourceLocation: sourceLocation)
        }
    }
}
