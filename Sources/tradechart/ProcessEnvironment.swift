import Glibc

/// The process's environment as the launch reads it: each `NAME=value` of `environ`, the
/// first of a name kept (as `getenv` finds it). Split at the `=` byte by byte: through
/// `ProcessInfo.environment` (or a search over Characters) it cost every start about 3 %
/// of its instructions (issue 24).
enum ProcessEnvironment {
    static func current() -> [String: String] {
        var variables: [String: String] = [:]
        variables.reserveCapacity(64)
        var entry = environ
        while let text = entry.pointee {
            if let equals = strchr(text, 0x3D) {
                let name = String(decoding: UnsafeRawBufferPointer(start: text, count: equals - text), as: UTF8.self)
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
    }
}
