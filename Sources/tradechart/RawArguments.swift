/// The command-line arguments as the system gave them: bytes, which need not be UTF-8.
/// swift-argument-parser sees them as Strings, repaired (a byte that is not UTF-8
/// becomes U+FFFD), which name no file on disk; a path is opened by its bytes.
struct RawArguments {
    /// Each argument's bytes, the program's name left out.
    let arguments: [[UInt8]]

    /// The arguments of this process.
    static func ofProcess() -> RawArguments {
        let argv = CommandLine.unsafeArgv
        let all = (1..<Int(CommandLine.argc)).map { i -> [UInt8] in
            guard let p = argv[i] else { return [] }
            var bytes: [UInt8] = []
            var q = p
            while q.pointee != 0 { bytes.append(UInt8(bitPattern: q.pointee)); q += 1 }
            return bytes
        }
        return RawArguments(arguments: all)
    }

    /// Each argument as the parser sees it (repaired to UTF-8).
    var strings: [String] { arguments.map { String(decoding: $0, as: UTF8.self) } }

    /// The bytes of the argument that the parser saw as `text`, also as the value of an
    /// `--option=VALUE` (its own UTF-8 when no argument was that).
    func bytes(of text: String) -> [UInt8] {
        for argument in arguments {
            if String(decoding: argument, as: UTF8.self) == text { return argument }
            if argument.starts(with: Array("--".utf8)), let equals = argument.firstIndex(of: UInt8(ascii: "=")),
               String(decoding: argument[(equals + 1)...], as: UTF8.self) == text {
                return Array(argument[(equals + 1)...])
            }
        }
        return Array(text.utf8)
    }
}
