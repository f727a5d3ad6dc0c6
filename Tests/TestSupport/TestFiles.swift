import Foundation

/// Files a test makes before it runs the code under test. One that cannot be made
/// throws, so the test fails there, saying which, rather than later on a missing file.
public enum TestFiles {
    public struct NotCreated: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "the test could not create \(path)" }
    }

    /// Creates (or replaces) the file at `path` with `contents`; `executable` makes it a
    /// script the system can run (mode 755).
    public static func create(_ path: String, contents: Data = Data(), executable: Bool = false) throws {
        let attributes: [FileAttributeKey: Any]? = executable ? [.posixPermissions: 0o755] : nil
        guard FileManager.default.createFile(atPath: path, contents: contents, attributes: attributes) else {
            throw NotCreated(path: path)
        }
    }
}
