import Foundation
import Testing

/// The state file as people share it: several viewers open at once, each on its own
/// file, every one of them quitting at the same moment, and each range is remembered.
@Suite("The state file shared by viewers in tmux", .serialized)
struct StateFileTests {
    static let bin = TmuxSession.binary

    /// The range remembered for the file whose name is `name`, from the JSON as written.
    static func rememberedRange(of name: String, in stateFile: String) -> String? {
        guard let data = FileManager.default.contents(atPath: stateFile),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = object["files"] as? [String: Any] else { return nil }
        let entry = files.first { ($0.key as NSString).lastPathComponent == name }?.value as? [String: Any]
        return entry?["range"] as? String
    }

    @Test func viewersQuittingAtOnceKeepEveryRange() throws {
        let stateHome = NSTemporaryDirectory() + "tc-shared-state-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: stateHome) }
        let stateFile = stateHome + "/tradechart/state.json"
        // Three copies of the DAX file, each opened by its own viewer and set to its own range.
        let keys = ["3": ("1M", "[1M]"), "4": ("6M", "[6M]"), "6": ("5Y", "[5Y]")]
        let dax = try Data(contentsOf: URL(fileURLWithPath: TmuxSession.packageRoot + "/Data/dax.csv"))
        var viewers: [(name: String, range: String, session: TmuxSession)] = []
        for (key, (range, shown)) in keys.sorted(by: { $0.key < $1.key }) {
            let name = "tc-shared-\(UUID().uuidString.prefix(8)).csv"
            let path = NSTemporaryDirectory() + name
            try dax.write(to: URL(fileURLWithPath: path))
            let t = try TmuxSession("\(Self.bin) '\(path)'", width: 100, height: 30,
                                    environment: ["XDG_STATE_HOME": stateHome])
            try t.waitFor("[1Y]")
            try t.send(key)
            try t.waitFor(shown)
            viewers.append((name, range, t))
        }
        defer { for viewer in viewers { unlink(NSTemporaryDirectory() + viewer.name) } }
        // All quit at once: each writes its pending range on the way out.
        for viewer in viewers { try viewer.session.send("q") }
        for viewer in viewers { #expect(try viewer.session.waitForExit() == 0) }
        for viewer in viewers {
            #expect(Self.rememberedRange(of: viewer.name, in: stateFile) == viewer.range, "\(viewer.name)")
        }
        // And the next viewer on a file opens on its remembered range.
        let first = try #require(viewers.first)
        let again = try TmuxSession("\(Self.bin) '\(NSTemporaryDirectory() + first.name)'", width: 100, height: 30,
                                    environment: ["XDG_STATE_HOME": stateHome])
        try again.waitFor("[\(first.range)]")
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }
}
