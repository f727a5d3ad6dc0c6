import TradeChartCore

/// The command lines most runs are, read without the argument parser: files, the flags
/// `--print`, `--follow`, `--no-state`, `--describe`, `--overview`, and the options `--size`,
/// `--color`, `--range`, `--style` (as `--name value` or `--name=value`), each at most once.
/// swift-argument-parser builds its picture of the command by reflection, which on a
/// statically linked binary means protocol-conformance look-ups over the whole binary:
/// about 12 million instructions, a third of a `--print` start and several milliseconds of
/// every first frame (issue 24). Anything else (help, version, completion scripts, `--`,
/// short options, an unknown or repeated option, a value it would refuse, no file, `-`
/// twice) is left to the parser, which gives the same request or its own message: this is
/// written by hand only because no package reads a command line without that cost.
public enum CommonArguments {
    /// The request `arguments` (the settings table's switches taken out) ask for, or nil
    /// when the argument parser must read them.
    public static func request(_ arguments: [String]) -> LaunchRequest? {
        // Arrays, not a Set or a Dictionary: their first use costs a conformance look-up over
        // the whole binary, which is what this reading is for avoiding.
        var files: [String] = []
        var flags: [String] = []
        var values: [(name: String, value: String)] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            guard argument.hasPrefix("-") && argument != "-" else {
                files.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else { return nil }
            if flagNames.contains(argument) {
                guard !flags.contains(argument) else { return nil }
                flags.append(argument)
                continue
            }
            let name: String, value: String
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else {
                // The next argument is the value, as the parser takes it, unless it looks like an option.
                guard i < arguments.count, !arguments[i].hasPrefix("-") else { return nil }
                name = argument
                value = arguments[i]
                i += 1
            }
            guard optionNames.contains(name), !values.contains(where: { $0.name == name }) else { return nil }
            values.append((name, value))
        }
        guard !files.isEmpty, files.filter({ $0 == "-" }).count <= 1 else { return nil }
        var request = LaunchRequest(files: files)
        request.print = flags.contains("--print")
        request.follow = flags.contains("--follow")
        request.noState = flags.contains("--no-state")
        request.describe = flags.contains("--describe")
        request.overview = flags.contains("--overview")
        // A value the parser would refuse is left to it, for its message.
        var refused = false
        func read<T>(_ name: String, _ make: (String) -> T?) -> T? {
            guard let text = values.first(where: { $0.name == name })?.value else { return nil }
            let value = make(text)
            if value == nil { refused = true }
            return value
        }
        request.size = read("--size", FrameSize.init(parsing:))
        if let color = read("--color", ColorChoice.init(rawValue:)) { request.color = color }
        request.range = read("--range", ChartRange.init(label:))
        request.style = read("--style", ChartStyle.init(rawValue:))
        return refused ? nil : request
    }

    private static let flagNames = ["--print", "--follow", "--no-state", "--describe", "--overview"]
    private static let optionNames = ["--size", "--color", "--range", "--style"]
}
