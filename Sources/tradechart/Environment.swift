import Glibc

/// What the environment says about the terminal.
enum Environment {
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
    static var term: String { value("TERM") ?? "" }
    /// False when NO_COLOR is set (to anything non-empty) or the terminal is dumb.
    static var colorAllowed: Bool { (value("NO_COLOR") ?? "").isEmpty && term != "dumb" }
}
