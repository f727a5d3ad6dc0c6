/// The on/off settings the command line turns on, read by the settings table: each
/// setting's flag (`--log`) is taken out of the arguments, up to `--`, and the rest is
/// left for the argument parser.
public struct SettingArguments: Equatable, Sendable {
    /// The on/off settings turned on.
    public var switches: Set<SettingID> = []
    /// The arguments that are not the table's, in order.
    public var rest: [String] = []

    /// A flag of the table given a value (`--log=yes`).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Reads `arguments` (the program's name left out).
    public init(_ arguments: [String]) throws(Problem) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            index += 1
            guard argument.hasPrefix("--") else {
                rest.append(argument)
                continue
            }
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            guard let id = Settings.switchSetting(named: name) else {
                rest.append(argument)
                continue
            }
            if name.count + 2 < argument.count {
                throw Problem(description: "The option '--\(name)' takes no value; '\(argument)' gives one")
            }
            switches.insert(id)
        }
        rest += arguments[index...]
    }
}
