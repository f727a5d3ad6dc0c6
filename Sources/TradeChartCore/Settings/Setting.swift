/// A setting's name in the settings table, what the code refers to it by.
public struct SettingID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// One user setting, declared once in `Settings.table`: what its keys do and how the key
/// help names them, its command-line option, where the state file keeps it, and, for a
/// toggle, what it does and what it says when it changes. The key map, the command line,
/// the remembered view, `--help`, the README and the status line (so the screen reader)
/// all read it from there.
public struct Setting: Sendable {
    public let id: SettingID
    /// What lists of settings call it: `--no-state`'s help names what is remembered by these.
    public let title: String
    /// Its rows in the key help (the keys and the action each triggers).
    public let keys: [KeyBinding]
    /// Its command-line options (most have one; the window has two, `--from` and `--to`).
    public let options: [SettingOption]
    /// Where it is remembered.
    public let memory: SettingMemory
    /// Its row in the README's table of settings: the options in Markdown, and what it says there.
    package let readme: (label: String, text: String)
    /// What an on/off setting does: its keys send `.toggle(id)`, its option is a flag
    /// that turns it on, and its state-file field is `true` while it is on.
    let toggle: SettingToggle?

    init(_ id: SettingID, title: String, keys: [KeyBinding] = [], options: [SettingOption], memory: SettingMemory,
         toggle: SettingToggle? = nil, readme: (label: String, text: String)) {
        self.id = id
        self.title = title
        self.keys = keys
        self.options = options
        self.memory = memory
        self.toggle = toggle
        self.readme = readme
    }

    /// Its option named `name`, nil when it has none of that name.
    public func option(_ name: String) -> SettingOption? { options.first { $0.name == name } }

    /// Whether it is an on/off setting the table's machinery carries out.
    package var isToggle: Bool { toggle != nil }

    /// The state-file field of a setting remembered per file, nil otherwise.
    package var fileField: String? {
        if case .perFile(let field) = memory { field } else { nil }
    }
}

/// Where a setting is remembered between runs (never with `--no-state`).
public enum SettingMemory: Sendable, Equatable {
    /// For each file (or set of files compared), in this field of its entry in the state file.
    case perFile(field: String)
    /// For the person, whatever the file, in this field of the state file's settings.
    case perPerson(field: String)
    case notRemembered

    /// Where, in a word or two.
    public var words: String {
        switch self {
        case .perFile: "per file"
        case .perPerson: "for you, whatever the file"
        case .notRemembered: "no"
        }
    }
}

/// A setting's command-line option, as `--help` shows it.
public struct SettingOption: Sendable {
    /// The option's name without the dashes: `log`, `range`.
    public let name: String
    /// The name of its value in `--help` and in messages (`R` in `--range <R>`), nil for a flag.
    public let valueName: String?
    /// How `--help` shows it: `--range <R>`.
    public let label: String
    /// Its line in `--help`.
    public let help: String

    init(_ name: String, value: String? = nil, label: String? = nil, help: String) {
        self.name = name
        valueName = value
        self.label = label ?? "--\(name)" + (value.map { " <\($0)>" } ?? "")
        self.help = help
    }
}

/// Why a toggle is turned: a key, or the opening (the command line or the state file asked for it).
enum SettingCause: Sendable, Equatable {
    case key
    case opening
}

/// What an on/off setting does, and what the status line (and so the screen reader) says
/// when it changed. The viewer keeps whether it is on among its switches unless the entry
/// names another place (`ViewerState.isOn(_:)` reads it either way).
struct SettingToggle: Sendable {
    /// What the status line says once it is on, and once it is off.
    let on: String
    let off: String
    /// Why it cannot be turned on (true) or off now, nil when it can: then nothing changes.
    let refusal: @Sendable (ViewerState, Bool, SettingCause) -> StatusMessage?
    /// What follows in the viewer once it was turned, at a moment (a new projection, the
    /// layout fitted to a pane, say); a key may start a morph, an opening never does.
    let turned: @Sendable (inout ViewerState, SettingCause, Double) -> Void
    /// What follows once a key turned it: what the host must do (a tone to play, columns to
    /// read) and what the status line says instead of `on` or `off` (nil: those words).
    let followUp: @Sendable (inout ViewerState) -> (commands: [ViewerCommand], said: StatusMessage?)
    /// Where the viewer keeps it, nil for among its switches.
    let stored: SettingStorage?

    init(on: String, off: String,
         refusal: @escaping @Sendable (ViewerState, Bool, SettingCause) -> StatusMessage? = { _, _, _ in nil },
         turned: @escaping @Sendable (inout ViewerState, SettingCause, Double) -> Void = { _, _, _ in },
         followUp: @escaping @Sendable (inout ViewerState) -> (commands: [ViewerCommand], said: StatusMessage?)
             = { _ in ([], nil) },
         stored: SettingStorage? = nil) {
        self.on = on
        self.off = off
        self.refusal = refusal
        self.turned = turned
        self.followUp = followUp
        self.stored = stored
    }
}

/// Where the viewer keeps an on/off setting that has a place of its own (the tones, in the pointer).
struct SettingStorage: Sendable {
    let get: @Sendable (ViewerState) -> Bool
    let set: @Sendable (inout ViewerState, Bool) -> Void
}
