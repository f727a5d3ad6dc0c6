import Glibc
import TradeChartCore

/// One long-running player process fed tones on its standard input as the cursor
/// moves: a process per tone would start too slowly, and would queue.
///
/// A writer thread renders the `ToneMixer` in chunks of a few milliseconds and writes
/// them at the pace they play, never more than `lead` seconds ahead: so the newest
/// tone is heard within a chunk or two, a tone still sounding gives way to it (fading
/// out, no click), and nothing queues up behind it. Between tones nothing is written
/// (no CPU while the cursor rests); the player's buffer simply runs dry.
///
/// A player that ends (it failed, or was killed) must not take the viewer with it: the
/// writer thread blocks SIGPIPE (the viewer otherwise quits on it), takes the pending
/// one after a broken pipe, and keeps the reason in `endReason`.
public final class ToneStream: @unchecked Sendable {
    public let command: StreamPlayerCommand
    public let sampleRate: Int
    /// Seconds of sound written ahead of what plays now, at most.
    public let lead: Double
    /// Seconds of silence written after the last tone, so a player that plays whole
    /// periods plays its tail too.
    public let tail: Double

    private let condition = Condition()
    private var mixer: ToneMixer
    private var pending: Tone?
    private var stopping = false
    private var ended: String?
    private var writeFD: Int32 = -1
    private var player: ChildProcess?
    private var writer: JoinableThread?
    /// When the tones now written began, and how many samples were written since.
    private var burst: (start: Double, samples: Int)?
    private let clock = MonotonicClock()

    /// Why a player could not be started.
    public struct StartError: Error, CustomStringConvertible {
        public var player: String
        public var reason: String
        public var description: String { "cannot start the player \(player): \(reason)" }
    }

    public init(command: StreamPlayerCommand, sampleRate: Int = 22_050, lead: Double = 0.02, tail: Double = 0.03) {
        self.command = command
        self.sampleRate = sampleRate
        self.lead = lead
        self.tail = tail
        mixer = ToneMixer(sampleRate: sampleRate)
    }

    deinit { stop() }

    /// Linux's F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which Glibc's module does not export.
    static let setPipeSize: Int32 = 1024 + 7

    /// Starts the player and the writer thread.
    public func start() throws(StartError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw StartError(player: command.name, reason: errorText(errno)) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // A small pipe: what waits in it is what a stalled player would play late.
        _ = fcntl(fds[1], Self.setPipeSize, 4096)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        // The player's output goes to /dev/null, it runs in a process group of its own (so
        // Ctrl-C at the terminal reaches the viewer alone: it closes the stream and the
        // player ends at its end), with default signal handlers.
        let started: ChildProcess
        do {
            started = try ChildProcess(executable: command.executable, arguments: command.arguments,
                                       standardInput: fds[0])
        } catch {
            close(fds[0])
            close(fds[1])
            throw StartError(player: command.name, reason: errorText(error.code))
        }
        close(fds[0])
        player = started
        writeFD = fds[1]
        guard let thread = JoinableThread(name: "tradechart tone", { [self] in writeLoop() }) else {
            close(writeFD)
            writeFD = -1
            throw StartError(player: command.name, reason: "no thread to feed it")
        }
        writer = thread
    }

    /// Plays `tone` now; a tone still sounding gives way to it, one not yet begun is dropped.
    public func play(_ tone: Tone) {
        condition.lock()
        pending = tone
        condition.signal()
        condition.unlock()
    }

    /// Why the player stopped (it ended, or could not be written to), nil while it plays.
    public var endReason: String? {
        condition.lock()
        defer { condition.unlock() }
        // A player may end between tones, when nothing is written to find out.
        if ended == nil, let status = reap() { ended = status }
        return ended
    }

    /// The player's process id, 0 before it started.
    public var processID: pid_t { player?.processID ?? 0 }

    /// Ends the stream: the writer stops, the player's input is closed (it ends when it
    /// has played what it has), and it is reaped if it ended.
    public func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        writer?.join()
        writer = nil
        if writeFD >= 0 { close(writeFD) }
        writeFD = -1
        condition.lock()
        reap()
        condition.unlock()
    }

    // MARK: - The writer thread

    private func writeLoop() {
        // SIGPIPE from a write to a player that ended would quit the viewer: blocked on
        // this thread, where all writes to the player happen.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)

        if command.sendsHeader, !write(WAVEncoder.streamHeader(sampleRate: sampleRate)) { return }
        let chunk = max(sampleRate / 200, 1)  // 5 ms
        let tailSamples = Int(tail * Double(sampleRate))
        var silenceLeft = 0
        while true {
            condition.lock()
            while pending == nil && mixer.isSilent && silenceLeft == 0 && !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            if let tone = pending {
                if burst == nil { burst = (clock.now(), 0) }
                mixer.start(tone)
                pending = nil
            }
            var samples: [Int16]
            if mixer.isSilent {
                samples = [Int16](repeating: 0, count: min(chunk, silenceLeft))
                silenceLeft -= samples.count
            } else {
                samples = mixer.render(count: chunk)
                silenceLeft = tailSamples
            }
            condition.unlock()

            var bytes = [UInt8]()
            bytes.reserveCapacity(samples.count * 2)
            for s in samples { withUnsafeBytes(of: s.littleEndian) { bytes.append(contentsOf: $0) } }
            if !write(bytes) { return }

            condition.lock()
            if var b = burst {
                b.samples += samples.count
                if mixer.isSilent && silenceLeft == 0 && pending == nil {
                    burst = nil
                } else {
                    burst = b
                    // Written ahead of what plays: wait (or until a newer tone comes).
                    let ahead = Double(b.samples) / Double(sampleRate) - (clock.now() - b.start)
                    if ahead > lead && pending == nil && !stopping {
                        condition.wait(seconds: ahead - lead)
                    }
                }
            }
            condition.unlock()
        }
    }

    /// Writes all of `bytes`, waiting while the pipe is full (and giving up when the
    /// stream stops); false when the player is gone (its end is kept in `ended`).
    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(writeFD, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
                continue
            }
            let code = errno
            if n < 0 && code == EINTR { continue }
            if n < 0 && code == EAGAIN {
                var ready = pollfd(fd: writeFD, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 50)
                condition.lock()
                let stop = stopping
                condition.unlock()
                if stop { return false }
                continue
            }
            playerEnded(writeError: code)
            return false
        }
        return true
    }

    /// The player is gone: the SIGPIPE this thread has pending is taken (it stays
    /// blocked here and must not reach anyone), and why it ended is kept.
    private func playerEnded(writeError: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
        // Give the player a moment to be reaped, to say how it ended.
        var reason = writeError == EPIPE ? "stopped" : "could not be written to (\(errorText(writeError)))"
        for _ in 0..<50 {
            condition.lock()
            let status = reap()
            condition.unlock()
            if let status {
                reason = status
                break
            }
            usleep(2000)
        }
        condition.lock()
        if ended == nil { ended = reason }
        condition.unlock()
    }

    /// Reaps the player if it ended; returns how, nil while it runs (or before it started).
    /// Called with `condition` locked.
    @discardableResult
    private func reap() -> String? { player?.reap() }

    private func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
