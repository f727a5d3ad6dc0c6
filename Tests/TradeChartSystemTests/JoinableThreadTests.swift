import Glibc
import Testing
@testable import TradeChartSystem

/// The threads tradechart starts carry names `top -H` and `htop` show (`tradechart tone`),
/// not the process's name again.
@Suite("Named threads")
struct JoinableThreadTests {
    /// The name the thread running this reads for itself, from `/proc/thread-self/comm`.
    static func ownName() -> String {
        let fd = open("/proc/thread-self/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &bytes, bytes.count)
        return String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    @Test func aThreadCarriesItsNameCutTo15Bytes() throws {
        final class Seen: @unchecked Sendable { var names: [String] = [] }
        let seen = Seen()
        for name in ["tradechart tone", "tradechart older rows"] {
            let thread = try #require(JoinableThread(name: name) { seen.names.append(Self.ownName()) })
            thread.join()
        }
        #expect(seen.names == ["tradechart tone", "tradechart olde"])
    }
}
