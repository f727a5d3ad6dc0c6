/// The parts of the key help, in the order they are shown.
public enum KeyGroup: String, Sendable, CaseIterable {
    case ranges = "Ranges, windows"
    case chart = "Axis, averages"
    case style = "Style"
    case cursor = "Cursor"
    case words = "Words and sound"
    case general = "General"
}

/// A short reminder on the hint line, with its importance: when the line is too
/// narrow, hints of higher `rank` numbers are dropped first.
public struct KeyHint: Sendable, Equatable {
    public var text: String
    /// The same for terminals without Unicode arrows.
    public var ascii: String
    /// 0 is the most important.
    package var rank: Int

    public init(_ text: String, ascii: String? = nil, rank: Int) {
        self.text = text
        self.ascii = ascii ?? text
        self.rank = rank
    }
}

/// One row of the key map: the keys, what each does, how the help names them and
/// explains them, and where the row belongs.
public struct KeyBinding: Sendable {
    /// The keys and the action each triggers (one row may hold several, like `1` … `6`).
    public var keys: [(KeyPress, ViewerAction)]
    /// How the row names its keys, in order: `["1", "…", "6"]`, `["Home", "End"]`.
    /// `…`, `/` and `,` are separators, not keys; a name with a space (`mouse wheel`)
    /// is not a key either.
    public var names: [String]
    public var help: String
    public var group: KeyGroup
    public var hint: KeyHint?

    public init(_ keys: [(KeyPress, ViewerAction)], names: [String], help: String, group: KeyGroup, hint: KeyHint? = nil) {
        self.keys = keys
        self.names = names
        self.help = help
        self.group = group
        self.hint = hint
    }

    /// Separators between key names, shown as they are.
    static let separators: Set<String> = ["…", "/", ","]

    /// The names as plain text: `1 … 6`, `Home End`.
    public var label: String { names.joined(separator: " ") }

    /// The names for Markdown, each key in backticks: `` `1` … `6` ``.
    package var markdownLabel: String {
        names.map { Self.separators.contains($0) || $0.contains(" ") ? $0 : "`\($0)`" }.joined(separator: " ")
    }
}

/// A row of the key map as it is written: a row of its own, or the rows of a setting of
/// the settings table.
enum KeyRow {
    case fixed(KeyBinding)
    case setting(SettingID)

    /// The bindings of `rows`, then the rows of the settings `rows` does not name.
    static func bindings(_ rows: [KeyRow], settings: [Setting]) -> [KeyBinding] {
        var named: Set<SettingID> = []
        var bindings: [KeyBinding] = []
        for row in rows {
            switch row {
            case .fixed(let binding): bindings.append(binding)
            case .setting(let id):
                named.insert(id)
                bindings += settings.first { $0.id == id }?.keys ?? []
            }
        }
        return bindings + settings.filter { !named.contains($0.id) }.flatMap(\.keys)
    }
}
