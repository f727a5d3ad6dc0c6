import Glibc
import TradeChartCore

/// The system's time zone database (`$TZDIR`, else `/usr/share/zoneinfo`): zones by
/// their IANA names, `Europe/Berlin`, `America/New_York`, `UTC`.
public enum ZoneDatabase {
    /// Why a zone could not be read: the name, the file tried and the reason.
    public struct LoadError: Error, Equatable, CustomStringConvertible {
        public var name: String
        public var path: String?
        public var reason: String
        public init(name: String, path: String?, reason: String) {
            self.name = name
            self.path = path
            self.reason = reason
        }

        public var description: String {
            "time zone '\(name)'" + (path.map { " (\($0))" } ?? "") + ": \(reason)"
        }
    }

    /// The folder the zones are read from.
    public static var folder: String {
        if let dir = getenv("TZDIR"), dir.pointee != 0 { return String(cString: dir) }
        return "/usr/share/zoneinfo"
    }

    /// The rules of zone `name`.
    public static func load(_ name: String) throws(LoadError) -> ZoneRules {
        // An IANA name: letters, digits, `_ + - /`, no `..` and no leading `/`.
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_+-/".unicodeScalars.contains($0))
        }
        guard !name.isEmpty, allowed, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
            throw LoadError(name: name, path: nil, reason: "not a zone name (like Europe/Berlin or America/New_York)")
        }
        let path = folder + "/" + name
        guard let file = fopen(path, "rb") else {
            throw LoadError(name: name, path: path, reason: errno == ENOENT ? "no such zone" : String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 1 << 20 {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        do {
            return try ZoneRules(tzif: bytes, name: name)
        } catch {
            throw LoadError(name: name, path: path, reason: error.reason)
        }
    }
}
