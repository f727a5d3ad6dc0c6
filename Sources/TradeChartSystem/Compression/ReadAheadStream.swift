import Dispatch
import Synchronization
import TradeChartCore

/// Another stream read ahead on a thread of its own: a compressed file is decoded there
/// while the loader parses what was decoded before, on two cores at once. Up to `slots`
/// chunks wait decoded, handed over in order. Releasing this stream stops that thread and
/// waits for it, so the file is never read after the load has returned (an error or a
/// cancelled load ends the reading early).
final class ReadAheadStream: ByteStream {
    let name: String
    private let ring: ReadAheadRing
    /// The slot being given out, and how much of it is.
    private var slot = 0, offset = 0
    /// Whether `slot` was taken from the filled ones.
    private var holding = false
    private var ended = false
    /// The reading thread (nil only while `init` fails).
    private var reader: JoinableThread?

    /// Nil when no thread can be started: the stream is then read where it is.
    init?(_ inner: some ByteStream, chunkBytes: Int = 1 << 20, slots: Int = 4) {
        name = inner.name
        let ring = ReadAheadRing(inner, chunkBytes: chunkBytes, slots: slots)
        self.ring = ring
        guard let reader = JoinableThread(name: "tradechart read", { ring.fill() }) else { return nil }
        self.reader = reader
    }

    deinit {
        guard let reader else { return }
        ring.stop()
        reader.join()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        guard buffer.count > 0 else { return 0 }
        while !ended {
            if !holding {
                ring.filled.wait()
                holding = true
                offset = 0
            }
            let count = ring.counts[slot]
            if offset < count {
                let n = min(buffer.count, count - offset)
                buffer.baseAddress?.copyMemory(from: ring.chunk(slot) + offset, byteCount: n)
                offset += n
                return n
            }
            if ring.last[slot] {
                ended = true
                if let error = ring.errors[slot] { throw error }
                return 0
            }
            holding = false
            slot = (slot + 1) % ring.slots
            ring.free.signal()
        }
        return 0
    }
}

/// A `ReadAheadStream`'s chunks and its reading thread's side. Each slot is written by that thread only
/// between `free.wait` and `filled.signal`, and read by the loader's only between
/// `filled.wait` and `free.signal`: the semaphores order every access.
private final class ReadAheadRing: @unchecked Sendable {
    private var inner: any ByteStream
    let slots: Int
    private let chunkBytes: Int
    private let memory: UnsafeMutableRawPointer
    let counts: UnsafeMutablePointer<Int>
    let errors: UnsafeMutablePointer<LoadError?>
    /// The slot ends the stream: its end is the stream's (its error, if any, comes after its bytes).
    let last: UnsafeMutablePointer<Bool>
    let free: DispatchSemaphore
    let filled = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)

    init(_ inner: any ByteStream, chunkBytes: Int, slots: Int) {
        self.inner = inner
        self.slots = slots
        self.chunkBytes = chunkBytes
        memory = .allocate(byteCount: chunkBytes * slots, alignment: 16)
        counts = .allocate(capacity: slots)
        counts.initialize(repeating: 0, count: slots)
        errors = .allocate(capacity: slots)
        errors.initialize(repeating: nil, count: slots)
        last = .allocate(capacity: slots)
        last.initialize(repeating: false, count: slots)
        // Made at 0 and raised: Dispatch traps when a semaphore is released below the value it was made with.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<slots { free.signal() }
    }

    deinit {
        memory.deallocate()
        counts.deallocate()
        errors.deinitialize(count: slots)
        errors.deallocate()
        last.deallocate()
    }

    func chunk(_ k: Int) -> UnsafeMutableRawPointer { memory + k * chunkBytes }

    /// The reading thread: fills slot after slot until the stream ends, fails or is stopped.
    func fill() {
        var k = 0
        while true {
            free.wait()
            if stopped.load(ordering: .acquiring) { return }
            var count = 0
            errors[k] = nil
            last[k] = false
            do {
                while count < chunkBytes {
                    let n = try inner.read(into: UnsafeMutableRawBufferPointer(start: chunk(k) + count, count: chunkBytes - count))
                    if n == 0 {
                        last[k] = true
                        break
                    }
                    count += n
                }
            } catch {
                errors[k] = error
                last[k] = true
            }
            counts[k] = count
            let ends = last[k]
            filled.signal()
            if ends { return }
            k = (k + 1) % slots
        }
    }

    /// Stops the reading thread at its next chunk (the stream's `deinit` then joins it).
    func stop() {
        stopped.store(true, ordering: .releasing)
        free.signal()
    }
}
