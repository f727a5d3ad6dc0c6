/// What the settings table says to people: `--help`'s SETTINGS section, `--no-state`'s
/// help, and the README's table of settings (a test keeps the README in step).
extension Settings {
    /// The title of `--help`'s section of settings.
    package static let helpTitle = "SETTINGS (remembered per file unless --no-state):"

    /// `--help`'s section of settings, in the layout of the argument parser's own sections:
    /// each option's label indented by two, its help in a column from `helpColumn`, wrapped
    /// at `width`; a label too long for its column stands on a line of its own. A setting
    /// not remembered per file says so.
    public static func helpSection(width: Int = 79, helpColumn: Int = 26) -> [String] {
        var lines = [helpTitle]
        for setting in table {
            for option in setting.options {
                var help = option.help
                if setting.memory == .notRemembered { help += " Not remembered." }
                var label = "  " + option.label
                if label.count + 1 > helpColumn {
                    lines.append(label)
                    label = ""
                }
                for (i, part) in TextWrap.lines(help, width: width - helpColumn).enumerated() {
                    let start = i == 0 ? label : ""
                    lines.append(start + String(repeating: " ", count: helpColumn - start.count) + part)
                }
            }
        }
        return lines
    }

    /// `--no-state`'s help: it names every setting that is remembered.
    public static var noStateHelp: String {
        let perFile = table.filter { $0.fileField != nil }.map(\.title)
        let perPerson = table.filter { if case .perPerson = $0.memory { true } else { false } }.map(\.title)
        return "Do not read or write what is remembered: the " + listed(perFile) + " of each file"
            + (perPerson.isEmpty ? "" : ", and the " + listed(perPerson)) + "."
    }

    /// `a, b and c`.
    static func listed(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    /// The README's table of settings, in Markdown: each setting's options, keys, where it
    /// is remembered and what it does.
    package static var markdownTable: String {
        let rows = table.map { setting in
            let keys = setting.keys.map(\.markdownLabel).joined(separator: ", ")
            return "| \(setting.readme.label) | \(keys) | \(setting.memory.words) | \(setting.readme.text) |"
        }
        return (["| option | keys | remembered | meaning |", "| --- | --- | --- | --- |"] + rows).joined(separator: "\n")
    }

    /// The on/off setting whose flag (read by the table's machinery from the command line
    /// itself, turning it on) is `--name`; nil when none is. A walk over the table: every
    /// start asks it for a few arguments, and a dictionary of the flags cost more to build.
    package static func switchSetting(named name: Substring) -> SettingID? {
        for setting in table where setting.isToggle {
            for option in setting.options where option.name == name { return setting.id }
        }
        return nil
    }
}
