import Glibc
import Testing
import TradeChartApp
import TradeChartCore
import TradeChartSystem

/// When the follow service looks: at once for a change after a quiet spell, an interval
/// after the last look while changes keep coming (rows streaming in are taken a batch a
/// look), and only now and then when nothing says the input changed.
@Suite("Follow service's looks")
struct FollowServiceTests {
    /// A follower woken through a pipe: a byte written is a change of its input. Each look
    /// is counted and finds nothing.
    final class PipeWokenFollower: Follower {
        let name = "piped"
        private(set) var looks = 0
        let fds: [Int32]
        init() throws {
            var fds: [Int32] = [0, 0]
            try #require(pipe(&fds) == 0)
            for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
            self.fds = fds
        }
        deinit { fds.forEach { close($0) } }
        func change() { var byte: UInt8 = 1; _ = write(fds[1], &byte, 1) }
        func poll() -> FollowChange { looks += 1; return .none }
        func lookDue(every interval: Double) -> Double? { max(interval, 5) }
        var wakeDescriptor: Int32? { fds[0] }
        func takeWake() -> Bool {
            var bytes = [UInt8](repeating: 0, count: 64)
            return read(fds[0], &bytes, bytes.count) > 0
        }
        func block() {}
    }

    /// A service and its follower after the service's first look, at 0.
    static func lookedAtOnce(interval: Double) throws -> (PipeWokenFollower, FollowService) {
        let follower = try PipeWokenFollower()
        let service = FollowService(follower: follower, interval: interval)
        _ = service.tick(at: 0)
        return (follower, service)
    }

    @Test func aChangeAfterAQuietSpellIsLookedAtAtOnce() throws {
        let follower = try PipeWokenFollower()
        let service = FollowService(follower: follower, interval: 1)
        #expect(service.nextTick == 0, "the first look at once")
        _ = service.tick(at: 0)
        #expect(service.nextTick == 5, "nothing says a change: the follower's look due")
        service.woke(at: 3)
        #expect(service.nextTick == 5, "a wake-up that found nothing moves nothing")
        follower.change()
        service.woke(at: 3)
        #expect(service.nextTick == 3, "a change after a quiet spell: at once")
    }

    @Test func aChangeRightAfterTheFirstLookIsLookedAtAtOnce() throws {
        let (follower, service) = try Self.lookedAtOnce(interval: 1)
        follower.change()
        service.woke(at: 0.05)
        #expect(service.nextTick == 0.05, "the first change: no stream yet")
    }

    /// Rows that come once a second are each drawn as they come: the wait is measured from
    /// the change before, so it does not lock onto the interval after the last look.
    @Test func changesAtTheIntervalsPaceAreEachLookedAtAtOnce() throws {
        let (follower, service) = try Self.lookedAtOnce(interval: 1)
        for second in 0..<5 {
            let time = 0.1 + Double(second)
            follower.change()
            service.woke(at: time)
            #expect(service.nextTick == time, "the change of second \(second) at once")
            _ = service.tick(at: time + 0.01)
        }
        #expect(follower.looks == 6)
    }

    @Test func changesThatStreamInAreTakenAnIntervalAfterTheLastLook() throws {
        let (follower, service) = try Self.lookedAtOnce(interval: 1)
        follower.change()
        service.woke(at: 0.1)
        #expect(service.nextTick == 0.1)
        _ = service.tick(at: 0.1)
        follower.change()
        service.woke(at: 0.2)
        #expect(service.nextTick == 1.1, "a change a tenth of a second after the one before: an interval after the last look")
        #expect(service.wakeDescriptor == nil, "its look is set: no wake-up is listened to until it")
        follower.change()
        service.woke(at: 0.5)
        #expect(service.nextTick == 1.1)
        _ = service.tick(at: 1.1)
        #expect(follower.looks == 3)
        #expect(service.wakeDescriptor == follower.fds[0], "listening again after the look")
        #expect(service.nextTick == 6.1)
        // Changes were waiting at that look: they stream in still.
        follower.change()
        service.woke(at: 1.2)
        #expect(service.nextTick == 2.1)
    }

    @Test func theIntervalIsTheRefreshAsked() throws {
        let (follower, service) = try Self.lookedAtOnce(interval: 10)
        #expect(service.nextTick == 10, "looks at most every 10 s, also when nothing says a change")
        follower.change()
        service.woke(at: 4)
        #expect(service.nextTick == 4)
        _ = service.tick(at: 4)
        follower.change()
        service.woke(at: 7)
        #expect(service.nextTick == 14, "3 s after the change before: streaming, for an interval of 10 s")
    }
}
