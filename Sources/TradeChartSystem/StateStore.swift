import Foundation
import TradeChartCore

/// The state file: one small JSON file, `$XDG_STATE_HOME/tradechart/state.json`
/// (default `~/.local/state/tradechart/state.json`), holding a `RememberedView`
/// per file keyed by the file's absolute path. Writes go to a temporary file
/// that is renamed over the old one, on a background queue, so a reader never
/// sees half a file and drawing never waits.
public final class StateStore: @unchecked Sendable {
    struct Contents: Codable, Sendable {
        var version = 1
        var files: [String: RememberedView] = [:]
    }

    public let url: URL
    private let queue = DispatchQueue(label: "tradechart.state")
    private let lock = NSLock()
    private var contents = Contents()
    /// How many writes reached the disk (for tests and the benchmark).
    public private(set) var writeCount = 0
    /// Entries kept at most; the least recently changed go first.
    public static let maxEntries = 200

    public init(url: URL) { self.url = url }

    /// The default location, from `XDG_STATE_HOME` or `HOME`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("tradechart/state.json")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/tradechart/state.json")
    }

    /// Reads the file. A missing file is a fresh start (nil); an unreadable or
    /// corrupt one is ignored and the returned note says so.
    @discardableResult
    public func load() -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let data = try Data(contentsOf: url)
            let decoded = try JSONDecoder().decode(Contents.self, from: data)
            lock.withLock { contents = decoded }
            return nil
        } catch {
            return "State file \(url.path) is unreadable and was ignored"
        }
    }

    public func view(for file: String) -> RememberedView? {
        lock.withLock { contents.files[file] }
    }

    /// Records the view of a file (in memory; `save` writes it).
    public func remember(_ view: RememberedView, for file: String) {
        lock.withLock {
            contents.files[file] = view
            if contents.files.count > StateStore.maxEntries {
                let oldest = contents.files.sorted { $0.value.updated < $1.value.updated }
                for (key, _) in oldest.prefix(contents.files.count - StateStore.maxEntries) {
                    contents.files.removeValue(forKey: key)
                }
            }
        }
    }

    /// Writes the file in the background (atomically); `wait` blocks until done (on exit).
    public func save(wait: Bool = false) {
        let snapshot = lock.withLock { contents }
        let work: @Sendable () -> Void = { [self] in
            do {
                try write(snapshot)
                lock.withLock { writeCount += 1 }
            } catch {
                // A state file that cannot be written is not worth stopping for.
            }
        }
        if wait { queue.sync(execute: work) } else { queue.async(execute: work) }
    }

    /// Waits for writes under way.
    public func flush() { queue.sync {} }

    private func write(_ snapshot: Contents) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(snapshot)
        let temporary = folder.appendingPathComponent(".state.json.\(getpid()).tmp")
        try data.write(to: temporary)
        if rename(temporary.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
