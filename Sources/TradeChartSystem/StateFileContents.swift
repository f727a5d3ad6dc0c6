import FoundationEssentials
import TradeChartCore

/// The state file's JSON: `{"version": 1, "settings": SETTINGS, "files": {PATH: ENTRY, ...}}`,
/// where each entry is a `RememberedView` with its own `"version": 1` and the settings
/// (the person's, whatever the file) are a `UserSettings` with its own version too.
/// Read entry by entry: an entry (or settings) of the wrong shape or an unknown version
/// is dropped (and counted) while the others are kept; only a file that is not this
/// object at all is unreadable. `settings` is optional, so files written before it
/// existed read as they are.
struct StateFileContents: Sendable, Equatable {
    /// The version of the file as a whole, and of each entry, that this tradechart writes and reads.
    static let version = 1

    var files: [String: RememberedView] = [:]
    /// The person's settings, nil when none were ever saved.
    var settings: UserSettings?
    /// Entries that were in the file but could not be used: their keys and why.
    var dropped: [(key: String, reason: String)] = []

    /// The key the settings are dropped under when they cannot be used.
    static let settingsKey = "settings"

    init(files: [String: RememberedView] = [:], settings: UserSettings? = nil) {
        self.files = files
        self.settings = settings
    }

    static func == (a: StateFileContents, b: StateFileContents) -> Bool { a.files == b.files && a.settings == b.settings }

    /// What the bytes of a state file hold.
    enum Decoded {
        case contents(StateFileContents)
        /// The file says it has a version this tradechart does not know.
        case unknownVersion(Int)
        /// Not a state file at all; the reason in words.
        case unreadable(String)
    }

    static func decode(_ data: Data) -> Decoded {
        let file: FileShape
        do {
            file = try JSONDecoder().decode(FileShape.self, from: data)
        } catch {
            return .unreadable(reason(error))
        }
        if let version = file.version, version != Self.version { return .unknownVersion(version) }
        var contents = StateFileContents()
        switch file.settings {
        case .value(let settings)?: contents.settings = settings
        case .unusable(let why)?: contents.dropped.append((settingsKey, why))
        case nil: break
        }
        for (key, entry) in file.files.sorted(by: { $0.key < $1.key }) {
            switch entry {
            case .value(let view): contents.files[key] = view
            case .unusable(let why): contents.dropped.append((key, why))
            }
        }
        return .contents(contents)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(FileOut(version: Self.version, settings: settings.map(EntryOut.init),
                                          files: files.mapValues(EntryOut.init)))
    }

    /// Keeps the `limit` most recently changed entries.
    mutating func prune(to limit: Int) {
        guard files.count > limit else { return }
        let oldest = files.sorted { ($0.value.updated, $0.key) < ($1.value.updated, $1.key) }
        for (key, _) in oldest.prefix(files.count - limit) { files.removeValue(forKey: key) }
    }

    // MARK: - The shapes on disk

    private struct FileShape: Decodable {
        var version: Int?
        var settings: Entry<UserSettings>?
        var files: [String: Entry<RememberedView>]
    }

    /// One entry, decoded on its own so that a bad one costs only itself.
    private enum Entry<Value: Decodable>: Decodable {
        case value(Value)
        case unusable(String)

        private struct VersionProbe: Decodable { var version: Int? }

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let probe = try? container.decode(VersionProbe.self), let version = probe.version,
               version != StateFileContents.version {
                self = .unusable("unknown version \(version)")
                return
            }
            do {
                self = .value(try container.decode(Value.self))
            } catch {
                self = .unusable(StateFileContents.reason(error))
            }
        }
    }

    private struct FileOut: Encodable {
        var version: Int
        var settings: EntryOut<UserSettings>?
        var files: [String: EntryOut<RememberedView>]
    }

    /// An entry as written: its fields and its version.
    private struct EntryOut<Value: Encodable>: Encodable {
        var value: Value
        private enum Keys: String, CodingKey { case version }

        func encode(to encoder: Encoder) throws {
            try value.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(StateFileContents.version, forKey: .version)
        }
    }

    /// A decoding error in a few words, naming the field.
    static func reason(_ error: Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return names.isEmpty ? "" : " at \(names.joined(separator: "."))"
        }
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            return "expected \(type)\(path(context))"
        case DecodingError.valueNotFound(let type, let context):
            return "missing \(type)\(path(context))"
        case DecodingError.keyNotFound(let key, _):
            return "no \(key.stringValue)"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "bad value\(path(context))"
        default:
            return "\(error)"
        }
    }
}
